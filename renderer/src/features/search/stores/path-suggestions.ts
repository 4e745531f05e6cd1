// Which paths the "Explain a file" box suggests as the user types. A datalist of every path in a
// 10k-file workspace made React insert 10k <option>s whenever the file list reloaded (one
// 150–200 ms main-thread stall at the end of an index), and a dropdown that long helps nobody.

/** Suggestions offered at once: more than a dropdown shows without scrolling; typing narrows them. */
export const MAX_PATH_SUGGESTIONS = 100;

/** The first `limit` paths, in list order, that contain the typed text (case-insensitive, as the browser matches a datalist). */
export function pathSuggestions(paths: readonly string[], typed: string, limit = MAX_PATH_SUGGESTIONS): string[] {
  const needle = typed.trim().toLowerCase();
  const picked: string[] = [];
  for (const path of paths) {
    if (picked.length >= limit) break;
    if (!needle || path.toLowerCase().includes(needle)) picked.push(path);
  }
  return picked;
}
