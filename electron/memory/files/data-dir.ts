// The engine's layout inside the app's data directory (which the app chooses: app/app-paths.ts):
// one index per workspace, the trash. Never inside the workspace itself.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MemoryLensError } from '../../../shared/errors.js';

/**
 * `indexes/<slug-of-basename>-<sha256(realpath) first 12>/index.sqlite`: readable in a file
 * manager, yet two workspaces with the same folder name never share an index.
 */
export function indexPathFor(dataDir: string, workspaceDir: string): string {
  return path.join(dataDir, 'indexes', workspaceKey(workspaceDir), 'index.sqlite');
}

/** `<slug-of-basename>-<sha256(realpath) first 12>`: names a workspace's files in the data dir (index, drafts, judgments). */
export function workspaceKey(workspaceDir: string): string {
  const real = realpathOrResolved(workspaceDir);
  const key = createHash('sha256').update(real).digest('hex').slice(0, 12);
  return `${slugOf(path.basename(real))}-${key}`;
}

/** Refuses an index location inside the workspace (e.g. `--db ./index.sqlite` run from the workspace). */
export function assertIndexOutsideWorkspace(dbPath: string, workspaceDir: string): void {
  const workspace = realpathOrResolved(workspaceDir);
  const db = realpathOfNearestAncestor(path.resolve(dbPath));
  const relative = path.relative(workspace, db);
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) {
    throw new MemoryLensError('INVALID_ARGUMENT', {
      messageId: 'errors:index.insideWorkspace',
      params: { path: dbPath, workspace: workspaceDir },
    });
  }
}

/** Trash folder for one delete: `<dataDir>/trash/<timestamp>-<random>` (two deletes in one millisecond stay apart). */
export function trashDirFor(dataDir: string, now: Date = new Date()): string {
  return path.join(dataDir, 'trash', `${fileTimestamp(now)}-${randomBytes(3).toString('hex')}`);
}

/** An ISO timestamp that is a valid file name everywhere (no colons). */
export function fileTimestamp(now: Date = new Date()): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

/** The one name of a damaged SQLite file moved aside (index or app database): `<file>.damaged-<time>`. */
export function damagedPathFor(dbPath: string, now: Date): string {
  return `${dbPath}.damaged-${fileTimestamp(now)}`;
}

function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug || 'workspace';
}

function realpathOrResolved(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return path.resolve(p);
  }
}

/** realpath of a path that may not exist yet: resolve its closest existing ancestor. */
function realpathOfNearestAncestor(p: string): string {
  const missing: string[] = [];
  let current = p;
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(current), ...missing.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return p;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}
