import type { context as en } from '../en/context.js';
import type { Translation } from '../translation.js';

export const context: Translation<typeof en> = {
  title: '会话开始时智能体看到的内容',
  openclaw: 'OpenClaw',
  agent: '智能体',
  agentDefault: '{{id}}（默认）',
  defaults: '默认设置',
  refresh: '刷新',
  source: {
    default: '默认值',
    configDefaults: 'openclaw.json',
    configAgent: 'openclaw.json（智能体）',
    override: '手动覆盖',
  },
  statusHelp: {
    missing:
      '工作区中没有此文件，但 OpenClaw 需要它：智能体会在原位置看到一行“[MISSING] Expected at: …”，这一行也占用预算。',
    absent: '工作区中没有此文件，这个 OpenClaw 版本也不需要它：不注入任何内容，也不占用预算。',
  },
  status: {
    full: '完整可见',
    truncated: '被截断',
    missing: '缺失',
    absent: '不存在',
    empty: '空',
    overBudget: '超出预算未注入',
    notLoaded: '不加载',
    unreadable: '无法读取',
  },
  limits: {
    perFile: '单个文件',
    total: '总计',
    userCap: '它自己的上限：min(单个文件, {{cap}})',
    config: '配置',
    unreadable: '{{path}} — 无法读取：{{error}}',
    noConfig: '未找到 openclaw.json',
    agent: ' · 智能体：{{id}}（{{how}}）',
  },
  total: {
    meter: '所有引导文件合计，对照总上限',
    prompt:
      '提示词：<strong>{{used}}</strong> / {{cap}} 字符（{{percent, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}}%）· 剩余 {{left}}',
  },
  promoted: {
    title: 'OpenClaw 梦境写入 MEMORY.md 的章节，最早的在前',
    promoted: '提升于 {{date}}',
    consolidated: '整合于 {{date}}',
    lines_other: '第 {{start}}–{{end}} 行 · {{chars}} 字符 · {{count, number}} 条',
    hint: '打开 MEMORY.md，用“章节”→“移到主题文件…”让它保持精简。',
  },
  log: 'OpenClaw 关于此预算的日志',
  file: {
    chars: '{{chars}} 字符',
    cap: '上限 {{cap}}',
    injected: '已注入 {{chars}}',
    meter: '{{name}} 对照其上限',
    text: '文本',
    create: '创建',
  },
  dialog: {
    title: '智能体收到的内容：{{name}}',
    summary: '计入预算的字符数为 {{chars}}；按系统提示词中的样子显示，位于其标题之下。这是磁盘上已保存的文件。',
    close: '关闭',
  },
};
