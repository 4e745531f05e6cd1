// When each line of a file was written, by the memory history: the version a line first appeared
// in (its line origin). Conflicting values are told apart by these dates where the history knows
// them; elsewhere by the file's date (doctor-input.ts).
import type { LineOrigins } from '../../../shared/history-schemas.js';
import type { DoctorFile } from './doctor-input.js';

/** Workspace path → 1-based line → ISO `YYYY-MM-DD` the line was written. */
export type LineDates = ReadonlyMap<string, ReadonlyMap<number, string>>;

export type OriginsOf = (path: string) => Promise<LineOrigins | null>;

/** Few at once, as evidence-authors.ts: one batch's completions run in one turn of the event loop. */
const ORIGINS_BATCH = 4;

/** Each file's origins asked once per pass: the dates and the authors read the same ones. */
export function onceEach(originsOf: OriginsOf): OriginsOf {
  const asked = new Map<string, Promise<LineOrigins | null>>();
  return (p) => {
    let origins = asked.get(p);
    if (!origins) {
      origins = originsOf(p).catch(() => null);
      asked.set(p, origins);
    }
    return origins;
  };
}

/**
 * The dates of the lines of `files` the history saw written. A baseline (the file as first seen,
 * written before history was kept) or a rename says nothing of when its lines were written, and
 * a file that changed since it was read is left to its file date.
 */
export async function historyLineDates(
  files: readonly DoctorFile[],
  originsOf: OriginsOf,
  yieldEvery?: () => Promise<void>,
): Promise<LineDates> {
  const out = new Map<string, Map<number, string>>();
  for (let i = 0; i < files.length; i += ORIGINS_BATCH) {
    const batch = files.slice(i, i + ORIGINS_BATCH);
    const origins = await Promise.all(batch.map((f) => originsOf(f.path).catch(() => null)));
    batch.forEach((file, j) => {
      const o = origins[j];
      if (!o || o.hash !== file.hash) return;
      const written = new Map<number, string>();
      for (const v of o.versions)
        if (v.kind !== 'baseline' && v.kind !== 'rename')
          written.set(v.id, new Date(v.time).toISOString().slice(0, 10));
      const dates = new Map<number, string>();
      for (const { line, versionId } of o.lines) {
        const date = versionId === null ? undefined : written.get(versionId);
        if (date) dates.set(line, date);
      }
      if (dates.size > 0) out.set(file.path, dates);
    });
    await yieldEvery?.();
  }
  return out;
}
