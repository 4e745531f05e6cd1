// Secrets never enter the index: the real engine indexes the committed secrets fixture into a
// real SQLite file, and neither its tables nor its bytes hold a raw value, while the words around
// a value still find its line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryEngine } from './engine.js';
import { PLANTED_SECRETS } from '../../shared/test-support/secrets-fixture.js';

const FIXTURE = path.resolve(import.meta.dirname, '../../shared/fixtures/secrets-workspace');

/** Every raw value in the fixture (fake), and the random part a search could try. */
const RAW = PLANTED_SECRETS;
/** Values shaped like keys that must stay readable and searchable. */
const READABLE = [
  '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  '9fceb02d0ae598e95dc970b74767f19372d61af8',
  '中华人民共和国国家发展和改革委员会关于进一步深化电力体制改革的若干意见',
];

const engines: MemoryEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
});

async function openFixture(extra: Record<string, string> = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-secrets-'));
  const workspace = path.join(root, 'workspace');
  fs.cpSync(FIXTURE, workspace, { recursive: true });
  for (const [rel, text] of Object.entries(extra)) {
    fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(workspace, rel), text);
  }
  const dbPath = path.join(root, 'data', 'index.sqlite');
  const engine = await MemoryEngine.open({
    workspaceDir: workspace,
    dataDir: path.join(root, 'data'),
    dbPath,
    openclawHome: path.join(root, 'openclaw'),
  });
  engines.push(engine);
  await engine.sync();
  return { engine, workspace, dbPath };
}

/** Everything the index keeps as text: chunk rows, their FTS text, and the file's raw bytes (WAL included). */
function indexContents(dbPath: string): { rows: string; bytes: string } {
  const db = new Database(dbPath, { readonly: true });
  try {
    const chunks = db.prepare('SELECT text, secrets FROM chunks').all() as { text: string; secrets: string | null }[];
    const fts = db.prepare('SELECT text_seg FROM chunks_fts').pluck().all() as string[];
    const rows = [...chunks.flatMap((c) => [c.text, c.secrets ?? '']), ...fts].join('\n');
    const bytes = [dbPath, `${dbPath}-wal`]
      .filter((p) => fs.existsSync(p))
      .map((p) => fs.readFileSync(p).toString('latin1'))
      .join('');
    return { rows, bytes };
  } finally {
    db.close();
  }
}

const latin1 = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');

describe('secrets in the index', () => {
  it('keeps no raw value in any table or byte of the index file, and finds the line by its words', async () => {
    const session = [
      JSON.stringify({ type: 'session', id: 's1', timestamp: '2026-12-01T09:00:00Z' }),
      JSON.stringify({
        type: 'message',
        timestamp: '2026-12-01T09:00:01Z',
        message: {
          role: 'user',
          content: 'Use the Tavily key tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS and the password: hunter2',
        },
      }),
    ].join('\n');
    const { engine, dbPath } = await openFixture({ 'sessions/chat.jsonl': session });
    await engine.close();
    engines.length = 0;
    const { rows, bytes } = indexContents(dbPath);
    for (const value of RAW) {
      expect(rows, value).not.toContain(value);
      expect(rows.toLowerCase(), value).not.toContain(value.toLowerCase());
      expect(bytes, value).not.toContain(latin1(value));
    }
    expect(rows).toContain('tvly-…3HCS');
    expect(rows).toContain('password •••••• (7)');
    for (const value of READABLE) expect(rows).toContain(value);
  });

  it('finds a secret by its surrounding words, never by the value', async () => {
    const { engine } = await openFixture();
    const tavily = await engine.search({ query: 'Tavily key', minScore: 0, sources: ['memory'] });
    expect(tavily.results.map((r) => r.snippet).join('\n')).toContain(
      'Roger provided API key tvly-…3HCS for Tavily search.',
    );
    const dashboard = await engine.search({ query: 'dashboard 密码', minScore: 0, sources: ['memory'] });
    expect(dashboard.results.map((r) => r.snippet).join('\n')).toContain('dashboard 密码：password •••••• (6)');
    for (const body of ['9fK2mQ7xLp4Rt8Zw3HCS', 'Qw8Er4Ty6Ui2Op0As5Df7Gh', 'hunter2', 'Ab12Cd34Ef56Gh78Ij90']) {
      const response = await engine.search({ query: body, minScore: 0 });
      expect(response.results, body).toEqual([]);
    }
    // The false-positive set stays a keyword.
    const commit = await engine.search({ query: '9fceb02d0ae598e95dc970b74767f19372d61af8', minScore: 0 });
    expect(commit.results[0]?.snippet).toContain('9fceb02d0ae598e95dc970b74767f19372d61af8');
  });

  it('masks a key that a long line puts across a chunk boundary', async () => {
    // One line longer than a chunk (400 tokens = 1,600 characters) and no whitespace to cut at:
    // unmasked, the cut at 1,600 would fall inside the key.
    const key = 'tvly-prod-Zq8Wx7Ec6Rv5Tb4Yn3Um';
    const line = `${'ab,'.repeat(530)}${key},tail`;
    const { engine, dbPath } = await openFixture({ 'memory/long.md': `${line}\n` });
    const chunks = await engine.chunksOf('memory/long.md');
    expect(chunks.length).toBeGreaterThan(1);
    await engine.close();
    engines.length = 0;
    const { rows, bytes } = indexContents(dbPath);
    for (const part of [key, key.slice(0, 12), key.slice(12)]) {
      expect(rows).not.toContain(part);
      expect(bytes).not.toContain(part);
    }
  });

  it('records each chunk’s secrets (kind, line, label) and updates them on save', async () => {
    const { engine, dbPath } = await openFixture();
    const secretsOf = (): { kind: string; line: number; label: string }[] => {
      const db = new Database(dbPath, { readonly: true });
      try {
        const rows = db.prepare("SELECT secrets FROM chunks WHERE path = 'MEMORY.md'").pluck().all() as (
          string | null
        )[];
        return rows.flatMap((r) => (r ? (JSON.parse(r) as { kind: string; line: number; label: string }[]) : []));
      } finally {
        db.close();
      }
    };
    const before = secretsOf();
    expect(before).toContainEqual(expect.objectContaining({ kind: 'tavily', line: 3, label: 'tvly-…3HCS' }));
    expect(before).toContainEqual(
      expect.objectContaining({ kind: 'password', line: 13, label: 'password •••••• (6)' }),
    );
    expect(new Set(before.map((s) => s.kind))).toEqual(
      new Set(['tavily', 'voyage', 'openai', 'anthropic', 'github', 'aws', 'slack', 'google', 'password', 'token']),
    );

    const file = await engine.readFile('MEMORY.md');
    const text = file.text.replace('tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS', '<in password manager>');
    await engine.saveFile('MEMORY.md', text, file.hash);
    const after = secretsOf();
    expect(after.some((s) => s.kind === 'tavily')).toBe(false);
    expect(after.length).toBe(before.length - 1);
  });
});
