// CMRC 2018 as a retrieval check (issue 2): one Markdown file per paragraph, one query per
// question; the question's own paragraph is its only relevant file.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MemoryEngineApi } from '../electron/memory/engine-types.js';
import type { SearchOptions } from '../shared/domain.js';
import { percentile, round } from './bench-stats.js';
import { firstRelevantRank, summarizeRanks } from '../electron/cli/eval/retrieval-metrics.js';
import type { RetrievalMetrics } from '../electron/cli/eval/retrieval-metrics.js';

export interface CmrcParagraph {
  id: string;
  context: string;
  questions: { id: string; question: string }[];
}

export interface CmrcQuery {
  id: string;
  query: string;
  relevantPath: string;
}

interface SquadFile {
  data: { paragraphs: { id: string; context: string; qas: { id: string; question: string }[] }[] }[];
}

/** Paragraphs in file order (the SQuAD nesting flattened). */
export function loadCmrcParagraphs(file: string): CmrcParagraph[] {
  if (!fs.existsSync(file))
    throw new Error(`CMRC 2018 data not found at ${file} (set MEMLENS_CMRC_PATH or pass --data)`);
  const squad = JSON.parse(fs.readFileSync(file, 'utf8')) as SquadFile;
  return squad.data.flatMap((article) =>
    article.paragraphs.map((p) => ({
      id: p.id,
      context: p.context,
      questions: p.qas.map((q) => ({ id: q.id, question: q.question })),
    })),
  );
}

export function cmrcRelPath(index: number): string {
  return `memory/cmrc/${String(index).padStart(4, '0')}.md`;
}

/** Writes the paragraphs (one line each) into `dir` and returns one query per question. */
export function writeCmrcWorkspace(dir: string, paragraphs: readonly CmrcParagraph[]): CmrcQuery[] {
  fs.mkdirSync(path.join(dir, 'memory', 'cmrc'), { recursive: true });
  const queries: CmrcQuery[] = [];
  paragraphs.forEach((paragraph, index) => {
    const rel = cmrcRelPath(index);
    // Line breaks inside a context would only split it into more lines; keep the paragraph one line.
    fs.writeFileSync(path.join(dir, rel), `${paragraph.context.replace(/\s*\n\s*/g, ' ').trim()}\n`);
    for (const q of paragraph.questions) queries.push({ id: q.id, query: q.question, relevantPath: rel });
  });
  return queries;
}

export interface CmrcEvaluation {
  metrics: RetrievalMetrics;
  /** 1-based rank (distinct files) of each query's paragraph, null when not returned. */
  ranks: (number | null)[];
  queryP50Ms: number | null;
  queryP95Ms: number | null;
}

/** Runs every query through one open engine: maxResults 10, minScore 0 (nothing filtered out). */
export async function evaluateCmrc(
  engine: MemoryEngineApi,
  queries: readonly CmrcQuery[],
  extra: Omit<SearchOptions, 'query'> = {},
): Promise<CmrcEvaluation> {
  const ranks: (number | null)[] = [];
  const times: number[] = [];
  for (const q of queries) {
    const start = performance.now();
    const response = await engine.search({ ...extra, query: q.query, maxResults: 10, minScore: 0 });
    times.push(performance.now() - start);
    ranks.push(
      firstRelevantRank(
        response.results.map((r) => r.path),
        q.relevantPath,
      ),
    );
  }
  return {
    metrics: summarizeRanks(ranks),
    ranks,
    queryP50Ms: round(percentile(times, 50)),
    queryP95Ms: round(percentile(times, 95)),
  };
}

/** Paragraph files the index split into more than one chunk (they should be rare: ≤ 400 CJK tokens fit one). */
export async function multiChunkFiles(engine: MemoryEngineApi): Promise<number> {
  const files = await engine.listFiles();
  return files.filter((f) => f.path.startsWith('memory/cmrc/') && f.chunks > 1).length;
}
