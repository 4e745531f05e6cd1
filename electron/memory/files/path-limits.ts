// How long and how deep a workspace path may be. Checked before any file-system call, so an
// over-long name is a clear INVALID_ARGUMENT instead of ENAMETOOLONG (with an absolute path) from
// deep inside fs, and so walks, watches and `mkdir -p` stay bounded.
import { MemoryLensError } from '../../../shared/errors.js';

/** ext4, APFS, NTFS and most other file systems refuse longer names (bytes of UTF-8 on Linux). */
export const MAX_NAME_BYTES = 255;
/**
 * Folder levels below the workspace. The deepest memory layout is 3 (memory/summaries/weekly);
 * 32 leaves room for any hand-made tree while keeping discovery, the watcher and `mkdir -p` from
 * following a runaway chain (a 2,000-level path took ~100 s of realpath and mkdir).
 */
export const MAX_PATH_DEPTH = 32;
/** Whole relative path in bytes: leaves room under Linux's PATH_MAX (4,096) for the workspace's own path. */
export const MAX_REL_PATH_BYTES = 1024;

/** Throws INVALID_ARGUMENT for a clean relative path (forward slashes) over any of the limits. */
export function assertPathWithinLimits(clean: string): void {
  const segments = clean.split('/');
  if (segments.length > MAX_PATH_DEPTH) {
    throw new MemoryLensError('INVALID_ARGUMENT', {
      messageId: 'errors:limits.depth',
      params: { depth: segments.length, max: MAX_PATH_DEPTH, path: shorten(clean) },
    });
  }
  for (const segment of segments) {
    const bytes = Buffer.byteLength(segment, 'utf8');
    if (bytes > MAX_NAME_BYTES) {
      throw new MemoryLensError('INVALID_ARGUMENT', {
        messageId: 'errors:limits.nameBytes',
        params: { name: shorten(segment), bytes, max: MAX_NAME_BYTES },
      });
    }
  }
  const total = Buffer.byteLength(clean, 'utf8');
  if (total > MAX_REL_PATH_BYTES) {
    throw new MemoryLensError('INVALID_ARGUMENT', {
      messageId: 'errors:limits.pathBytes',
      params: { bytes: total, max: MAX_REL_PATH_BYTES, path: shorten(clean) },
    });
  }
}

/** Long names in messages: enough to recognise, not a screenful. */
function shorten(text: string): string {
  return text.length <= 60 ? text : `${text.slice(0, 40)}…${text.slice(-15)}`;
}
