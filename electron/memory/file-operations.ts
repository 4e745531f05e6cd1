// The editor's file operations: every path resolved inside its root (realpath + containment),
// saves guarded by the hash the editor read and serialised per path (two saves presenting the
// same hash cannot both pass), writes atomic and byte-exact, failed writes leaving no temp file or
// empty folder, and each change reindexed at once so it is searchable without waiting for the
// watcher. Files that keep a frontmatter `checksum` keep it true (parse/integrity-fields.ts).
import { constants as fsConstants } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FileContent, MemoryGetResult, SaveResult, Transcript } from '../../shared/domain.js';
import { findBidiControl, showBidiControls } from '../../shared/bidi-controls.js';
import { MemoryLensError } from '../../shared/errors.js';
import { trashDirFor } from './files/data-dir.js';
import { tempPathFor } from './files/atomic-write.js';
import {
  decodeTextFile,
  DEFAULT_MAX_EDITABLE_BYTES,
  encodeForSave,
  memoryGet,
  readWholeFile,
  writeTextFile,
} from './workspace/file-io.js';
import { readFileWindow } from './workspace/file-window.js';
import { toFileSystemError } from './files/fs-errors.js';
import type { FileAction } from './files/fs-errors.js';
import { sha256 } from './text/hash.js';
import { createParentFolders } from './files/parent-folders.js';
import { PathLocks } from './files/path-lock.js';
import { normalizeRelPath } from './files/safe-path.js';
import { parseFrontmatter } from './parse/frontmatter.js';
import { refreshIntegrityFields } from './parse/integrity-fields.js';
import { transcriptTools } from './parse/transcript-tools.js';
import { parseSessionJsonl } from './parse/session-jsonl.js';
import type { PathUse, WorkspaceScope } from './workspace/workspace-scope.js';
import { resolveMemoryPath, type ResolvedMemoryPath } from './workspace/memory-path.js';

export interface FileOperationsOptions {
  workspaceDir: string;
  dataDir: string;
  scope: WorkspaceScope;
  /** Brings the index in line with one path after a write. */
  reindex(relPath: string): Promise<unknown>;
}

export interface SaveOptions {
  /** "Save anyway": write a file whose mode has no write bit for us; the mode is kept. */
  overrideReadOnly?: boolean;
}

export class FileOperations {
  private readonly locks = new PathLocks();

  constructor(private readonly options: FileOperationsOptions) {}

  get(relPath: string, from: number | undefined, lines: number | undefined): Promise<MemoryGetResult> {
    return memoryGet(this.options.scope, relPath, from, lines);
  }

  /**
   * A memory file or transcript as the editor opens it. Anything else in the workspace (`.env`,
   * `.git/…`, temp files of interrupted saves, notes outside the memory folders) is not memory and
   * is refused. Files over the editor's limit come back as a read-only window starting at
   * `window.offset` (or, `backward`, ending there).
   */
  async readFile(relPath: string, window: { offset?: number; backward?: boolean } = {}): Promise<FileContent> {
    const fromDb = this.readFromAgentDb(normalizeRelPath(relPath));
    if (fromDb) return { path: fromDb.path, ...decodeTextFile(fromDb.bytes, fromDb.mtimeMs), readOnly: 'session' };
    const { path: clean, abs } = await this.resolve(relPath, 'read');
    const isSession = this.options.scope.sourceOf(clean) === 'sessions';
    return this.withFsErrors(clean, 'read', async () => {
      const { stat, bytes } = await readWholeFile(abs, DEFAULT_MAX_EDITABLE_BYTES);
      if (!stat.isFile())
        throw new MemoryLensError('NOT_ALLOWED', { messageId: 'errors:notAFile', params: { path: clean } });
      if (!bytes) {
        const windowed = await readFileWindow(abs, window.offset ?? 0, { backward: window.backward === true });
        return { path: clean, ...windowed, readOnly: 'too-large' as const };
      }
      const content = decodeTextFile(bytes, stat.mtimeMs);
      const file: FileContent = {
        path: clean,
        ...content,
        readOnly: content.readOnly ?? (isSession ? 'session' : modeForbidsWriting(stat) ? 'file-mode' : null),
      };
      if (!isSession) {
        const checksum = parseFrontmatter(content.text).checksum;
        if (checksum) file.checksum = checksum;
      }
      return file;
    });
  }

  async readTranscript(relPath: string): Promise<Transcript> {
    const { bytes, mtimeMs } = await this.readTranscriptBytes(relPath);
    const text = new TextDecoder('utf-8').decode(bytes);
    const parsed = parseSessionJsonl(text);
    return {
      messages: parsed.messages,
      tools: transcriptTools(text),
      malformedLines: parsed.malformed,
      size: bytes.length,
      mtimeMs,
    };
  }

  /** A transcript's records as JSONL (a file, or an agent database's events, line = seq + 1): the memory history reads tool calls from them. */
  async readTranscriptBytes(relPath: string): Promise<{ bytes: Buffer; mtimeMs: number }> {
    const clean = normalizeRelPath(relPath);
    if (this.options.scope.sourceOf(clean) !== 'sessions') {
      throw new MemoryLensError('NOT_ALLOWED', { messageId: 'errors:notATranscript', params: { path: clean } });
    }
    const fromDb = this.readFromAgentDb(clean);
    if (fromDb) return { bytes: fromDb.bytes, mtimeMs: fromDb.mtimeMs };
    const { abs } = await this.resolve(clean, 'read');
    const { stat, bytes } = await this.withFsErrors(clean, 'read', () => readWholeFile(abs));
    if (!bytes) throw new MemoryLensError('NOT_ALLOWED', { messageId: 'errors:notAFile', params: { path: clean } });
    return { bytes, mtimeMs: stat.mtimeMs };
  }

  /**
   * Writes `text` only if the file still has the bytes the editor read (`expectedHash`); null
   * means the editor believes there is no file (re-creating a file deleted on disk).
   */
  async saveFile(
    relPath: string,
    text: string,
    expectedHash: string | null,
    options: SaveOptions = {},
  ): Promise<SaveResult> {
    const { path: clean, abs, exists } = await this.resolve(relPath, 'write');
    if (!exists) assertNewName(clean);
    const saved = await this.locks.runForFiles([abs], () =>
      this.withFsErrors(clean, 'save', async () => {
        const current = await readIfExists(abs);
        const currentHash = current ? sha256(current) : null;
        if (currentHash !== expectedHash) {
          throw new MemoryLensError(
            'CONFLICT',
            current
              ? { messageId: 'errors:changedOnDisk', params: { path: clean } }
              : { messageId: 'errors:deletedOnDisk', params: { path: clean } },
            { currentHash },
          );
        }
        const decoded = current ? decodeTextFile(current, 0) : null;
        if (decoded?.readOnly)
          throw new MemoryLensError('NOT_ALLOWED', {
            messageId: `errors:readOnly.${decoded.readOnly}`,
            params: { path: clean },
          });
        if (current && options.overrideReadOnly !== true) await assertModeAllowsWriting(abs, clean);
        const finalText = this.keepIntegrity(decoded?.text ?? null, text);
        const folders = current ? null : await createParentFolders(abs);
        try {
          return { ...(await writeTextFile(abs, finalText, { bom: decoded?.bom ?? false })), finalText };
        } catch (error) {
          await folders?.undo();
          throw error;
        }
      }),
    );
    await this.options.reindex(clean);
    return savedResult(clean, saved, text);
  }

  /** Creates a new Markdown memory file; never overwrites (ALREADY_EXISTS). */
  async createFile(relPath: string, text: string): Promise<SaveResult> {
    const { path: clean, abs } = await this.resolve(relPath, 'write');
    assertNewName(clean);
    const saved = await this.locks.runForFiles([abs], () =>
      this.withFsErrors(clean, 'create', async () => {
        const finalText = this.keepIntegrity(null, text);
        const bytes = encodeForSave(finalText, { bom: false });
        const folders = await createParentFolders(abs);
        try {
          await createExclusive(abs, bytes, clean);
        } catch (error) {
          await folders.undo();
          throw error;
        }
        const stat = await fsp.stat(abs);
        return { hash: sha256(bytes), size: bytes.length, mtimeMs: stat.mtimeMs, finalText };
      }),
    );
    await this.options.reindex(clean);
    return savedResult(clean, saved, text);
  }

  /**
   * "Accept as intended": the body was edited outside the app and the frontmatter `checksum` no
   * longer matches; rewrite only `checksum` (and `updated`) so it does. Refused when the file
   * changed since the editor read it (CONFLICT) or declares no checksum (NOT_ALLOWED).
   */
  async acceptChecksum(relPath: string, expectedHash: string): Promise<SaveResult> {
    const { path: clean, abs } = await this.resolve(relPath, 'edit');
    const saved = await this.locks.runForFiles([abs], () =>
      this.withFsErrors(clean, 'save', async () => {
        const current = await readIfExists(abs);
        if (!current)
          throw new MemoryLensError('NOT_FOUND', { messageId: 'errors:noSuchFile', params: { path: clean } });
        if (sha256(current) !== expectedHash) {
          throw new MemoryLensError(
            'CONFLICT',
            { messageId: 'errors:changedOnDisk', params: { path: clean } },
            {
              currentHash: sha256(current),
            },
          );
        }
        const decoded = decodeTextFile(current, 0);
        if (decoded.readOnly)
          throw new MemoryLensError('NOT_ALLOWED', {
            messageId: `errors:readOnly.${decoded.readOnly}`,
            params: { path: clean },
          });
        await assertModeAllowsWriting(abs, clean);
        const refreshed = refreshIntegrityFields(decoded.text, new Date());
        if (!refreshed.applied)
          throw new MemoryLensError('NOT_ALLOWED', { messageId: 'errors:noChecksum', params: { path: clean } });
        return { ...(await writeTextFile(abs, refreshed.text, { bom: decoded.bom })), finalText: refreshed.text };
      }),
    );
    await this.options.reindex(clean);
    return { path: clean, hash: saved.hash, size: saved.size, mtimeMs: saved.mtimeMs, text: saved.finalText };
  }

  /**
   * `expectedHash`: the bytes the caller saw; CONFLICT when the file changed or went meanwhile.
   * A symlink is renamed as a link (the file it leads to stays), unless a relative link would
   * lead nowhere or to another file from its new folder (NOT_ALLOWED with the reason).
   */
  async renameFile(fromPath: string, toPath: string, expectedHash?: string): Promise<SaveResult> {
    const from = normalizeRelPath(fromPath);
    const to = normalizeRelPath(toPath);
    if (from === to) throw new MemoryLensError('INVALID_ARGUMENT', { messageId: 'errors:sameName' });
    const source = await this.resolve(from, 'edit');
    assertNewName(to);
    const { abs: toAbs } = await this.resolve(to, 'edit');
    const moved = await this.locks.runForFiles([source.entry, source.abs, toAbs], async () => {
      await assertSameEntry(source, from);
      if (expectedHash !== undefined) await assertHash(source.abs, from, expectedHash);
      const bytes = await this.withFsErrors(from, 'rename', () => fsp.readFile(source.abs));
      const linkTarget = source.isLink
        ? await this.withFsErrors(from, 'rename', () => linkTargetAt(source, from, toAbs, to))
        : null;
      return this.withFsErrors(to, 'rename', async () => {
        const folders = await createParentFolders(toAbs);
        try {
          if (linkTarget === null) await moveExclusive(source.abs, toAbs, to);
          else await moveLinkExclusive(linkTarget, source.entry, toAbs, to);
        } catch (error) {
          await folders.undo();
          throw error;
        }
        const stat = await fsp.stat(toAbs);
        return { hash: sha256(bytes), size: bytes.length, mtimeMs: stat.mtimeMs };
      });
    });
    await this.options.reindex(from);
    await this.options.reindex(to);
    return { path: to, ...moved };
  }

  /**
   * Moves the file to `<dataDir>/trash/<timestamp>/<path>`, so a delete can be undone by hand. A
   * symlink goes to the trash as a link; the file it leads to stays.
   */
  async deleteFile(relPath: string, expectedHash?: string): Promise<void> {
    const resolved = await this.resolve(relPath, 'edit');
    const { path: clean, abs, entry } = resolved;
    await this.locks.runForFiles([entry, abs], () =>
      this.withFsErrors(clean, 'delete', async () => {
        await assertSameEntry(resolved, clean);
        if (expectedHash !== undefined) await assertHash(abs, clean, expectedHash);
        const stat = await fsp.stat(abs).catch(() => null);
        if (!stat?.isFile())
          throw new MemoryLensError('NOT_FOUND', { messageId: 'errors:noSuchFile', params: { path: clean } });
        const trashed = path.join(trashDirFor(this.options.dataDir), ...clean.split('/'));
        await fsp.mkdir(path.dirname(trashed), { recursive: true });
        try {
          await fsp.rename(entry, trashed);
        } catch (error) {
          // The data folder may live on another file system: copy (a link as a link), then remove.
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
          if (resolved.isLink) await fsp.symlink(await fsp.readlink(entry), trashed);
          else await fsp.copyFile(entry, trashed);
          await fsp.unlink(entry);
        }
      }),
    );
    await this.options.reindex(clean);
  }

  /**
   * The one rule for paths (workspace/memory-path.ts): reading reaches memory files, transcripts
   * and OpenClaw's bootstrap files (AGENTS.md, SOUL.md, …: the agent reads them at every start, so
   * saving reaches them too); renaming and deleting stay with Markdown memory files. Where a
   * symlink leads is held to the same rule as the name asked for.
   */
  /** A transcript kept in an agent database (read-only by nature), or null for a file on disk. */
  private readFromAgentDb(clean: string): { path: string; bytes: Buffer; mtimeMs: number } | null {
    const databases = this.options.scope.agentDatabases;
    const found = databases?.lookup(clean);
    if (!databases || !found) return null;
    const bytes = databases.read(found.agentDb);
    if (!bytes)
      throw new MemoryLensError('UNAVAILABLE', {
        messageId: 'errors:agent.agentDbUnreadable',
        params: { path: clean, db: found.agentDb.dbPath },
      });
    return {
      path: found.path,
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      mtimeMs: found.mtimeMs,
    };
  }

  private resolve(relPath: string, use: PathUse): Promise<ResolvedMemoryPath> {
    return resolveMemoryPath(this.options.scope, relPath, use);
  }

  /**
   * The text to write for `text`: with `checksum` and `updated` refreshed when the file keeps a
   * checksum the app can vouch for — a new file, or one whose checksum matched before this save.
   * A checksum that was already wrong stays wrong: the mismatch is the user's to see and accept
   * ("accept as intended"), never silently fixed by an unrelated edit.
   */
  private keepIntegrity(previousText: string | null, text: string): string {
    const before = previousText === null ? null : parseFrontmatter(previousText).checksum;
    if (before && !before.ok) return text;
    return refreshIntegrityFields(text, new Date()).text;
  }

  private async withFsErrors<T>(clean: string, action: FileAction, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toFileSystemError(error, clean, action);
    }
  }
}

/**
 * A name the app gives a file must read as what it is: invisible text-direction controls
 * (shared/bidi-controls.ts) can make `x\u202Edm.exe.md` draw as another name. Old names keep working.
 */
function assertNewName(clean: string): void {
  const control = findBidiControl(clean);
  if (control) {
    throw new MemoryLensError(
      'INVALID_ARGUMENT',
      { messageId: 'errors:bidiName', params: { control, name: showBidiControls(clean) } },
      {
        reason: 'bidi-control',
      },
    );
  }
}

function savedResult(
  clean: string,
  saved: { hash: string; size: number; mtimeMs: number; finalText: string },
  sent: string,
): SaveResult {
  const result: SaveResult = { path: clean, hash: saved.hash, size: saved.size, mtimeMs: saved.mtimeMs };
  if (saved.finalText !== sent) result.text = saved.finalText;
  return result;
}

/** CONFLICT unless the file still has the bytes the caller saw (a file gone meanwhile included). */
async function assertHash(abs: string, clean: string, expectedHash: string): Promise<void> {
  const current = await readIfExists(abs);
  const currentHash = current ? sha256(current) : null;
  if (currentHash !== expectedHash)
    throw new MemoryLensError(
      'CONFLICT',
      current
        ? { messageId: 'errors:changedOnDisk', params: { path: clean } }
        : { messageId: 'errors:movedOnDisk', params: { path: clean } },
      { currentHash },
    );
}

async function readIfExists(abs: string): Promise<Buffer | null> {
  try {
    return await fsp.readFile(abs);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Temp file + hard link: the new name appears atomically, complete, and only if it was free. */
async function createExclusive(abs: string, bytes: Buffer, clean: string): Promise<void> {
  const tmp = tempPathFor(abs);
  try {
    const handle = await fsp.open(tmp, 'wx', 0o644);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await linkOrFallback(tmp, abs, clean);
  } finally {
    // Linked (the name now holds the bytes) or failed (disk full, name taken): the temp goes either way.
    await fsp.rm(tmp, { force: true }).catch(() => undefined);
  }
}

/**
 * Whether the file's mode denies writing to this process's user class (owner, group, others). Read
 * from the mode bits, not access(W_OK): as root that always succeeds, and root gets "any write bit".
 */
function modeForbidsWriting(stat: { mode: number; uid: number; gid: number }): boolean {
  const uid = process.getuid?.();
  if (uid === undefined) return (stat.mode & 0o200) === 0; // Windows: the read-only attribute clears every write bit.
  if (uid === 0) return (stat.mode & 0o222) === 0;
  if (stat.uid === uid) return (stat.mode & 0o200) === 0;
  if (process.getgroups?.().includes(stat.gid) || process.getgid?.() === stat.gid) return (stat.mode & 0o020) === 0;
  return (stat.mode & 0o002) === 0;
}

/** READ_ONLY (with the mode) unless the file's mode lets us write it; "save anyway" skips this check. */
async function assertModeAllowsWriting(abs: string, clean: string): Promise<void> {
  const stat = await fsp.stat(abs);
  if (!modeForbidsWriting(stat)) return;
  const mode = (stat.mode & 0o777).toString(8).padStart(4, '0');
  throw new MemoryLensError(
    'READ_ONLY',
    { messageId: 'errors:readOnly.fileMode', params: { path: clean, mode } },
    { reason: 'file-mode', mode },
  );
}

/** CONFLICT when the name became a link or stopped being one since it was resolved (before the locks). */
async function assertSameEntry(resolved: ResolvedMemoryPath, clean: string): Promise<void> {
  const now = await fsp.lstat(resolved.entry).catch(() => null);
  if (now && now.isSymbolicLink() !== resolved.isLink)
    throw new MemoryLensError(
      'CONFLICT',
      { messageId: 'errors:changedOnDisk', params: { path: clean } },
      { currentHash: null },
    );
}

/**
 * What the link at `source.entry` holds, checked to lead to the same file from `toAbs`'s folder:
 * a relative link moved elsewhere can lead nowhere or to another file, so that rename is refused.
 */
async function linkTargetAt(source: ResolvedMemoryPath, from: string, toAbs: string, to: string): Promise<string> {
  const target = await fsp.readlink(source.entry);
  if (path.isAbsolute(target)) return target;
  const leadsTo = await fsp.realpath(path.resolve(path.dirname(toAbs), target)).catch(() => null);
  if (leadsTo === source.abs) return target;
  const [reason, outcome] = leadsTo
    ? (['symlink-would-retarget', 'retarget'] as const)
    : (['symlink-would-dangle', 'dangle'] as const);
  throw new MemoryLensError(
    'NOT_ALLOWED',
    {
      messageId: `errors:symlinkRename.${outcome}`,
      params: { path: from, link: target, target: source.realPath, to },
    },
    { reason, target: source.realPath },
  );
}

/** A link moved as a link: the same target at the new name (never replacing a file there), then the old name removed. */
async function moveLinkExclusive(target: string, fromEntry: string, toAbs: string, clean: string): Promise<void> {
  try {
    await fsp.symlink(target, toAbs);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new MemoryLensError('ALREADY_EXISTS', { messageId: 'errors:alreadyExists', params: { path: clean } });
    throw error;
  }
  await fsp.unlink(fromEntry);
}

/** Rename that refuses to replace an existing target (plain rename would overwrite it silently). */
async function moveExclusive(fromAbs: string, toAbs: string, clean: string): Promise<void> {
  await linkOrFallback(fromAbs, toAbs, clean);
  await fsp.unlink(fromAbs);
}

async function linkOrFallback(source: string, target: string, clean: string): Promise<void> {
  try {
    await fsp.link(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST')
      throw new MemoryLensError('ALREADY_EXISTS', { messageId: 'errors:alreadyExists', params: { path: clean } });
    // File systems without hard links (some network and FAT volumes): check, then copy.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'ENOSYS') throw error;
    if (
      await fsp.stat(target).then(
        () => true,
        () => false,
      )
    )
      throw new MemoryLensError('ALREADY_EXISTS', { messageId: 'errors:alreadyExists', params: { path: clean } });
    try {
      await fsp.copyFile(source, target, fsConstants.COPYFILE_EXCL);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'EEXIST')
        throw new MemoryLensError('ALREADY_EXISTS', { messageId: 'errors:alreadyExists', params: { path: clean } });
      // The copy made the file (EXCL): a half-copied one (disk full) must not stay behind.
      await fsp.rm(target, { force: true }).catch(() => undefined);
      throw copyError;
    }
  }
}
