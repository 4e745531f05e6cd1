import type { agents as en } from '../en/agents.js';
import type { Translation } from '../translation.js';

export const agents: Translation<typeof en> = {
  calls: {
    title: '智能体在记忆中搜索了什么',
    refresh: '刷新',
    reading: '正在读取会话记录…',
    listLabel: '记忆调用',
    filterLabel: '显示',
    all: '全部（{{count, number}}）',
    failed: '无结果或失败（{{count, number}}）',
    none_other: '在 {{count, number}} 份会话记录中没有找到记忆调用。',
    detailLabel: '这次调用',
    back: '← 全部调用',
    pick: '选择一次调用，查看它得到了什么、原因何在，以及 Memory Lens 现在为它找到什么。',
  },
  outcome: {
    results_other: '{{count, number}} 条结果',
    linesRead_other: '读取了 {{count, number}} 行',
    empty: '什么也没找到',
    disabled: '已停用',
    error: '出错',
    notFound: '未找到',
    noResult: '没有结果',
  },
  source: {
    transcript: '智能体',
    mcp: 'MCP',
    person: '用户',
    mcpClient: 'MCP · {{client}}',
    unnamedClient: '未命名客户端',
  },
  next: {
    then: ' · 随后{{what}}',
    readResult: '读取了一个返回的文件',
    readOther: '读取了另一个文件',
    searchedAgain: '再次搜索',
    answered: '作答',
    answeredWithoutMemory: '未借助记忆直接作答',
  },
  health: {
    last7: '最近 7 天',
    last30: '最近 30 天',
    span_other: '{{span}}共 <count>{{count, number}}</count> 次调用，其中 <count>{{ok, number}}</count> 次有结果',
    cause_other: '<strong>主要原因：</strong>{{cause}}（{{count, number}} 次调用）。',
    showFailed: '显示这些调用',
  },
  detail: {
    mode: ' · {{mode}}',
    provider: ' · 提供方 {{provider}}',
    session: '会话',
    sessionLine: '{{title}} — 第 {{line}} 行',
    got: '智能体得到了什么',
    why: '<strong>原因：</strong>{{text}}',
    fix: '<strong>改进方法：</strong>{{fix}}',
    now: '现在在 Memory Lens 中',
    replayNote: '我们的排序，最多 {{max}} 条 · 最低分 {{min}} · 记忆文件（与 OpenClaw 的搜索范围相同）',
    replayCount_other: ' — {{count, number}} 条结果',
    allWords_other: '；{{count, number}} 个分块包含全部词语',
    asAgentCount: '；按你的智能体现在的排序：{{count, number}}',
    replay: '重放并显示分数明细',
    replayAgain: '再次重放',
    asAgent: '按你的智能体排序',
    asAgentTitle: '复现 OpenClaw 2026.9.6 仅用关键词的 memory_search',
    explain: '解释 {{path}}',
    nothingEither: 'Memory Lens 对这个查询也什么都没找到。',
    asAgentHeading: '按你的智能体排序（{{count, number}}）',
    agentNothing: '智能体自己的排序对这个查询什么都没找到。',
    openAt: '在这些行打开',
    rank: '排在第 {{rank}} 位',
    notInResults: '不在结果中',
  },
  diagnosis: {
    error: '调用失败：{{reason}}',
    errorNoReason: '调用失败：没有给出原因',
    noResult: '会话记录里没有这次调用的结果（工具作答之前运行就停止了）',
    notFound: '{{tool}} 请求的 {{path}} 不存在',
    notFoundUnnamed: '{{tool}} 请求的文件不存在',
    emptyGet: '{{tool}} 请求的 {{path}} 在这些行上没有内容',
    emptyGetUnnamed: '{{tool}} 请求的文件在这些行上没有内容',
    disabledNoKey: '记忆搜索已停用：提供方 {{provider}} 没有 API 密钥',
    disabledNoKeyUnnamed: '记忆搜索已停用：嵌入向量提供方没有 API 密钥',
    disabledQuota: '记忆搜索已停用：嵌入向量提供方的配额已用完（{{provider}}）',
    disabledQuotaUnnamed: '记忆搜索已停用：嵌入向量提供方的配额已用完',
    disabled: '记忆搜索已停用：{{reason}}',
    disabledNoReason: '记忆搜索已停用：记忆搜索不可用',
    nothingAnswers: '记忆中没有能回答它的内容',
    outsideMemory: '答案在 {{path}}（第 {{start}}–{{end}} 行），它在 memory/ 之外（OpenClaw 只搜索 {{files}}）',
    outsideMemoryNotListedBelowMin:
      '答案在 {{path}}（第 {{start}}–{{end}} 行），它在 memory/ 之外（OpenClaw 只搜索 {{files}}）——按这次调用的限制重放时，它不在下方列表中（得分 {{score}}，低于最低分 {{minScore}}）',
    outsideMemoryNotListedBeyondMax:
      '答案在 {{path}}（第 {{start}}–{{end}} 行），它在 memory/ 之外（OpenClaw 只搜索 {{files}}）——按这次调用的限制重放时，它不在下方列表中（排在前 {{maxResults}} 条之后）',
    notIndexedYet: '答案在 {{path}}（第 {{start}}–{{end}} 行），当时还没有被索引：它的日期是 {{date}}，晚于这次调用',
    notIndexedYetNotListedBelowMin:
      '答案在 {{path}}（第 {{start}}–{{end}} 行），当时还没有被索引：它的日期是 {{date}}，晚于这次调用——按这次调用的限制重放时，它不在下方列表中（得分 {{score}}，低于最低分 {{minScore}}）',
    notIndexedYetNotListedBeyondMax:
      '答案在 {{path}}（第 {{start}}–{{end}} 行），当时还没有被索引：它的日期是 {{date}}，晚于这次调用——按这次调用的限制重放时，它不在下方列表中（排在前 {{maxResults}} 条之后）',
    keywordAllWords:
      '仅关键词搜索：没有哪个分块包含全部词语（OpenClaw 要求全部命中）；Memory Lens 在 {{path}}（第 {{start}}–{{end}} 行）找到了它',
    keywordAllWordsNotListedBelowMin:
      '仅关键词搜索：没有哪个分块包含全部词语（OpenClaw 要求全部命中）；Memory Lens 在 {{path}}（第 {{start}}–{{end}} 行）找到了它——按这次调用的限制重放时，它不在下方列表中（得分 {{score}}，低于最低分 {{minScore}}）',
    keywordAllWordsNotListedBeyondMax:
      '仅关键词搜索：没有哪个分块包含全部词语（OpenClaw 要求全部命中）；Memory Lens 在 {{path}}（第 {{start}}–{{end}} 行）找到了它——按这次调用的限制重放时，它不在下方列表中（排在前 {{maxResults}} 条之后）',
    keywordAllWordsCjk:
      '仅关键词搜索：没有哪个分块包含全部词语（OpenClaw 要求全部命中，而它的分词器把一串连续的汉字当作一个词）；Memory Lens 在 {{path}}（第 {{start}}–{{end}} 行）找到了它',
    keywordAllWordsCjkNotListedBelowMin:
      '仅关键词搜索：没有哪个分块包含全部词语（OpenClaw 要求全部命中，而它的分词器把一串连续的汉字当作一个词）；Memory Lens 在 {{path}}（第 {{start}}–{{end}} 行）找到了它——按这次调用的限制重放时，它不在下方列表中（得分 {{score}}，低于最低分 {{minScore}}）',
    keywordAllWordsCjkNotListedBeyondMax:
      '仅关键词搜索：没有哪个分块包含全部词语（OpenClaw 要求全部命中，而它的分词器把一串连续的汉字当作一个词）；Memory Lens 在 {{path}}（第 {{start}}–{{end}} 行）找到了它——按这次调用的限制重放时，它不在下方列表中（排在前 {{maxResults}} 条之后）',
    belowMinScore: '答案在 {{path}}（第 {{start}}–{{end}} 行），但得分低于 minScore {{minScore}}（得分 {{score}}）',
    foundNow: 'Memory Lens 现在在 {{path}}（第 {{start}}–{{end}} 行）找到了它（得分 {{score}}）；智能体的搜索没有找到',
    foundNowNotListedBelowMin:
      'Memory Lens 现在在 {{path}}（第 {{start}}–{{end}} 行）找到了它（得分 {{score}}）；智能体的搜索没有找到——按这次调用的限制重放时，它不在下方列表中（得分 {{score}}，低于最低分 {{minScore}}）',
    foundNowNotListedBeyondMax:
      'Memory Lens 现在在 {{path}}（第 {{start}}–{{end}} 行）找到了它（得分 {{score}}）；智能体的搜索没有找到——按这次调用的限制重放时，它不在下方列表中（排在前 {{maxResults}} 条之后）',
  },
  diagnosisFix: {
    disabled:
      '在 ~/.openclaw/openclaw.json 中把 memory.search.provider 设为一个有密钥的提供方，或设为 "none" 只用关键词搜索；也可以让智能体使用 Memory Lens（memlens mcp）。',
    keyword:
      '给智能体配置一个嵌入向量提供方（memory.search.provider），让它按语义搜索；或者让它使用 Memory Lens（memlens mcp），其关键词搜索不要求命中每个词。',
    outsideMemory: '把它移到 memory/ 下，或者在 openclaw.json 的 memorySearch.extraPaths 中加入它所在的文件夹。',
    belowMinScore: '让低于 minScore 的关键词匹配也保留下来（Memory Lens 就是这样做的），或者传入更低的 minScore。',
    registerMcp:
      '为智能体注册 memlens mcp（openclaw mcp set memory-lens \'{"command":"memlens","args":["mcp"]}\'），让它能用 Memory Lens 搜索。',
  },
  cause: {
    keywordAllWords: '仅关键词搜索：没有哪个分块包含查询的全部词语（OpenClaw 要求全部命中）',
    outsideMemory: '答案在 memory/ 之外的文件里，OpenClaw 不搜索那里',
    notIndexedYet: '答案是在这些调用之后才写下的',
    belowMinScore: '答案的得分低于 minScore',
    foundNow: 'Memory Lens 找到了智能体没找到的答案',
    nothingAnswers: '记忆中没有能回答这些调用的内容',
  },
  index: {
    reading: '正在读取智能体数据库…',
    none: '在此工作区旁没有找到 OpenClaw 智能体数据库（agents/<id>/agent/openclaw-agent.sqlite）。',
    agent: '智能体 <strong>{{id}}</strong>',
    readOnly: '只读',
    inIndex: '你的智能体的索引 <muted>修订版 {{revision}}</muted>',
    counts:
      '{{current, number}} 个最新 · {{stale, number}} 个过期 · {{missing, number}} 个缺失 · {{extra, number}} 个多余',
    file: '文件',
    status: '在智能体索引中的状态',
    chunks: '分块',
    indexed: '索引时间',
    sessions: '数据库中的会话 <muted>{{count, number}}</muted>',
    events: ' · {{count, number}} 个事件',
    legacyTitle: '还存在一份旧版 JSONL 副本；这里显示的是数据库中（正在使用）的那份。',
    legacy: ' · 另有旧版文件',
  },
  dbNotice: {
    locked: '{{path}} 正被另一个程序锁定（OpenClaw 网关或一次迁移）；空闲后会重新读取其中的会话记录和索引。',
    corrupt:
      '{{path}} 已损坏，或不是 SQLite 数据库（{{detail}}）。Memory Lens 不会改动它；可用 <code>openclaw doctor</code> 检查。',
    unreadable: '无法读取 {{path}}（{{detail}}）。',
    'newer-schema':
      '{{path}} 由更新版本的 OpenClaw 写入（结构版本 {{version}}；Memory Lens 支持 {{known}}）。已显示能读取的内容，可能有缺失。',
    'migration-pending':
      '{{path}} 的结构版本是 {{version}}，不是 {{known}}：OpenClaw 尚未完成迁移（请先停止网关，再运行 <code>openclaw doctor --fix</code>）。已显示能读取的内容。',
    'not-an-agent-db': '{{path}} 中既没有会话记录，也没有 Memory Lens 能读取的记忆索引。',
  },
  indexStatus: {
    current: '最新',
    stale: '过期——智能体索引之后有改动',
    missing: '缺失——不在智能体的索引中',
    extra: '多余——已索引，但磁盘上已不存在',
  },
  stale: {
    changed: '{{count, number}} 个在索引后有改动',
    missing: '{{count, number}} 个不在索引中',
    extra: '{{count, number}} 个已删除但仍在索引中',
    text: '你的智能体的索引落后于文件：{{parts}}。在 OpenClaw 重新索引（<code>openclaw memory index</code>）之前，你的智能体搜索的仍是旧文本。',
    separator: '，',
    show: '查看',
  },
  switcher: {
    title: '切换到另一个 OpenClaw 智能体的工作区',
    label: '智能体',
    notAgent: '（不是智能体的工作区）',
    default: '（默认）',
    noDatabase: ' — 无数据库',
  },
};
