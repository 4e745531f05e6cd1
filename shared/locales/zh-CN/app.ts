import type { app as en } from '../en/app.js';
import type { Translation } from '../translation.js';

export const app: Translation<typeof en> = {
  name: 'Memory Lens',
  listSeparator: '、',
  unsaved: {
    warning_other: '{{count}} 个文件有未保存的修改（{{names}}）。它们已保存为草稿，重新打开这个工作区时会再提供给你。',
    names: '{{names}} 及另外 {{count}} 个',
    openAnother: '要打开另一个工作区吗？',
    switchAgent: '要切换到另一个智能体吗？',
  },
  header: {
    toggleSidebar: '显示或隐藏文件列表',
    sample: '示例',
    openWorkspace: '打开…',
    unsavedTitle: '未保存：{{paths}}',
    unsaved_other: '{{count}} 个未保存',
    search: '搜索',
    searchTitle: '搜索（Ctrl/Cmd+Shift+F）',
    resizeSidebar: '调整文件列表宽度',
    resizeSearch: '调整搜索面板宽度',
  },
  excluded: {
    transcripts_other: '已排除 {{count, number}} 份会话记录（{{agents}}）。',
    agent: '智能体 {{id}}',
  },
  commands: {
    title: '命令',
    placeholder: '输入命令',
    empty: '没有匹配的命令',
    openFile: '打开文件…',
    newFile: '新建记忆文件…',
    search: '搜索记忆',
    save: '保存当前文件',
    showView: '显示{{view}}',
    toggleSidebar: '显示或隐藏文件侧栏',
    toggleSearch: '显示或隐藏搜索面板',
    reindex: '重建工作区索引',
  },
  editorExtras: { history: '历史', historyTitle: '此文件的各个版本，以及每处改动是谁做的' },
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
