// The labeled query file `memlens eval --queries FILE.jsonl` reads: one JSON object a line,
// {"id","query","relevant":[{"path","line"} | {"path","startLine","endLine"}],"tags"?}. Any
// other field (a note, say) is allowed and ignored. A bad line is a usage error naming the line.
import { z } from 'zod';
import { carriedIssues } from '../../../shared/request-issues.js';
import { usageError } from '../common-options.js';
import type { LineRange } from './retrieval-metrics.js';

const LineNumber = z.number().int().min(1);

const RelevantSchema = z.union([
  z
    .object({ path: z.string().min(1), line: LineNumber })
    .transform((r) => ({ path: r.path, startLine: r.line, endLine: r.line })),
  z
    .object({ path: z.string().min(1), startLine: LineNumber, endLine: LineNumber })
    .refine((r) => r.startLine <= r.endLine, 'startLine is after endLine')
    .transform((r) => ({ path: r.path, startLine: r.startLine, endLine: r.endLine })),
]);

const EvalQuerySchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  query: z.string().min(1).max(10_000),
  relevant: z.array(RelevantSchema).min(1, 'needs at least one relevant place'),
  tags: z.array(z.string()).optional(),
});

export interface EvalQuery {
  id: string;
  query: string;
  relevant: LineRange[];
  tags: string[];
}

export function parseEvalQueries(text: string, fileLabel: string): EvalQuery[] {
  const queries: EvalQuery[] = [];
  const ids = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (!raw) continue;
    const where = { file: fileLabel, line: i + 1 };
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw usageError('evalLineNotJson', where);
    }
    const parsed = EvalQuerySchema.safeParse(json);
    if (!parsed.success) {
      throw usageError('evalLineInvalid', { ...where, issues: carriedIssues(parsed.error) });
    }
    if (ids.has(parsed.data.id)) throw usageError('evalDuplicateId', { ...where, id: parsed.data.id });
    ids.add(parsed.data.id);
    queries.push({ ...parsed.data, tags: parsed.data.tags ?? [] });
  }
  if (queries.length === 0) throw usageError('evalNoQueries', { file: fileLabel });
  return queries;
}
