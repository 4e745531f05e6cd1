// memlens save-session FILE: a session transcript saved as memory/YYYY-MM-DD-<slug>.md, the way
// OpenClaw's session-memory hook does on /new — for sessions the hook never saw (or before a reset).
import path from 'node:path';
import { DEFAULT_SESSION_MESSAGES } from '../../app/agent/session-memory.js';
import { saveSessionFile } from '../../app/agent/save-session-memory.js';
import type { CliCommand } from '../command.js';
import { writeJson } from '../command.js';
import { intOption, UsageError } from '../common-options.js';

export const saveSessionCommand: CliCommand = {
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
  async run({ values, positionals, io, json, openEngine }) {
    if (positionals.length !== 1) throw new UsageError('save-session expects exactly one FILE (a session .jsonl)');
    const count = intOption(values.messages, '--messages');
    if (count !== undefined && count > 500) throw new UsageError('--messages accepts at most 500');
    const file = path.resolve(io.cwd, positionals[0]!);
    const timeZone = typeof values['time-zone'] === 'string' ? values['time-zone'] : undefined;
    const sessionKey = typeof values['session-key'] === 'string' ? values['session-key'] : undefined;
    const engine = await openEngine();
    try {
      const saved = await saveSessionFile(engine, file, {
        ...(count !== undefined ? { count } : {}),
        ...(timeZone ? { timeZone } : {}),
        ...(sessionKey ? { sessionKey } : {}),
      });
      if (json) writeJson(io, saved);
      else
        io.stdout(
          `Saved ${saved.messages} message${saved.messages === 1 ? '' : 's'} of session ${saved.sessionId} as ${saved.path}\n`,
        );
      return 0;
    } finally {
      await engine.close();
    }
  },
};
