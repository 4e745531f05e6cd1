// What the memory history says about kept versions — who made each (author evidence) and where
// each line of a file now came from — read from a store, never written. The history service asks
// it on the app's thread; the doctor's worker builds one of its own over the store opened read-only.
import { type Log } from '../../../shared/log-line.js';
import fs from 'node:fs/promises';
import type { LineOrigins, Version } from '../../../shared/history-schemas.js';
import { normalizeRelPath, resolveInWorkspace } from '../../memory/files/safe-path.js';
import { sha256 } from '../../memory/text/hash.js';
import {
  AgentWriteIndex,
  engineTranscriptSource,
  workspacePathResolver,
  type TranscriptSource,
} from './agent-write-index.js';
import { authorsOf, type AuthorSources } from './author-evidence.js';
import { cachedDreamsReader } from './dreaming-evidence.js';
import { GitEvidence } from './git-evidence.js';
import type { HistoryStore, StoredVersion } from './history-store.js';
import { lineHunks, lineOrigins } from './line-diff.js';

/** Versions walked to find where each line came from. */
const MAX_ORIGIN_VERSIONS = 300;
/** What every dreaming managed block starts with (dreaming-evidence.ts looks for the whole marker). */
const DREAMING_MARKER = '<!-- openclaw:dreaming:';

/** The transcripts a workspace's engine lists and reads: where agents' writes are found. */
export interface TranscriptReads {
  listFiles: () => Promise<{ path: string; title?: string; mtimeMs: number; size: number; source: string }[]>;
  readTranscriptJsonl: (virtualPath: string) => Promise<string>;
}

/** Author evidence for one workspace: agents' writes in its transcripts (and `extra`), dreaming, git. */
export async function workspaceAuthorSources(
  workspaceDir: string,
  reads: TranscriptReads,
  extra: readonly TranscriptSource[],
  log: Log,
): Promise<AuthorSources> {
  const transcripts = engineTranscriptSource({
    list: () => reads.listFiles(),
    readJsonl: (virtualPath) => reads.readTranscriptJsonl(virtualPath),
  });
  const real = await fs.realpath(workspaceDir).catch(() => workspaceDir);
  return {
    agentWrites: new AgentWriteIndex([transcripts, ...extra], workspacePathResolver([workspaceDir, real]), log),
    dreams: cachedDreamsReader(workspaceDir),
    git: new GitEvidence(workspaceDir),
  };
}

export interface HistoryReaderParts {
  workspaceDir: string;
  store: HistoryStore;
  sources: AuthorSources;
  /** Whether a path gets versions (WorkspaceScope.keepsHistory): others have no current text here. */
  keeps: (relPath: string) => boolean;
}

export class HistoryReader {
  /** Versions never change, so what one added over another is computed once. */
  private readonly addedLinesCache = new Map<string, string[]>();

  constructor(private readonly parts: HistoryReaderParts) {}

  async lineOrigins(relPath: string): Promise<LineOrigins> {
    const { store } = this.parts;
    const clean = normalizeRelPath(relPath);
    const stored = store.versionsOf(clean).slice(0, MAX_ORIGIN_VERSIONS).reverse();
    const texts: { id: number; text: string; restoredFrom?: number }[] = [];
    for (const v of stored) {
      if (v.skipped) continue;
      const restoredFrom = v.recordedAuthor?.restoredFrom;
      texts.push({
        id: v.id,
        text: v.hash === null ? '' : await this.textOrEmpty(v),
        ...(restoredFrom !== undefined ? { restoredFrom } : {}),
      });
    }
    const current = await this.currentBytes(clean);
    const latest = stored[stored.length - 1];
    // Lines typed since the last kept version (an unrecorded change) come from no version yet.
    if (current && (!latest || latest.hash !== current.hash))
      texts.push({ id: -1, text: current.bytes.toString('utf8') });
    const origins = lineOrigins(texts);
    const ids = new Set(origins.filter((id): id is number => id !== null && id > 0));
    const versions: Version[] = [];
    for (const v of stored) if (ids.has(v.id)) versions.push(await this.describe(v, store.previousOf(v)));
    return {
      path: clean,
      hash: current?.hash ?? null,
      lines: origins.map((id, i) => ({ line: i + 1, versionId: id !== null && id > 0 ? id : null })),
      versions,
    };
  }

  async describe(version: StoredVersion, previous: StoredVersion | null): Promise<Version> {
    const bytes = version.hash && !version.skipped ? await this.parts.store.bytesOf(version).catch(() => null) : null;
    const text = bytes ? bytes.toString('utf8') : null;
    const previousText = previous ? await this.textOrNull(previous) : null;
    const addedLines = this.addedLines(version, previous, text, previousText);
    const evidence = await authorsOf({ version, previous, bytes, text, previousText, addedLines }, this.parts.sources);
    const { recordedAuthor, ...rest } = version;
    const reason = recordedAuthor?.reason;
    return { ...rest, author: evidence[0]!, evidence, ...(reason ? { reason } : {}) };
  }

  /** A purge rewrote kept versions: what they added is computed again. */
  forgetAddedLines(): void {
    this.addedLinesCache.clear();
  }

  async textOrNull(version: StoredVersion): Promise<string | null> {
    if (version.hash === null) return '';
    if (version.skipped) return null;
    return (await this.parts.store.bytesOf(version).catch(() => null))?.toString('utf8') ?? null;
  }

  async textOrEmpty(version: StoredVersion): Promise<string> {
    return (await this.textOrNull(version)) ?? '';
  }

  async currentBytes(relPath: string): Promise<{ bytes: Buffer; hash: string } | null> {
    if (!this.parts.keeps(relPath)) return null;
    const abs = await resolveInWorkspace(this.parts.workspaceDir, relPath);
    const bytes = await fs.readFile(abs).catch(() => null);
    if (!bytes) return null;
    return { bytes, hash: sha256(bytes) };
  }

  async currentText(relPath: string): Promise<string> {
    return (await this.currentBytes(relPath))?.bytes.toString('utf8') ?? '';
  }

  /** Lines a version added over the one before: only dreaming's block markers are looked for in them, so only then is the diff run (and kept). */
  private addedLines(
    version: StoredVersion,
    previous: StoredVersion | null,
    text: string | null,
    previousText: string | null,
  ): readonly string[] {
    if (text === null || !text.includes(DREAMING_MARKER)) return [];
    const key = `${version.id}:${previous?.id ?? 0}`;
    let lines = this.addedLinesCache.get(key);
    if (!lines) {
      lines = lineHunks(previousText ?? '', text).flatMap((h) => h.added);
      this.addedLinesCache.set(key, lines);
    }
    return lines;
  }
}
