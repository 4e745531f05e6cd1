import type { timeline as en } from '../en/timeline.js';
import type { Translation } from '../translation.js';

export const timeline: Translation<typeof en> = {
  groupBy: '分组方式',
  grouping: { day: '按日', week: '按周', month: '按月' },
  typesLabel: '类型',
  types: {
    daily: '每日',
    weekly: '每周',
    monthly: '每月',
    conversation: '对话',
    session: '会话',
    'dated-topic': '带日期的主题',
  },
  automated: '自动',
  automatedTitle: '由调度器启动的会话（定时任务、心跳、子智能体）',
  entries_other: '{{count, number}} 条',
  automatedHidden: ' · 已隐藏 {{count, number}} 条自动会话',
  loading: '正在加载时间线…',
  empty: '没有带日期的记忆或会话。',
  entryType: {
    daily: '每日',
    weekly: '每周',
    monthly: '每月',
    conversation: '对话',
    session: '会话',
    'dated-topic': '主题',
  },
  kind: { cron: '定时任务', heartbeat: '心跳', subagent: '子智能体' },
  agent: '智能体 {{agent}}',
  archived: '已归档',
  inResults: '在当前搜索结果中',
  dateSource: {
    path: '日期取自文件名',
    frontmatter: '日期取自 frontmatter',
    'first-record': '日期取自会话的第一条记录',
    mtime: '日期取自修改时间',
  },
  heatmap: {
    label: '{{from}} 至 {{to}} 的活动',
    day_other: '{{date}}：{{count, number}} 条',
    legend: '{{from}} – {{to}} · 最多的一天 {{max, number}} 条',
    weekdays: { mon: '一', wed: '三', fri: '五' },
  },
  dates: {
    day: '{{year}}年{{month}}{{day}}日 {{weekday}}',
    dayMonth: '{{month}}{{day}}日',
    week: '{{year}}年第 {{week}} 周 · {{from}}–{{to}}',
    monthYear: '{{year}}年{{month}}',
  },
  jump: {
    label: '跳到日期',
    placeholder: '跳到：2月5日、前天、上周、Feb 5',
    notADate: '“{{text}}”里没有日期',
    went: '“{{text}}” → {{from}}',
    wentPeriod: '“{{text}}” → {{from}} – {{to}}',
  },
};
