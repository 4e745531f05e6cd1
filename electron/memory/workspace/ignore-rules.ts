// Files that are never memory: editor temp files, hidden folders, dependency and VCS folders.
// Shared by discovery and the watcher so both ignore exactly the same things.

const IGNORED_DIRS = new Set(['node_modules', '.git']);

/** True for a workspace-relative path (forward slashes) that discovery and the watcher must skip. */
export function isIgnoredPath(relPath: string): boolean {
  const segments = relPath.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some(isIgnoredSegment)) return true;
  const base = segments[segments.length - 1] ?? '';
  return isIgnoredBasename(base);
}

/**
 * True when a folder path (forward slashes) has a hidden or vendored segment, so nothing below it
 * is memory. Unlike isIgnoredPath it leaves the last segment's file-name rules (`x.bak`) alone: a
 * walk checks each entry's own name with isIgnoredPath and needs this only for where it starts.
 */
export function hasIgnoredFolder(relDir: string): boolean {
  return relDir.split('/').some((s) => s !== '' && s !== '.' && isIgnoredSegment(s));
}

/** Hidden files and folders cover .git, .obsidian, emacs `.#file`, vim `.file.swp`, LibreOffice `.~lock`. */
function isIgnoredSegment(segment: string): boolean {
  return segment.startsWith('.') || IGNORED_DIRS.has(segment);
}

function isIgnoredBasename(base: string): boolean {
  if (base === '' || base === '4913') return true; // vim probes a directory's writability with "4913"
  if (base.endsWith('~')) return true;
  return /\.(swp|swo|swx|tmp|crswap|lock|bak)$/i.test(base) || base === 'Thumbs.db';
}

const SESSION_FILE = /\.jsonl(?:\.(?:reset|deleted)\.[^/]+)?$/;

/** A live transcript `*.jsonl` or an archive `*.jsonl.reset.*` / `*.jsonl.deleted.*` (never `*.lock`). */
export function isSessionFileName(base: string): boolean {
  return SESSION_FILE.test(base) && !base.endsWith('.lock') && !isIgnoredBasename(base) && !base.startsWith('.');
}

export function isArchivedSessionName(base: string): boolean {
  return /\.jsonl\.(?:reset|deleted)\./.test(base);
}

export function isMarkdownName(base: string): boolean {
  return /\.md$/i.test(base) && !base.startsWith('.') && !isIgnoredBasename(base);
}
