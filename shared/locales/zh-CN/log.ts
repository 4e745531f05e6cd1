import type { en } from '../en/index.js';
import type { Translation } from '../translation.js';

export const log: Translation<typeof en.log> = {
  background: '{{error, failure}}',
  damaged: {
    discarded: '$t(errors:writable.store.{{what}})已损坏（{{reason, reason}}）；已移到 {{aside}}，并新建了一个。',
    salvaged_other:
      '$t(errors:writable.store.{{what}})已损坏（{{reason, reason}}）；已移到 {{aside}}，并用能读出的 {{count}} 个版本重建（{{lost}} 个无法读出）。',
    reason: {
      noMarker: '文件里有表，却没有 Memory Lens 的标记',
      integrity: '完整性检查：{{detail}}',
      corrupt: '数据库文件已损坏（{{code}}）',
      notDatabase: '文件不是数据库（{{code}}）',
    },
  },
  reopen: {
    endpoint: '嵌入端点已有响应，但重新打开工作区失败：{{error, failure}}',
    settings: '按新设置重新打开工作区失败：{{error, failure}}',
    key: '用新密钥重新打开工作区失败：{{error, failure}}',
  },
  startupFallback: '无法打开 {{dir}}：{{error, failure}}；改为打开示例工作区',
  modelDownloadAsk: '无法询问是否下载模型：{{error, failure}}',
  endpointKeyUndecryptable: '保存的端点密钥无法解密：{{error, failure}}',
  secretPurgeTranscripts: '从历史中清除：未检查会话记录：{{error, failure}}',
  doctor: {
    failed: '诊断：{{error, failure}}',
    mainThread: '诊断：{{error, failure}}；本轮改在主线程中运行',
  },
  history: {
    notRecorded: '历史：{{path}} 未被记录：{{error, failure}}',
    retention: '历史：清理旧版本失败：{{error, failure}}',
    purge: '历史：清除 {{name}} 失败：{{error, failure}}',
    notKept: '不为 {{dir}} 保留历史：{{error, failure}}',
    transcriptsUnlisted: '历史：无法列出会话记录：{{error, failure}}',
    sessionUnread: '历史：无法读取会话 {{session}}：{{error, failure}}',
  },
  main: {
    refused: '已拒绝 {{channel}}：{{reason, reason}}',
    sender: {
      notOurWindow: 'webContents {{id}} 不是 Memory Lens 的窗口',
      frameGone: '发出调用的框架已不存在',
      frameDetached: '发出调用的框架已分离',
      subFrame: '子框架不能调用 API',
      badUrl: '无法解析框架的网址 {{url}}',
      otherOrigin: '来源 {{origin}} 不是 {{expected}}',
    },
  },
  mcp: {
    protocol: '协议错误：{{error, failure}}',
    toolFailed: '{{name}} 意外失败：{{error, failure}}',
    toolError: '{{name}} 返回了错误：{{text}}',
    toolErrorUnsaid: '{{name}} 返回了错误',
    skipped: '已跳过一条 {{bytes}} 字节的消息（上限 {{limit}} 字节）；请求 id 为 {{id}}',
  },
  activity: {
    vacuum: '压缩搜索日志失败：{{error, failure}}',
    readCounts: '读取访问次数失败：{{error, failure}}',
    recordAccess: '记录一次访问失败：{{error, failure}}',
    logSearch: '记录这次搜索失败：{{error, failure}}',
    notKept: '不保留智能体活动（访问次数、搜索记录）：{{error, failure}}',
  },
};
