import type { history as en } from '../en/history.js';
import type { Translation } from '../translation.js';

export const history: Translation<typeof en> = {};
