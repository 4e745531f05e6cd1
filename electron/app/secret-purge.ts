// `historyPurgeSecret`: one secret value out of every copy the app keeps in its data folder — the
// kept versions (history-store.ts), the app's trash, drafts, judgments, the search log and the
// copies of damaged files — then a scan of the whole folder says what, if anything, still holds
// it. The workspace's own files, its transcripts and its git history are the user's: a memory file
// still holding the value refuses the purge (the next rescan would keep it again), the others are
// named in the result with the command the user could run, never run here.
import { type Log, logLine } from '../../shared/log-line.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MemoryLensError } from '../../shared/errors.js';
import type { SecretPurge } from '../../shared/history-schemas.js';
import { maskLabel, findSecrets } from '../../shared/secrets.js';
import { atomicWrite } from '../memory/files/atomic-write.js';
import type { AgentActivityStore } from './agent/agent-activity-store.js';
import type { HistoryService } from './history/history-service.js';
import { PURGED_PLACEHOLDER } from '../../shared/secret-calls.js';
import { bytesHold, replaceInBytes, replaceInJsonText, type PurgeNeedle } from './purge-text.js';
import type { WorkspaceSession } from './workspace-session.js';

export interface SecretPurgeDeps {
  dataDir: string;
  session: WorkspaceSession;
  history: HistoryService;
  activity: AgentActivityStore;
  log: Log;
}

/** Not read by the final scan: model weights are large and never hold memory text. */
const UNSCANNED_FOLDERS = new Set(['models']);
/** The copy a damaged SQLite file is moved aside as (app-database.ts, index-db.ts). */
const DAMAGED_COPY = /\.(corrupt|damaged)-/;

export function createSecretPurge(deps: SecretPurgeDeps) {
  return async (args: { value: string; placeholder?: string }): Promise<SecretPurge> => {
    const needle: PurgeNeedle = { value: args.value, placeholder: args.placeholder ?? PURGED_PLACEHOLDER };
    if (needle.placeholder.includes(needle.value))
      throw new MemoryLensError('INVALID_ARGUMENT', { messageId: 'errors:secrets.placeholderHoldsValue' });
    const label = labelOf(needle.value);
    const holding = await deps.history.filesHolding(needle.value);
    if (holding.length > 0)
      throw new MemoryLensError(
        'NOT_ALLOWED',
        { messageId: 'errors:secrets.stillInFiles', params: { label, paths: holding.join(', ') } },
        { paths: holding },
      );

    const history = await deps.history.purgeValue(needle);
    const searchLog = deps.activity.purgeValue(needle);
    const trashFiles = await rewriteFiles(path.join(deps.dataDir, 'trash'), (bytes) => replaceInBytes(bytes, needle));
    const asJson = (bytes: Buffer) => {
      const text = bytes.toString('utf8');
      const next = replaceInJsonText(text, needle);
      return next === null ? null : Buffer.from(text.endsWith('\n') ? `${next}\n` : next, 'utf8');
    };
    const drafts = await rewriteFiles(path.join(deps.dataDir, 'drafts'), asJson);
    const judgmentFiles = await rewriteFiles(path.join(deps.dataDir, 'judgments'), asJson);
    // A damaged copy is kept only for a person to look into; one holding the value goes whole.
    let damagedCopies = 0;
    for (const file of await filesUnder(deps.dataDir)) {
      if (!DAMAGED_COPY.test(path.basename(file))) continue;
      const bytes = await fs.readFile(file).catch(() => null);
      if (bytes && bytesHold(bytes, needle.value) && (await removed(file))) damagedCopies += 1;
    }

    const remaining: string[] = [];
    for (const file of await filesUnder(deps.dataDir)) {
      const bytes = await fs.readFile(file).catch(() => null);
      if (bytes && bytesHold(bytes, needle.value))
        remaining.push(path.relative(deps.dataDir, file).split(path.sep).join('/'));
    }
    const workspaceDir = deps.session.info().workspaceDir;
    const transcripts = await transcriptsHolding(deps, needle.value);
    const gitRepo = await gitRepoOf(workspaceDir);
    const vacuumed = history.vacuumed && searchLog.vacuumed;
    const gitCommand = `git -C ${shellQuote(gitRepo ?? workspaceDir)} filter-repo --replace-text REPLACEMENTS.txt`;
    const notices = [
      `Git history is yours: Memory Lens never rewrites it.${gitRepo ? ` ${gitRepo} is a git repository, and its old commits may still hold ${label}.` : ''} To rewrite it yourself (every commit changes; back up first, then force-push): put the line "literal:<the value>==>${needle.placeholder}" in REPLACEMENTS.txt outside the repository and run: ${gitCommand}`,
    ];
    if (transcripts.length > 0)
      notices.push(
        `${transcripts.length} transcript${transcripts.length === 1 ? '' : 's'} still hold${transcripts.length === 1 ? 's' : ''} ${label} (${transcripts.slice(0, 3).join(', ')}${transcripts.length > 3 ? ', …' : ''}): they are the agent's record, left as they are.`,
      );
    if (!vacuumed)
      notices.push(
        'Another Memory Lens process was reading a store, so SQLite could not compact it: run the purge again when it is closed.',
      );
    if (remaining.length > 0) notices.push(`Still holding ${label} in the data folder: ${remaining.join(', ')}.`);
    const filesCleaned =
      history.blobsDeleted + trashFiles + drafts + judgmentFiles + damagedCopies + (searchLog.entries > 0 ? 1 : 0);
    return {
      versionsRewritten: history.versionsRewritten,
      filesCleaned,
      placeholder: needle.placeholder,
      cleaned: {
        blobsRewritten: history.blobsRewritten,
        blobsDeleted: history.blobsDeleted,
        historyStores: history.stores,
        trashFiles,
        drafts,
        judgmentFiles,
        searchLogEntries: searchLog.entries,
        damagedCopies,
      },
      vacuumed,
      remaining,
      transcripts,
      gitRepo,
      gitCommand,
      notices,
    };
  };
}

/** How messages name the value: its mask (`tvly-…3HCS`) when the detector knows its shape, else its length. */
function labelOf(value: string): string {
  const found = findSecrets(value)[0];
  return found ? maskLabel(found) : `the value (${value.length} characters)`;
}

/** Rewrites every file under `dir` that `replace` changes (atomically); returns how many. */
async function rewriteFiles(dir: string, replace: (bytes: Buffer) => Buffer | null): Promise<number> {
  let count = 0;
  for (const file of await filesUnder(dir)) {
    const bytes = await fs.readFile(file).catch(() => null);
    const next = bytes && replace(bytes);
    if (!next) continue;
    await atomicWrite(file, next);
    count += 1;
  }
  return count;
}

async function filesUnder(dir: string, top = true): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!(top && UNSCANNED_FOLDERS.has(entry.name))) files.push(...(await filesUnder(abs, false)));
    } else if (entry.isFile()) files.push(abs);
  }
  return files;
}

async function removed(file: string): Promise<boolean> {
  return fs.unlink(file).then(
    () => true,
    () => false,
  );
}

async function transcriptsHolding(deps: SecretPurgeDeps, value: string): Promise<string[]> {
  try {
    const engine = deps.session.current();
    const found: string[] = [];
    for (const file of (await engine.listFiles()).filter((f) => f.source === 'sessions')) {
      const text = await engine.readTranscriptJsonl(file.path).catch(() => '');
      if (bytesHold(Buffer.from(text, 'utf8'), value)) found.push(file.path);
    }
    return found;
  } catch (error) {
    deps.log(logLine('log:secretPurgeTranscripts', error));
    return [];
  }
}

/** The folder holding `.git` at or above the workspace, or null. */
async function gitRepoOf(workspaceDir: string): Promise<string | null> {
  for (let dir = path.resolve(workspaceDir); ; dir = path.dirname(dir)) {
    if (await fs.stat(path.join(dir, '.git')).catch(() => null)) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

function shellQuote(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
