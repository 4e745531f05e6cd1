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
