// A workspace that looks like a real one after a few weeks of OpenClaw: the sample workspace plus
// the transcripts its scheduler leaves — cron runs (`[cron:<job id> <job name>] …`, one session
// per run, the same prompt every time), heartbeat turns ("Read HEARTBEAT.md if it exists…"), a
// sub-agent — beside Feishu conversations in Chinese, with OpenClaw's `sessions.json` naming the
// session keys, and a long Chinese daily note whose chunks overlap. As real ones do, it also keeps
// archives (`*.jsonl.deleted.*` cron runs, a `*.jsonl.reset.*` main session that only ever ran the
// heartbeat), one note copied under two folders, a transcript holding thousands of U+FFFD
// characters (valid UTF-8), and one whose records carry no timestamp.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export const HEARTBEAT_PROMPT =
  'Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. Do not infer or repeat old tasks from prior chats. If nothing needs attention, reply HEARTBEAT_OK.';
export const CRON_JOB = { id: 'df444ebe-f415-4c1e-9a0b-3f2d8c7e6a51', name: 'Wise Support Email Check' };
export const CRON_PROMPT =
  'Check the Wise support inbox for replies about the February 5th transfer and summarise anything new for 小林.';
/** The Feishu sender label OpenClaw puts before a DM's words, and the words themselves. */
export const FEISHU_SENDER = '用户248287 (ou_e40c5df02fc1a9b8c7d6e5f4a3b2c1d0)';
export const FEISHU_FIRST_WORDS = '还是回复我她是sunny';

interface Turn {
  role: 'user' | 'assistant';
  text?: string;
  tool?: { name: string; args: Record<string, unknown>; result: string };
}

function sessionLines(id: string, start: Date, turns: Turn[]): string {
  const lines: unknown[] = [
    { type: 'session', version: 3, id, timestamp: start.toISOString(), cwd: '~/.openclaw/workspace' },
  ];
  let t = start.getTime();
  let parent: string | null = null;
  let n = 0;
  const push = (message: Record<string, unknown>) => {
    t += 20_000;
    const rid = `${id.slice(0, 4)}${(n++).toString(16).padStart(4, '0')}`;
    lines.push({
      type: 'message',
      id: rid,
      parentId: parent,
      timestamp: new Date(t).toISOString(),
      message: { ...message, timestamp: t },
    });
    parent = rid;
  };
  for (const turn of turns) {
    if (turn.tool) {
      const callId = `call_${n}`;
      push({
        role: 'assistant',
        content: [
          { type: 'text', text: turn.text ?? '' },
          { type: 'toolCall', id: callId, name: turn.tool.name, arguments: turn.tool.args },
        ],
        stopReason: 'toolUse',
      });
      push({
        role: 'toolResult',
        toolCallId: callId,
        toolName: turn.tool.name,
        content: [{ type: 'text', text: turn.tool.result }],
        isError: false,
      });
    } else {
      push({ role: turn.role, content: [{ type: 'text', text: turn.text ?? '' }] });
    }
  }
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

function uuid(seed: number): string {
  const hex = ((seed * 2654435761) >>> 0).toString(16).padStart(8, '0');
  return `${hex}-${hex.slice(0, 4)}-4${hex.slice(1, 4)}-8${hex.slice(4, 7)}-${hex}${hex.slice(0, 4)}`;
}

const DAILY_NOTE_LINES = [
  '# 2026-11-05 工作日志',
  '',
  '## 上午',
  '- 09:30 和赵婷对 HG-2 PVT 排期，3月5日 的试产批次推到 3月12日。',
  '- 10:10 川讯试点 DNS 问题复现：IPv6 下 AAAA 记录超时。',
  '- 轻笔记项目定稿：封面用蓝色方案，目录改为三级。',
  '',
  '## 下午',
  '- 14:00 恒泰外壳公差复测，0.15mm 以内通过。',
  '- 15:30 与 Priya 1:1，确认 3月5日 之前给出 WiFi 6E 与 WiFi 7 的结论。',
  '- 16:45 Wise 转账（February 5th）仍未到账，已发邮件给支持团队。',
  '',
];

function longDailyNote(): string {
  const out = [...DAILY_NOTE_LINES];
  for (let i = 1; i <= 60; i++) {
    out.push(
      `- 跟进事项 ${i}：3月5日 试产前确认第 ${i} 项物料，负责人 ${i % 2 ? '赵婷' : '周明'}，状态${i % 3 ? '进行中' : '已完成'}。`,
    );
  }
  return `${out.join('\n')}\n`;
}

/** Two Wise runs OpenClaw deleted: archives, in no `sessions.json`, recognised by their cron envelope. */
export const DELETED_CRON_RUNS = 2;
/** The note copied under two folders, and a line of it. */
export const COPIED_NOTE = {
  paths: ['memory/P0/2026-04-17.md', 'memory/daily/2026-04-17.md'],
  words: 'Orchid gateway cutover',
};
/** A conversation whose text holds many U+FFFD characters, and the day its messages were written. */
export const MOJIBAKE_SESSION = {
  id: 'fffd0000-4c1e-4a0b-8f2d-000000000fff',
  words: 'Kestrel invoice',
  day: '2026-04-10',
};
/** A transcript whose records carry no timestamp: dated by its file's time. */
export const UNDATED_SESSION = { id: 'a0a0a0a0-0000-4000-8000-00000000d47e', words: 'Marmot backlog' };

/** Writes the workspace into a new temp folder and returns it (for startServe's `moveFrom`). */
export function buildAutomatedWorkspace(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-auto-ws-'));
  fs.cpSync(path.join(root, 'resources', 'sample-workspace'), dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'memory', '2026-11-05-work-log.md'), longDailyNote());
  fs.writeFileSync(
    path.join(dir, 'HEARTBEAT.md'),
    '# HEARTBEAT\n\n- 每天检查 Wise 支持邮件。\n- 提醒小林周三晚上交周报。\n',
  );
  const sessions = path.join(dir, 'agents', 'main', 'sessions');
  fs.mkdirSync(sessions, { recursive: true });
  const store: Record<string, unknown> = {};
  const day = Date.UTC(2026, 10, 5, 0, 0, 0);

  for (let i = 0; i < 6; i++) {
    const id = uuid(100 + i);
    const start = new Date(day + i * 3_600_000 * 4);
    const body = `[cron:${CRON_JOB.id} ${CRON_JOB.name}] ${CRON_PROMPT}\nCurrent time: ${start.toISOString()}`;
    fs.writeFileSync(
      path.join(sessions, `${id}.jsonl`),
      sessionLines(id, start, [
        { role: 'user', text: body },
        {
          role: 'assistant',
          text: 'Checking the inbox.',
          tool: { name: 'exec', args: { command: 'himalaya envelope list --folder Wise' }, result: 'No new messages.' },
        },
        {
          role: 'assistant',
          text:
            i === 5
              ? 'Wise replied: the February 5th transfer was returned; 需要重新提交。'
              : 'No new replies from Wise support about the February 5th transfer.',
        },
      ]),
    );
    store[`agent:main:cron:${CRON_JOB.id}:run:${id}`] = { sessionId: id, updatedAt: start.getTime() };
  }
  for (let i = 0; i < 8; i++) {
    const id = uuid(200 + i);
    const start = new Date(day + i * 3_600_000 * 3 + 1_800_000);
    fs.writeFileSync(
      path.join(sessions, `${id}.jsonl`),
      sessionLines(id, start, [
        { role: 'user', text: HEARTBEAT_PROMPT },
        { role: 'assistant', text: i === 3 ? '提醒：今天是周三，记得晚上 20:00 前交周报给 Priya。' : 'HEARTBEAT_OK' },
      ]),
    );
    store[`agent:main:heartbeat:${id}`] = { sessionId: id, updatedAt: start.getTime() };
  }
  {
    const id = uuid(300);
    const start = new Date(day + 5 * 3_600_000);
    fs.writeFileSync(
      path.join(sessions, `${id}.jsonl`),
      sessionLines(id, start, [
        {
          role: 'user',
          text: '[Subagent Context] You are a sub-agent. Summarise the 川讯 DNS incident notes into three bullet points.',
        },
        { role: 'assistant', text: '- IPv6 下 AAAA 记录超时\n- 临时关闭 IPv6 解析\n- 等川讯升级固件' },
      ]),
    );
    store[`agent:main:subagent:${id}`] = { sessionId: id, updatedAt: start.getTime() };
  }
  {
    const id = uuid(400);
    const start = new Date(day + 2 * 3_600_000);
    const envelope = `System: [2026-11-05 10:00:12 GMT+8] Feishu[default] DM | ${FEISHU_SENDER}: ${FEISHU_FIRST_WORDS} [message_id: om_x100b4c2a9f]`;
    fs.writeFileSync(
      path.join(sessions, `${id}.jsonl`),
      sessionLines(id, start, [
        { role: 'user', text: envelope },
        { role: 'assistant', text: '好的，我会回复她是 **sunny**。\n\n```text\n回复：她是sunny\n```' },
        {
          role: 'user',
          text: `System: [2026-11-05 10:05:40 GMT+8] Feishu[default] DM | ${FEISHU_SENDER}: 轻笔记项目定稿了吗？ [message_id: om_x100b4c2b01]`,
        },
        {
          role: 'assistant',
          text: 'Let me check the work log.',
          tool: {
            name: 'memory_search',
            args: { query: '轻笔记项目定稿' },
            result: '{"results":[{"path":"memory/2026-11-05-work-log.md","startLine":6,"endLine":6}]}',
          },
        },
        { role: 'assistant', text: '定稿了：封面用**蓝色方案**，目录改为三级。' },
      ]),
    );
    store[`agent:main:feishu:direct:ou_e40c5df02fc1a9b8c7d6e5f4a3b2c1d0`] = {
      sessionId: id,
      updatedAt: start.getTime(),
    };
  }
  for (let i = 0; i < DELETED_CRON_RUNS; i++) {
    const id = uuid(500 + i);
    const start = new Date(day - (i + 1) * 86_400_000);
    const body = `[cron:${CRON_JOB.id} ${CRON_JOB.name}] ${CRON_PROMPT}\nCurrent time: ${start.toISOString()}`;
    fs.writeFileSync(
      path.join(sessions, `${id}.jsonl.deleted.${start.toISOString().replace(/:/g, '-')}`),
      sessionLines(id, start, [
        { role: 'user', text: body },
        { role: 'assistant', text: 'No new replies from Wise support about the February 5th transfer.' },
      ]),
    );
  }
  {
    // The main session, reset: every turn in it was the heartbeat's (an interactive key, so the messages decide).
    const id = uuid(600);
    const start = new Date(day - 2 * 86_400_000);
    fs.writeFileSync(
      path.join(sessions, `${id}.jsonl.reset.${start.toISOString().replace(/:/g, '-')}`),
      sessionLines(id, start, [
        { role: 'user', text: HEARTBEAT_PROMPT },
        { role: 'assistant', text: 'HEARTBEAT_OK' },
        { role: 'user', text: HEARTBEAT_PROMPT },
        { role: 'assistant', text: '提醒：Wise 转账还没到账，明天再查。' },
      ]),
    );
  }
  {
    const { id, words } = MOJIBAKE_SESSION;
    const start = new Date(`${MOJIBAKE_SESSION.day}T09:00:00Z`);
    // 40 lines of pasted mojibake: about a third of the characters are U+FFFD.
    const garbled = Array.from({ length: 40 }, (_, i) => `行${i} \uFFFD\uFFFD\uFFFD 报价单 \uFFFD\uFFFD`).join('\n');
    fs.writeFileSync(
      path.join(sessions, `${id}.jsonl`),
      sessionLines(id, start, [
        { role: 'user', text: `这是对方发来的 ${words} 原文，乱码了：\n${garbled}` },
        { role: 'assistant', text: `${words}: the amount is 4,200 EUR, due 30 April; the rest is unreadable.` },
      ]),
    );
  }
  {
    const { id, words } = UNDATED_SESSION;
    const records = [
      { type: 'session', version: 3, id, cwd: '~/.openclaw/workspace' },
      {
        type: 'message',
        id: 'u1',
        parentId: null,
        message: { role: 'user', content: `What is left in the ${words}?` },
      },
      {
        type: 'message',
        id: 'a1',
        parentId: 'u1',
        message: { role: 'assistant', content: [{ type: 'text', text: `The ${words} has two items left.` }] },
      },
    ];
    fs.writeFileSync(path.join(sessions, `${id}.jsonl`), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  }
  const copied = `# 2026-04-17\n\n- ${COPIED_NOTE.words} moved to Friday; 赵婷 runs the checklist.\n- Priya signs off the rollback plan before noon.\n`;
  for (const rel of COPIED_NOTE.paths) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), copied);
  }
  fs.writeFileSync(path.join(sessions, 'sessions.json'), JSON.stringify(store, null, 2));
  return dir;
}
