// memlens eval --queries FILE.jsonl — retrieval quality of this workspace's search on a labeled
// query set: Hit@1/5/10, MRR@10, nDCG@10 and evidence recall@10, overall and per tag, the failed
// queries with where their evidence ranked, and (--compare) two settings side by side.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CommandImpl } from '../command.js';
import { writeJson } from '../command.js';
import { englishText } from '../../../shared/i18n.js';
import { intOption, normalizeOptionalValueFlags, parseArgsRef, usageError } from '../common-options.js';
import { parseEvalQueries } from '../eval/eval-queries.js';
import { formatComparison, formatEvalReport } from '../eval/format-eval.js';
import { rankChanges, runEval } from '../eval/run-eval.js';
import type { EvalSearchOptions } from '../eval/run-eval.js';
import { searchOptionsFromFlags } from './search-command.js';
import { SEARCH_FLAG_OPTIONS, SEARCH_OPTIONAL_VALUE_FLAGS } from '../search-flags.js';

/** Flags → options for an evaluation run: like search, but nothing is dropped by minScore unless asked. */
function evalOptions(values: Record<string, unknown>): EvalSearchOptions {
  const { maxResults: _maxResults, ...options } = searchOptionsFromFlags(values);
  return { minScore: 0, ...options };
}

/**
 * `--compare "decay=14 sources=memory"` (or `--compare="--decay 14"`): the second setting is the
 * first with these flags on top. Leading dashes are optional, because parseArgs refuses an option
 * value that starts with one unless it is glued on with `=`.
 */
function compareValues(spec: string, base: Record<string, unknown>): Record<string, unknown> {
  const words = spec.trim().split(/\s+/).filter(Boolean);
  const args = normalizeOptionalValueFlags(
    words.map((word, i) =>
      word.startsWith('-') || (i > 0 && !words[i - 1]!.includes('=') && isValueFlag(words[i - 1]!))
        ? word
        : `--${word}`,
    ),
    SEARCH_OPTIONAL_VALUE_FLAGS,
  );
  if (args.length === 0) throw usageError('compareEmpty');
  let parsed;
  try {
    parsed = parseArgs({ args, options: SEARCH_FLAG_OPTIONS, allowPositionals: false, strict: true });
  } catch (error) {
    const said = parseArgsRef(error instanceof Error ? error.message : String(error), englishText);
    throw usageError('compare', { error: typeof said === 'string' ? said : JSON.stringify(said) });
  }
  return { ...base, ...parsed.values };
}

/** A flag word (`--sources`, `sources`) that takes its value as the next word. */
function isValueFlag(word: string): boolean {
  const name = word.replace(/^-+/, '');
  return name in SEARCH_FLAG_OPTIONS && !SEARCH_OPTIONAL_VALUE_FLAGS.includes(name);
}

/** The flags a run was given, or '' for none (`defaults` in --json, worded in the text report). */
function describeFlags(values: Record<string, unknown>): string {
  return Object.keys(SEARCH_FLAG_OPTIONS)
    .filter((name) => typeof values[name] === 'string')
    .map((name) => (values[name] === '' ? `--${name}` : `--${name} ${String(values[name])}`))
    .join(' ');
}

export const evalCommand: CommandImpl = {
  async run({ values, positionals, io, json, t, openEngine }) {
    if (positionals.length > 0) throw usageError('evalPositionals', { args: positionals.join(' ') });
    if (typeof values.queries !== 'string') throw usageError('evalNeedsQueries');
    const file = path.resolve(io.cwd, values.queries);
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch {
      throw usageError('cannotReadQueries', { file: values.queries });
    }
    const queries = parseEvalQueries(text, values.queries);
    const maxFailures = intOption(values.failures, '--failures', 0) ?? 20;
    const optionsA = evalOptions(values);
    const compare = typeof values.compare === 'string' ? compareValues(values.compare, values) : null;
    const optionsB = compare ? evalOptions(compare) : null;

    const engine = await openEngine();
    try {
      await engine.sync();
      // Every question expanded alike: not the first ones without the dictionary while it is built.
      await engine.expansionReady();
      const a = await runEval(engine, queries, optionsA);
      if (!optionsB || !compare) {
        if (json) writeJson(io, { queries: queries.length, ...a });
        else io.stdout(formatEvalReport(a, { maxFailures, t }));
        return 0;
      }
      const b = await runEval(engine, queries, optionsB);
      const changes = rankChanges(a, b);
      const labels: [string, string] = [describeFlags(values), describeFlags(compare)];
      if (json)
        writeJson(io, {
          queries: queries.length,
          a: { flags: labels[0] || 'defaults', ...a },
          b: { flags: labels[1] || 'defaults', ...b },
          rankChanges: changes,
        });
      else io.stdout(formatComparison(a, b, labels, changes, { maxChanges: maxFailures, t }));
      return 0;
    } finally {
      await engine.close();
    }
  },
};
