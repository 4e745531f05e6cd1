// What a search answers, with secrets masked in its snippets — or revealed, when the asker wants
// them (`--show-secrets`). Our own index already holds masked text; the `openclaw` profile ranks
// OpenClaw's raw chunks (it reproduces OpenClaw's matching), so its snippets are masked here.
import type { SearchResponse, SearchResult } from '../../../shared/domain.js';
import { maskWithRanges, revealWithRanges } from '../../../shared/secrets.js';

export function maskSearchResponse(response: SearchResponse): SearchResponse {
  return { ...response, results: response.results.map(maskResult) };
}

function maskResult(result: SearchResult): SearchResult {
  const { text, ranges } = maskWithRanges(result.snippet, result.highlights);
  return { ...result, snippet: text, highlights: ranges };
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
