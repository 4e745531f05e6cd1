// One workspace's kept versions: the log (history-db.ts) and the bytes (blob-store.ts). Recording
// writes the blob first, then the row, so a killed process loses at most the version it was
// writing. Retention (applyRetention) thins old versions and frees blobs nothing names any more.
import fs from 'node:fs/promises';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Author, HistoryNotice, HistorySettings, VersionKind } from '../../../shared/history-schemas.js';
import { MemoryLensError } from '../../../shared/errors.js';
import type { MessageRef } from '../../../shared/i18n.js';
import { isDiskFullError } from '../../memory/files/fs-errors.js';
import { dataDiskFullError, openReadOnlyDatabase } from '../../memory/files/sqlite-wal-open.js';
import { workspaceKey } from '../../memory/files/data-dir.js';
import { sha256 } from '../../memory/text/hash.js';
import {
  bytesHold,
  jsonEscaped,
  replaceInBytes,
  replaceInJson,
  replaceInJsonText,
  type PurgeNeedle,
} from '../purge-text.js';
import { BlobStore } from './blob-store.js';
import { openHistoryDb, type OpenedHistoryDb, type VersionRow } from './history-db.js';

export interface StoredVersion {
  id: number;
  path: string;
  time: number;
  mtimeMs: number | null;
  hash: string | null;
  size: number;
  kind: VersionKind;
  fromPath: string | null;
  toPath: string | null;
  skipped: string | null;
  clockWentBack: boolean;
  /** Evidence known when it was recorded (the app's own saves). */
  recordedAuthor: Author | null;
}

export interface RecordInput {
  path: string;
  kind: VersionKind;
  /** null for a delete, or when the bytes are not kept (`skipped` says why). */
  bytes: Buffer | null;
  /** sha256 and size when the bytes are skipped (known without keeping them). */
  hash?: string | null;
  size?: number;
  mtimeMs: number | null;
  fromPath?: string | null;
  toPath?: string | null;
  skipped?: string | null;
  author?: Author | null;
}

export interface HistoryStoreOptions {
  dataDir: string;
  workspaceDir: string;
  nativeBinding?: string;
  now?: () => number;
}

export interface HistoryPurge {
  /** Versions whose bytes (or recorded evidence) held the value and now hold the placeholder. */
  versionsRewritten: number;
  /** Distinct blobs rewritten under a new sha256. */
  blobsRewritten: number;
  /** Blob files deleted because they held the value (the old ones, and any unnamed leftover). */
  blobsDeleted: number;
  /** Whether VACUUM and the WAL truncation ran (another process reading the store can hold them off). */
  vacuumed: boolean;
}

export function historyDirFor(dataDir: string, workspaceDir: string): string {
  return path.join(dataDir, 'history', workspaceKey(workspaceDir));
}

export class HistoryStore {
  readonly dir: string;
  readonly notice: string | null;
  /** The notice by message id, for the log line. */
  readonly noticeRef: MessageRef | null;
  private readonly db: Database.Database;
  private readonly blobs: BlobStore;
  private readonly now: () => number;

  private constructor(
    options: Omit<HistoryStoreOptions, 'workspaceDir' | 'dataDir'> & { dir: string; opened?: OpenedHistoryDb },
  ) {
    this.dir = options.dir;
    this.now = options.now ?? Date.now;
    const opened =
      options.opened ??
      openHistoryDb(path.join(this.dir, 'history.sqlite'), {
        now: this.now,
        ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      });
    this.db = opened.db;
    this.notice = opened.notice;
    this.noticeRef = opened.noticeRef;
    this.blobs = new BlobStore(path.join(this.dir, 'blobs'));
  }

  /** What the API and the History view show about the store: its English text beside its message id. */
  notices(): HistoryNotice[] {
    return this.notice && this.noticeRef ? [{ message: this.notice, ...this.noticeRef }] : [];
  }

  static open(options: HistoryStoreOptions): HistoryStore {
    const { dataDir, workspaceDir, ...rest } = options;
    return new HistoryStore({ ...rest, dir: historyDirFor(dataDir, workspaceDir) });
  }

  /** The store in `dir` (a workspace's folder under `<dataDir>/history/`), whichever workspace it is. */
  static openDir(dir: string, options: Omit<HistoryStoreOptions, 'workspaceDir' | 'dataDir'> = {}): HistoryStore {
    return new HistoryStore({ ...options, dir });
  }

  /**
   * The store in `dir` for reading only (the doctor's worker, beside the app that records): no
   * schema, repair or pragma is written, and a missing store is an error, not a new one.
   */
  static openReadOnly(dir: string, options: { nativeBinding?: string } = {}): HistoryStore {
    const db = openReadOnlyDatabase(path.join(dir, 'history.sqlite'), options);
    return new HistoryStore({ dir, opened: { db, notice: null, noticeRef: null } });
  }

  /**
   * Records a version unless it repeats the file's latest one (same bytes, or a second delete);
   * then the latest is returned, its author upgraded when this record knows better (the app's own
   * save seen first by the watcher). Two processes recording the same change keep one version.
   */
  async record(input: RecordInput): Promise<{ version: StoredVersion; added: boolean }> {
    const hash = input.bytes ? sha256(input.bytes) : (input.hash ?? null);
    const size = input.bytes?.length ?? input.size ?? 0;
    if (input.bytes && !input.skipped) await this.blobs.put(hash!, input.bytes);
    const now = this.now();
    const run = this.db.transaction((): { version: StoredVersion; added: boolean } => {
      const latest = this.latestRow(input.path);
      const same = latest && (hash === null ? latest.hash === null : latest.hash === hash && latest.kind !== 'delete');
      if (latest && same) {
        if (input.author && !latest.author) {
          this.db
            .prepare('UPDATE versions SET author = ?, kind = ? WHERE id = ?')
            .run(JSON.stringify(input.author), latest.kind === 'baseline' ? 'baseline' : input.kind, latest.id);
        }
        return { version: toStored(this.latestRow(input.path)!), added: false };
      }
      if (!latest && hash === null)
        throw new MemoryLensError('NOT_FOUND', {
          messageId: 'errors:history.nothingToMark',
          params: { path: input.path },
        });
      const maxTime = (this.db.prepare('SELECT max(time) AS t FROM versions').get() as { t: number | null }).t;
      const info = this.db
        .prepare(
          'INSERT INTO versions (path, time, mtime_ms, hash, size, kind, from_path, to_path, skipped, clock_back, author) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          input.path,
          now,
          input.mtimeMs,
          hash,
          size,
          input.kind,
          input.fromPath ?? null,
          input.toPath ?? null,
          input.skipped ?? null,
          maxTime !== null && now < maxTime ? 1 : 0,
          input.author ? JSON.stringify(input.author) : null,
        );
      return { version: toStored(this.row(Number(info.lastInsertRowid))!), added: true };
    });
    return busyAsUnavailable(() => run.immediate());
  }

  /** Marks a delete as the first half of a rename (seen as delete + add by the watcher). */
  markRenamed(id: number, toPath: string): void {
    this.db
      .prepare("UPDATE versions SET kind = 'rename', to_path = ? WHERE id = ? AND kind = 'delete'")
      .run(toPath, id);
  }

  latest(relPath: string): StoredVersion | null {
    const row = this.latestRow(relPath);
    return row ? toStored(row) : null;
  }

  /** Newest first. */
  versionsOf(relPath: string): StoredVersion[] {
    return (this.db.prepare('SELECT * FROM versions WHERE path = ? ORDER BY id DESC').all(relPath) as VersionRow[]).map(
      toStored,
    );
  }

  version(id: number): StoredVersion | null {
    const row = this.row(id);
    return row ? toStored(row) : null;
  }

  /** The version of the same file just before `id` (for a renamed-in file: the source's last one). */
  previousOf(version: StoredVersion): StoredVersion | null {
    const row = this.db
      .prepare('SELECT * FROM versions WHERE path = ? AND id < ? ORDER BY id DESC LIMIT 1')
      .get(version.path, version.id) as VersionRow | undefined;
    if (row) return toStored(row);
    if (version.kind === 'rename' && version.fromPath) {
      const source = this.db
        .prepare(
          "SELECT * FROM versions WHERE path = ? AND id < ? AND kind != 'rename' AND hash IS NOT NULL ORDER BY id DESC LIMIT 1",
        )
        .get(version.fromPath, version.id) as VersionRow | undefined;
      return source ? toStored(source) : null;
    }
    return null;
  }

  /**
   * Versions recorded since `since` (epoch ms), in the order seen: from the first one stamped at or
   * after it, so a version stamped earlier by a clock that went back still counts.
   */
  since(since: number): StoredVersion[] {
    const first = (
      this.db.prepare('SELECT min(id) AS id FROM versions WHERE time >= ?').get(since) as { id: number | null }
    ).id;
    if (first === null) return [];
    return (this.db.prepare('SELECT * FROM versions WHERE id >= ? ORDER BY id').all(first) as VersionRow[]).map(
      toStored,
    );
  }

  /** Every path with a kept version, and its latest. */
  latestByPath(): StoredVersion[] {
    return (
      this.db
        .prepare(
          'SELECT v.* FROM versions v JOIN (SELECT path, max(id) AS id FROM versions GROUP BY path) l ON v.id = l.id',
        )
        .all() as VersionRow[]
    ).map(toStored);
  }

  /** The kept bytes of a version, checked against its hash. */
  async bytesOf(version: StoredVersion): Promise<Buffer> {
    if (version.hash === null) return Buffer.alloc(0);
    if (version.skipped)
      throw new MemoryLensError('NOT_FOUND', {
        messageId: 'errors:history.notKept',
        params: { id: version.id, path: version.path, reason: version.skipped },
      });
    const bytes = await this.blobs.get(version.hash);
    if (!bytes)
      throw new MemoryLensError('NOT_FOUND', {
        messageId: 'errors:history.missingBytes',
        params: { id: version.id, path: version.path },
      });
    return bytes;
  }

  getMeta(key: string): string | null {
    return (
      (this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null
    );
  }

  setMeta(key: string, value: string): void {
    this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
  }

  usage(): { versions: number; blobs: number; bytes: number } {
    const versions = (this.db.prepare('SELECT count(*) AS n FROM versions').get() as { n: number }).n;
    const kept = this.db
      .prepare(
        'SELECT count(*) AS n, coalesce(sum(size), 0) AS bytes FROM (SELECT hash, max(size) AS size FROM versions WHERE hash IS NOT NULL AND skipped IS NULL GROUP BY hash)',
      )
      .get() as { n: number; bytes: number };
    return { versions, blobs: kept.n, bytes: kept.bytes };
  }

  /**
   * Keeps every version for `keepAllDays`; older ones thin to the last of each day per file (when
   * dailyAfter); then the oldest go until the kept bytes fit `maxMegabytes`. A file's newest
   * version is never removed. Returns how many versions went.
   */
  async applyRetention(settings: HistorySettings): Promise<number> {
    const now = this.now();
    const cutoff = now - settings.keepAllDays * 86_400_000;
    const cap = settings.maxMegabytes * 1024 * 1024;
    const removed = busyAsUnavailable(() =>
      this.db
        .transaction(() => {
          const newest = new Set(
            (this.db.prepare('SELECT max(id) AS id FROM versions GROUP BY path').all() as { id: number }[]).map(
              (r) => r.id,
            ),
          );
          const drop = this.db.prepare('DELETE FROM versions WHERE id = ?');
          let count = 0;
          if (settings.dailyAfter) {
            const old = this.db
              .prepare('SELECT id, path, time FROM versions WHERE time < ? ORDER BY id DESC')
              .all(cutoff) as { id: number; path: string; time: number }[];
            const keptDay = new Set<string>();
            for (const row of old) {
              const day = `${row.path}\0${new Date(row.time).toISOString().slice(0, 10)}`;
              if (newest.has(row.id) || !keptDay.has(day)) {
                keptDay.add(day);
                continue;
              }
              drop.run(row.id);
              count += 1;
            }
          }
          let bytes = this.usage().bytes;
          if (bytes > cap) {
            const refs = new Map<string, number>();
            for (const r of this.db
              .prepare(
                'SELECT hash, count(*) AS n FROM versions WHERE hash IS NOT NULL AND skipped IS NULL GROUP BY hash',
              )
              .all() as { hash: string; n: number }[])
              refs.set(r.hash, r.n);
            for (const row of this.db.prepare('SELECT id, hash, size, skipped FROM versions ORDER BY id').all() as {
              id: number;
              hash: string | null;
              size: number;
              skipped: string | null;
            }[]) {
              if (bytes <= cap) break;
              if (newest.has(row.id)) continue;
              drop.run(row.id);
              count += 1;
              if (row.hash && !row.skipped) {
                const left = (refs.get(row.hash) ?? 1) - 1;
                refs.set(row.hash, left);
                if (left === 0) bytes -= row.size;
              }
            }
          }
          return count;
        })
        .immediate(),
    );
    const referenced = new Set(
      (this.db.prepare('SELECT DISTINCT hash FROM versions WHERE hash IS NOT NULL').all() as { hash: string }[]).map(
        (r) => r.hash,
      ),
    );
    await this.blobs.collect(referenced, now);
    return removed;
  }

  /**
   * Rewrites every kept version holding `needle.value` so none does: each blob with the value gets
   * a new blob (the value replaced) under its new sha256, the versions naming it are moved to it,
   * the old blob is deleted, and the file is vacuumed so no free page keeps a copy. A version with
   * no recorded author gets `authorOf`'s answer first (evidence read from the bytes it had).
   */
  async purgeValue(
    needle: PurgeNeedle,
    authorOf: (version: StoredVersion) => Promise<Author | null> = async () => null,
  ): Promise<HistoryPurge> {
    const hashes = (
      this.db.prepare('SELECT DISTINCT hash FROM versions WHERE hash IS NOT NULL AND skipped IS NULL').all() as {
        hash: string;
      }[]
    ).map((r) => r.hash);
    const moved = new Map<string, { hash: string; size: number }>();
    for (const hash of hashes) {
      const bytes = await fs.readFile(this.blobs.pathOf(hash)).catch(() => null);
      const replaced = bytes && replaceInBytes(bytes, needle);
      if (!replaced) continue;
      const newHash = sha256(replaced);
      await this.blobs.put(newHash, replaced);
      moved.set(hash, { hash: newHash, size: replaced.length });
    }
    const authors = new Map<number, string>();
    for (const [hash] of moved) {
      const rows = this.db
        .prepare('SELECT * FROM versions WHERE hash = ? AND skipped IS NULL AND author IS NULL')
        .all(hash) as VersionRow[];
      for (const row of rows) {
        const author = await authorOf(toStored(row)).catch(() => null);
        if (author) authors.set(row.id, JSON.stringify(replaceInJson(author, needle)));
      }
    }
    const escaped = jsonEscaped(needle.value);
    const rewritten = busyAsUnavailable(() =>
      this.db
        .transaction(() => {
          const ids = new Set<number>();
          const byHash = this.db.prepare('SELECT id FROM versions WHERE hash = ? AND skipped IS NULL');
          const move = this.db.prepare('UPDATE versions SET hash = ?, size = ? WHERE hash = ? AND skipped IS NULL');
          for (const [oldHash, next] of moved) {
            for (const r of byHash.all(oldHash) as { id: number }[]) ids.add(r.id);
            move.run(next.hash, next.size, oldHash);
          }
          const setAuthor = this.db.prepare('UPDATE versions SET author = ? WHERE id = ?');
          for (const [id, author] of authors) setAuthor.run(author, id);
          // Recorded evidence quotes transcripts (the user's words), which may hold the value too.
          for (const row of this.db
            .prepare('SELECT id, author FROM versions WHERE instr(author, ?) > 0 OR instr(author, ?) > 0')
            .all(needle.value, escaped) as { id: number; author: string }[]) {
            const next = replaceInJsonText(row.author, needle);
            if (next === null) continue;
            setAuthor.run(next, row.id);
            ids.add(row.id);
          }
          return ids.size;
        })
        .immediate(),
    );
    let blobsDeleted = 0;
    for (const file of await this.blobs.files()) {
      const bytes = await fs.readFile(file).catch(() => null);
      // Every blob a version names was rewritten above; a copy left now is an unnamed leftover.
      if (
        bytes &&
        bytesHold(bytes, needle.value) &&
        (await fs.unlink(file).then(
          () => true,
          () => false,
        ))
      )
        blobsDeleted += 1;
    }
    return { versionsRewritten: rewritten, blobsRewritten: moved.size, blobsDeleted, vacuumed: this.vacuum() };
  }

  /** VACUUM (free pages gone) and a truncating checkpoint (no old page left in the WAL); false when another process held it. */
  private vacuum(): boolean {
    try {
      this.db.exec('VACUUM');
      const [result] = this.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      return result?.busy === 0;
    } catch {
      return false;
    }
  }

  close(): void {
    this.db.close();
  }

  private latestRow(relPath: string): VersionRow | undefined {
    return this.db.prepare('SELECT * FROM versions WHERE path = ? ORDER BY id DESC LIMIT 1').get(relPath) as
      VersionRow | undefined;
  }

  private row(id: number): VersionRow | undefined {
    return this.db.prepare('SELECT * FROM versions WHERE id = ?').get(id) as VersionRow | undefined;
  }
}

/** Another process held the store past the busy timeout: a typed, retryable error, not INTERNAL. */
function busyAsUnavailable<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') {
      throw new MemoryLensError('UNAVAILABLE', { messageId: 'errors:history.busy' });
    }
    if (isDiskFullError(error)) throw dataDiskFullError('history.sqlite', error);
    throw error;
  }
}

function toStored(row: VersionRow): StoredVersion {
  let author: Author | null = null;
  if (row.author) {
    try {
      author = JSON.parse(row.author) as Author;
    } catch {
      author = null;
    }
  }
  return {
    id: row.id,
    path: row.path,
    time: row.time,
    mtimeMs: row.mtime_ms,
    hash: row.hash,
    size: row.size,
    kind: row.kind as VersionKind,
    fromPath: row.from_path,
    toPath: row.to_path,
    skipped: row.skipped,
    clockWentBack: row.clock_back === 1,
    recordedAuthor: author,
  };
}
