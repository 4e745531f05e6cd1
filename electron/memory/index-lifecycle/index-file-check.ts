// Is the file under the index path still the one the engine opened? SQLite keeps reading and
// writing an open file after it is deleted or renamed over (the writes go to the unlinked inode
// until restart), and a file overwritten in place may keep answering from SQLite's page cache —
// so neither shows up as an error. A stat of the path (device + inode) and a look at the 100-byte
// header do.
//
// The header is read through a descriptor held open for as long as SQLite has the file open,
// never through one opened and closed per look: closing any descriptor of a file drops every
// POSIX lock the process holds on it, SQLite's included (its "posix advisory locks cancelled by
// close()" hazard). One descriptor per file, shared by every holder in the process, closed by the
// last one after its connection is closed.
import fs from 'node:fs';
import { APPLICATION_ID } from '../index/schema.js';
import { lifecycleReasons, type IndexReason } from '../../../shared/index-reasons.js';

/** Which file a connection reads, as the file system names it. */
export interface FileIdentity {
  dev: number;
  ino: number;
}

export interface IndexFileHandle {
  readonly identity: FileIdentity;
  /** Reads the first bytes of the held file (the same inode SQLite reads, wherever it now lives). */
  readHeader(): Buffer;
  /** Call only after closing the connection that reads this file. Safe to call twice. */
  release(): void;
}

export type IndexFileCheck =
  | { kind: 'same' }
  /** Nothing at the path any more (deleted, or moved away). */
  | { kind: 'missing' }
  /** Another file now sits at the path (a rebuild swapped in by another process, a restore, a copy). */
  | { kind: 'replaced' }
  /** The same file, but its header is no longer a Memory Lens index's (overwritten or truncated in place). */
  | { kind: 'garbled'; reason: IndexReason };

/** Per inode: the descriptors this process holds on it (the first one is read), and how many holders share them. */
const held = new Map<string, { fds: number[]; holders: number }>();

/** Holds the file now at `dbPath` (opened by SQLite just before); null when there is none. */
export function holdIndexFile(dbPath: string): IndexFileHandle | null {
  let fd: number;
  try {
    fd = fs.openSync(dbPath, 'r');
  } catch {
    return null;
  }
  const stat = fs.fstatSync(fd);
  const key = `${stat.dev}:${stat.ino}`;
  const entry = held.get(key) ?? { fds: [], holders: 0 };
  held.set(key, entry);
  // A second holder of the same file (two engines on one index) keeps its descriptor open too:
  // closing it now would drop the first one's locks. All of them close with the last holder.
  entry.fds.push(fd);
  entry.holders += 1;
  let released = false;
  return {
    identity: { dev: stat.dev, ino: stat.ino },
    readHeader: () => {
      const header = Buffer.alloc(HEADER_BYTES);
      return header.subarray(0, fs.readSync(entry.fds[0]!, header, 0, HEADER_BYTES, 0));
    },
    release: () => {
      if (released) return;
      released = true;
      entry.holders -= 1;
      if (entry.holders > 0) return;
      held.delete(key);
      for (const open of entry.fds) fs.closeSync(open);
    },
  };
}

/** Looks at the path without opening it, and at the held file's header. */
export function checkIndexFile(dbPath: string, handle: IndexFileHandle | null): IndexFileCheck {
  const stat = fs.statSync(dbPath, { throwIfNoEntry: false });
  if (!stat) return { kind: 'missing' };
  if (!handle || stat.dev !== handle.identity.dev || stat.ino !== handle.identity.ino) return { kind: 'replaced' };
  const damage = headerDamage(handle.readHeader());
  return damage ? { kind: 'garbled', reason: damage } : { kind: 'same' };
}

/** SQLite's database header is the first 100 bytes of page 1. */
const HEADER_BYTES = 100;
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
/** Offset of `PRAGMA application_id` in the header (big-endian u32). */
const APPLICATION_ID_OFFSET = 68;

/**
 * Why these header bytes are not an open Memory Lens index's, or null when they could be. An
 * application_id of 0 is accepted: in WAL mode a new index's header reaches the main file only
 * at the first checkpoint, so a freshly created index legitimately shows 0 for a while.
 */
export function headerDamage(header: Buffer): IndexReason | null {
  if (header.length < HEADER_BYTES) return lifecycleReasons.truncated(header.length);
  if (!header.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) return lifecycleReasons.overwritten();
  const applicationId = header.readUInt32BE(APPLICATION_ID_OFFSET);
  if (applicationId !== 0 && applicationId !== APPLICATION_ID) return lifecycleReasons.otherDatabase(applicationId);
  return null;
}
