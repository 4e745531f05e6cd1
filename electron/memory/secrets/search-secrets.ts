// What a search answers, with secrets masked in its snippets — or revealed, when the asker wants
// them (`--show-secrets`). Our own index already holds masked text; the `openclaw` profile ranks
// OpenClaw's raw chunks (it reproduces OpenClaw's matching), so its snippets are masked here.
import type { SearchResponse, SearchResult } from '../../../shared/domain.js';
import { findSecrets, maskWithRanges, revealWithRanges, type SecretFinding } from '../../../shared/secrets.js';

/** Plenty for the snippets a session shows; cleared, not evicted one by one. */
const MAX_REMEMBERED_SNIPPETS = 2_000;

/**
 * Masks the snippets of search responses, remembering what each snippet text held: the same
 * chunks are shown query after query, and scanning one for secrets runs every rule over it.
 */
export class SnippetMasker {
  private readonly findings = new Map<string, readonly SecretFinding[]>();

  mask(response: SearchResponse): SearchResponse {
    return { ...response, results: response.results.map((result) => this.maskResult(result)) };
  }

  private maskResult(result: SearchResult): SearchResult {
    let found = this.findings.get(result.snippet);
    if (!found) {
      if (this.findings.size >= MAX_REMEMBERED_SNIPPETS) this.findings.clear();
      found = findSecrets(result.snippet);
      this.findings.set(result.snippet, found);
    }
    // Nearly every snippet holds no secret: the result is this response's own, so it is kept as it is.
    if (found.length === 0) return result;
    const { text, ranges } = maskWithRanges(result.snippet, result.highlights, found);
    return { ...result, snippet: text, highlights: ranges };
  }
}

/** The raw lines `from`..`from + count - 1` of a file, or null when it cannot be read. */
export type ReadLines = (path: string, from: number, count: number) => Promise<string | null>;

/** Each snippet with the values masked from the file's lines at its place put back. */
export async function revealSearchResponse(response: SearchResponse, readLines: ReadLines): Promise<SearchResponse> {
  const results = await Promise.all(
    response.results.map(async (result) => {
      if (!result.snippet.includes('…') && !result.snippet.includes('••••••')) return result;
      const raw = await readLines(result.path, result.startLine, result.endLine - result.startLine + 1);
      if (raw === null) return result;
      const { text, ranges } = revealWithRanges(result.snippet, raw, result.highlights);
      return { ...result, snippet: text, highlights: ranges };
    }),
  );
  return { ...response, results };
}
