import type { search as en } from '../en/search.js';
import type { Translation } from '../translation.js';

export const search: Translation<typeof en> = {
  automatedHidden: '来自自动运行会话（定时任务、心跳、子智能体）的结果已隐藏',
};
