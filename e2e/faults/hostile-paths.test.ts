// Hostile paths through every entry point of the real `memlens serve` (each call of the contract
// that takes a path) and the CLI: hidden files, temp files of saves, a 300-character name and a
// 2,000-level path. Each is refused with a typed 4xx error that names no absolute path, at once,
// and nothing is created. (Escapes out of the workspace: electron/app/api-dispatcher.test.ts.)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMemlens, serveForFile } from './support/fault-kit.js';

const fx = serveForFile('paths', {
  'MEMORY.md': '# Memory\n',
  'memory/topic.md': '# Topic\n',
  '.env': 'OPENAI_API_KEY=sk-do-not-leak\n',
  '.git/config': '[remote "origin"]\n\turl = git@example.com:secret.git\n',
  'memory/.topic.md.0123456789ab.tmp': '# half a save\n',
});

function tree(root: string): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${entry.name}` : entry.name;
      out.push(r);
      if (entry.isDirectory()) walk(path.join(d, entry.name), r);
    }
  };
  walk(root, '');
  return out.sort();
}

const LONG = `memory/${'n'.repeat(296)}.md`;
const DEEP = `memory/${'b/'.repeat(2000)}x.md`;
const HIDDEN = ['.env', '.git/config', 'memory/.topic.md.0123456789ab.tmp'];

const CALLS: [string, (p: string) => unknown][] = [
  ['readFile', (p) => ({ path: p })],
  ['saveFile', (p) => ({ path: p, text: 'x\n', expectedHash: null })],
  ['createFile', (p) => ({ path: p, text: 'x\n' })],
  ['renameFile', (p) => ({ from: 'memory/topic.md', to: p, expectedHash: '0'.repeat(64) })],
  ['renameFile', (p) => ({ from: p, to: 'memory/renamed.md', expectedHash: '0'.repeat(64) })],
  ['deleteFile', (p) => ({ path: p, expectedHash: '0'.repeat(64) })],
  ['readTranscript', (p) => ({ path: p })],
  ['get', (p) => ({ path: p })],
  ['explainFile', (p) => ({ path: p, options: { query: 'x' } })],
  ['acceptChecksum', (p) => ({ path: p, expectedHash: '0'.repeat(64) })],
];

describe('hostile paths through every call that takes one', () => {
  it('are refused with a typed 4xx error naming no absolute path; nothing is read out, nothing created', async () => {
    const before = tree(fx.dir.workspace);
    const problems: string[] = [];
    for (const [name, build] of CALLS) {
      for (const payload of [LONG, DEEP, ...HIDDEN]) {
        const started = Date.now();
        const answer = await fx.serve.call(name, build(payload));
        const took = Date.now() - started;
        const label = `${name}(${payload.slice(0, 30)}…)`;
        // explainFile only looks a path up in the index: "not indexed" is a true answer that reads nothing.
        const lookupOnly =
          name === 'explainFile' &&
          answer.ok &&
          ['not-indexed', 'not-found'].includes((answer.result as { code: string }).code);
        if (answer.ok) {
          if (!lookupOnly) problems.push(`${label} succeeded`);
        } else if (answer.status < 400 || answer.status >= 500) {
          problems.push(`${label} → HTTP ${answer.status} ${answer.error?.code}: ${answer.error?.message}`);
        } else if (!['INVALID_ARGUMENT', 'NOT_ALLOWED', 'OUT_OF_ROOT', 'NOT_FOUND'].includes(answer.error!.code)) {
          problems.push(`${label} → ${answer.error!.code}`);
        }
        if (answer.error?.message.includes(fx.dir.root))
          problems.push(`${label} names an absolute path: ${answer.error.message}`);
        if (JSON.stringify(answer).includes('sk-do-not-leak') || JSON.stringify(answer).includes('secret.git'))
          problems.push(`${label} leaked a secret`);
        // The 2,000-level path pinned a core for ~100 s (realpath per level, 2,002 folders made).
        if (took > 5000) problems.push(`${label} took ${took} ms`);
      }
    }
    expect(problems).toEqual([]);
    expect(tree(fx.dir.workspace)).toEqual(before);
  });

  it('the over-long name is INVALID_ARGUMENT (400) that says what the limit is', async () => {
    const answer = await fx.serve.call('saveFile', { path: LONG, text: 'x\n', expectedHash: null });
    expect(answer.status).toBe(400);
    expect(answer.error).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/is 299 bytes long; names can be at most 255 bytes/),
    });
  });

  it('the CLI says the same, with exit code 2', async () => {
    const got = await runMemlens(['get', LONG, '--workspace', fx.dir.workspace, '--data-dir', fx.dir.dataDir], {
      home: fx.dir.root,
    });
    expect(got.code).toBe(2);
    expect(got.output).toMatch(
      /^memlens get: The name "n+…n+\.md" is 299 bytes long; names can be at most 255 bytes\.\n/,
    );
  });
});
