// Marks a result's matched terms inside its snippet. Terms come from the engine's breakdown
// (keyword.matchedTerms), already lowercased and segmented, so CJK words match as substrings.

export interface SnippetPart {
  text: string;
  hit: boolean;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function highlightTerms(snippet: string, terms: readonly string[]): SnippetPart[] {
  const usable = [...new Set(terms.map((t) => t.trim()).filter((t) => t.length > 0))].sort((a, b) => b.length - a.length);
  if (usable.length === 0 || !snippet) return [{ text: snippet, hit: false }];
  const pattern = new RegExp(usable.map(escapeRegExp).join('|'), 'giu');
  const parts: SnippetPart[] = [];
  let last = 0;
  for (const match of snippet.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (match[0].length === 0) continue;
    if (at > last) parts.push({ text: snippet.slice(last, at), hit: false });
    parts.push({ text: match[0], hit: true });
    last = at + match[0].length;
  }
  if (last < snippet.length) parts.push({ text: snippet.slice(last), hit: false });
  return parts;
}

/**
 * Engine snippets start at the chunk's first line; when the first matched term is further in,
 * start the shown text at the line holding it (with an ellipsis) so the match is visible.
 */
export function focusSnippet(snippet: string, terms: readonly string[], maxLead = 120): string {
  const parts = highlightTerms(snippet, terms);
  let offset = 0;
  for (const part of parts) {
    if (part.hit) break;
    offset += part.text.length;
  }
  if (offset >= snippet.length || offset <= maxLead) return snippet;
  const lineStart = snippet.lastIndexOf('\n', offset - 1) + 1;
  const start = offset - lineStart > maxLead ? offset - Math.floor(maxLead / 2) : lineStart;
  return `…${snippet.slice(start)}`;
}
