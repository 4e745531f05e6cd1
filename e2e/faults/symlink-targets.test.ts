// Symlinks that stay inside the workspace but lead to something that is not memory (`.env`,
// `.git/config`, a root file through `memory/loop -> ..`), and hidden files, through every call of
// the real `memlens serve` that takes a path, the CLI's `get` and MCP's memory_get. The rule is
// one: the real target must pass every check the path asked for does. Before, search returned the
// `.env` line, readFile served `.git/config`, saveFile wrote into it, renameFile moved `.env` into
// memory/ and deleteFile trashed a root file through the loop.
import fs from 'node:fs';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../electron/memory/text/hash.js';
import { connectMcp, eventually, runMemlens, serveForFile, untilIndexed } from './support/fault-kit.js';

const ENV = 'API_TOKEN=zebraenvsecret\n';
const GIT_CONFIG = '[core]\n\trepositoryformatversion = 0\n\t# gitconfigmarker\n';
const ROOT_NOTES = '# Root notes\n\nrootnotesmarker, not a memory file.\n';
const SECRETS = ['zebraenvsecret', 'gitconfigmarker', 'rootnotesmarker', 'hiddenmarker', 'secretdirmarker'];

const FILES: Record<string, string> = {
  'MEMORY.md': '# Memory\n\nThe lighthouse keeper likes tea.\n',
  'memory/notes.md': '# Notes\n\nA note about the harbour.\n',
  'memory/.hidden.md': '# Hidden\n\nhiddenmarker\n',
  'memory/.secretdir/x.md': '# Secret dir\n\nsecretdirmarker\n',
  '.env': ENV,
  '.git/config': GIT_CONFIG,
  'notes.md': ROOT_NOTES,
};
const SYMLINKS: Record<string, string> = {
  'memory/gitlink.md': '../.git/config',
  'memory/envlink.md': '../.env',
  'memory/loop': '..',
};

/** Puts the fixture back as it was (a call that got through must not hide what the next one does). */
function restore(): void {
  for (const name of ['moved.md', 'created.md', 'moved-here.md']) {
    fs.rmSync(path.join(fx.dir.workspace, name), { force: true });
    fs.rmSync(path.join(fx.dir.workspace, 'memory', name), { force: true });
  }
  for (const [rel, text] of Object.entries(FILES)) fx.dir.write(rel, text);
  for (const [rel, target] of Object.entries(SYMLINKS)) {
    const abs = path.join(fx.dir.workspace, rel);
    if (fs.lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink() && fs.readlinkSync(abs) === target) continue;
    fs.rmSync(abs, { force: true });
    fs.symlinkSync(target, abs);
  }
}

const fx = serveForFile('link-targets', FILES, {
  prepare: () => restore(),
  ready: (serve) => untilIndexed(serve, 0, { watching: true, timeoutMs: 30_000 }),
});

/** Every file under the workspace with its bytes' hash (links as links), to prove nothing moved. */
function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (abs: string, rel: string) => {
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${entry.name}` : entry.name;
      const full = path.join(abs, entry.name);
      if (entry.isSymbolicLink()) out[r] = `-> ${fs.readlinkSync(full)}`;
      else if (entry.isDirectory()) walk(full, r);
      else out[r] = sha256(fs.readFileSync(full));
    }
  };
  walk(fx.dir.workspace, '');
  return out;
}

const LINKS = {
  'memory/gitlink.md': GIT_CONFIG,
  'memory/envlink.md': ENV,
  'memory/loop/notes.md': ROOT_NOTES,
} as const;

/** A new name inside the folder `p` is in, when that folder is reached through a link (memory/loop). */
const besideThroughLink = (p: string, name: string): string | null =>
  p.startsWith('memory/loop/') ? `memory/loop/${name}` : null;

/** Each call of the contract that takes a path, aimed at `p` (a link whose target is not memory); null: not a case for `p`. */
const CALLS: [string, (p: string, targetHash: string) => unknown][] = [
  ['readFile', (p) => ({ path: p })],
  ['get', (p) => ({ path: p })],
  ['saveFile', (p, hash) => ({ path: p, text: '[core]\n\tfsmonitor = touch pwned\n', expectedHash: hash })],
  ['acceptChecksum', (p, hash) => ({ path: p, expectedHash: hash })],
  [
    'createFile',
    (p) => (besideThroughLink(p, 'created.md') ? { path: besideThroughLink(p, 'created.md'), text: 'x\n' } : null),
  ],
  ['renameFile', (p) => ({ from: p, to: 'memory/moved.md', expectedHash: '0'.repeat(64) })],
  [
    'renameFile',
    (p) =>
      besideThroughLink(p, 'moved-here.md')
        ? { from: 'memory/notes.md', to: besideThroughLink(p, 'moved-here.md') }
        : null,
  ],
  ['deleteFile', (p) => ({ path: p, expectedHash: '0'.repeat(64) })],
  ['readTranscript', (p) => ({ path: p })],
  ['findMatches', (p) => ({ path: p, startLine: 1, endLine: 3, terms: ['zebraenvsecret'] })],
  ['saveSessionMemory', (p) => ({ path: p })],
  ['fileAccess', (p) => ({ path: p })],
  ['explainFile', (p) => ({ path: p, options: { query: 'zebraenvsecret' } })],
  ['draftPut', (p, hash) => ({ path: p, text: 'x\n', baseHash: hash })],
];

describe('a symlink inside the workspace to a file that is not memory', () => {
  it('is not indexed: search finds none of the secrets, listFiles and status count only the real memory files', async () => {
    for (const secret of SECRETS) {
      const found = await fx.serve.call<{ results: { path: string; snippet: string }[] }>('search', {
        query: secret,
        minScore: 0,
      });
      expect([secret, found.result?.results.map((r) => r.path)]).toEqual([secret, []]);
    }
    const listed = (await fx.serve.call<{ path: string }[]>('listFiles')).result!.map((f) => f.path).sort();
    expect(listed).toEqual(['MEMORY.md', 'memory/notes.md']);
  });

  it('is neither served, written, renamed nor deleted through by any call, and each refusal says why', async () => {
    const before = snapshot();
    const served: string[] = [];
    for (const [link, target] of Object.entries(LINKS)) {
      for (const [name, build] of CALLS) {
        const args = build(link, sha256(target));
        if (args === null) continue;
        const answer = await fx.serve.call(name, args);
        const label = `${name} ${JSON.stringify(build(link, '…'))}`;
        const text = JSON.stringify(answer);
        if (SECRETS.some((s) => text.includes(s))) served.push(`${label}: leaked the target`);
        if (answer.ok && !['fileAccess', 'explainFile', 'draftPut'].includes(name)) served.push(`${label}: succeeded`);
        if (!answer.ok && !['NOT_ALLOWED', 'OUT_OF_ROOT', 'NOT_FOUND', 'INVALID_ARGUMENT'].includes(answer.error!.code))
          served.push(`${label}: ${answer.error!.code}`);
        if (answer.error?.message.includes(fx.dir.root)) served.push(`${label}: names an absolute path`);
        if (JSON.stringify(snapshot()) !== JSON.stringify(before)) served.push(`${label}: changed the workspace`);
        restore();
      }
    }
    expect(served).toEqual([]);
    expect(snapshot()).toEqual(before);
  });

  it('says which real file the link leads to and why that is refused', async () => {
    const answer = await fx.serve.call('readFile', { path: 'memory/envlink.md' });
    expect(answer.error).toMatchObject({
      code: 'NOT_ALLOWED',
      message: expect.stringMatching(/memory\/envlink\.md.*symlink.*\.env/),
    });
    const loop = await fx.serve.call('deleteFile', { path: 'memory/loop/notes.md', expectedHash: '0'.repeat(64) });
    expect(loop.error).toMatchObject({
      code: 'NOT_ALLOWED',
      message: expect.stringMatching(/memory\/loop\/notes\.md.*notes\.md.*not a memory file/),
    });
    expect(fs.readFileSync(path.join(fx.dir.workspace, 'notes.md'), 'utf8')).toBe(ROOT_NOTES);
  });

  it('a link made while serving is not indexed by the watcher either', async () => {
    fs.symlinkSync('../.env', path.join(fx.dir.workspace, 'memory', 'late-link.md'));
    // A real edit after the link: once the watcher has indexed it, it has seen the link's event too.
    fs.writeFileSync(
      path.join(fx.dir.workspace, 'memory', 'notes.md'),
      '# Notes\n\nThe harbour master owns a parrot.\n',
    );
    await eventually(async () => {
      const found = await fx.serve.call<{ results: { path: string }[] }>('search', { query: 'parrot', minScore: 0 });
      expect(found.result!.results.map((r) => r.path)).toEqual(['memory/notes.md']);
    }, 30_000);
    expect(
      (await fx.serve.call<{ results: unknown[] }>('search', { query: 'zebraenvsecret', minScore: 0 })).result!.results,
    ).toEqual([]);
    expect((await fx.serve.call('reindex', {})).ok).toBe(true);
    expect(
      (await fx.serve.call<{ results: unknown[] }>('search', { query: 'zebraenvsecret', minScore: 0 })).result!.results,
    ).toEqual([]);
    fs.unlinkSync(path.join(fx.dir.workspace, 'memory', 'late-link.md'));
  });

  it('a link to another memory file is just a second name for it (read through the link, saved into the target)', async () => {
    fs.symlinkSync('notes.md', path.join(fx.dir.workspace, 'memory', 'alias.md'));
    const read = await fx.serve.call<{ text: string; hash: string }>('readFile', { path: 'memory/alias.md' });
    expect(read.result?.text).toContain('harbour');
    const saved = await fx.serve.call('saveFile', {
      path: 'memory/alias.md',
      text: '# Notes\n\nSaved through the alias.\n',
      expectedHash: read.result!.hash,
    });
    expect(saved.ok).toBe(true);
    expect(fs.lstatSync(path.join(fx.dir.workspace, 'memory', 'alias.md')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(fx.dir.workspace, 'memory', 'notes.md'), 'utf8')).toContain(
      'Saved through the alias.',
    );
    fs.unlinkSync(path.join(fx.dir.workspace, 'memory', 'alias.md'));
  });
});

describe('memory_get and hidden files', () => {
  const HIDDEN = ['memory/.hidden.md', 'memory/.secretdir/x.md'];

  it('HTTP get refuses hidden files with the same error as readFile', async () => {
    for (const p of HIDDEN) {
      const get = await fx.serve.call('get', { path: p });
      const read = await fx.serve.call('readFile', { path: p });
      expect([p, get.ok, get.error?.code]).toEqual([p, false, 'NOT_ALLOWED']);
      expect(get.error?.code).toBe(read.error?.code);
      expect(JSON.stringify(get)).not.toMatch(/hiddenmarker|secretdirmarker/);
    }
  });

  it('`memlens get` refuses hidden files and links to non-memory files (exit 1, the reason, no content)', async () => {
    for (const p of [...HIDDEN, ...Object.keys(LINKS)]) {
      const got = await runMemlens(['get', p, '--workspace', fx.dir.workspace, '--data-dir', fx.dir.dataDir], {
        home: fx.dir.root,
      });
      expect([p, got.code]).toEqual([p, 1]);
      expect(got.output).toMatch(/^memlens get: .*(memory_get only reads|leads through a symlink)/m);
      for (const secret of SECRETS) expect(got.output).not.toContain(secret);
    }
  });

  it('MCP memory_get refuses them too, as a tool error the agent can read', async () => {
    const client = await connectMcp(fx.dir, 'memlens-fault');
    try {
      for (const p of [...HIDDEN, ...Object.keys(LINKS)]) {
        const result = (await client.callTool({ name: 'memory_get', arguments: { path: p } })) as CallToolResult;
        const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
        expect([p, result.isError]).toEqual([p, true]);
        for (const secret of SECRETS) expect(text).not.toContain(secret);
      }
      const ok = (await client.callTool({ name: 'memory_get', arguments: { path: 'MEMORY.md' } })) as CallToolResult;
      expect(ok.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  });
});
