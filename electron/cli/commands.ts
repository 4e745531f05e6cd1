// The subcommand table: each command's name, help and options, held here so `memlens --help`
// and argument parsing load none of the engine; `load` imports the implementation on run.
import type { CliCommand } from './command.js';
import { OPENCLAW_VERSIONS } from '../../shared/bootstrap-profiles.js';
import { OUR_MEMORY_FILES } from '../../shared/memory-scope.js';
import { SEARCH_DEFAULTS } from '../../shared/search-defaults.js';
import { DEFAULT_SESSION_MESSAGES } from '../app/agent/session-memory-defaults.js';
import { SEARCH_FLAG_OPTIONS, SEARCH_FLAG_USAGE, SEARCH_OPTIONAL_VALUE_FLAGS } from './search-flags.js';
import { DEFAULT_SERVE_PORT } from './serve-defaults.js';

const indexCommand: CliCommand = {
  name: 'index',
  summary: 'index the workspace (incremental; --full re-indexes every file)',
  usage: `Usage: memlens index [--full] [--json]

Indexes the workspace's memory files and session transcripts. Unchanged files are not read again;
files left out (over the size limit, not text) are listed as skipped, each with the reason.

  --full       re-read and re-index every file`,
  options: {
    full: { type: 'boolean' },
  },
  load: async () => (await import('./commands/index-command.js')).indexCommand,
};

const searchCommand: CliCommand = {
  name: 'search',
  summary: 'search memory like the agent does: memlens search QUERY [--explain] [--json]',
  usage: `Usage: memlens search QUERY [options]
       memlens search --queries FILE.jsonl [options]

Searches the workspace (indexing changed files first) and prints the results with their scores.
A person's searches are not agent searches: they are not logged unless --log is given (then they
show in the app's Agent view as a person's); they never count as accesses.

  --json                 OpenClaw memory_search JSON, plus a score breakdown per result
  --explain              show how each score was built (keyword, vector, weights, decay, MMR)
  --log                  keep this search in the search log (shown as a person's search)
  --max-results N        results to return (default ${SEARCH_DEFAULTS.maxResults})
${SEARCH_FLAG_USAGE}
  --queries FILE         batch: one {"id","query"} JSON object a line in (optionally "maxResults",
                         "minScore"); one {"id","results"} line out, or {"id","error"} for a bad line`,
  options: {
    ...SEARCH_FLAG_OPTIONS,
    explain: { type: 'boolean' },
    log: { type: 'boolean' },
    'max-results': { type: 'string' },
    queries: { type: 'string' },
  },
  optionalValueFlags: SEARCH_OPTIONAL_VALUE_FLAGS,
  load: async () => (await import('./commands/search-command.js')).searchCommand,
};

const evalCommand: CliCommand = {
  name: 'eval',
  summary: 'measure search on labeled queries: memlens eval --queries FILE.jsonl [--compare FLAGS]',
  usage: `Usage: memlens eval --queries FILE.jsonl [options]

Runs every labeled query through search (indexing changed files first) and reports Hit@1/5/10,
MRR@10, nDCG@10 and evidence recall@10, overall and per tag, plus the queries with no relevant
result in the top 10 and where their evidence ranked. A result is relevant when its lines overlap
a labeled range of the same file. Results are taken with --min-score 0 unless given.

Each line of FILE: {"id","query","relevant":[{"path","line"} | {"path","startLine","endLine"}],"tags"?}
(paths workspace-relative, lines 1-based and inclusive; other fields are ignored).

  --queries FILE         the labeled queries (required)
  --compare "FLAGS"      a second run with these search flags on top of the first, side by side,
                         with per-query rank changes, e.g. --compare "decay=30" (dashes optional)
  --failures N           failed queries to list (default 20; --json has all)
${SEARCH_FLAG_USAGE}
  --json                 the whole report as JSON`,
  options: {
    ...SEARCH_FLAG_OPTIONS,
    queries: { type: 'string' },
    compare: { type: 'string' },
    failures: { type: 'string' },
  },
  optionalValueFlags: SEARCH_OPTIONAL_VALUE_FLAGS,
  load: async () => (await import('./commands/eval-command.js')).evalCommand,
};

const getCommand: CliCommand = {
  name: 'get',
  summary: 'print a memory file (memory_get): memlens get PATH [--from N] [--lines M]',
  rawOutput: true,
  usage: `Usage: memlens get PATH [--from N] [--lines M] [--json]

Prints lines of a memory file, as the agent's memory_get tool reads it. PATH is
workspace-relative: ${OUR_MEMORY_FILES} or a configured extra path.

  --from N     first line (1-based, default 1)
  --lines M    number of lines (default: to the end)`,
  options: {
    from: { type: 'string' },
    lines: { type: 'string' },
  },
  load: async () => (await import('./commands/get-command.js')).getCommand,
};

const statusCommand: CliCommand = {
  name: 'status',
  summary: 'show the index: files, chunks, mode, embedder, vectors',
  usage: `Usage: memlens status [--json]

Shows what the index holds (it does not index; run memlens index for that), each OpenClaw
agent database found for the workspace (read-only): its sessions, and the agent's own memory
index against the files — current, stale (the file changed since), missing, extra; and how the
agent's own memory searches went (from its transcripts; the calls: memlens agent-searches).`,
  options: {},
  load: async () => (await import('./commands/status-command.js')).statusCommand,
};

const agentSearchesCommand: CliCommand = {
  name: 'agent-searches',
  summary:
    'what the agent searched in its memory, what it got and why: memlens agent-searches [--since DATE] [--agent ID]',
  usage: `Usage: memlens agent-searches [--json] [--since DATE] [--agent ID] [--limit N]

Every memory tool call the agent made (memory_search, memory_get, …), read from its transcripts,
with searches MCP clients ran through memlens mcp and people's logged searches (memlens search
--log). Each empty or failed call gets a diagnosis from its recorded outcome and the files as they
are now, and is re-run in Memory Lens. The health summary on top is also in memlens status.

  --since DATE           only calls on or after DATE (2026-03-30, yesterday, "3 hours ago", 3小时前)
  --agent ID             only this OpenClaw agent's transcripts (leaves out MCP and people)
  --limit N              at most N calls, newest first
  --now DATETIME         count "last 7/30 days" back from this moment (default: now)
  --json                 {health, calls: [{source, time, session, line, query, outcome: {kind,
                         count, reason}, diagnosis, replay, …}]}`,
  options: {
    since: { type: 'string' },
    agent: { type: 'string' },
    limit: { type: 'string' },
    now: { type: 'string' },
  },
  load: async () => (await import('./commands/agent-searches-command.js')).agentSearchesCommand,
};

const contextCommand: CliCommand = {
  name: 'context',
  summary: "what the agent sees at session start: bootstrap files against OpenClaw's prompt budget",
  usage: `Usage: memlens context [--agent ID] [--openclaw-version V] [--limits per-file=N,total=N]
                       [--openclaw-config FILE] [--show FILE] [--json]

For each bootstrap file (AGENTS.md, SOUL.md, IDENTITY.md, USER.md, BOOTSTRAP.md, MEMORY.md; older
releases also TOOLS.md, HEARTBEAT.md, memory.md) in OpenClaw's injection order: its size, what is
injected, the cap that applied (per file, USER.md's own, or what was left of the total), and the
lines the agent does not see. Limits come from openclaw.json (OPENCLAW_CONFIG_PATH, else
$OPENCLAW_STATE_DIR or ~/.openclaw), else OpenClaw's defaults.

  --agent ID               use this agent's limits (agents.entries.<id> / agents.list[])
  --openclaw-version V     reproduce ${OPENCLAW_VERSIONS.join(', ')} (default ${OPENCLAW_VERSIONS[0]})
  --limits LIST            override: per-file=N and/or total=N
  --openclaw-config FILE   read this openclaw.json instead of looking for one
  --show FILE              print exactly what the agent receives for FILE (marker included)`,
  options: {
    agent: { type: 'string' },
    'openclaw-version': { type: 'string' },
    limits: { type: 'string' },
    'openclaw-config': { type: 'string' },
    show: { type: 'string' },
  },
  load: async () => (await import('./commands/context-command.js')).contextCommand,
};

const watchCommand: CliCommand = {
  name: 'watch',
  summary: 'index, then watch the workspace and print changes until Ctrl-C',
  usage: `Usage: memlens watch [--json]

Indexes the workspace, then watches it: every added, changed or deleted file is re-indexed and
printed (one JSON object a line with --json), and so is every change of search mode (hybrid or
keyword-only, with why). An embedding endpoint that is down is tried again in the background.
Stops on Ctrl-C.`,
  options: {},
  load: async () => (await import('./commands/watch-command.js')).watchCommand,
};

const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'serve the Memory Lens UI to a browser on this machine (127.0.0.1, token-protected)',
  rawOutput: true,
  usage: `Usage: memlens serve [--workspace DIR] [--port N] [--host 127.0.0.1]

Starts the engine (with the watcher) and serves the UI and its API over HTTP. Prints a URL with a
random token; open it in a browser. Stops on Ctrl-C.
  --port N             port (default ${DEFAULT_SERVE_PORT}; 0 picks a free one)
  --host ADDR          address to bind (default 127.0.0.1). A non-loopback address exposes your
                       memory to the network (token-protected, unencrypted): prefer an SSH tunnel.
  --renderer-dir DIR   serve this built UI instead of the package's renderer-dist/`,
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'renderer-dir': { type: 'string' },
  },
  load: async () => (await import('./commands/serve-command.js')).serveCommand,
};

const mcpCommand: CliCommand = {
  name: 'mcp',
  summary: 'serve memory_search, memory_get and memory_context to an AI agent over MCP (stdio)',
  rawOutput: true,
  usage: `Usage: memlens mcp [--workspace DIR] [search options]

Runs a Model Context Protocol server on stdin/stdout with OpenClaw's two memory tools and one more:
  memory_search  {query, maxResults?, minScore?, corpus?}   results with a score breakdown each
  memory_get     {path, from?, lines?}                     at most 120 lines / 12,000 characters a call
  memory_context {agent?, openclawVersion?, limits?}       what the agent's prompt holds of each bootstrap file
The workspace is indexed and watched: edits (in the app or anywhere) are searchable within a second.
Every search is kept in the agent search log and every result or read counts as an access; both
show in the app. Logs go to stderr; stdout carries only protocol messages.

Search options (defaults for every memory_search; the agent's maxResults/minScore win):
  --max-results N, --min-score S, --sources memory,sessions, --decay[=DAYS], --mmr[=LAMBDA],
  --access-boost[=F]   as for memlens search

Register it with a client, e.g. Claude Desktop's claude_desktop_config.json:
  {"mcpServers": {"memory": {"command": "memlens", "args": ["mcp", "--workspace", "/home/me/.openclaw/workspace"]}}}`,
  options: {
    'max-results': { type: 'string' },
    'min-score': { type: 'string' },
    sources: { type: 'string' },
    decay: { type: 'string' },
    mmr: { type: 'string' },
    'access-boost': { type: 'string' },
  },
  optionalValueFlags: SEARCH_OPTIONAL_VALUE_FLAGS,
  load: async () => (await import('./commands/mcp-command.js')).mcpCommand,
};

const saveSessionCommand: CliCommand = {
  name: 'save-session',
  summary: 'save a session transcript as a memory file: memlens save-session FILE [--messages 15]',
  usage: `Usage: memlens save-session FILE [--messages N] [--time-zone ZONE] [--session-key KEY] [--json]

Writes the last N user/assistant messages of a session transcript (OpenClaw JSONL) into the
workspace as memory/YYYY-MM-DD-<slug>.md, in the format of OpenClaw's session-memory hook:
"# Session: <time>", Session Key / Session ID / Source lines and "## Conversation Summary".
Slash commands and tool output are left out; the slug comes from the conversation's most telling
words. The write is atomic and never replaces a file: a taken name becomes -2, -3, …

  --messages N         messages to keep (default ${DEFAULT_SESSION_MESSAGES})
  --time-zone ZONE     IANA zone for the header and the date (default: this machine's, or $TZ)
  --session-key KEY    OpenClaw session key (default: from a sessions.json beside FILE, else "unknown")`,
  options: {
    messages: { type: 'string' },
    'time-zone': { type: 'string' },
    'session-key': { type: 'string' },
  },
  load: async () => (await import('./commands/save-session-command.js')).saveSessionCommand,
};

const historyCommand: CliCommand = {
  name: 'history',
  summary: "list a memory file's kept versions and who made each change",
  usage: `Usage: memlens history PATH [--json]
       memlens history purge-secret VALUE|- [--placeholder TEXT] [--json]

Every version of PATH the app has kept (saves from the app, changes seen by the watcher or a rescan,
deletes and renames), newest first, each with who made it and how that is known.

purge-secret rewrites every kept version holding VALUE (the value becomes "<purged secret>", or
--placeholder TEXT; diffs, restores and authors keep working), and cleans the app's trash, drafts,
judgments, search log and damaged-file copies, then compacts the SQLite files. A memory file that
still holds VALUE refuses it: replace it there first (memlens secrets --replace PATH:LINE).
Give - to read VALUE from stdin (a value typed on the command line stays in your shell history).
Git history is yours: the command prints what you could run, and never runs it.`,
  options: { placeholder: { type: 'string' } },
  load: async () => (await import('./commands/history-commands.js')).historyCommand,
};

const diffCommand: CliCommand = {
  name: 'diff',
  summary: 'show what changed in a memory file between two versions',
  usage: `Usage: memlens diff PATH --from V --to V [--json]

V is a version number from memlens history; --to current (the default) is the file as it is now,
--from none the empty file.`,
  options: { from: { type: 'string' }, to: { type: 'string' } },
  load: async () => (await import('./commands/history-commands.js')).diffCommand,
};

const restoreCommand: CliCommand = {
  name: 'restore',
  summary: 'write a kept version of a memory file back (a normal, hash-checked save)',
  usage: `Usage: memlens restore PATH --version V [--expected-hash H] [--json]

Writes version V back as a save from Memory Lens. It is checked against the file's hash (by default
the hash of the file as this command read it; --expected-hash to give the one you saw): if the file
changed in between, nothing is written and the command fails with CONFLICT.`,
  options: { version: { type: 'string' }, 'expected-hash': { type: 'string' } },
  load: async () => (await import('./commands/history-commands.js')).restoreCommand,
};

const changesCommand: CliCommand = {
  name: 'changes',
  summary: 'every change to memory since a time, grouped by who made it',
  usage: `Usage: memlens changes [--since DATE] [--json]

Lists every change to the workspace's memory files since DATE (2026-03-30, yesterday, "3 hours ago";
default: since the app's "What changed" view was last marked seen, else the last 24 hours),
grouped by who made it, each with its lines and the command that reverts it.`,
  options: { since: { type: 'string' } },
  load: async () => (await import('./commands/history-commands.js')).changesCommand,
};

const doctorCommand: CliCommand = {
  name: 'doctor',
  summary: 'what in memory is duplicated, contradicted, never used, cut from the bootstrap or unsafe',
  usage: `Usage: memlens doctor [--agent ID] [--json]

Findings with their evidence (file, lines, dates) and the fixes the Doctor view offers:
duplicates (copies, near-duplicate passages, repeated dreaming promotions), conflicting values
(the newer one named), secrets, MEMORY.md against the bootstrap budget, index health (skipped
files, checksum mismatches, broken links), lines no agent search returned, and how each dreaming
promotion has been used. Finding ids are stable: a script can follow them between runs.

  --agent ID   that agent's bootstrap limits and transcripts only (our own search log is left out)`,
  options: { agent: { type: 'string' } },
  load: async () => (await import('./commands/doctor-command.js')).doctorCommand,
};

const secretsCommand: CliCommand = {
  name: 'secrets',
  summary: 'list keys and passwords found in memory; remove a line or replace a value with a placeholder',
  usage: `Usage: memlens secrets [--json]
       memlens secrets --remove PATH:LINE [--label LABEL]
       memlens secrets --replace PATH:LINE [--placeholder TEXT] [--label LABEL]

Lists every secret found in the memory files and transcripts: its kind, file, line, masked label
and the first history version holding it. Values are never printed.
--remove deletes the line holding the secret; --replace puts a placeholder (default
"<in password manager>") where the value was. Either is a normal save, kept in the history.
--label picks one of several secrets on the same line (as the list shows it).`,
  options: {
    remove: { type: 'string' },
    replace: { type: 'string' },
    placeholder: { type: 'string' },
    label: { type: 'string' },
  },
  load: async () => (await import('./commands/secrets-command.js')).secretsCommand,
};

export const COMMANDS: readonly CliCommand[] = [
  indexCommand,
  searchCommand,
  evalCommand,
  getCommand,
  statusCommand,
  agentSearchesCommand,
  contextCommand,
  doctorCommand,
  secretsCommand,
  watchCommand,
  serveCommand,
  mcpCommand,
  saveSessionCommand,
  historyCommand,
  diffCommand,
  restoreCommand,
  changesCommand,
];
