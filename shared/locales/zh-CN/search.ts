import type { search as en } from '../en/search.js';
import type { Translation } from '../translation.js';

export const search: Translation<typeof en> = {};
