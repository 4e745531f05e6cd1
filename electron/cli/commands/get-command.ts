// memlens get PATH [--from N] [--lines M]: memory_get. The engine enforces the rules
// (MEMORY.md / memory.md / USER.md / memory/**/*.md, .md only, no escapes).
import type { CliCommand } from '../command.js';
import { writeJson } from '../command.js';
import { intOption, UsageError } from '../common-options.js';

export const getCommand: CliCommand = {
  name: 'get',
  summary: 'print a memory file (memory_get): memlens get PATH [--from N] [--lines M]',
  rawOutput: true,
  usage: `Usage: memlens get PATH [--from N] [--lines M] [--json]

Prints lines of a memory file, as the agent's memory_get tool reads it. PATH is
workspace-relative: MEMORY.md, memory.md, USER.md or memory/**/*.md.

  --from N     first line (1-based, default 1)
  --lines M    number of lines (default: to the end)`,
  options: {
    from: { type: 'string' },
    lines: { type: 'string' },
  },
  async run({ values, positionals, io, json, openEngine }) {
    if (positionals.length !== 1) throw new UsageError('get expects exactly one PATH');
    const from = intOption(values.from, '--from');
    const lines = intOption(values.lines, '--lines');
    const engine = await openEngine();
    try {
      const result = await engine.get(positionals[0]!, from, lines);
      if (json) writeJson(io, result);
      else io.stdout(result.text.endsWith('\n') || result.text === '' ? result.text : `${result.text}\n`);
      return 0;
    } finally {
      await engine.close();
    }
  },
};
