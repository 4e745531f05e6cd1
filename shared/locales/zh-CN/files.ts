import type { files as en } from '../en/files.js';
import type { Translation } from '../translation.js';

export const files: Translation<typeof en> = {};
