// memlens get PATH [--from N] [--lines M]: memory_get. file-io.ts enforces the rules
// (MEMORY.md / memory.md / USER.md / memory/**/*.md, .md only, no escapes).
import type { CommandImpl } from '../command.js';
import { writeJson } from '../command.js';
import { intOption, usageError } from '../common-options.js';
import { getMemoryLines } from '../../app/memory-get.js';

export const getCommand: CommandImpl = {
  async run({ values, positionals, io, json, settings }) {
    if (positionals.length !== 1) throw usageError('getOnePath');
    const from = intOption(values.from, '--from');
    const lines = intOption(values.lines, '--lines');
    const { engineOptions } = await settings();
    const result = await getMemoryLines(engineOptions, positionals[0]!, from, lines);
    if (json) writeJson(io, result);
    else io.stdout(result.text.endsWith('\n') || result.text === '' ? result.text : `${result.text}\n`);
    return 0;
  },
};
