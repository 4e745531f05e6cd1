// A transcript as OpenClaw's session-memory hook would save it: the seeds' format, the last N
// user/assistant messages without slash commands, tool output, NO_REPLY or envelopes, a slug from
// the conversation's words, and a name that never replaces an existing file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import { parseSessionJsonl } from '../../memory/parse/session-jsonl.js';
import { openEngine } from '../open-engine.js';
import { saveSessionFile, saveWorkspaceSession } from './save-session-memory.js';
import { salientSlug } from './salient-slug.js';
import { buildSessionMemory, cleanMessageText, detectChannel } from './session-memory.js';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'session-for-memory.jsonl');
const SESSION_ID = '3f2c9a1e-5b7d-4c2e-9f00-1a2b3c4d5e6f';

const EXPECTED = `# Session: 2026-06-12 09:05:09 Asia/Shanghai

- **Session Key**: unknown
- **Session ID**: ${SESSION_ID}
- **Source**: feishu

## Conversation Summary

assistant: "Status: all good."
user: "Remember that the staging DB moved to db2.internal"
assistant: "Noted — the staging DB is now db2.internal."
user: "Also: \\"quotes\\" and a newline\\nsecond line about the staging DB"
assistant: "Done."
`;

let tmp: string;
let workspace: string;
let transcript: string;
let engine: MemoryEngineApi;

beforeEach(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-session-memory-'));
  workspace = path.join(tmp, 'workspace');
  fs.mkdirSync(path.join(workspace, 'sessions'), { recursive: true });
  fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n');
  transcript = path.join(tmp, 'agents', 'main', 'sessions', `${SESSION_ID}.jsonl`);
  fs.mkdirSync(path.dirname(transcript), { recursive: true });
  fs.copyFileSync(FIXTURE, transcript);
  engine = await openEngine({ workspaceDir: workspace, dataDir: path.join(tmp, 'data'), embedder: null });
  await engine.sync();
});

afterEach(async () => {
  await engine.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('save a session as memory', () => {
  it("writes memory/<date>-<slug>.md in the seeds' format from a transcript on disk, searchable at once", async () => {
    const saved = await saveSessionFile(engine, transcript, { timeZone: 'Asia/Shanghai' });
    expect(saved).toEqual({
      path: 'memory/2026-06-12-staging-db2-internal.md',
      sessionId: SESSION_ID,
      messages: 5,
      slug: 'staging-db2-internal',
    });
    expect(fs.readFileSync(path.join(workspace, saved.path), 'utf8')).toBe(EXPECTED);
    const found = await engine.search({ query: 'db2.internal quotes', minScore: 0 });
    expect(found.results.map((r) => r.path)).toContain(saved.path);
  });

  it('never overwrites: a taken name gets -2, -3, and the existing file keeps its bytes', async () => {
    fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
    const mine = path.join(workspace, 'memory', '2026-06-12-staging-db2-internal.md');
    fs.writeFileSync(mine, '# my own notes under that name\n');
    const second = await saveSessionFile(engine, transcript, { timeZone: 'Asia/Shanghai' });
    const third = await saveSessionFile(engine, transcript, { timeZone: 'Asia/Shanghai' });
    expect([second.path, third.path]).toEqual([
      'memory/2026-06-12-staging-db2-internal-2.md',
      'memory/2026-06-12-staging-db2-internal-3.md',
    ]);
    expect(fs.readFileSync(mine, 'utf8')).toBe('# my own notes under that name\n');
    expect(fs.readFileSync(path.join(workspace, third.path), 'utf8')).toBe(EXPECTED);
    // Atomic: no temp files left beside them.
    expect(fs.readdirSync(path.join(workspace, 'memory')).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('keeps the last N messages, takes the session key from sessions.json beside the transcript', async () => {
    fs.writeFileSync(
      path.join(path.dirname(transcript), 'sessions.json'),
      JSON.stringify({ 'agent:main:main': { sessionId: SESSION_ID, updatedAt: 1 } }),
    );
    const saved = await saveSessionFile(engine, transcript, { timeZone: 'UTC', count: 2 });
    const text = fs.readFileSync(path.join(workspace, saved.path), 'utf8');
    expect(text).toContain('# Session: 2026-06-12 01:05:09 UTC\n');
    expect(text).toContain('- **Session Key**: agent:main:main\n');
    expect(text.split('## Conversation Summary\n\n')[1]).toBe(
      'user: "Also: \\"quotes\\" and a newline\\nsecond line about the staging DB"\nassistant: "Done."\n',
    );
  });

  it('saves a transcript the workspace holds (the transcript view button) and refuses other files', async () => {
    fs.copyFileSync(FIXTURE, path.join(workspace, 'sessions', `${SESSION_ID}.jsonl`));
    await engine.sync();
    const saved = await saveWorkspaceSession(engine, `sessions/${SESSION_ID}.jsonl`, { timeZone: 'Asia/Shanghai' });
    expect(fs.readFileSync(path.join(workspace, saved.path), 'utf8')).toBe(EXPECTED);
    await expect(saveWorkspaceSession(engine, 'MEMORY.md')).rejects.toMatchObject({ code: 'NOT_ALLOWED' });
    await expect(saveWorkspaceSession(engine, '../outside.jsonl')).rejects.toMatchObject({ code: 'OUT_OF_ROOT' });
    await expect(saveSessionFile(engine, path.join(tmp, 'missing.jsonl'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a session with nothing but slash commands and tool output', () => {
    const parsed = parseSessionJsonl(
      [
        JSON.stringify({
          type: 'message',
          timestamp: '2026-06-12T01:00:00Z',
          message: { role: 'user', content: '/new' },
        }),
        JSON.stringify({
          type: 'message',
          timestamp: '2026-06-12T01:00:01Z',
          message: { role: 'toolResult', content: 'ok' },
        }),
      ].join('\n'),
    );
    expect(() => buildSessionMemory({ messages: parsed.messages, sessionId: 's', fallbackTime: new Date() })).toThrow(
      /no user or assistant messages/,
    );
  });
});

describe('message clean-up and the slug', () => {
  it('strips gateway envelopes and NO_REPLY, and names the channel', () => {
    expect(cleanMessageText('System: [2026-06-12 09:05:09 GMT+8] Feishu[default] DM | 早，帮我查一下')).toBe(
      '早，帮我查一下',
    );
    expect(cleanMessageText('System: [2026-10-01 08:00:00 GMT+8] Telegram DM | 国庆去东京')).toBe('国庆去东京');
    expect(
      cleanMessageText('[Telegram Team Chat id:oc_g1 Fri 2026-06-12T01:05:09Z] Bob: deploy done? [message_id: om_42]'),
    ).toBe('Bob: deploy done?');
    expect(cleanMessageText('All set. NO_REPLY')).toBe('All set.');
    expect(cleanMessageText('NO_REPLY')).toBe('');
    expect(detectChannel([{ role: 'user', text: 'System: [t] Feishu[default] DM | hi' }])).toBe('feishu');
    expect(detectChannel([{ role: 'user', text: '[Google Chat Team id:x 2026-06-12 09:05] hi' }])).toBe('google-chat');
    expect(detectChannel([{ role: 'user', text: 'plain' }])).toBeNull();
  });

  it('names a conversation by the words it keeps coming back to, names and codes first', () => {
    expect(
      salientSlug([
        { role: 'user', text: 'First 1:1 with Priya today. Give me a prep list for the HG-2 status.' },
        { role: 'assistant', text: 'Prep for Priya: HG-2 status, risks, asks.' },
        { role: 'user', text: 'She wants a one-page status every Wednesday.' },
      ]),
    ).toBe('priya-hg-2-status');
    expect(
      salientSlug([
        { role: 'user', text: '今天下午和恒泰电子签合同' },
        { role: 'assistant', text: '恒泰的合同要点如下' },
      ]),
    ).toBe('恒泰-电子-合同');
    expect(salientSlug([{ role: 'user', text: 'ok thanks' }])).toBeNull();
  });

  it('falls back to the time (HHMM) when no word stands out', () => {
    const memory = buildSessionMemory({
      messages: [{ role: 'user', text: 'ok, thanks!', timestamp: '2026-06-12T01:05:09Z' }],
      sessionId: 's1',
      timeZone: 'Asia/Shanghai',
      fallbackTime: new Date(0),
    });
    expect(memory.path).toBe('memory/2026-06-12-0905.md');
  });
});

describe('save a heartbeat session', () => {
  const HEARTBEAT =
    'Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. Do not infer or repeat old tasks from prior chats. If nothing needs attention, reply HEARTBEAT_OK.';
  const record = (i: number, role: string, text: string) =>
    JSON.stringify({
      type: 'message',
      id: `h${i}`,
      timestamp: `2026-11-05T0${i % 10}:00:00.000Z`,
      message: { role, content: [{ type: 'text', text }] },
    });

  it('leaves out the heartbeat prompts and HEARTBEAT_OK, and names the run instead of Source "unknown"', async () => {
    const lines = [JSON.stringify({ type: 'session', version: 3, id: 'hb' })];
    for (let i = 0; i < 7; i++)
      lines.push(
        record(i, 'user', HEARTBEAT),
        record(i, 'assistant', i === 5 ? '提醒：今天是周三，记得交周报。' : 'HEARTBEAT_OK'),
      );
    const file = path.join(tmp, 'agents', 'main', 'sessions', 'hb-session.jsonl');
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    const saved = await saveSessionFile(engine, file, { timeZone: 'Asia/Shanghai' });
    const text = fs.readFileSync(path.join(workspace, saved.path), 'utf8');
    expect(saved.messages).toBe(1);
    expect(text).toContain('- **Source**: heartbeat');
    expect(text).toContain('assistant: "提醒：今天是周三，记得交周报。"');
    expect(text).not.toContain('HEARTBEAT');
  });

  it('refuses, with a typed error and no file, a heartbeat session with nothing but heartbeat turns', async () => {
    const file = path.join(tmp, 'agents', 'main', 'sessions', 'hb-empty.jsonl');
    fs.writeFileSync(file, `${[record(1, 'user', HEARTBEAT), record(1, 'assistant', 'HEARTBEAT_OK')].join('\n')}\n`);
    await expect(saveSessionFile(engine, file)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('only heartbeat prompts'),
    });
    expect(fs.readdirSync(path.join(workspace)).filter((f) => f === 'memory')).toEqual([]);
  });
});
