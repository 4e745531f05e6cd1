// What the doctor reads: the memory files as the engine has them (text, hash, date), what the
// agent searched and got back, what it sees at session start, and how the index fared. Plain
// data, so every finder is a pure function of it and tests can hand it a planted workspace.
import type { AgentIndexFile } from '../../../shared/agent-db-schemas.js';
import type { ContextFile } from '../../../shared/domain.js';
import type { DoctorMessage } from '../../../shared/doctor-schemas.js';

export interface DoctorFile {
  path: string;
  text: string;
  /** sha256 of the bytes the text came from: every fix is checked against it. */
  hash: string;
  /** ISO `YYYY-MM-DD` the engine dates the file by, with how it knows (path, frontmatter, mtime). */
  date: string | null;
  dateSource: string | null;
  /** MEMORY.md, USER.md, memory.md: injected at session start. */
  bootstrap: boolean;
}

/** One chunk an agent search returned (from our MCP log or the agent's own calls). */
export interface Retrieval {
  at: number;
  path: string;
  startLine: number;
  endLine: number;
}

export interface IndexProblem {
  path: string;
  /** `skipped` / `failed` by our index, or a frontmatter `checksum` that does not match the body. */
  kind: 'skipped' | 'failed' | 'checksum';
  /** By id (the doctor's, or the index's `errors:indexing.*`); an index reason recorded before ids is its English. */
  reason: string | DoctorMessage;
}

export interface DoctorSearches {
  count: number;
  since: number | null;
  retrievals: Retrieval[];
}

/** A transcript as read; its memory calls are parsed where the finders run (transcript-searches.ts). */
export interface DoctorTranscript {
  /** When a call carries no time of its own. */
  mtimeMs: number;
  jsonl: string;
}

/** One OpenClaw agent's own memory index, compared with the memory files' bytes now. */
export interface AgentIndexInput {
  agentId: string;
  files: AgentIndexFile[];
}

export interface DoctorInput {
  workspaceDir: string;
  files: DoctorFile[];
  /** Every path the workspace holds (memory or not), for links that lead nowhere. */
  knownPaths: ReadonlySet<string>;
  now: number;
  /** Null when no search log was available: never-used findings are then not made. */
  searches: DoctorSearches | null;
  /** Transcripts whose searches are still to be added to `searches`. */
  transcripts: DoctorTranscript[];
  /** MEMORY.md in the bootstrap budget, when the context could be computed. */
  memoryBudget: ContextFile | null;
  indexProblems: IndexProblem[];
  /** Every agent index found beside the workspace (empty: none, so nothing is said about one). */
  agentIndexes: AgentIndexInput[];
  /** Agent databases found whose index could not be read (locked, damaged, another schema). */
  unreadableAgentIndexes?: { agentId: string; path: string }[];
}

/** Lines older than this that no search returned are never-used candidates. */
export const NEVER_USED_MIN_AGE_DAYS = 30;
