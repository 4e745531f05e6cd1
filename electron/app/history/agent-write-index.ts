// Where the agent's memory writes are found: its transcripts, read as records. A source lists the
// transcripts (with a stamp that changes when one grows) and yields one's records; the JSONL
// source is here, and the agent database's transcripts plug in as another source. Writes are
// extracted once per transcript stamp and kept, so asking "who made this change" is cheap.
import { type Log, logLine } from '../../../shared/log-line.js';
import os from 'node:os';
import path from 'node:path';
import {
  agentWritesIn,
  dreamingRunsIn,
  recordTime,
  type AgentWrite,
  type DreamingRun,
  type TranscriptRecord,
} from './agent-writes.js';

export interface TranscriptEntry {
  session: string;
  title: string;
  /** Changes whenever the transcript does (mtime + size, or the database's revision). */
  stamp: string;
}

export interface TranscriptSource {
  list(): Promise<TranscriptEntry[]>;
  records(session: string): Promise<TranscriptRecord[]>;
}

/** One JSONL transcript as records; lines that are not JSON objects are skipped. */
export function jsonlRecords(session: string, text: string): TranscriptRecord[] {
  const records: TranscriptRecord[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (!raw.startsWith('{')) continue;
    try {
      const json = JSON.parse(raw) as unknown;
      if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
        records.push({
          session,
          line: i + 1,
          time: recordTime(json as Record<string, unknown>),
          json: json as Record<string, unknown>,
        });
      }
    } catch {
      // A malformed line is skipped, as the indexer does.
    }
  }
  return records;
}

/** A path as the agent wrote it → workspace-relative, or null when it is not in the workspace. */
export function workspacePathResolver(workspaceDirs: readonly string[]): (raw: string) => string | null {
  const roots = [...new Set(workspaceDirs.map((d) => path.resolve(d)))];
  return (raw) => {
    let p = raw.trim().replace(/^["']|["']$/g, '');
    if (p.startsWith('~/')) p = path.join(os.homedir(), p.slice(2));
    if (!path.isAbsolute(p)) {
      const clean = path.posix.normalize(p.replace(/\\/g, '/')).replace(/^\.\//, '');
      return clean.startsWith('../') || clean === '..' ? null : clean;
    }
    for (const root of roots) {
      const rel = path.relative(root, path.resolve(p));
      if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) return rel.split(path.sep).join('/');
    }
    return null;
  };
}

/** Listing transcripts once per this long is enough: one History view asks for every version at once. */
const REFRESH_EVERY_MS = 1_000;

export class AgentWriteIndex {
  private readonly cache = new Map<
    string,
    { stamp: string; title: string; writes: AgentWrite[]; dreams: DreamingRun[] }
  >();
  private refreshed: { at: number; run: Promise<void> } | null = null;

  constructor(
    private readonly sources: readonly TranscriptSource[],
    private readonly resolvePath: (raw: string) => string | null,
    private readonly log: Log,
  ) {}

  /** Every write to `relPath` found in any transcript, with the transcript's title. */
  async writesTo(relPath: string): Promise<(AgentWrite & { title: string })[]> {
    await this.refresh();
    const found: (AgentWrite & { title: string })[] = [];
    for (const entry of this.cache.values()) {
      for (const write of entry.writes) if (write.path === relPath) found.push({ ...write, title: entry.title });
    }
    return found.sort((a, b) => a.time - b.time);
  }

  /** Every time memory-core's dreaming job ran, as its transcripts record it. */
  async dreamingRuns(): Promise<(DreamingRun & { title: string })[]> {
    await this.refresh();
    return [...this.cache.values()]
      .flatMap((e) => e.dreams.map((d) => ({ ...d, title: e.title })))
      .sort((a, b) => a.time - b.time);
  }

  /** A transcript changed: the next question lists them again. */
  invalidate(): void {
    this.refreshed = null;
  }

  private refresh(): Promise<void> {
    if (this.refreshed && Date.now() - this.refreshed.at < REFRESH_EVERY_MS) return this.refreshed.run;
    this.refreshed = { at: Date.now(), run: this.refreshNow() };
    return this.refreshed.run;
  }

  private async refreshNow(): Promise<void> {
    const live = new Set<string>();
    for (const source of this.sources) {
      let entries: TranscriptEntry[];
      try {
        entries = await source.list();
      } catch (error) {
        this.log(logLine('log:history.transcriptsUnlisted', error));
        continue;
      }
      for (const entry of entries) {
        live.add(entry.session);
        if (this.cache.get(entry.session)?.stamp === entry.stamp) continue;
        try {
          const records = await source.records(entry.session);
          this.cache.set(entry.session, {
            stamp: entry.stamp,
            title: entry.title,
            writes: agentWritesIn(records, this.resolvePath),
            dreams: dreamingRunsIn(records),
          });
        } catch (error) {
          this.log(logLine('log:history.sessionUnread', error, { session: entry.session }));
        }
      }
    }
    for (const session of [...this.cache.keys()]) if (!live.has(session)) this.cache.delete(session);
  }
}

/**
 * Every transcript the engine lists — JSONL files and the agent databases' sessions alike (the
 * engine hands both over as JSONL records, a database event's line being its seq + 1).
 */
export function engineTranscriptSource(deps: {
  list: () => Promise<{ path: string; title?: string; mtimeMs: number; size: number; source: string }[]>;
  readJsonl: (virtualPath: string) => Promise<string>;
}): TranscriptSource {
  return {
    list: async () =>
      (await deps.list())
        .filter((f) => f.source === 'sessions')
        .map((f) => ({ session: f.path, title: f.title ?? path.basename(f.path), stamp: `${f.mtimeMs}:${f.size}` })),
    records: async (session) => jsonlRecords(session, await deps.readJsonl(session)),
  };
}
