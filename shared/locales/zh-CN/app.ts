import type { app as en } from '../en/app.js';
import type { Translation } from '../translation.js';

export const app: Translation<typeof en> = {
  views: {
    label: '视图',
    editor: { label: '编辑器', title: '阅读和编辑记忆文件或会话记录' },
    timeline: { label: '时间线', title: '带日期的记忆和会话，最新的在前' },
    history: { label: '历史', title: '当前文件的各个版本，以及每处改动是谁做的' },
    changes: { label: '改动', title: '某个时间以来记忆的所有改动，按改动者列出' },
    context: { label: '上下文', title: '智能体在会话开始时看到的内容' },
    doctor: { label: '诊断', title: '记忆中哪些内容重复、矛盾、从未使用、被截断或不安全——一键修复' },
    agent: {
      label: '智能体',
      title: '智能体在记忆中搜索了什么及原因；它自己的索引和会话记录（OpenClaw 的智能体数据库，只读）',
    },
    secrets: { label: '密钥', title: '在记忆和会话记录中找到的密钥与密码，以及修复方法' },
    settings: { label: '设置', title: '搜索默认值、模型、智能体、语言和主题' },
  },
  language: {
    label: '语言',
    system: '跟随系统（{{language}}）',
    en: 'English',
    'zh-CN': '简体中文',
  },
};
