// Zod's own wording of its issues in each interface language, for the window (the CLI and the
// engine never load it: zod's locale pulls in zod's core).
import zhCN from 'zod/v4/locales/zh-CN.js';
import type { IssueLocales } from './request-issues.js';

export const ZOD_ISSUE_LOCALES: IssueLocales = { 'zh-CN': zhCN };
