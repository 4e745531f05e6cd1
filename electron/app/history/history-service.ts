// Memory history for the open workspace: owned by the app service, it listens to the workspace
// session (a workspace opened → open its store and rescan; a file changed → record it), wraps the
// app's own writes so they are recorded as "you", and answers the contract's history calls.
import { type Log, logLine } from '../../../shared/log-line.js';
import path from 'node:path';
import { isBootstrapFileName } from '../../../shared/bootstrap-profiles.js';
import { MemoryLensError } from '../../../shared/errors.js';
import type {
  Author,
  FileHistory,
  HistoryUsage,
  LineOrigins,
  Version,
  VersionDiff,
  VersionText,
  WorkspaceChanges,
} from '../../../shared/history-schemas.js';
import type { SaveResult } from '../../../shared/domain.js';
import { normalizeRelPath } from '../../memory/files/safe-path.js';
import fs from 'node:fs/promises';
import type { SettingsStore } from '../settings-store.js';
import type { WorkspaceSession } from '../workspace-session.js';
import type { TranscriptSource } from './agent-write-index.js';
import { author, type AuthorSources } from './author-evidence.js';
import { HistoryReader, workspaceAuthorSources } from './history-reader.js';
import { HistoryRecorder, type AppWrite } from './history-recorder.js';
import { HistoryStore, type HistoryPurge, type StoredVersion } from './history-store.js';
import { bytesHold, type PurgeNeedle } from '../purge-text.js';
import { lineHunks } from './line-diff.js';

/** Versions listed per file; older ones stay in the store and in diffs. */
const MAX_LISTED = 500;
const DEFAULT_CHANGES_WINDOW_MS = 24 * 3_600_000;

export interface HistoryServiceOptions {
  dataDir: string;
  session: WorkspaceSession;
  settings: SettingsStore;
  nativeBinding?: string;
  log: Log;
  now?: () => number;
  /** More transcript sources; every transcript the engine lists (JSONL files, agent databases) is always read. */
  extraTranscriptSources?: (workspaceDir: string) => TranscriptSource[];
}

interface Attached {
  workspaceDir: string;
  store: HistoryStore;
  recorder: HistoryRecorder;
  sources: AuthorSources;
  ready: Promise<void>;
  reader: HistoryReader;
}

export class HistoryService {
  private attached: Attached | null = null;
  private attaching: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;

  constructor(private readonly options: HistoryServiceOptions) {
    this.unsubscribe = options.session.onDidEvent((event) => {
      if (event.name === 'workspaceChanged')
        this.attaching = this.attaching.then(() => this.attach(event.payload.workspaceDir));
      else if (event.name === 'fileChanged') {
        const changed = event.payload.path;
        void this.attaching.then(() => {
          if (!changed.startsWith('sessions/')) return this.attached?.recorder.changed(changed);
          // A transcript grew: an agent's write may now explain a change already listed.
          this.attached?.sources.agentWrites.invalidate();
          this.options.session.emitEvent({
            name: 'historyChanged',
            payload: { path: changed, reason: 'evidence', version: null },
          });
          return undefined;
        });
      }
    });
    // Created beside a session that already serves a workspace (tests, hosts that open first).
    const open = openWorkspaceOf(options.session);
    if (open) this.attaching = this.attach(open);
  }

  /** Resolves once the open workspace's first rescan and every record queued so far are done. */
  async whenIdle(): Promise<void> {
    await this.attaching;
    const a = this.attached;
    if (!a) return;
    await a.ready;
    await a.recorder.idle();
  }

  /** Runs one of the app's own writes so the versions it makes are recorded as "you, in Memory Lens". */
  async appWrite<T>(writes: readonly { path: string; write: AppWrite }[], run: () => Promise<T>): Promise<T> {
    await this.attaching;
    const a = this.attached;
    if (!a) return run();
    const finish = writes.map((w) => a.recorder.beginAppWrite(safeRel(w.path), w.write));
    let ok = false;
    try {
      const result = await run();
      ok = true;
      return result;
    } finally {
      await Promise.all(finish.map((f) => f(ok)));
    }
  }

  async list(relPath: string): Promise<FileHistory> {
    const a = await this.ready();
    const clean = normalizeRelPath(relPath);
    const stored = a.store.versionsOf(clean).slice(0, MAX_LISTED);
    const versions: Version[] = [];
    for (let i = 0; i < stored.length; i++)
      versions.push(await a.reader.describe(stored[i]!, stored[i + 1] ?? a.store.previousOf(stored[i]!)));
    return { path: clean, versions, notices: a.store.notices() };
  }

  async versionText(relPath: string, id: number): Promise<VersionText> {
    const a = await this.ready();
    const version = this.versionOf(a, relPath, id);
    const text = (await a.store.bytesOf(version)).toString('utf8');
    return { version: await a.reader.describe(version, a.store.previousOf(version)), text };
  }

  async diff(relPath: string, from: number | null, to: number | null): Promise<VersionDiff> {
    const a = await this.ready();
    const clean = normalizeRelPath(relPath);
    const fromVersion = from === null ? null : this.versionOf(a, clean, from);
    const toVersion = to === null ? null : this.versionOf(a, clean, to);
    const fromText = fromVersion ? (await a.store.bytesOf(fromVersion)).toString('utf8') : '';
    const toText = toVersion ? (await a.store.bytesOf(toVersion)).toString('utf8') : await a.reader.currentText(clean);
    return {
      path: clean,
      from: fromVersion ? await a.reader.describe(fromVersion, a.store.previousOf(fromVersion)) : null,
      to: toVersion ? await a.reader.describe(toVersion, a.store.previousOf(toVersion)) : null,
      fromText,
      toText,
      hunks: lineHunks(fromText, toText),
    };
  }

  /** A kept version written back as a normal save: hash-checked against `expectedHash` (CONFLICT when the file moved on). */
  async restore(relPath: string, id: number, expectedHash: string | null): Promise<SaveResult> {
    const a = await this.ready();
    const clean = normalizeRelPath(relPath);
    const version = this.versionOf(a, clean, id);
    if (version.hash === null)
      throw new MemoryLensError('NOT_ALLOWED', { messageId: 'errors:history.deletion', params: { id, path: clean } });
    const text = (await a.store.bytesOf(version)).toString('utf8');
    const restorer = author('you', { key: 'you' }, { key: 'how.restored', params: { id } }, { restoredFrom: id });
    return this.appWrite([{ path: clean, write: { kind: 'save', author: restorer } }], () =>
      this.options.session.current().saveFile(clean, text, expectedHash),
    );
  }

  async changes(since?: number): Promise<WorkspaceChanges> {
    const a = await this.ready();
    const lastSeen = a.store.getMeta('lastSeenAt');
    const lastSeenAt = lastSeen === null ? null : Number(lastSeen);
    const start = since ?? lastSeenAt ?? this.now() - DEFAULT_CHANGES_WINDOW_MS;
    const groups = new Map<string, WorkspaceChanges['groups'][number]>();
    for (const version of a.store.since(start)) {
      if (version.kind === 'baseline') continue;
      const previous = a.store.previousOf(version);
      const described = await a.reader.describe(version, previous);
      const fromText = previous ? await a.reader.textOrEmpty(previous) : '';
      const toText = await a.reader.textOrEmpty(version);
      const hunks = lineHunks(fromText, toText);
      const kind = described.author.kind;
      const group = groups.get(kind) ?? { kind, label: GROUP_LABELS[kind], changes: [] };
      group.changes.push({
        version: described,
        previous: previous ? await a.reader.describe(previous, a.store.previousOf(previous)) : null,
        added: hunks.reduce((n, h) => n + h.toCount, 0),
        removed: hunks.reduce((n, h) => n + h.fromCount, 0),
        hunks,
      });
      groups.set(kind, group);
    }
    const order = ['agent', 'dreaming', 'outside', 'git', 'you'];
    return {
      since: start,
      lastSeenAt,
      groups: [...groups.values()].sort((x, y) => order.indexOf(x.kind) - order.indexOf(y.kind)),
      notices: a.store.notices(),
    };
  }

  async markSeen(at?: number): Promise<{ lastSeenAt: number }> {
    const a = await this.ready();
    const lastSeenAt = at ?? this.now();
    a.store.setMeta('lastSeenAt', String(lastSeenAt));
    return { lastSeenAt };
  }

  async lineOrigins(relPath: string): Promise<LineOrigins> {
    return (await this.ready()).reader.lineOrigins(relPath);
  }

  /**
   * Where the open workspace's history store is, once attached, for a reader on another thread;
   * null when none is kept or authors come from sources only this thread has (extra transcripts).
   */
  async storeDir(): Promise<string | null> {
    await this.attaching;
    if (this.options.extraTranscriptSources) return null;
    return this.attached?.store.dir ?? null;
  }

  async usage(): Promise<HistoryUsage> {
    const a = await this.ready();
    return { ...a.store.usage(), dir: a.store.dir, notices: a.store.notices() };
  }

  /** Memory files of the open workspace whose bytes on disk hold the value (a purge would not hold: the next rescan records them again). */
  async filesHolding(value: string): Promise<string[]> {
    const a = await this.ready();
    await this.whenIdle();
    const holding: string[] = [];
    for (const latest of a.store.latestByPath()) {
      const current = await a.reader.currentBytes(latest.path).catch(() => null);
      if (current && bytesHold(current.bytes, value)) holding.push(latest.path);
    }
    return holding.sort();
  }

  /**
   * Rewrites every history store in the data dir (the open workspace's and any other) so no kept
   * version holds the value; the open one first freezes each affected version's author evidence,
   * which is read from bytes the purge changes.
   */
  async purgeValue(needle: PurgeNeedle): Promise<HistoryPurge & { stores: number }> {
    const a = await this.ready();
    await this.whenIdle();
    const total = { versionsRewritten: 0, blobsRewritten: 0, blobsDeleted: 0, vacuumed: true, stores: 0 };
    const add = (purge: HistoryPurge) => {
      total.versionsRewritten += purge.versionsRewritten;
      total.blobsRewritten += purge.blobsRewritten;
      total.blobsDeleted += purge.blobsDeleted;
      total.vacuumed &&= purge.vacuumed;
      total.stores += 1;
    };
    add(
      await a.store.purgeValue(needle, async (version) => {
        const author = (await a.reader.describe(version, a.store.previousOf(version))).author;
        if (author.kind === 'outside') return null;
        return { ...author, how: `${author.how} (found before a secret was purged from this version)` };
      }),
    );
    a.reader.forgetAddedLines();
    const root = path.join(this.options.dataDir, 'history');
    for (const name of await fs.readdir(root).catch(() => [] as string[])) {
      const dir = path.join(root, name);
      if (path.resolve(dir) === path.resolve(a.store.dir)) continue;
      if (!(await fs.stat(path.join(dir, 'history.sqlite')).catch(() => null))) continue;
      let other: HistoryStore | null = null;
      try {
        other = HistoryStore.openDir(
          dir,
          this.options.nativeBinding ? { nativeBinding: this.options.nativeBinding } : {},
        );
        add(await other.purgeValue(needle));
      } catch (error) {
        this.options.log(logLine('log:history.purge', error, { name }));
        total.vacuumed = false;
      } finally {
        other?.close();
      }
    }
    if (total.versionsRewritten > 0)
      this.options.session.emitEvent({
        name: 'historyChanged',
        payload: { path: '', reason: 'evidence', version: null },
      });
    return total;
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await this.attaching;
    await this.detach();
  }

  // -------------------------------------------------------------------------------------------

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private async ready(): Promise<Attached> {
    await this.attaching;
    const a = this.attached;
    if (!a) throw new MemoryLensError('UNAVAILABLE', { messageId: 'errors:history.notOpen' });
    return a;
  }

  private async attach(workspaceDir: string): Promise<void> {
    await this.detach();
    let store: HistoryStore;
    try {
      store = HistoryStore.open({
        dataDir: this.options.dataDir,
        workspaceDir,
        ...(this.options.nativeBinding ? { nativeBinding: this.options.nativeBinding } : {}),
        ...(this.options.now ? { now: this.options.now } : {}),
      });
    } catch (error) {
      this.options.log(logLine('log:history.notKept', error, { dir: workspaceDir }));
      return;
    }
    if (store.noticeRef) this.options.log(store.noticeRef);
    const session = this.options.session;
    const engine = session.current();
    const recorder = new HistoryRecorder({
      store,
      scope: engine.scope,
      settings: () => this.options.settings.get().history,
      log: this.options.log,
      ...(this.options.now ? { now: this.options.now } : {}),
      onRecorded: (version) =>
        this.options.session.emitEvent({
          name: 'historyChanged',
          payload: { path: version.path, reason: 'version', version: version.id },
        }),
    });
    const sources = await workspaceAuthorSources(
      workspaceDir,
      engine,
      this.options.extraTranscriptSources?.(workspaceDir) ?? [],
      this.options.log,
    );
    const reader = new HistoryReader({ workspaceDir, store, sources, keeps: (p) => recorder.keeps(p) });
    const ready = session.whenSynced().then(async () => {
      const files = await engine.listFiles().catch(() => []);
      const present = await fs.readdir(workspaceDir).catch(() => [] as string[]);
      const paths = [
        ...files.filter((f) => f.source === 'memory').map((f) => f.path),
        ...present.filter((n) => isBootstrapFileName(n)),
      ];
      await recorder.rescan([...new Set(paths)]);
    });
    this.attached = { workspaceDir, store, recorder, sources, ready, reader };
  }

  private async detach(): Promise<void> {
    const a = this.attached;
    this.attached = null;
    if (!a) return;
    await a.ready.catch(() => undefined);
    await a.recorder.idle();
    a.store.close();
  }

  private versionOf(a: Attached, relPath: string, id: number): StoredVersion {
    const clean = normalizeRelPath(relPath);
    const version = a.store.version(id);
    if (!version || version.path !== clean)
      throw new MemoryLensError('NOT_FOUND', {
        messageId: 'errors:history.noVersion',
        params: { path: clean, id },
      });
    return version;
  }
}

const GROUP_LABELS: Record<Author['kind'], string> = {
  you: 'you, in Memory Lens',
  agent: 'your agent',
  dreaming: 'dreaming',
  git: 'git commits',
  outside: 'outside the app',
};

function openWorkspaceOf(session: WorkspaceSession): string | null {
  try {
    return session.info().workspaceDir;
  } catch {
    return null;
  }
}

function safeRel(relPath: string): string {
  try {
    return normalizeRelPath(relPath);
  } catch {
    return relPath;
  }
}
