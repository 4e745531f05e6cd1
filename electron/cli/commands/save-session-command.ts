// memlens save-session FILE: a session transcript saved as memory/YYYY-MM-DD-<slug>.md, the way
// OpenClaw's session-memory hook does on /new — for sessions the hook never saw (or before a reset).
import path from 'node:path';
import { saveSessionFile } from '../../app/agent/save-session-memory.js';
import type { CommandImpl } from '../command.js';
import { writeJson } from '../command.js';
import { intOption, usageError } from '../common-options.js';

export const saveSessionCommand: CommandImpl = {
  async run({ values, positionals, io, json, t, openEngine }) {
    if (positionals.length !== 1) throw usageError('saveSessionOneFile');
    const count = intOption(values.messages, '--messages');
    if (count !== undefined && count > 500) throw usageError('messagesMax', { max: 500 });
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
          `${t('cli:saveSession.saved', { count: saved.messages, session: saved.sessionId, path: saved.path })}\n`,
        );
      return 0;
    } finally {
      await engine.close();
    }
  },
};
