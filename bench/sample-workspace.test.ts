// The bundled sample workspace is the app's default and other tests' corpus: these checks keep the
// properties those tests and the demos rely on (one stale checksum, one malformed JSONL line, the
// four layers, ≥ 30 dated files, an archive that is indexed and a lock file that is not).
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../electron/memory/parse/frontmatter.js';
import { parseSessionJsonl } from '../electron/memory/parse/session-jsonl.js';
import { classifyFile } from '../electron/memory/workspace/classify.js';
import { discoverFiles } from '../electron/memory/workspace/discover.js';
import { WorkspaceScope } from '../electron/memory/workspace/workspace-scope.js';

const SAMPLE_DIR = path.resolve(import.meta.dirname, '..', 'resources', 'sample-workspace');
const MISSING_HOME = path.join(SAMPLE_DIR, '.no-openclaw-home');

async function loadSample() {
  const files = await discoverFiles(new WorkspaceScope({ workspaceDir: SAMPLE_DIR, openclawHome: MISSING_HOME }));
  return Promise.all(
    files.map(async (file) => {
      const text = await fs.readFile(file.absPath, 'utf8');
      if (file.source === 'sessions') {
        const parsed = parseSessionJsonl(text);
        return {
          file,
          text,
          parsed,
          frontmatter: null,
          info: classifyFile(file, { frontmatter: null, firstRecordTimestamp: parsed.firstTimestamp }),
        };
      }
      const frontmatter = parseFrontmatter(text);
      return { file, text, parsed: null, frontmatter, info: classifyFile(file, { frontmatter: frontmatter.data }) };
    }),
  );
}

describe('sample workspace', () => {
  it('holds evergreen memory, ≥ 30 dated files and every layer of the four-layer layout', async () => {
    const entries = await loadSample();
    const paths = entries.map((e) => e.file.path);
    expect(paths).toEqual(
      expect.arrayContaining(['MEMORY.md', 'USER.md', 'memory/finance.md', 'memory/facts/user-profile.md']),
    );
    expect(entries.filter((e) => e.info.kind === 'dated').length).toBeGreaterThanOrEqual(30);
    const layers = new Set(entries.map((e) => e.info.layer).filter(Boolean));
    expect([...layers].sort()).toEqual([
      'conversations',
      'facts',
      'summaries-daily',
      'summaries-monthly',
      'summaries-weekly',
      'tasks',
    ]);
    for (const e of entries) expect(e.text.length, e.file.path).toBeGreaterThan(0);
  });

  it('has exactly one stale frontmatter checksum, in the hand-edited weekly summary', async () => {
    const entries = await loadSample();
    const declared = entries.filter((e) => e.frontmatter?.checksum);
    expect(declared.length).toBeGreaterThanOrEqual(5);
    const mismatched = declared.filter((e) => !e.frontmatter!.checksum!.ok).map((e) => e.file.path);
    expect(mismatched).toEqual(['memory/summaries/weekly/2026-w38.md']);
    for (const e of entries) expect(e.frontmatter?.error, e.file.path).toBeUndefined();
  });

  it('has sessions in the real format: an archive, no lock file, one malformed line', async () => {
    const entries = await loadSample();
    const sessions = entries.filter((e) => e.file.source === 'sessions');
    expect(sessions.map((e) => e.file.path).sort()).toEqual([
      'sessions/3f6c1a2e-9d41-4b7a-8e25-6a0d2c9f1b37.jsonl',
      'sessions/5a9e3c7d-2b8f-4d61-a0c4-9e7b1f5d3a28.jsonl.reset.2026-10-09T01-12-44.118Z',
      'sessions/8b2d6f40-1e9c-4a57-9c3d-7f05e2b8a614.jsonl',
      'sessions/d2f81b6a-7c35-4e09-b1d2-4a6e8c0f9b53.jsonl',
    ]);
    expect(sessions.filter((e) => e.info.archived).map((e) => e.file.path)).toEqual([
      'sessions/5a9e3c7d-2b8f-4d61-a0c4-9e7b1f5d3a28.jsonl.reset.2026-10-09T01-12-44.118Z',
    ]);
    const malformed = sessions.filter((e) => e.parsed!.malformed > 0);
    expect(malformed.map((e) => [e.file.path, e.parsed!.malformed])).toEqual([
      ['sessions/8b2d6f40-1e9c-4a57-9c3d-7f05e2b8a614.jsonl', 1],
    ]);
    for (const e of sessions) expect(e.parsed!.lines.length, e.file.path).toBeGreaterThanOrEqual(6);
  });

  it('contains the demo facts the search tests and the README rely on', async () => {
    const entries = await loadSample();
    const text = (p: string) => entries.find((e) => e.file.path === p)?.text ?? '';
    expect(text('memory/finance.md')).toContain('合同金额是12,345万元');
    // Near-duplicates for MMR, synonyms for the embedder, facts that changed over time for decay.
    expect(text('memory/2026-11-05-gateway-dns-bug-2.md')).toContain('dnsmasq');
    expect(text('memory/2026-11-05-gateway-dns-bug.md')).toContain('dnsmasq');
    expect(text('memory/finance.md')).toContain('补充协议');
    expect(text('MEMORY.md')).toContain('Priya Nair');
  });
});
