// Keyword search ranks the union of a query's terms from FTS5's doclists (bm25-union.ts) rather
// than through FTS5's bm25(). On the labeled sample set that must change nothing a person sees:
// for all 339 questions, the candidates (chunks and bm25 to the bit) equal FTS5's own ranked union,
// and whole responses — results, scores, per-term accounts, notices — equal those of the same
// engine with the doclist path switched off.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../shared/domain.js';
import { parseEvalQueries } from '../../electron/cli/eval/eval-queries.js';
import type { MemoryEngineApi } from '../../electron/memory/engine-types.js';
import { bm25UnionTopK } from '../../electron/memory/search/sqlite/bm25-union.js';
import { IndexSession } from '../../electron/memory/search/sqlite/index-session.js';
import { buildMatchQuery, searchTerms } from '../../electron/memory/search/sqlite/keyword-search.js';
import { openKeywordEngine } from '../open-engine.js';
import { sampleWorkspaceDir } from '../repo-paths.js';

const QUERIES = path.join(import.meta.dirname, 'sample-queries.jsonl');
/** The set's NOW: 2026-11-06T10:00:00+08:00. */
const NOW = { now: Date.parse('2026-11-06T10:00:00+08:00'), timeZoneOffsetMinutes: 480 };

describe('keyword union from doclists on the labeled sample set', () => {
  let tmp: string;
  let engine: MemoryEngineApi;
  /** The same workspace served by FTS5's own bm25() (the doclist accelerator off). */
  let baseline: MemoryEngineApi;
  let queries: string[];

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-union-sample-'));
    engine = await openKeywordEngine(sampleWorkspaceDir(), tmp, { accelerators: { keyword: true } });
    await engine.sync();
    baseline = await openKeywordEngine(sampleWorkspaceDir(), path.join(tmp, 'baseline'), {
      accelerators: { keyword: false },
    });
    await baseline.sync();
    queries = parseEvalQueries(fs.readFileSync(QUERIES, 'utf8'), 'sample-queries.jsonl').map((q) => q.query);
  });

  afterAll(async () => {
    await engine?.close();
    await baseline?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("ranks every question's terms exactly as FTS5 does (chunks, order, bm25 bits)", () => {
    expect(queries.length).toBe(339);
    const db = new Database(engine.dbPath, { readonly: true });
    const session = new IndexSession(db);
    try {
      const ranked = db.prepare(
        'SELECT rowid, bm25(chunks_fts) AS bm25 FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY bm25(chunks_fts), rowid LIMIT ?',
      );
      let hits = 0;
      for (const query of queries) {
        const { terms } = searchTerms(query);
        if (terms.length === 0) continue;
        for (const limit of [50, -1]) {
          const union = bm25UnionTopK(session, terms, limit);
          expect(union?.hits, query).toEqual(ranked.all(buildMatchQuery(terms, 'OR'), limit));
          hits += union!.hits.length;
        }
      }
      expect(hits).toBeGreaterThan(10_000);
    } finally {
      db.close();
    }
  });

  it('gives the same responses with the doclist path on and off', async () => {
    const run = async (
      on: MemoryEngineApi,
      options: { maxResults?: number; minScore?: number },
    ): Promise<SearchResponse[]> => {
      const out: SearchResponse[] = [];
      for (const query of queries) out.push({ ...(await on.search({ query, ...options, ...NOW })), tookMs: 0 });
      return out;
    };
    for (const options of [{}, { maxResults: 50, minScore: 0 }]) {
      const fast = await run(engine, options);
      const fts5 = await run(baseline, options);
      expect(fast.reduce((n, r) => n + r.results.length, 0)).toBeGreaterThan(options.maxResults ? 5000 : 1000);
      for (let i = 0; i < queries.length; i++) expect(fast[i], queries[i]).toEqual(fts5[i]);
    }
  });
});
