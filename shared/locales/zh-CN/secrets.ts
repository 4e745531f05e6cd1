// 密钥功能的简体中文文本：编辑器里被遮盖的值与“密钥”视图。
import type { secrets as en } from '../en/secrets.js';
import type { Translation } from '../translation.js';

export const secrets: Translation<typeof en> = {
  mask: {
    reveal: '显示',
    hide: '隐藏',
    copy: '复制',
    copied: '已复制',
    title: '一个{{kind}}值，已在屏幕上遮盖。点“显示”在此处查看；文件里仍按原样保存。',
  },
  kind: {
    password: '密码',
    token: '令牌',
    'private-key': '私钥',
  },
  view: {
    label: '密钥',
    title: '记忆与会话记录中发现的密钥和密码，以及修复方法',
    heading: '密钥',
    intro: '在记忆文件和会话记录中发现的密钥与密码。这里从不显示它们的值。',
    refresh: '重新查找',
    loading: '正在查找密钥…',
    none: '记忆和会话记录中没有发现密钥。',
    count_other: '{{count}} 个密钥',
    kind: '类型',
    where: '位置',
    shownAs: '显示为',
    firstSeen: '首次出现',
    actions: '修复',
    firstSeenVersion: '第 {{version}} 版 · {{time}}',
    notInHistory: '历史中没有',
    openAt: '打开 {{path}} 第 {{line}} 行',
    removeLine: '删除该行',
    removeLineTitle: '删除 {{path}} 的第 {{line}} 行：一次普通保存，记入文件历史',
    replace: '替换',
    replaceTitle: '用占位文字替换该值：一次普通保存，记入文件历史',
    placeholder: '占位文字',
    transcript: '会话记录：智能体的原始记录，不在这里修改',
    saving: '正在保存…',
    removed: '已删除 {{path}} 的第 {{line}} 行，并保存为新的历史版本。',
    replaced: '已将 {{path}} 第 {{line}} 行的值替换为 {{placeholder}}，并保存为新的历史版本。',
    conflict: '列出之后 {{path}} 已被修改，没有写入任何内容。列表已刷新：请核对后重试。',
    failed: '没有写入任何内容：{{message}}',
    loadFailed: '无法列出密钥：{{message}}',
  },
};
