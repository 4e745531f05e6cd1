// 👍/👎 on search results, per workspace, in the data dir (`judgments/<workspace key>.json`), and
// their export as an eval queries file — the JSON Lines `memlens eval --queries` reads:
// {"id","query","relevant":[{"path","startLine","endLine"}],"tags"?}. A person judging results in
// the UI builds the labelled set that later measures whether ranking changes helped.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { JudgmentSchema } from '../../shared/app-data-schemas.js';
import type { EvalQuery, Judgment, JudgmentExport, Verdict } from '../../shared/domain.js';
import { workspaceKey } from '../memory/files/data-dir.js';
import { atomicWrite } from '../memory/files/atomic-write.js';

const JudgmentFileSchema = z.object({ version: z.literal(1), judgments: z.array(JudgmentSchema) });

export interface JudgmentInput {
  query: string;
  chunkId: string;
  path: string;
  startLine: number;
  endLine: number;
  verdict: Verdict | null;
}

export class JudgmentStore {
  /** Writes run one after another so two quick clicks cannot lose one another's judgment. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataDir: string) {}

  fileFor(workspaceDir: string): string {
    return path.join(this.dataDir, 'judgments', `${workspaceKey(workspaceDir)}.json`);
  }

  async list(workspaceDir: string, query?: string): Promise<Judgment[]> {
    const all = await this.read(workspaceDir);
    return query === undefined ? all : all.filter((j) => j.query === query.trim());
  }

  /** Records one verdict (replacing an earlier one on the same query and chunk), or withdraws it; returns the query's judgments. */
  set(workspaceDir: string, input: JudgmentInput, now = Date.now()): Promise<Judgment[]> {
    const run = this.chain.then(async () => {
      const query = input.query.trim();
      const rest = (await this.read(workspaceDir)).filter((j) => !(j.query === query && j.chunkId === input.chunkId));
      const next =
        input.verdict === null
          ? rest
          : [
              ...rest,
              {
                query,
                chunkId: input.chunkId,
                path: input.path,
                startLine: input.startLine,
                endLine: input.endLine,
                verdict: input.verdict,
                at: now,
              },
            ];
      const file = this.fileFor(workspaceDir);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await atomicWrite(file, `${JSON.stringify({ version: 1, judgments: next }, null, 1)}\n`);
      return next.filter((j) => j.query === query);
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  async export(workspaceDir: string): Promise<JudgmentExport> {
    return exportEvalQueries(await this.read(workspaceDir));
  }

  private async read(workspaceDir: string): Promise<Judgment[]> {
    let text: string;
    try {
      text = await fs.readFile(this.fileFor(workspaceDir), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const parsed = JudgmentFileSchema.safeParse(safeJson(text));
    // An unreadable file is kept aside, never overwritten with nothing.
    if (!parsed.success) {
      await fs
        .rename(this.fileFor(workspaceDir), `${this.fileFor(workspaceDir)}.invalid-${Date.now()}`)
        .catch(() => undefined);
      return [];
    }
    return parsed.data.judgments;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * One eval query per judged query that has at least one relevant result; queries judged only
 * irrelevant are counted, not written (an eval query with nothing relevant cannot be scored).
 * Ids are stable (a hash of the query), so re-exporting after more judging updates lines in place.
 */
export function exportEvalQueries(judgments: readonly Judgment[]): JudgmentExport {
  const byQuery = new Map<string, Judgment[]>();
  for (const j of judgments) {
    const list = byQuery.get(j.query) ?? [];
    list.push(j);
    byQuery.set(j.query, list);
  }
  const lines: string[] = [];
  let skipped = 0;
  for (const [query, list] of [...byQuery.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    // Two chunks of one long line cite the same lines: one relevant range, not two.
    const ranges = new Map<string, EvalQuery['relevant'][number]>();
    for (const j of list) {
      if (j.verdict === 'relevant')
        ranges.set(`${j.path}:${j.startLine}-${j.endLine}`, {
          path: j.path,
          startLine: j.startLine,
          endLine: j.endLine,
        });
    }
    const relevant = [...ranges.values()].sort((a, b) => a.path.localeCompare(b.path) || a.startLine - b.startLine);
    if (relevant.length === 0) {
      skipped += 1;
      continue;
    }
    const line: EvalQuery = {
      id: `ui-${createHash('sha256').update(query).digest('hex').slice(0, 10)}`,
      query,
      relevant,
      tags: ['judged-in-ui'],
    };
    lines.push(JSON.stringify(line));
  }
  return { jsonl: lines.length ? `${lines.join('\n')}\n` : '', queries: lines.length, skipped };
}
