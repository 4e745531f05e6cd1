// Which contract calls carry display text, and that text with its secrets masked (shared/secrets.ts).
// Every call has an entry, so a new call cannot ship without someone deciding: the file calls stay
// raw (the editor masks by decoration, so a save never writes a placeholder back), the display
// calls are masked here, and search masks in the engine (so the CLI and MCP get it too).
import type { CallName } from '../../shared/contract.js';
import { maskLabel, maskSecrets, maskWithRanges, type SecretFinding } from '../../shared/secrets.js';

export type DisplayTreatment =
  /** Shown as text (transcripts, diffs, previews…): every string masked. */
  | 'mask'
  /** The file itself, for the editor or an agent that asked for it: raw. */
  | 'raw'
  /** Masked by the engine already (search: `showSecrets` reveals). */
  | 'engine'
  /** No memory text in the result (status, settings, counts). */
  | 'none';

export const DISPLAY_TREATMENT: Record<CallName, DisplayTreatment> = {
  listFiles: 'mask',
  readFile: 'raw',
  saveFile: 'none',
  acceptChecksum: 'none',
  createFile: 'none',
  renameFile: 'none',
  deleteFile: 'none',
  search: 'engine',
  explainFile: 'mask',
  timeline: 'mask',
  status: 'none',
  // Findings quote memory lines (a secret finding included).
  doctorReport: 'mask',
  doctorFix: 'none',
  reindex: 'none',
  settingsGet: 'none',
  settingsSet: 'none',
  openWorkspace: 'none',
  readTranscript: 'mask',
  get: 'raw',
  context: 'mask',
  agentSearches: 'mask',
  agentSearch: 'mask',
  agentCalls: 'mask',
  fileAccess: 'mask',
  saveSessionMemory: 'none',
  workspaceInfo: 'none',
  listSessionSources: 'none',
  // Find-in-file runs on the editor's text and answers offsets into it.
  findMatches: 'raw',
  // Drafts are unsaved editor text: restoring one must give back exactly what was typed.
  draftList: 'raw',
  draftPut: 'none',
  draftDelete: 'none',
  judgmentSet: 'mask',
  judgmentList: 'mask',
  judgmentExport: 'mask',
  modelCatalog: 'none',
  // A version opens in the compare editor and is what a restore writes back.
  historyVersion: 'raw',
  historyList: 'mask',
  historyDiff: 'mask',
  historyRestore: 'none',
  historyChanges: 'mask',
  historyMarkSeen: 'none',
  lineOrigins: 'mask',
  historyUsage: 'none',
  // Counts, data-folder paths and notices that name a value only by its mask.
  historyPurgeSecret: 'none',
  agentEmbedderOffer: 'none',
  retryEmbedder: 'none',
  endpointKeyStatus: 'none',
  endpointKeySet: 'none',
  endpointKeyForget: 'none',
  agentDatabases: 'mask',
  agentIndexChunks: 'mask',
  agentWorkspaces: 'none',
  // Labels only (never values); masked again all the same.
  secrets: 'mask',
  secretFix: 'none',
};

/** Keys whose strings name or identify something (paths, hashes): never display text to mask. */
const IDENTIFIERS = new Set([
  'path',
  'absPath',
  'fromPath',
  'toPath',
  'hash',
  'expectedHash',
  'baseHash',
  'chunkHash',
  'sha256',
  'id',
  'chunkId',
  'citation',
]);

/** `value` with secrets masked in every string; a `snippet` keeps its `highlights` on the same words. */
export function maskDisplay<T>(value: T): T {
  return maskValue(value) as T;
}

function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return maskSecrets(value);
  if (Array.isArray(value)) return value.map(maskValue);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) {
    out[key] = IDENTIFIERS.has(key) && typeof field === 'string' ? field : maskValue(field);
  }
  if (typeof record.snippet === 'string' && Array.isArray(record.highlights)) {
    const { text, ranges } = maskWithRanges(record.snippet, record.highlights as { start: number; end: number }[]);
    out.snippet = text;
    out.highlights = ranges;
  }
  return out;
}

/**
 * `value` with each of `findings`' values, in any case, replaced by its label in every string: for
 * text derived from a query (a breakdown's FTS query, its terms), where a value stands without the
 * word before it that let the detector see it.
 */
export function maskValuesIn<T>(value: T, findings: readonly SecretFinding[]): T {
  if (findings.length === 0) return value;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const byValue = new Map(findings.map((f) => [f.value.toLowerCase(), maskLabel(f)]));
  const pattern = new RegExp(
    [...byValue.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|'),
    'gi',
  );
  const replace = (field: unknown): unknown => {
    if (typeof field === 'string') return field.replace(pattern, (found) => byValue.get(found.toLowerCase()) ?? found);
    if (Array.isArray(field)) return field.map(replace);
    if (field === null || typeof field !== 'object') return field;
    return Object.fromEntries(Object.entries(field).map(([key, inner]) => [key, replace(inner)]));
  };
  return replace(value) as T;
}
