// What each OpenClaw release does with the workspace's bootstrap files before a session starts:
// which files, in which order, the default limits and the way an oversized file is cut. Read from
// the releases' npm tarballs (bootstrap / workspace loader / system prompt code); checked by
// running their own code on the same inputs (see bootstrap-budget.test.ts and its vectors).
// Everything here describes a main (direct) session with default settings: sub-agent, cron, group
// and channel sessions get fewer files, and plugins or hooks may add some.

export const OPENCLAW_VERSIONS = ['2026.9.6', '2026.4.15', '2026.2.26'] as const;
export type OpenclawVersion = (typeof OPENCLAW_VERSIONS)[number];
/** The newest release whose arithmetic was checked; the default everywhere. */
export const DEFAULT_OPENCLAW_VERSION: OpenclawVersion = '2026.9.6';

/** Below this many characters of total budget left, OpenClaw loads no further (non-missing) file. */
export const MIN_REMAINING_FOR_FILE = 64;
/** OpenClaw reads at most this many bytes of a bootstrap file; a bigger file is reported unreadable. */
export const MAX_BOOTSTRAP_FILE_BYTES = 2 * 1024 * 1024;

/** What OpenClaw does when a listed file is not in the workspace. */
export type AbsentRule =
  /** Injects `[MISSING] Expected at: <absolute path>` (which uses up budget). */
  | 'missing-marker'
  /** Skips it silently. */
  | 'skip';

export interface BootstrapFileRule {
  name: string;
  whenAbsent: AbsentRule;
  /** Loaded only when the file named here is absent (2026.4.15 reads MEMORY.md, else memory.md). */
  onlyWithout?: string;
  /** Why the rule is what it is, for the report: its message key under `context:report.profile`. */
  note?: string;
}

export interface BootstrapProfile {
  version: OpenclawVersion;
  /** Built-in limits when openclaw.json sets none. */
  defaults: { perFile: number; total: number };
  /** USER.md's own cap, min(perFile, this); null when USER.md is capped like any file. */
  userCap: number | null;
  /**
   * How an oversized file is cut. `marker-inside`: 75% head + 25% tail of what is left after the
   * marker, so file + marker fit the cap, cut on whole characters. `marker-outside`: 70% head +
   * 20% tail of the cap, the marker comes on top, cut on UTF-16 units (a pair can be split).
   */
  trim: 'marker-inside' | 'marker-outside';
  /** AGENTS.md keeps head 45% + a digest of policy lines 35% + tail 15% instead. */
  agentsPolicyDigest: boolean;
  /** Per-agent `agents.entries.<id>` / `agents.list[]` limits win over `agents.defaults`. */
  perAgentLimits: boolean;
  /** Files in the order their budget is spent. */
  files: readonly BootstrapFileRule[];
  /** Root files people keep that this release does not load at all; `reason`: its key under `context:report.profile`. */
  notLoaded: readonly { name: string; reason: string }[];
  /**
   * The system prompt drops OpenClaw's default heartbeat-prompt block and folds 3+ newlines into 2
   * after budgeting (what the agent reads; the budget is spent before).
   */
  promptSanitize: 'none' | 'heartbeat-literal' | 'heartbeat-pattern';
}

const PROFILES: Record<OpenclawVersion, BootstrapProfile> = {
  '2026.9.6': {
    version: '2026.9.6',
    defaults: { perFile: 20_000, total: 60_000 },
    userCap: 4_000,
    trim: 'marker-inside',
    agentsPolicyDigest: true,
    perAgentLimits: true,
    files: [
      { name: 'AGENTS.md', whenAbsent: 'missing-marker' },
      { name: 'SOUL.md', whenAbsent: 'missing-marker' },
      { name: 'IDENTITY.md', whenAbsent: 'missing-marker' },
      { name: 'USER.md', whenAbsent: 'skip' },
      // Absent after setup is the normal state; a [MISSING] marker appears only mid-setup.
      { name: 'BOOTSTRAP.md', whenAbsent: 'skip', note: 'bootstrapSetup' },
      { name: 'MEMORY.md', whenAbsent: 'skip' },
    ],
    notLoaded: [
      { name: 'TOOLS.md', reason: 'toolsDropped' },
      { name: 'HEARTBEAT.md', reason: 'heartbeatDropped' },
      { name: 'memory.md', reason: 'lowerCaseIgnored' },
    ],
    promptSanitize: 'heartbeat-pattern',
  },
  '2026.4.15': {
    version: '2026.4.15',
    defaults: { perFile: 12_000, total: 60_000 },
    userCap: null,
    trim: 'marker-outside',
    agentsPolicyDigest: false,
    perAgentLimits: false,
    files: [
      { name: 'AGENTS.md', whenAbsent: 'missing-marker' },
      { name: 'SOUL.md', whenAbsent: 'missing-marker' },
      { name: 'TOOLS.md', whenAbsent: 'missing-marker' },
      { name: 'IDENTITY.md', whenAbsent: 'missing-marker' },
      { name: 'USER.md', whenAbsent: 'missing-marker' },
      {
        name: 'HEARTBEAT.md',
        whenAbsent: 'missing-marker',
        note: 'heartbeatOff',
      },
      { name: 'BOOTSTRAP.md', whenAbsent: 'missing-marker' },
      { name: 'MEMORY.md', whenAbsent: 'skip' },
      { name: 'memory.md', whenAbsent: 'skip', onlyWithout: 'MEMORY.md' },
    ],
    notLoaded: [],
    promptSanitize: 'heartbeat-literal',
  },
  '2026.2.26': {
    version: '2026.2.26',
    defaults: { perFile: 20_000, total: 150_000 },
    userCap: null,
    trim: 'marker-outside',
    agentsPolicyDigest: false,
    perAgentLimits: false,
    files: [
      { name: 'AGENTS.md', whenAbsent: 'missing-marker' },
      { name: 'SOUL.md', whenAbsent: 'missing-marker' },
      { name: 'TOOLS.md', whenAbsent: 'missing-marker' },
      { name: 'IDENTITY.md', whenAbsent: 'missing-marker' },
      { name: 'USER.md', whenAbsent: 'missing-marker' },
      { name: 'HEARTBEAT.md', whenAbsent: 'missing-marker' },
      { name: 'BOOTSTRAP.md', whenAbsent: 'missing-marker' },
      { name: 'MEMORY.md', whenAbsent: 'skip' },
      // Both are injected when they are two different files (not one file under two names).
      { name: 'memory.md', whenAbsent: 'skip' },
    ],
    notLoaded: [],
    promptSanitize: 'none',
  },
};

export function bootstrapProfile(version: OpenclawVersion = DEFAULT_OPENCLAW_VERSION): BootstrapProfile {
  return PROFILES[version];
}

export function isOpenclawVersion(value: string): value is OpenclawVersion {
  return (OPENCLAW_VERSIONS as readonly string[]).includes(value);
}

/**
 * Every root file name any supported release loads (exact case). The editor treats these as
 * bootstrap files; the engine lets them be edited like memory files.
 */
export const BOOTSTRAP_FILE_NAMES: readonly string[] = [
  ...new Set(
    OPENCLAW_VERSIONS.flatMap((v) => [
      ...PROFILES[v].files.map((f) => f.name),
      ...PROFILES[v].notLoaded.map((f) => f.name),
    ]),
  ),
];

export function isBootstrapFileName(relPath: string): boolean {
  return BOOTSTRAP_FILE_NAMES.includes(relPath);
}
