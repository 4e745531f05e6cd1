import type { search as en } from '../en/search.js';
import type { Translation } from '../translation.js';

export const search: Translation<typeof en> = {
  automatedHidden: '来自自动运行会话（定时任务、心跳、子智能体）的结果已隐藏',
  runs: {
    cron: '定时任务“{{name}}”',
    heartbeat: '心跳',
    subagent: '子智能体“{{name}}”',
    count_other: '{{what}}：运行 {{count}} 次',
    list: '各次运行',
    chunks_other: '{{count}} 条结果',
  },
  sameText_other: '同样的文字还出现在另外 {{count}} 个文件中：',
};
