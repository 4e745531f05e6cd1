// What "the same text" means, for the result list (one card for a note copied under two folders)
// and for the memory doctor's duplicates finder (copies, repeated passages and lines): one rule, so
// a pair the doctor calls copies is one card in search, and the other way round.

const PROMOTION_MARKER = /<!--\s*openclaw-memory-promotion:[^\n]*?-->/g;
const HTML_COMMENT = /<!--[\s\S]*?-->/g;

/**
 * A line's words for comparison: list markers, emphasis, comments (promotion markers, annotations)
 * and struck-through text gone, case and width folded, runs of spaces collapsed.
 */
export function sameTextLine(text: string): string {
  return text
    .normalize('NFKC')
    .replace(PROMOTION_MARKER, '')
    .replace(HTML_COMMENT, '')
    .replace(/~~[^~]*~~/g, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '')
    .replace(/[*_`]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A passage's key: its lines compared as sameTextLine, blank ones and snippet ellipses left out. */
export function sameTextKey(text: string): string {
  return text
    .replace(/^…|…$/g, '')
    .split(/\r\n|\r|\n/)
    .map(sameTextLine)
    .filter((line) => line !== '')
    .join('\n');
}
