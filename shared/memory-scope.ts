// What counts as memory, by name alone, in the two scopes that must stay apart: ours (what Memory
// Lens indexes, edits and serves through memory_get) and OpenClaw 2026.9.6's own (what its
// memory_search scans). They differ on exactly one file: OpenClaw leaves the legacy lower-case
// `memory.md` out (openclaw-memory-files.ts walks as it does). Pure, so the agent-call diagnosis,
// the CLI and the engine's WorkspaceScope (workspace/workspace-scope.ts) all ask the same rule.

/** Evergreen files at the workspace root that are ours. */
export const ROOT_MEMORY_FILES: readonly string[] = ['MEMORY.md', 'memory.md', 'USER.md'];
/** The root files OpenClaw 2026.9.6 scans: no legacy `memory.md`. */
export const OPENCLAW_ROOT_MEMORY_FILES: readonly string[] = ['MEMORY.md', 'USER.md'];
/** The four-layer folders (daily, conversations, summaries/weekly, summaries/monthly), also recognised at the root of a workspace that is itself a memory folder. */
export const ROOT_LAYER_DIRS: readonly string[] = ['memory', 'conversations', 'facts', 'tasks', 'summaries'];

/** Our memory files by name, in words (the layer folders and extra paths come on top where they count). */
export const OUR_MEMORY_FILES = 'MEMORY.md, memory.md, USER.md, memory/**/*.md';
/** The files OpenClaw 2026.9.6's memory_search scans, in words. */
export const OPENCLAW_MEMORY_FILES = 'MEMORY.md, USER.md and memory/**/*.md';

/**
 * Whether this workspace-relative path is one of our evergreen root files (MEMORY.md, memory.md,
 * USER.md): the curated root, whose line annotations (importance, trigger, project) count.
 */
export function isRootMemoryPath(relPath: string): boolean {
  return ROOT_MEMORY_FILES.includes(relPath);
}

/** Whether OpenClaw 2026.9.6 scans this workspace-relative path (forward slashes) for memory_search. */
export function isOpenclawMemoryPath(relPath: string): boolean {
  return OPENCLAW_ROOT_MEMORY_FILES.includes(relPath) || (relPath.startsWith('memory/') && relPath.endsWith('.md'));
}

/** What a path is wanted for; each use allows a little more or less than the next. */
export type PathUse =
  /** Scanned and watched into the index. */
  | 'index'
  /** Opened in the editor: memory, transcripts, bootstrap files. */
  | 'read'
  /** OpenClaw's memory_get: MEMORY.md, memory.md, USER.md, memory/**\/*.md, extra paths. */
  | 'get'
  /** Saved or created: Markdown memory files and bootstrap files. */
  | 'write'
  /** Renamed, deleted, checksum accepted: Markdown memory files. */
  | 'edit';

/** Which sentence a refusal names: a use's, or memory_get's refusal of a file that is not Markdown. */
export type AllowedRule = PathUse | 'getMarkdown';

/** The parameters of `errors:scope.allowed.*`, the same sentences by message id for the UI. */
export const ALLOWED_PARAMS = {
  files: OUR_MEMORY_FILES,
  folders: `${ROOT_LAYER_DIRS.filter((d) => d !== 'memory').join('/, ')}/`,
} as const;

/** The one sentence per use that says which paths it allows: refusals, tool descriptions and help print it. */
export const ALLOWED_PATHS: Readonly<Record<PathUse, string>> = {
  index: `Memory Lens indexes ${OUR_MEMORY_FILES}, the Markdown files under ${ROOT_LAYER_DIRS.filter((d) => d !== 'memory').join('/, ')}/, configured extra paths and session transcripts only`,
  read: 'Memory Lens opens memory files, bootstrap files and session transcripts only',
  get: `memory_get only reads ${OUR_MEMORY_FILES} and configured extra paths`,
  write: `Only Markdown memory files can be written (${OUR_MEMORY_FILES} and the layer folders; saving also reaches AGENTS.md, SOUL.md and the other bootstrap files)`,
  edit: `Only Markdown memory files can be renamed or deleted (${OUR_MEMORY_FILES} and the layer folders)`,
};
