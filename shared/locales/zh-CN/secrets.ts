import type { secrets as en } from '../en/secrets.js';
import type { Translation } from '../translation.js';

export const secrets: Translation<typeof en> = {};
