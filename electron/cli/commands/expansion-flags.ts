// `--expand feedback,thesaurus,dictionary,pivot` (or off) and `--expand-weight W`, for search and eval.
import type { z } from 'zod';
import type { ExpansionOptionsSchema } from '../../../shared/expansion-schemas.js';
import { numberOption, usageError } from '../common-options.js';

const SOURCES = ['feedback', 'thesaurus', 'dictionary', 'pivot'] as const;

export function expansionFromFlags(expand: unknown, weight: unknown): z.output<typeof ExpansionOptionsSchema> | null {
  if (typeof expand !== 'string' && typeof weight !== 'string') return null;
  const out: z.output<typeof ExpansionOptionsSchema> = {};
  if (typeof expand === 'string') {
    const names = expand
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.length === 0) throw usageError('expandEmpty', { sources: SOURCES.join(',') });
    const off = names.length === 1 && names[0] === 'off';
    for (const name of names)
      if (!off && !SOURCES.includes(name as (typeof SOURCES)[number]))
        throw usageError('expandUnknown', { sources: SOURCES.join(','), value: name });
    for (const source of SOURCES) out[source] = !off && names.includes(source);
  }
  const w = numberOption(weight, '--expand-weight', 0, 1);
  if (w !== undefined) out.weight = w;
  return out;
}
