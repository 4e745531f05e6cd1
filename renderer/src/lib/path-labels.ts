// Telling same-named files apart, the way editors do: `2026-04-17.md` in memory/daily, memory/P0
// and memory/P1 shows as "daily", "P0", "P1" — the shortest end of each folder path that no other
// file of that name shares. Names that occur once get no hint.

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function folderOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

/** For every path whose file name is shared with another path: the folder hint that sets it apart. */
export function disambiguatePaths(paths: Iterable<string>): Map<string, string> {
  const byName = new Map<string, string[]>();
  for (const path of paths) {
    const name = baseName(path);
    const list = byName.get(name);
    if (list) list.push(path);
    else byName.set(name, [path]);
  }
  const hints = new Map<string, string>();
  for (const group of byName.values()) {
    const unique = [...new Set(group)];
    if (unique.length < 2) continue;
    const folders = unique.map((p) => folderOf(p).split('/').filter(Boolean));
    unique.forEach((path, i) => {
      const mine = folders[i]!;
      for (let k = 1; k <= mine.length; k++) {
        const suffix = mine.slice(-k).join('/');
        const clash = folders.some((other, j) => j !== i && other.slice(-k).join('/') === suffix);
        if (!clash) {
          hints.set(path, suffix);
          return;
        }
      }
      // Every ending is shared (one folder is an ancestor of another): the whole folder, or the root.
      hints.set(path, mine.join('/') || '/');
    });
  }
  return hints;
}

/** `~/.openclaw/workspace` for a home path, else the last two folders: enough to recognise a workspace. */
export function workspaceLabel(dir: string): string {
  const parts = dir.split(/[\\/]/).filter(Boolean);
  return parts.slice(-2).join('/') || dir;
}
