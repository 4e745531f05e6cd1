// An in-memory stand-in for the engine behind the contract, for store tests: files with hashes
// that change on every write, CONFLICT on a stale hash, and a way to change files "on disk".
import type { FileContent, SaveResult } from '../../../shared/contract';
import type { Draft, FileListEntry, LineMatch } from '../../../shared/domain';
import { MemoryLensError } from '../../../shared/errors';

let hashCounter = 0;
function nextHash(): string {
  hashCounter++;
  return hashCounter.toString(16).padStart(64, '0');
}

export class FakeWorkspace {
  files = new Map<string, { text: string; hash: string }>();
  saves: { path: string; text: string; expectedHash: string | null }[] = [];
  /** The data dir's drafts, by path. */
  drafts = new Map<string, Draft>();
  /** What findMatches answers, by path. */
  matches = new Map<string, LineMatch[]>();
  /** Resolves pending saves manually when set (to test events arriving mid-save). */
  holdSaves = false;
  private held: (() => void)[] = [];

  constructor(initial: Record<string, string> = {}) {
    for (const [path, text] of Object.entries(initial)) this.files.set(path, { text, hash: nextHash() });
  }

  /** Someone else edits the file on disk; returns the new hash. */
  writeExternally(path: string, text: string): string {
    const hash = nextHash();
    this.files.set(path, { text, hash });
    return hash;
  }

  releaseSaves(): void {
    const held = this.held;
    this.held = [];
    held.forEach((go) => go());
  }

  readonly api = {
    readFile: async ({ path }: { path: string }): Promise<FileContent> => {
      const f = this.files.get(path);
      if (!f) throw new MemoryLensError('NOT_FOUND', `${path} not found`);
      const content: FileContent = {
        path,
        text: f.text,
        hash: f.hash,
        size: f.text.length,
        mtimeMs: 1,
        bom: false,
        eol: 'lf',
        readOnly: null,
      };
      // A stand-in for frontmatter checksums: `checksum: ok` verifies, any other value does not.
      const declared = /^checksum: (\S+)$/m.exec(f.text)?.[1];
      if (declared) content.checksum = { declared, actual: 'ok', ok: declared === 'ok' };
      return content;
    },
    acceptChecksum: async ({ path, expectedHash }: { path: string; expectedHash: string }): Promise<SaveResult> => {
      const f = this.files.get(path);
      if (!f) throw new MemoryLensError('NOT_FOUND', `${path} not found`);
      if (f.hash !== expectedHash)
        throw new MemoryLensError('CONFLICT', `${path} changed on disk`, { currentHash: f.hash });
      const text = f.text.replace(/^checksum: \S+$/m, 'checksum: ok');
      const hash = nextHash();
      this.files.set(path, { text, hash });
      return { path, hash, size: text.length, mtimeMs: 3, text };
    },
    saveFile: async ({
      path,
      text,
      expectedHash,
    }: {
      path: string;
      text: string;
      expectedHash: string | null;
    }): Promise<SaveResult> => {
      this.saves.push({ path, text, expectedHash });
      if (this.holdSaves) await new Promise<void>((resolve) => this.held.push(resolve));
      const f = this.files.get(path);
      if ((f?.hash ?? null) !== expectedHash) {
        throw new MemoryLensError('CONFLICT', `${path} changed on disk`, { currentHash: f?.hash ?? null });
      }
      const hash = nextHash();
      this.files.set(path, { text, hash });
      return { path, hash, size: text.length, mtimeMs: 2 };
    },
    readTranscript: async ({ path }: { path: string }) => {
      if (!this.files.has(path)) throw new MemoryLensError('NOT_FOUND', path);
      return {
        messages: [{ line: 2, role: 'user' as const, text: 'hi', timestamp: null }],
        malformedLines: 0,
        size: 2,
        mtimeMs: 1,
      };
    },
    draftPut: async ({
      path,
      text,
      baseHash,
    }: {
      path: string;
      text: string;
      baseHash: string | null;
    }): Promise<Draft> => {
      const draft = { path, text, baseHash, savedAt: Date.now() };
      this.drafts.set(path, draft);
      return draft;
    },
    draftDelete: async ({ path }: { path: string }) => ({ deleted: this.drafts.delete(path) }),
    draftList: async (): Promise<Draft[]> => [...this.drafts.values()],
    findMatches: async ({ path }: { path: string }): Promise<LineMatch[]> => this.matches.get(path) ?? [],
  };
}

export function fileEntry(path: string, extra: Partial<FileListEntry> = {}): FileListEntry {
  return {
    path,
    source: path.startsWith('sessions/') ? 'sessions' : 'memory',
    kind: path.startsWith('sessions/') ? 'session' : 'evergreen',
    archived: false,
    date: null,
    size: 10,
    mtimeMs: Date.UTC(2026, 4, 4),
    indexState: 'indexed',
    chunks: 1,
    ...extra,
  };
}

export function dated(
  date: string,
  source: 'path' | 'frontmatter' | 'mtime' | 'first-record' = 'path',
  granularity: 'day' | 'week' | 'month' | 'instant' = 'day',
) {
  return { date, epochMs: Date.parse(`${date}T00:00:00Z`), granularity, source };
}
