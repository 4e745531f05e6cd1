// What the fixture's agents wrote: their memory files and legacy JSONL sessions, in the record
// shapes of ../shared/examples/openclaw-session.jsonl. OpenClaw's own doctor import turns the
// sessions into openclaw-agent.sqlite rows (make-fixture.mjs); nothing here touches SQLite.

const T0 = Date.parse('2026-09-01T08:00:00.000Z');
const iso = (minutes) => new Date(T0 + minutes * 60_000).toISOString();
const ms = (minutes) => T0 + minutes * 60_000;

export const WORKSPACES = {
  main: {
    'MEMORY.md': [
      '# Long-term memory',
      '',
      '- The user prefers totals in 万元 and answers in Chinese when they write Chinese. <!-- importance: 8 -->',
      '- Project Atlas ships the billing export on 2026-09-30. <!-- project: atlas --> <!-- importance: 9 -->',
      '- When the user says "the contract", they mean the 2025 framework contract with 华东电力. <!-- trigger: contract, 合同 -->',
      '- Standing rule: never email invoices without asking first.',
      '',
      '## 合同',
      '- 2023 年合同金额 12,345 万元；2024 年 15,678 万元；2025 年 18,234 万元。 <!-- project: finance -->',
      '',
    ].join('\n'),
    'USER.md': [
      '# User',
      '',
      '- Name: Lin Wei (林伟). Timezone Asia/Shanghai.',
      '- Works on Project Atlas and the finance reports.',
      '- Likes short answers, bullet points, no emoji.',
      '',
    ].join('\n'),
    'memory/finance.md': [
      '# 财务笔记',
      '',
      '历年合同金额（万元）：',
      '- 2022 年：10,120',
      '- 2023 年：12,345',
      '- 2024 年：15,678',
      '- 2025 年：18,234',
      '',
      'Totals are in 万元 (ten thousand yuan).',
      '',
    ].join('\n'),
    'memory/2026-08-14-project-atlas.md': [
      '# Project Atlas kickoff',
      '',
      'Billing export: CSV and Parquet, one file per tenant, nightly at 02:00 CST.',
      'Owner: Lin Wei. Reviewer: Sato.',
      'Risk: the legacy ledger has duplicate invoice ids before 2024-03.',
      '',
    ].join('\n'),
    'memory/2026-09-01.md': [
      '# 2026-09-01',
      '',
      '- 早上确认了 Atlas 的导出格式：CSV + Parquet。',
      '- Heartbeat found nothing to do.',
      '',
    ].join('\n'),
    'memory/old-notes.md': '# Old notes\n\nThe staging server moved to staging-2 in July.\n',
  },
  research: {
    'MEMORY.md': [
      '# Research agent memory',
      '',
      '- Tracks papers on retrieval-augmented generation for the user. <!-- importance: 6 -->',
      '- 用户关注中文分词对检索的影响。',
      '',
    ].join('\n'),
    'memory/reading-list.md': [
      '# Reading list',
      '',
      '- BM25 variants and their saturation parameters.',
      '- Maximal marginal relevance (Carbonell & Goldstein, 1998).',
      '',
    ].join('\n'),
  },
};

function header(id, minutes) {
  return { type: 'session', version: 3, id, timestamp: iso(minutes), cwd: '~/.openclaw/workspace' };
}

/** A session as JSONL records, each chained to the previous one by parentId. */
function chain(id, minutes, records) {
  const out = [header(id, minutes)];
  let parent = null;
  records.forEach((record, i) => {
    const rid = `${id.slice(0, 8)}-${String(i).padStart(3, '0')}`;
    out.push({ ...record, id: rid, parentId: parent });
    parent = rid;
  });
  return out;
}

const user = (minutes, content) => ({
  type: 'message',
  timestamp: iso(minutes),
  message: { role: 'user', content, timestamp: ms(minutes) },
});
const assistant = (minutes, content, stopReason = 'stop') => ({
  type: 'message',
  timestamp: iso(minutes),
  message: {
    role: 'assistant',
    content,
    api: 'anthropic-messages',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    stopReason,
    timestamp: ms(minutes),
  },
});
const toolResult = (minutes, toolCallId, toolName, payload) => ({
  type: 'message',
  timestamp: iso(minutes),
  message: {
    role: 'toolResult',
    toolCallId,
    toolName,
    content: [{ type: 'text', text: JSON.stringify(payload) }],
    isError: false,
    timestamp: ms(minutes),
  },
});
const modelChange = (minutes) => ({
  type: 'model_change',
  timestamp: iso(minutes),
  provider: 'anthropic',
  modelId: 'claude-sonnet-4-5',
});

// A long answer: over OpenClaw's 1 KiB threshold, so its event row is stored zstd-compressed.
const LONG_ANSWER = [
  'Here is the Atlas billing export plan, step by step.',
  ...Array.from(
    { length: 24 },
    (_, i) =>
      `${i + 1}. Export tenant batch ${i + 1} as CSV and Parquet, verify row counts against the ledger, then upload to the archive bucket.`,
  ),
  'Duplicate invoice ids before 2024-03 are flagged, not dropped.',
].join('\n');

export const SESSIONS = {
  main: [
    {
      key: 'agent:main:main',
      id: '7c1d2e4a-0b9f-4c55-9a1e-2f1d3c4b5a69',
      chatType: 'direct',
      channel: 'feishu',
      records: chain('7c1d2e4a-0b9f-4c55-9a1e-2f1d3c4b5a69', 0, [
        modelChange(0),
        { type: 'thinking_level_change', timestamp: iso(0), thinkingLevel: 'low' },
        user(1, [
          {
            type: 'text',
            text: 'System: [2026-09-01 16:01:10 GMT+8] Feishu[default] DM | 帮我查一下历年的合同金额，2023 到 2025 年的',
          },
        ]),
        assistant(
          2,
          [
            { type: 'thinking', thinking: 'Check the finance notes first.', thinkingSignature: 'sig' },
            {
              type: 'toolCall',
              id: 'toolu_01',
              name: 'memory_search',
              arguments: { query: '合同金额 2023 2024 2025' },
            },
          ],
          'toolUse',
        ),
        toolResult(2, 'toolu_01', 'memory_search', {
          results: [
            { path: 'memory/finance.md', startLine: 3, endLine: 7, score: 0.81, snippet: '历年合同金额（万元）' },
          ],
          provider: 'none',
          mode: 'fts-only',
        }),
        assistant(
          3,
          [
            {
              type: 'toolCall',
              id: 'toolu_02',
              name: 'memory_get',
              arguments: { path: 'memory/finance.md', from: 3, lines: 5 },
            },
          ],
          'toolUse',
        ),
        toolResult(3, 'toolu_02', 'memory_get', {
          path: 'memory/finance.md',
          text: '历年合同金额（万元）：\n- 2022 年：10,120\n- 2023 年：12,345',
        }),
        assistant(4, [
          {
            type: 'text',
            text: '历年合同金额如下：\n- 2023年：12,345 万元\n- 2024年：15,678 万元\n- 2025年：18,234 万元',
          },
        ]),
        { type: 'custom', customType: 'openclaw.cache-ttl', timestamp: iso(4), data: { ttlMs: 300000 } },
        user(12, 'Also add 2022 — and remember I prefer totals in 万元.'),
        assistant(
          13,
          [
            {
              type: 'toolCall',
              id: 'toolu_03',
              name: 'write',
              arguments: { path: 'memory/2026-09-01.md', content: '# 2026-09-01\n\n- User prefers totals in 万元.\n' },
            },
          ],
          'toolUse',
        ),
        toolResult(13, 'toolu_03', 'write', { ok: true, path: 'memory/2026-09-01.md' }),
        assistant(14, [{ type: 'text', text: 'Noted: totals in 万元. 2022: 10,120 万元.' }]),
        user(40, 'What is the plan for the Atlas billing export?'),
        assistant(41, [{ type: 'text', text: LONG_ANSWER }]),
      ]),
    },
    {
      key: 'agent:main:cron:nightly-digest:run:8821',
      id: '2b7e0c91-5d3a-4f60-8e2a-7a9c1b3d4e5f',
      chatType: null,
      channel: null,
      records: chain('2b7e0c91-5d3a-4f60-8e2a-7a9c1b3d4e5f', 60 * 18, [
        user(60 * 18, "[cron:nightly-digest] Summarise today's memory notes into memory/2026-09-01.md."),
        assistant(
          60 * 18 + 1,
          [
            {
              type: 'toolCall',
              id: 'toolu_11',
              name: 'memory_search',
              arguments: { query: 'Atlas export 2026-09-01', maxResults: 3 },
            },
          ],
          'toolUse',
        ),
        toolResult(60 * 18 + 1, 'toolu_11', 'memory_search', {
          results: [],
          disabled: false,
          provider: 'none',
          mode: 'fts-only',
        }),
        assistant(60 * 18 + 2, [
          { type: 'text', text: 'Digest: Atlas export format confirmed (CSV + Parquet). Nothing else new today.' },
        ]),
      ]),
    },
    {
      key: 'agent:main:heartbeat',
      id: '9e4f1a2b-3c5d-4e6f-8a7b-0c1d2e3f4a5b',
      chatType: null,
      channel: null,
      records: chain('9e4f1a2b-3c5d-4e6f-8a7b-0c1d2e3f4a5b', 60 * 9, [
        user(
          60 * 9,
          'Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. If nothing needs attention, reply HEARTBEAT_OK.',
        ),
        assistant(60 * 9 + 1, [{ type: 'text', text: 'HEARTBEAT_OK' }]),
      ]),
    },
  ],
  research: [
    {
      key: 'agent:research:main',
      id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
      chatType: 'direct',
      channel: 'telegram',
      records: chain('5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d', 60 * 3, [
        user(60 * 3, 'Find me the MMR paper again.'),
        assistant(60 * 3 + 1, [
          {
            type: 'text',
            text: 'Carbonell & Goldstein, 1998: "The use of MMR, diversity-based reranking for reordering documents and producing summaries".',
          },
        ]),
      ]),
    },
  ],
};

/** The main session's generation before a /reset, as OpenClaw left it beside the live JSONL. */
export const RESET_ARCHIVE = {
  agent: 'main',
  id: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
  suffix: '.reset.2026-08-31T23-59-00.000Z',
  records: chain('1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b', -60 * 24, [
    user(-60 * 24, '上周的会议纪要放在哪里了？'),
    assistant(-60 * 24 + 1, [{ type: 'text', text: 'The meeting notes are in memory/2026-08-14-project-atlas.md.' }]),
  ]),
};

/**
 * A deleted session whose archive only the database holds (not yet published as a file): its
 * row is written with OpenClaw's own archive encoder (zstd), see make-fixture.mjs.
 */
export const DELETED_ARCHIVE = {
  agent: 'main',
  id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  key: 'agent:main:feishu:direct:ou_sato',
  records: chain('3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', -60 * 48, [
    user(
      -60 * 48,
      'System: [2026-08-30 16:00:00 GMT+8] Feishu[default] DM | Sato here — what is the reviewer checklist for Atlas?',
    ),
    assistant(-60 * 48 + 1, [
      {
        type: 'text',
        text: 'Reviewer checklist: row counts per tenant, Parquet schema matches CSV header, duplicate invoice ids flagged.',
      },
    ]),
  ]),
};

/**
 * What changed on disk after the agent last indexed (make-fixture.mjs applies it after
 * `openclaw memory index`), so the fixture's agent index is stale, missing and extra somewhere.
 */
export const AFTER_INDEX = {
  main: {
    write: {
      'memory/2026-09-01.md':
        '# 2026-09-01\n\n- 早上确认了 Atlas 的导出格式：CSV + Parquet。\n- User prefers totals in 万元.\n',
      'memory/2026-09-02.md': '# 2026-09-02\n\n- Sato reviewed the Atlas export.\n',
    },
    remove: ['memory/old-notes.md'],
  },
};
