// What the workspace layer needs from OpenClaw's agent databases, declared here so that discovery
// can list database transcripts without importing the agent-db layer that sits above it.
import type { SessionKind } from '../../../shared/session-kind.js';

/** What a discovered transcript carries when it lives in an agent database (plain data: it crosses to the prepare worker). */
export interface AgentDbRef {
  dbPath: string;
  sessionId: string;
  generation: string | null;
  /** The run's kind as OpenClaw recorded it in the session key (cron, heartbeat, sub-agent), when it did. */
  recordedKind?: SessionKind;
}

/** One transcript listed from an agent database, under its virtual path. */
export interface AgentDbTranscript {
  path: string;
  agentId: string;
  size: number;
  mtimeMs: number;
  agentDb: AgentDbRef;
}

/** The live agent databases as discovery, sync and file reads see them (agent-db/agent-databases.ts). */
export interface AgentDbSource {
  refresh(): void;
  files(): AgentDbTranscript[];
  lookup(virtualPath: string): AgentDbTranscript | null;
  read(ref: AgentDbRef): Uint8Array | null;
}
