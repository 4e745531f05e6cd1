// The editor's file operations: every path resolved inside its root (realpath + containment),
// saves guarded by the hash the editor read and serialised per path (two saves presenting the
// same hash cannot both pass), writes atomic and byte-exact, failed writes leaving no temp file or
// empty folder, and each change reindexed at once so it is searchable without waiting for the
// watcher. Files that keep a frontmatter `checksum` keep it true (parse/integrity-fields.ts).
import { constants as fsConstants } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isBootstrapFileName } from '../../shared/bootstrap-profiles.js';
import type { FileContent, MemoryGetResult, SaveResult, Transcript } from '../../shared/domain.js';
import { MemoryLensError } from '../../shared/errors.js';
import { trashDirFor } from './data-dir.js';
import { tempPathFor } from './files/atomic-write.js';
import { decodeTextFile, DEFAULT_MAX_EDITABLE_BYTES, encodeForSave, memoryGet, readWholeFile, writeTextFile } from './files/file-io.js';
import { readFileWindow } from './files/file-window.js';
import { toFileSystemError } from './files/fs-errors.js';
import type { FileAction } from './files/fs-errors.js';
import { sha256 } from './files/hash.js';
import { createParentFolders } from './files/parent-folders.js';
import { PathLocks } from './files/path-lock.js';
import { normalizeRelPath, resolveInWorkspace } from './files/safe-path.js';
import { parseFrontmatter } from './parse/frontmatter.js';
import { refreshIntegrityFields } from './parse/integrity-fields.js';
import { transcriptTools } from './parse/transcript-tools.js';
import { parseSessionJsonl } from './parse/session-jsonl.js';
import { discoverOne, indexableSource } from './sync/indexable-path.js';
import type { DiscoverOptions } from './workspace/discover.js';

export interface FileOperationsOptions {
  workspaceDir: string;
  dataDir: string;
  discover: DiscoverOptions;
  /** Brings the index in line with one path after a write. */
  reindex(relPath: string): Promise<unknown>;
}

export class FileOperations {
  private readonly locks = new PathLocks();

  constructor(private readonly options: FileOperationsOptions) {}

  get(relPath: string, from: number | undefined, lines: number | undefined, extraPaths: string[]): Promise<MemoryGetResult> {
    return memoryGet(this.options.workspaceDir, relPath, from, lines, extraPaths);
  }

  /**
   * A memory file or transcript as the editor opens it. Anything else in the workspace (`.env`,
   * `.git/…`, temp files of interrupted saves, notes outside the memory folders) is not memory and
   * is refused. Files over the editor's limit come back as a read-only window starting at
   * `window.offset` (or, `backward`, ending there).
   */
  async readFile(relPath: string, window: { offset?: number; backward?: boolean } = {}): Promise<FileContent> {
    const clean = this.assertReadable(relPath);
    const abs = await this.resolveExisting(clean);
    const isSession = indexableSource(this.options.discover, clean) === 'sessions';
    return this.withFsErrors(clean, 'read', async () => {
      const { stat, bytes } = await readWholeFile(abs, DEFAULT_MAX_EDITABLE_BYTES);
      if (!stat.isFile()) throw new MemoryLensError('NOT_ALLOWED', `Not a file: ${clean}`);
      if (!bytes) {
        const windowed = await readFileWindow(abs, window.offset ?? 0, { backward: window.backward === true });
        return { path: clean, ...windowed, readOnly: 'too-large' as const };
      }
      const content = decodeTextFile(bytes, stat.mtimeMs);
      const file: FileContent = { path: clean, ...content, readOnly: content.readOnly ?? (isSession ? 'session' : null) };
      if (!isSession) {
        const checksum = parseFrontmatter(content.text).checksum;
        if (checksum) file.checksum = checksum;
      }
      return file;
    });
  }

  async readTranscript(relPath: string): Promise<Transcript> {
    const clean = normalizeRelPath(relPath);
    if (indexableSource(this.options.discover, clean) !== 'sessions') {
      throw new MemoryLensError('NOT_ALLOWED', `Not a session transcript: ${clean}`);
    }
    const abs = await this.resolveExisting(clean);
    const { stat, bytes } = await this.withFsErrors(clean, 'read', () => readWholeFile(abs));
    if (!bytes) throw new MemoryLensError('NOT_ALLOWED', `Not a file: ${clean}`);
    const text = new TextDecoder('utf-8').decode(bytes);
    const parsed = parseSessionJsonl(text);
    return { messages: parsed.messages, tools: transcriptTools(text), malformedLines: parsed.malformed, size: bytes.length, mtimeMs: stat.mtimeMs };
  }

  /**
   * Writes `text` only if the file still has the bytes the editor read (`expectedHash`); null
   * means the editor believes there is no file (re-creating a file deleted on disk).
   */
  async saveFile(relPath: string, text: string, expectedHash: string | null): Promise<SaveResult> {
    const clean = this.assertWritable(relPath);
    const abs = await resolveInWorkspace(this.options.workspaceDir, clean);
    const saved = await this.locks.run([abs], () =>
      this.withFsErrors(clean, 'save', async () => {
        const current = await readIfExists(abs);
        const currentHash = current ? sha256(current) : null;
        if (currentHash !== expectedHash) {
          throw new MemoryLensError(
            'CONFLICT',
            current ? `${clean} changed on disk since it was opened.` : `${clean} was deleted on disk since it was opened.`,
            { currentHash },
          );
        }
        const decoded = current ? decodeTextFile(current, 0) : null;
        if (decoded?.readOnly) throw new MemoryLensError('NOT_ALLOWED', `${clean} is read-only (${decoded.readOnly}).`);
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
    const clean = this.assertWritable(relPath);
    const abs = await resolveInWorkspace(this.options.workspaceDir, clean);
    const saved = await this.locks.run([abs], () =>
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
    const clean = this.assertEditable(relPath);
    const abs = await resolveInWorkspace(this.options.workspaceDir, clean);
    const saved = await this.locks.run([abs], () =>
      this.withFsErrors(clean, 'save', async () => {
        const current = await readIfExists(abs);
        if (!current) throw new MemoryLensError('NOT_FOUND', `No such file: ${clean}`);
        if (sha256(current) !== expectedHash) {
          throw new MemoryLensError('CONFLICT', `${clean} changed on disk since it was opened.`, { currentHash: sha256(current) });
        }
        const decoded = decodeTextFile(current, 0);
        if (decoded.readOnly) throw new MemoryLensError('NOT_ALLOWED', `${clean} is read-only (${decoded.readOnly}).`);
        const refreshed = refreshIntegrityFields(decoded.text, new Date());
        if (!refreshed.applied) throw new MemoryLensError('NOT_ALLOWED', `${clean} declares no frontmatter checksum.`);
        return { ...(await writeTextFile(abs, refreshed.text, { bom: decoded.bom })), finalText: refreshed.text };
      }),
    );
    await this.options.reindex(clean);
    return { path: clean, hash: saved.hash, size: saved.size, mtimeMs: saved.mtimeMs, text: saved.finalText };
  }

  async renameFile(fromPath: string, toPath: string): Promise<SaveResult> {
    const from = this.assertEditable(fromPath);
    const to = this.assertEditable(toPath);
    if (from === to) throw new MemoryLensError('INVALID_ARGUMENT', 'The new name is the same as the old one.');
    const fromAbs = await resolveInWorkspace(this.options.workspaceDir, from);
    const toAbs = await resolveInWorkspace(this.options.workspaceDir, to);
    const moved = await this.locks.run([fromAbs, toAbs], async () => {
      const bytes = await this.withFsErrors(from, 'rename', () => fsp.readFile(fromAbs));
      return this.withFsErrors(to, 'rename', async () => {
        const folders = await createParentFolders(toAbs);
        try {
          await moveExclusive(fromAbs, toAbs, to);
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

  /** Moves the file to `<dataDir>/trash/<timestamp>/<path>`, so a delete can be undone by hand. */
  async deleteFile(relPath: string): Promise<void> {
    const clean = this.assertEditable(relPath);
    const abs = await resolveInWorkspace(this.options.workspaceDir, clean);
    await this.locks.run([abs], () =>
      this.withFsErrors(clean, 'delete', async () => {
        const stat = await fsp.stat(abs).catch(() => null);
        if (!stat?.isFile()) throw new MemoryLensError('NOT_FOUND', `No such file: ${clean}`);
        const trashed = path.join(trashDirFor(this.options.dataDir), ...clean.split('/'));
        await fsp.mkdir(path.dirname(trashed), { recursive: true });
        try {
          await fsp.rename(abs, trashed);
        } catch (error) {
          // The data folder may live on another file system: copy, then remove.
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
          await fsp.copyFile(abs, trashed);
          await fsp.unlink(abs);
        }
      }),
    );
    await this.options.reindex(clean);
  }

  /**
   * Saving and creating also reach OpenClaw's bootstrap files at the workspace root (AGENTS.md,
   * SOUL.md, …): the agent reads them at every start under the same budget as MEMORY.md, so they
   * are edited with the same safe save. Renaming and deleting stay with memory files.
   */
  private assertWritable(relPath: string): string {
    const clean = normalizeRelPath(relPath);
    return isBootstrapFileName(clean) ? clean : this.assertEditable(clean);
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

  /**
   * Readable = a memory file or a transcript, as discovery would list it, or a bootstrap file the
   * agent reads (AGENTS.md, SOUL.md, …). Hidden files and temp files of saves are none of these.
   */
  private assertReadable(relPath: string): string {
    const clean = normalizeRelPath(relPath);
    if (!isBootstrapFileName(clean) && indexableSource(this.options.discover, clean) === null) {
      throw new MemoryLensError('NOT_ALLOWED', `Memory Lens opens memory files, bootstrap files and session transcripts only: ${clean}`);
    }
    return clean;
  }

  /** Editable = a Markdown memory file inside the workspace; transcripts and other files are read-only. */
  private assertEditable(relPath: string): string {
    const clean = normalizeRelPath(relPath);
    const source = indexableSource(this.options.discover, clean);
    if (source === 'sessions') throw new MemoryLensError('NOT_ALLOWED', `Session transcripts are read-only: ${clean}`);
    if (source !== 'memory' || clean.startsWith('extra/') || !clean.toLowerCase().endsWith('.md')) {
      throw new MemoryLensError(
        'NOT_ALLOWED',
        `Only Markdown memory files can be written (MEMORY.md, memory.md, USER.md, memory/**/*.md and the layer folders; saving also reaches AGENTS.md, SOUL.md and the other bootstrap files): ${clean}`,
      );
    }
    return clean;
  }

  /** Workspace paths via safe-path; virtual session/extra paths via discovery's containment rules. */
  private async resolveExisting(clean: string): Promise<string> {
    const segments = clean.split('/');
    const virtual = (segments[0] === 'sessions' && segments.length === 3) || segments[0] === 'extra';
    if (virtual) {
      const found = await discoverOne(this.options.discover, clean);
      if (found) return found.absPath;
    }
    return resolveInWorkspace(this.options.workspaceDir, clean);
  }

  private async withFsErrors<T>(clean: string, action: FileAction, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toFileSystemError(error, clean, action);
    }
  }
}

function savedResult(clean: string, saved: { hash: string; size: number; mtimeMs: number; finalText: string }, sent: string): SaveResult {
  const result: SaveResult = { path: clean, hash: saved.hash, size: saved.size, mtimeMs: saved.mtimeMs };
  if (saved.finalText !== sent) result.text = saved.finalText;
  return result;
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
    if (code === 'EEXIST') throw new MemoryLensError('ALREADY_EXISTS', `A file already exists at ${clean}.`);
    // File systems without hard links (some network and FAT volumes): check, then copy.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'ENOSYS') throw error;
    if (await fsp.stat(target).then(() => true, () => false)) throw new MemoryLensError('ALREADY_EXISTS', `A file already exists at ${clean}.`);
    try {
      await fsp.copyFile(source, target, fsConstants.COPYFILE_EXCL);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') throw new MemoryLensError('ALREADY_EXISTS', `A file already exists at ${clean}.`);
      // The copy made the file (EXCL): a half-copied one (disk full) must not stay behind.
      await fsp.rm(target, { force: true }).catch(() => undefined);
      throw copyError;
    }
  }
}
