// Quick-open matching: every typed character must appear in order (subsequence), and matches in
// the file name, at word starts and in a row rank higher — the way editors' Ctrl+P behaves.

export function quickOpenScore(path: string, query: string): number | null {
  const q = query.toLowerCase().replace(/\s+/g, '');
  if (!q) return 0;
  const p = path.toLowerCase();
  const nameStart = p.lastIndexOf('/') + 1;
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const ch of q) {
    const at = p.indexOf(ch, from);
    if (at === -1) return null;
    score += 1;
    if (at === previous + 1) score += 3;
    if (at >= nameStart) score += 2;
    if (at === 0 || /[/\-_. ]/.test(p[at - 1] ?? '')) score += 2;
    previous = at;
    from = at + 1;
  }
  return score - p.length * 0.01;
}

export function rankQuickOpen(paths: readonly string[], query: string): string[] {
  return paths
    .map((path) => ({ path, score: quickOpenScore(path, query) }))
    .filter((m): m is { path: string; score: number } => m.score !== null)
    .sort((a, b) => b.score - a.score || a.path.localeCompare(b.path))
    .map((m) => m.path);
}

export interface QuickOpenEntry {
  path: string;
  /** A transcript's first message or a note's heading: what people remember a file by. */
  title?: string | undefined;
  /** `YYYY-MM-DD`, so "2026-11-05" or "11-05" finds that day's notes and sessions. */
  day?: string | undefined;
}

/** Files by path, title or date, best first: the best of the three scores counts. */
export function rankQuickOpenEntries(entries: readonly QuickOpenEntry[], query: string): QuickOpenEntry[] {
  return entries
    .map((entry) => {
      const scores = [
        quickOpenScore(entry.path, query),
        entry.title ? quickOpenScore(entry.title, query) : null,
        entry.day ? quickOpenScore(entry.day, query) : null,
      ];
      const best = scores.reduce<number | null>((m, s) => (s === null ? m : m === null ? s : Math.max(m, s)), null);
      return { entry, score: best };
    })
    .filter((m): m is { entry: QuickOpenEntry; score: number } => m.score !== null)
    .sort((a, b) => b.score - a.score || a.entry.path.localeCompare(b.entry.path))
    .map((m) => m.entry);
}
