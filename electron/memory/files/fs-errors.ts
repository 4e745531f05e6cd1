// File-system failures as typed errors a person can act on. Node's own messages name the absolute
// path and an errno ("ENOSPC: no space left on device, open '/home/…/.x.md.1a2b.tmp'"); callers
// outside the engine get the workspace-relative path and what happened instead, and `details.errno`
// keeps the code for programs.
import { MemoryLensError } from '../../../shared/errors.js';

export type FileAction = 'open' | 'read' | 'save' | 'create' | 'rename' | 'delete';

/** True for "the disk (or the user's quota) is full": ENOSPC, EDQUOT, and SQLite's SQLITE_FULL. */
export function isDiskFullError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}

/** Node's file-system errors carry an errno name (`ELOOP`) and usually the syscall and absolute path. */
function errnoOf(error: unknown): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : null;
}

/**
 * `error` as a MemoryLensError about `relPath` (every errno code: a condition of the disk, never a
 * 500 with Node's absolute path), or `error` itself when it is not a file-system error.
 */
export function toFileSystemError(error: unknown, relPath: string, action: FileAction): unknown {
  if (error instanceof MemoryLensError) return error;
  const code = errnoOf(error);
  if (code === null) return error;
  const details = { errno: code };
  const fs = (key: string, extra: Record<string, string> = {}) => ({
    messageId: `errors:fs.${key}`,
    params: { action, path: relPath, ...extra },
  });
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return new MemoryLensError('UNAVAILABLE', fs('diskFull'), details);
    case 'EROFS':
      return new MemoryLensError('NOT_ALLOWED', fs('readOnlyFs'), details);
    case 'EACCES':
    case 'EPERM':
      return new MemoryLensError('NOT_ALLOWED', fs('permission'), details);
    case 'ENAMETOOLONG':
      return new MemoryLensError('INVALID_ARGUMENT', fs('nameTooLong'), details);
    case 'ELOOP':
      return new MemoryLensError('NOT_ALLOWED', fs('symlinkLoop'), { ...details, reason: 'symlink-loop' });
    case 'EMFILE':
    case 'ENFILE':
      return new MemoryLensError('UNAVAILABLE', fs('tooManyOpen'), details);
    case 'EIO':
      return new MemoryLensError('UNAVAILABLE', fs('io'), details);
    case 'EBUSY':
    case 'ETXTBSY':
    case 'EAGAIN':
      return new MemoryLensError('UNAVAILABLE', fs('busy'), details);
    case 'EISDIR':
      return new MemoryLensError('NOT_ALLOWED', { messageId: 'errors:notAFile', params: { path: relPath } }, details);
    case 'ENOENT':
    case 'ENOTDIR':
      return new MemoryLensError('NOT_FOUND', { messageId: 'errors:noSuchFile', params: { path: relPath } }, details);
    default:
      // ENXIO, ESTALE, EINVAL, EXDEV, …: the file system refused; the code says which way.
      return new MemoryLensError('NOT_ALLOWED', fs('refused', { errno: code }), details);
  }
}

/**
 * The last net at a boundary (HTTP, IPC, MCP): a file-system error that no caller mapped becomes
 * a typed refusal about "a file" rather than INTERNAL with Node's message and absolute path.
 */
export function toBoundaryError(error: unknown): unknown {
  return toFileSystemError(error, 'a file', 'open');
}
