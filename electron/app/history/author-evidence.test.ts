// The evidence behind "who made this change": the agent's tool calls read from transcript records,
// dreaming's DREAMS.md, and git commits read with the real git binary from a real repository.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Author } from '../../../shared/history-schemas.js';
import { englishText, localText, translator } from '../../../shared/i18n.js';
import { englishLeft } from '../../../shared/test-support/english-left.js';
import { agentWritesIn, dreamingRunsIn, type TranscriptRecord } from './agent-writes.js';
import { jsonlRecords, workspacePathResolver } from './agent-write-index.js';
import { diaryTimes, dreamingEvidence } from './dreaming-evidence.js';
import { GitEvidence, gitBlobId } from './git-evidence.js';
import { FIXTURE_DIR, openHistoryWorkspace, type HistoryWorkspace } from './test-support/history-workspace.js';

let fx: HistoryWorkspace | null = null;

/** An author's label and how in the Chinese interface. */
function authorWords(author: Author): { label: string; how: string } {
  const zh = translator('zh-CN');
  return {
    label: localText(zh, { message: author.label, messageId: author.messageId, params: author.params }),
    how: localText(zh, { message: author.how, messageId: author.howId, params: author.howParams }),
  };
}
/** Dreaming's evidence in English (as the API carries it) or in Chinese; null when there is none. */
function evidenceText(found: ReturnType<typeof dreamingEvidence>, locale: 'en' | 'zh-CN' = 'en'): string | null {
  if (!found) return null;
  const ref = { messageId: `history:author.${found.key}`, ...(found.params ? { params: found.params } : {}) };
  return locale === 'en' ? englishText(ref) : translator(locale)(ref.messageId, ref.params);
}
afterEach(async () => {
  await fx?.cleanup();
  fx = null;
});

const record = (line: number, json: Record<string, unknown>): TranscriptRecord => ({
  session: 'sessions/s.jsonl',
  line,
  time: 1_000 + line,
  json,
});
const assistantCall = (name: string, args: Record<string, unknown>) => ({
  type: 'message',
  message: { role: 'assistant', content: [{ type: 'toolCall', id: 't', name, arguments: args }] },
});

describe('agent writes in transcript records', () => {
  it('finds write and edit calls, resolves their paths, and keeps the user turn before each', () => {
    const ws = '/home/me/.openclaw/workspace';
    const text = fs
      .readFileSync(path.join(FIXTURE_DIR, 'agent-writes-memory.jsonl'), 'utf8')
      .replaceAll('{{WORKSPACE}}', ws);
    const writes = agentWritesIn(jsonlRecords('sessions/5e0c9a41.jsonl', text), workspacePathResolver([ws]));
    expect(writes.map((w) => [w.tool, w.path, w.line, w.userLine])).toEqual([
      ['write', 'MEMORY.md', 4, 3],
      ['edit', 'memory/trips.md', 8, 7],
    ]);
    expect(writes[0]!.time).toBe(Date.parse('2026-03-30T09:52:09.903Z'));
    expect(writes[1]!.edits).toEqual([{ oldText: '- Ryokan: TBD', newText: '- Ryokan: Fukuzumiro' }]);
  });

  it('counts an exec command that writes to a memory file, not one that only reads it; paths outside the workspace are not memory', () => {
    const resolve = workspacePathResolver(['/ws']);
    const writes = agentWritesIn(
      [
        record(1, { type: 'message', message: { role: 'user', content: 'note it' } }),
        record(2, assistantCall('exec', { command: 'echo "- call mum" >> memory/2026-03-30.md' })),
        record(3, assistantCall('exec', { command: 'cat memory/2026-03-30.md' })),
        record(4, assistantCall('write', { path: '/elsewhere/MEMORY.md', content: 'x' })),
        record(5, assistantCall('edit', { file_path: '/ws/USER.md', oldText: 'a', newText: 'b' })),
      ],
      resolve,
    );
    expect(writes.map((w) => [w.tool, w.path, w.line, w.userText])).toEqual([
      ['exec', 'memory/2026-03-30.md', 2, 'note it'],
      ['edit', 'USER.md', 5, 'note it'],
    ]);
  });
});

describe('dreaming evidence', () => {
  it("reads the Dream Diary's dated entries and recognises a change near one, or inside a managed block", () => {
    const diary =
      '# Dream Diary\n\n<!-- openclaw:dreaming:diary:start -->\n---\n\n*March 31, 2026 at 3:04 AM UTC*\n\nI sorted the week.\n\n<!-- openclaw:dreaming:diary:end -->\n';
    const [at] = diaryTimes(diary);
    expect(at).toBe(Date.parse('2026-03-31T03:04:00Z'));
    const nearDiary = dreamingEvidence(
      { mtimeMs: at! + 5 * 60_000, time: at! + 6 * 60_000, addedLines: ['- something'] },
      { mtimeMs: 0, diaryTimes: [at!] },
    );
    expect(evidenceText(nearDiary)).toMatch(/^a Dream Diary entry in DREAMS\.md is dated/);
    expect(evidenceText(nearDiary, 'zh-CN')).toMatch(/^DREAMS\.md 中有一条梦境日记，时间为 \d\d:\d\d$/);
    expect(
      dreamingEvidence(
        { mtimeMs: at! + 5 * 3_600_000, time: at! + 5 * 3_600_000, addedLines: ['- something'] },
        { mtimeMs: 0, diaryTimes: [at!] },
      ),
    ).toBeNull();
    const inBlock = dreamingEvidence(
      { mtimeMs: 0, time: 0, addedLines: ['<!-- openclaw:dreaming:light:start -->'] },
      null,
    );
    expect(evidenceText(inBlock)).toBe("the change is inside one of dreaming's managed blocks");
    expect(evidenceText(inBlock, 'zh-CN')).toBe('这次更改位于梦境管理的区块之内');
  });

  it("finds memory-core's dreaming job in a cron transcript and credits a change made during its sweep", () => {
    const runs = dreamingRunsIn([
      record(1, {
        type: 'message',
        timestamp: '2026-03-31T03:00:00.000Z',
        message: {
          role: 'user',
          content: '[cron:Memory Dreaming Promotion] __openclaw_memory_core_short_term_promotion_dream__',
        },
      }),
      record(2, {
        type: 'message',
        timestamp: '2026-03-31T03:00:02.000Z',
        message: { role: 'user', content: 'hello' },
      }),
    ]);
    expect(runs).toEqual([{ session: 'sessions/s.jsonl', line: 1, time: 1_001 }]);
    const at = Date.parse('2026-03-31T03:04:00Z');
    const job = [{ session: 'sessions/cron.jsonl', line: 1, time: Date.parse('2026-03-31T03:00:00Z') }];
    const during = dreamingEvidence({ mtimeMs: at, time: at, addedLines: [] }, null, job);
    expect(evidenceText(during)).toMatch(
      /^memory-core's dreaming job ran at \d\d:\d\d \(sessions\/cron\.jsonl, line 1\)$/,
    );
    expect(evidenceText(during, 'zh-CN')).toMatch(
      /^memory-core 的梦境任务在 \d\d:\d\d 运行过（sessions\/cron\.jsonl，第 1 行）$/,
    );
    expect(dreamingEvidence({ mtimeMs: at + 3_600_000, time: at + 3_600_000, addedLines: [] }, null, job)).toBeNull();
  });

  it(
    'a MEMORY.md change made in the same sweep as DREAMS.md is credited to dreaming',
    { timeout: 30_000 },
    async () => {
      fx = await openHistoryWorkspace({ 'MEMORY.md': '# Memory\n' });
      const w = fx;
      w.write(
        'DREAMS.md',
        '# Dream Diary\n\n## Deep Sleep\n<!-- openclaw:dreaming:deep:start -->\n- promoted 1\n<!-- openclaw:dreaming:deep:end -->\n',
      );
      w.clock.now = Date.now();
      w.write('MEMORY.md', '# Memory\n\n- Promoted: prefers window seats <!-- importance: 6 -->\n');
      await vi.waitFor(
        async () =>
          expect((await w.call('historyList', { path: 'MEMORY.md' })).versions[0]!.author.kind).toBe('dreaming'),
        { timeout: 20_000 },
      );
      const top = (await w.call('historyList', { path: 'MEMORY.md' })).versions[0]!;
      expect(top.author).toMatchObject({
        label: 'dreaming',
        how: expect.stringMatching(/^DREAMS\.md was written in the same sweep/),
      });
      expect(authorWords(top.author).label).toBe('梦境');
      expect(authorWords(top.author).how).toMatch(/^DREAMS\.md 是在同一轮整理中写入的（\d\d:\d\d）$/);
      expect(englishLeft(authorWords(top.author).how)).toEqual([]);
    },
  );
});

describe('git evidence (the git binary, read-only)', () => {
  it('names the commit whose bytes a version has, and its author', { timeout: 30_000 }, async () => {
    fx = await openHistoryWorkspace({ 'MEMORY.md': '# Memory\n' }, { watch: true });
    const w = fx;
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', w.workspace, ...args], {
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'Ada Lovelace',
          GIT_AUTHOR_EMAIL: 'ada@example.org',
          GIT_COMMITTER_NAME: 'Ada Lovelace',
          GIT_COMMITTER_EMAIL: 'ada@example.org',
        },
      }).toString();
    git('init', '-q');
    const pulled = '# Memory\n\n- From the laptop: the NAS is at 10.0.0.5\n';
    fs.writeFileSync(path.join(w.root, 'pulled.md'), pulled);
    w.write('MEMORY.md', pulled);
    git('add', 'MEMORY.md');
    git('commit', '-q', '-m', 'sync from laptop');
    const sha = git('rev-parse', 'HEAD').trim();
    expect(gitBlobId(Buffer.from(pulled))).toBe(git('rev-parse', 'HEAD:MEMORY.md').trim());
    expect(await new GitEvidence(w.workspace).commitOf('MEMORY.md', Buffer.from(pulled))).toMatchObject({
      sha,
      author: 'Ada Lovelace',
    });
    expect(await new GitEvidence(os.tmpdir()).commitOf('MEMORY.md', Buffer.from(pulled))).toBeNull();
    await vi.waitFor(
      async () => expect((await w.call('historyList', { path: 'MEMORY.md' })).versions[0]!.author.kind).toBe('git'),
      { timeout: 20_000 },
    );
    const top = (await w.call('historyList', { path: 'MEMORY.md' })).versions[0]!;
    expect(top.author.label).toBe(`a git commit ${sha.slice(0, 7)} by Ada Lovelace`);
    // The same author and evidence, as the Chinese interface words them.
    expect(authorWords(top.author)).toEqual({
      label: `Ada Lovelace 的 git 提交 ${sha.slice(0, 7)}`,
      how: expect.stringMatching(
        new RegExp(
          `^git log 显示提交 ${sha.slice(0, 7)}（UTC \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d）的内容与这些字节完全一致$`,
        ),
      ),
    });
  });
});

describe("the agent's writes in OpenClaw's agent database", () => {
  it(
    'a write call recorded as transcript_events (not a JSONL file) names the agent and its session',
    { timeout: 60_000 },
    async () => {
      const { copyOpenclawFixture } = await import('../../memory/agent-db/test-support/openclaw-fixture.js');
      const { createAppService } = await import('../app-service.js');
      const Database = (await import('better-sqlite3')).default;
      const copy = copyOpenclawFixture();
      const service = await createAppService({
        dataDir: copy.dataDir,
        overrides: { embedder: null, openclawHome: copy.home },
        log: () => undefined,
      });
      try {
        await service.open(copy.workspace, { isSample: false });
        await service.session.whenSynced();
        await service.history.whenIdle();
        const memory = path.join(copy.workspace, 'MEMORY.md');
        const next = `${fs.readFileSync(memory, 'utf8')}\n- Written by the agent through its database-kept session.\n`;
        // What the gateway appends for a turn: the user's message, then the assistant's write call.
        const sessionId = '7c1d2e4a-0b9f-4c55-9a1e-2f1d3c4b5a69';
        const gateway = new Database(copy.dbPath('main'));
        const add = gateway.prepare(
          'INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_utf8_bytes) VALUES (?, (SELECT max(seq) + 1 FROM transcript_events WHERE session_id = ?), ?, ?, ?)',
        );
        const now = Date.now();
        for (const event of [
          {
            type: 'message',
            id: 'db-u',
            parentId: null,
            timestamp: new Date(now - 2000).toISOString(),
            message: { role: 'user', content: 'Remember that in MEMORY.md, please.', timestamp: now - 2000 },
          },
          {
            type: 'message',
            id: 'db-a',
            parentId: 'db-u',
            timestamp: new Date(now - 1000).toISOString(),
            message: {
              role: 'assistant',
              content: [{ type: 'toolCall', id: 'tw', name: 'write', arguments: { path: memory, content: next } }],
              timestamp: now - 1000,
            },
          },
        ]) {
          const json = JSON.stringify(event);
          add.run(sessionId, sessionId, json, event.message.timestamp, Buffer.byteLength(json));
        }
        gateway.close();
        fs.writeFileSync(`${memory}.tmp-swap`, next);
        fs.renameSync(`${memory}.tmp-swap`, memory);
        await service.session.current().sync();
        await service.history.whenIdle();
        await vi.waitFor(
          async () => {
            const outcome = await service.dispatcher.handle('historyList', { path: 'MEMORY.md' });
            const top = outcome.ok
              ? (
                  outcome.result as {
                    versions: {
                      author: { kind: string; how: string; agent?: { session: string; userText: string | null } };
                    }[];
                  }
                ).versions[0]
              : undefined;
            expect(top?.author).toMatchObject({
              kind: 'agent',
              how: expect.stringContaining('wrote exactly these bytes'),
              agent: {
                session: expect.stringMatching(/^sessions\/main\//),
                userText: 'Remember that in MEMORY.md, please.',
              },
            });
          },
          { timeout: 30_000 },
        );
      } finally {
        await service.close();
        copy.remove();
      }
    },
  );
});
