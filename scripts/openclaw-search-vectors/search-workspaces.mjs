// The three workspaces and the queries of shared/fixtures/openclaw-search-vectors.json. Plain data
// (and a seeded filler for the long file) so the generator (running OpenClaw) and the tests (running
// our profile) see the same bytes. The clock is fixed at NOW for decay.
export const NOW = '2026-06-15T12:00:00.000Z';
/** Every file's mtime: the day before NOW, so nothing depends on when the script ran. */
export const MTIME = '2026-06-14T08:00:00.000Z';

function longProse(topic, lines) {
  const words = ['router', 'backup', 'deploy', 'staging', 'invoice', 'budget', 'latency', 'cache', 'schema', 'review', 'kernel', 'upgrade'];
  const out = [];
  for (let i = 0; i < lines; i++) {
    const a = words[(i * 7) % words.length];
    const b = words[(i * 5 + 3) % words.length];
    out.push(`Line ${i + 1} about ${topic}: the ${a} and the ${b} were checked again on host-${(i % 4) + 1}.`);
  }
  return out.join('\n');
}

const en = {
  name: 'english',
  files: {
    'MEMORY.md': [
      '# Long-term memory',
      '',
      '- The contract amount with Acme is 12,345 dollars. <!-- importance: 9 -->',
      '- Alice prefers green tea in the morning. <!-- trigger: tea, morning drink -->',
      '- The staging router password rotates monthly. <!-- importance: 3 -->',
      '- Project Alpha ships in July. <!-- project: alpha --> <!-- importance: 7 -->',
      '  Alpha owner is Bob; the deploy checklist lives in memory/projects/alpha.md.',
      '- Backup runs every night at 02:00 on host-2.',
      '',
      '## Decisions',
      '',
      'We chose SQLite for the invoice service because it is simple. <!-- importance: 10 -->',
      '- Use TypeScript for new code. <!-- importance: 6 -->',
      '- Never deploy on Fridays. <!-- importance: 8 --> <!-- trigger: deploy, friday -->',
      '- Budget review happens quarterly. <!-- importance: 0 -->',
      '- The cache layer is Redis. <!-- importance: x -->',
      '',
    ].join('\n'),
    'USER.md': [
      '# User',
      '',
      '- Name: Dana. Prefers short answers. <!-- importance: 5 -->',
      '- Timezone: Europe/Berlin.',
      '- Likes tea, dislikes coffee.',
      '',
    ].join('\n'),
    'memory/2026-06-14.md': '# 2026-06-14\n\nDeployed the router fix to staging.\nAlice asked about the invoice budget.\n',
    'memory/2026-06-01-api-design.md': '# API design\n\nThe API uses REST with JSON.\nRate limit is 100 requests per minute.\nThe router handles retries.\n',
    'memory/2026-03-10.md': '# 2026-03-10\n\nOld note: the contract was drafted with Acme.\nBackup moved to host-2.\n',
    'memory/daily/2026-06-10.md': '# Daily 2026-06-10\n\nKernel upgrade on host-1 finished.\nLatency dropped after the cache change.\n',
    'memory/projects/alpha.md': '# Project Alpha\n\nDeploy checklist: tests, staging, review, then production.\nOwner: Bob.\n',
    'memory/topics/tea.md': 'Tea notes: green tea, oolong, and black tea.\nAlice likes green tea.\n',
    'memory/ops/runbook.md': `# Runbook\n\n${longProse('operations', 60)}\n`,
    'memory/2026-05-20-router.md': '# Router incident\n\nThe router dropped packets on host-3.\nFixed by a firmware upgrade.\n',
  },
  queries: [
    'contract', 'Acme', 'tea', 'green tea', 'router', 'backup', 'deploy', 'staging', 'invoice', 'budget',
    'latency', 'cache', 'schema', 'kernel', 'upgrade', 'review', 'Alice', 'Bob', 'Dana', 'TypeScript',
    'SQLite', 'Redis', 'Fridays', 'password', 'firmware', 'packets', 'REST', 'JSON', 'retries', 'minute',
    'router fix', 'green tea morning', 'contract amount', 'deploy checklist', 'invoice budget', 'kernel upgrade host',
    'router staging password', 'cache latency', 'backup host', 'api design',
    'contract zebra', 'tea unicorn', 'router quantum', 'what did we decide about the invoice service',
    'tell me about the backup schedule', 'that thing about tea', 'when do we deploy', 'who owns alpha',
    'nonexistentword', 'zebra unicorn', 'the a an', 'line 12', 'host-2', 'host-3 router', '02:00',
    '2026-06-14', '2026-06-10', '2026-03-10', 'june 2026', '12,345',
    'alpha', 'alpha.md', 'memory/projects/alpha.md', 'runbook', 'tea.md', 'MEMORY.md', 'USER.md', '2026-06-14.md',
    'memory/2026-06-01-api-design.md', 'api-design', 'router.md', 'projects',
    'Deploy', 'ROUTER', 'Tea Notes', 'operations router', 'operations kernel review', 'upgrade backup deploy cache',
    // Edge cases: quotes and punctuation, the memory/ folder word, stems of root files, ./ paths, very long and stop-word-only queries.
    '"router"', 'router?!', '???', 'memory', 'MEMORY', 'user', './memory/topics/tea.md', 'memory/ops/', 'ops/runbook.md',
    'TEA.MD', 'host_2', 'host 2', 'importance', 'trigger', 'the and or but', 'what is the thing',
    'router backup deploy staging invoice budget latency cache schema review kernel upgrade',
  ],
};

const zh = {
  name: 'chinese',
  files: {
    'MEMORY.md': [
      '# 长期记忆',
      '',
      '- 合同 金额 是 12345 元。 <!-- importance: 9 -->',
      '- 小王 喜欢 喝 绿茶。 <!-- trigger: 绿茶, 喝茶 -->',
      '- 项目 阿尔法 七月 上线。 <!-- project: alpha --> <!-- importance: 6 -->',
      '- 服务器 备份 每晚 两点。',
      '- 不要 在 周五 部署。 <!-- importance: 8 -->',
      '',
      '## 决定',
      '',
      '- 发票 服务 使用 数据库。 <!-- importance: 4 -->',
      '- 合同金额确认完毕',
      '',
    ].join('\n'),
    'USER.md': '# 用户\n\n- 名字：小李。 喜欢 简短 回答。\n- 时区：上海。\n',
    'memory/2026-06-12.md': '# 2026-06-12\n\n今天 讨论 了 合同 和 发票。\n小王 说 预算 不够。\n',
    'memory/2026-04-01-会议.md': '# 会议 记录\n\n合同 签署 日期 推迟。\n服务器 迁移 到 上海。\n',
    'memory/2026-06-15.md': '# 2026-06-15\n\n部署 了 新 版本。\n绿茶 买 了 两盒。\n',
    'memory/主题/茶.md': '绿茶 红茶 乌龙茶\n小王 喜欢 绿茶。\n',
    'memory/项目/阿尔法.md': '# 阿尔法\n\n负责人 小张。\n部署 清单 在 这里。\n',
    'memory/notes/长文.md': Array.from({ length: 80 }, (_, i) => `第${i + 1}行 记录 服务器 ${['备份', '部署', '合同', '预算'][i % 4]} 情况 正常。`).join('\n'),
  },
  queries: [
    '合同', '金额', '绿茶', '小王', '服务器', '备份', '部署', '发票', '预算', '上海',
    '项目', '阿尔法', '会议', '记录', '周五', '数据库', '红茶', '乌龙茶', '负责人', '小张',
    '合同 金额', '小王 绿茶', '服务器 备份', '部署 清单', '合同 发票', '服务器 迁移 上海', '预算 不够',
    '合同 独角兽', '绿茶 咖啡', '我们 之前 讨论 的 合同', '那个 预算', '昨天 的 会议',
    '合同金额', '合同金额确认完毕', '喝茶', '长期记忆', '第12行', '情况 正常',
    '2026-06-12', '2026-04-01', '2026-06-15',
    '茶', '茶.md', '阿尔法.md', 'memory/项目/阿尔法.md', '会议', '长文', 'memory/主题/茶.md',
    '12345', '12345 元', '小李', '时区', '简短 回答', '新 版本', '两盒', '日期 推迟', '签署',
    '合同 备份 部署 预算', '不存在的词', 'alpha',
    '今天 讨论', '什么 合同', '请 告诉 我 备份',
    '合同，发票', '“合同”', '我们的合同', '主题', '项目/阿尔法.md', '第1行', '正常。', '记录 服务器 备份 情况',
  ],
};

const mixed = {
  name: 'mixed',
  files: {
    'MEMORY.md': [
      '- Meeting with 王总 about the 合同. <!-- importance: 7 -->',
      '- API key rotation every 90 days. <!-- trigger: api key -->',
      '# Travel',
      '- Flight to 东京 on 2026-07-01. <!-- importance: 2 -->',
      '- Hotel: Shinjuku 酒店 booked.',
      '- Café Noir is the favourite café. <!-- importance: 10 -->',
      '- Naïve approach rejected; see memory/decisions.md.',
      'Trailing prose with no bullet about the router.',
    ].join('\n'),
    'memory/decisions.md': '# Decisions\n\n- Use Postgres for analytics.\n- 数据 stays in 上海 region.\n- Café menu is cached.\n',
    'memory/2026-06-13-trip.md': '# Trip plan\n\nFlight to 东京 booked; hotel Shinjuku.\nVisa ok.\n',
    'memory/2026-02-01.md': '# 2026-02-01\n\nAPI key rotated. 合同 signed with 王总.\n',
    'memory/2026-06-15-standup.md': '# Standup\n\nrouter fix merged; analytics dashboard slow.\n',
    'memory/journal/2026-06-08.md': '# 2026-06-08\n\nRead about naive bayes and café culture.\n',
    'memory/archive/notes.md': `# Notes\n\n${longProse('analytics', 45)}\n`,
  },
  queries: [
    '合同', '王总', 'Meeting', 'API key', 'rotation', 'Flight', '东京', 'hotel', 'Shinjuku', '酒店',
    'Café', 'cafe', 'café noir', 'Naïve', 'naive', 'router', 'Postgres', 'analytics', '数据', '上海',
    'Visa', 'dashboard', 'standup', 'bayes', 'culture', 'favourite',
    'meeting 合同', 'flight 东京', 'api key rotated', 'analytics dashboard', 'router fix', 'hotel booked',
    'trip 东京 visa', 'api unicorn', '合同 zebra', 'what about the flight', 'the router thing',
    '2026-06-13', '2026-07-01', '2026-02-01', '90 days',
    'decisions', 'decisions.md', 'trip', 'notes.md', 'memory/archive/notes.md', 'standup.md', '2026-06-08.md',
    'journal', 'archive',
    'host-3', 'line 30', 'budget analytics review', 'operations', 'kernel cache schema',
    'API', 'KEY', 'travel', 'region', 'menu cached', 'prose bullet router', 'Shinjuku 酒店',
    'Cafe\u0301', 'CAFÉ', 'naïve approach', '王总 合同 signed', 'tokyo 东京', '2026-06-13-trip', 'memory/journal/2026-06-08.md', '🙂 router',
  ],
};

export const WORKSPACES = [en, zh, mixed];

/**
 * MEMORY.md and USER.md for the prompt-budget vectors: annotated entries repeated past OpenClaw's
 * caps (20,000 chars; USER.md 4,000), so whether annotations count shows in where it cuts.
 */
export function annotatedBootstrapFiles(size) {
  const entry = (i) => `- Fact ${i}: the invoice service runs on host-${i % 5}. <!-- importance: ${1 + (i % 10)} --> <!-- trigger: invoice ${i} -->\n`;
  const user = (i) => `- Preference ${i}: short answers. <!-- importance: ${1 + (i % 10)} -->\n`;
  const fill = (make, n) => {
    let text = '# Memory\n\n';
    for (let i = 0; text.length + make(i).length <= n; i++) text += make(i);
    return text;
  };
  return { 'MEMORY.md': fill(entry, size.memory), 'USER.md': fill(user, size.user) };
}
/** At most this many chars: under the caps, just under, over only because of the annotations, far over. */
export const BOOTSTRAP_SIZES = [
  { memory: 12000, user: 2000 },
  { memory: 20000, user: 4000 },
  { memory: 20500, user: 4100 },
  { memory: 26000, user: 6000 },
];
