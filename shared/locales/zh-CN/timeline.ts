import type { timeline as en } from '../en/timeline.js';
import type { Translation } from '../translation.js';

export const timeline: Translation<typeof en> = {};
