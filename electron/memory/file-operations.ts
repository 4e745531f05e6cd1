// The editor's file operations: every path resolved inside its root (realpath + containment),
// saves guarded by the hash the editor read, writes atomic and byte-exact, and each change
// reindexed at once so it is searchable without waiting for the watcher.
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isBootstrapFileName } from '../../shared/bootstrap-profiles.js';
import type { FileContent, MemoryGetResult, SaveResult, Transcript } from '../../shared/domain.js';
import { MemoryLensError } from '../../shared/errors.js';
import { trashDirFor } from './data-dir.js';
import { sha256 } from './files/hash.js';
import { decodeTextFile, encodeForSave, memoryGet, writeTextFile } from './files/file-io.js';
import { normalizeRelPath, resolveInWorkspace } from './files/safe-path.js';
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
  constructor(private readonly options: FileOperationsOptions) {}

  get(relPath: string, from: number | undefined, lines: number | undefined, extraPaths: string[]): Promise<MemoryGetResult> {
    return memoryGet(this.options.workspaceDir, relPath, from, lines, extraPaths);
  }

  async readFile(relPath: string): Promise<FileContent> {
    const clean = normalizeRelPath(relPath);
    const abs = await this.resolveExisting(clean);
    const bytes = await readOrNotFound(abs, clean);
    const stat = await fsp.stat(abs);
    const content = decodeTextFile(bytes, stat.mtimeMs);
    const isSession = indexableSource(this.options.discover, clean) === 'sessions';
    return { path: clean, ...content, readOnly: content.readOnly ?? (isSession ? 'session' : null) };
  }

  async readTranscript(relPath: string): Promise<Transcript> {
    const clean = normalizeRelPath(relPath);
    if (indexableSource(this.options.discover, clean) !== 'sessions') {
      throw new MemoryLensError('NOT_ALLOWED', `Not a session transcript: ${clean}`);
    }
    const abs = await this.resolveExisting(clean);
    const bytes = await readOrNotFound(abs, clean);
    const stat = await fsp.stat(abs);
    const parsed = parseSessionJsonl(new TextDecoder('utf-8').decode(bytes));
    return { messages: parsed.messages, malformedLines: parsed.malformed, size: bytes.length, mtimeMs: stat.mtimeMs };
  }

  /**
   * Writes `text` only if the file still has the bytes the editor read (`expectedHash`); null
   * means the editor believes there is no file (re-creating a file deleted on disk).
   */
  async saveFile(relPath: string, text: string, expectedHash: string | null): Promise<SaveResult> {
    const clean = this.assertWritable(relPath);
    const abs = await resolveInWorkspace(this.options.workspaceDir, clean);
    const current = await fsp.readFile(abs).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    const currentHash = current ? sha256(current) : null;
    if (currentHash !== expectedHash) {
      throw new MemoryLensError(
        'CONFLICT',
        current ? `${clean} changed on disk since it was opened.` : `${clean} was deleted on disk since it was opened.`,
        { currentHash },
      );
    }
    let bom = false;
    if (current) {
      const decoded = decodeTextFile(current, 0);
      if (decoded.readOnly) throw new MemoryLensError('NOT_ALLOWED', `${clean} is read-only (${decoded.readOnly}).`);
      bom = decoded.bom;
    } else {
      await fsp.mkdir(path.dirname(abs), { recursive: true });
    }
    const written = await writeTextFile(abs, text, { bom });
    await this.options.reindex(clean);
    return { path: clean, ...written };
  }

  /** Creates a new Markdown memory file; never overwrites (ALREADY_EXISTS). */
  async createFile(relPath: string, text: string): Promise<SaveResult> {
    const clean = this.assertWritable(relPath);
    const abs = await resolveInWorkspace(this.options.workspaceDir, clean);
    await fsp.mkdir(path.dirname(abs), { recursive: true });
    const bytes = encodeForSave(text, { bom: false });
    await createExclusive(abs, bytes, clean);
    const stat = await fsp.stat(abs);
    await this.options.reindex(clean);
    return { path: clean, hash: sha256(bytes), size: bytes.length, mtimeMs: stat.mtimeMs };
  }

  async renameFile(fromPath: string, toPath: string): Promise<SaveResult> {
    const from = this.assertEditable(fromPath);
    const to = this.assertEditable(toPath);
    const fromAbs = await resolveInWorkspace(this.options.workspaceDir, from);
    const toAbs = await resolveInWorkspace(this.options.workspaceDir, to);
    const bytes = await readOrNotFound(fromAbs, from);
    if (from === to) throw new MemoryLensError('INVALID_ARGUMENT', 'The new name is the same as the old one.');
    await fsp.mkdir(path.dirname(toAbs), { recursive: true });
    await moveExclusive(fromAbs, toAbs, to);
    const stat = await fsp.stat(toAbs);
    await this.options.reindex(from);
    await this.options.reindex(to);
    return { path: to, hash: sha256(bytes), size: bytes.length, mtimeMs: stat.mtimeMs };
  }

  /** Moves the file to `<dataDir>/trash/<timestamp>/<path>`, so a delete can be undone by hand. */
  async deleteFile(relPath: string): Promise<void> {
    const clean = this.assertEditable(relPath);
    const abs = await resolveInWorkspace(this.options.workspaceDir, clean);
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
}

async function readOrNotFound(abs: string, clean: string): Promise<Buffer> {
  try {
    return await fsp.readFile(abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new MemoryLensError('NOT_FOUND', `No such file: ${clean}`);
    if (code === 'EISDIR') throw new MemoryLensError('NOT_ALLOWED', `Not a file: ${clean}`);
    throw error;
  }
}

/** Temp file + hard link: the new name appears atomically, complete, and only if it was free. */
async function createExclusive(abs: string, bytes: Buffer, clean: string): Promise<void> {
  const tmp = path.join(path.dirname(abs), `.${path.basename(abs)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fsp.open(tmp, 'wx', 0o644);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await linkOrFallback(tmp, abs, clean);
  } finally {
    await fsp.rm(tmp, { force: true });
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
    await fsp.copyFile(source, target, (await import('node:fs')).constants.COPYFILE_EXCL);
  }
}
