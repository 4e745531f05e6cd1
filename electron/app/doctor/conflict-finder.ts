// Conflicting values: one subject stated with two values in memory (a port, a phone, a version, a
// URL). The newer statement is told by its date: the day the history saw the line written, else
// the file's (path or frontmatter date, else its mtime); the fix keeps it and marks the older one
// superseded, or removes it.
import type { DoctorMessage, Finding, FindingEvidence, FindingFix } from '../../../shared/doctor-schemas.js';
import type { DoctorFile } from './doctor-input.js';
import { factsOf, type Fact } from './fact-lines.js';
import { findingId } from './finding-id.js';
import { removeLines, replaceLines, supersededLine } from './fix-edits.js';
import { readMemoryLines, type MemoryLine } from './memory-lines.js';
import { labelled, noted, say, titled } from './doctor-text.js';
import type { LineDates } from './line-dates.js';

export interface Stated {
  fact: Fact;
  file: DoctorFile;
  line: MemoryLine;
  /** The line's date and how it is known: `history`, or the file's date and its source. */
  date: string | null;
  dateSource: string | null;
}

/** Subjects stated with two values or more, by key, each with its statements (dated by their files). */
export type Conflicting = ReadonlyMap<string, readonly Stated[]>;

/** `checkpoint` runs between files: the background pass stops there while a search runs. */
export function conflictingStatements(
  files: readonly DoctorFile[],
  checkpoint: () => void = () => undefined,
): Conflicting {
  const byKey = new Map<string, Stated[]>();
  for (const file of files) {
    checkpoint();
    for (const line of readMemoryLines(file.text)) {
      for (const fact of factsOf(line, file.path))
        byKey.set(fact.key, [
          ...(byKey.get(fact.key) ?? []),
          { fact, file, line, date: file.date, dateSource: file.dateSource },
        ]);
    }
  }
  for (const [key, stated] of byKey) {
    const values = new Set(stated.map((s) => s.fact.normalizedValue));
    if (values.size < 2 || isTemplateField(stated)) byKey.delete(key);
  }
  return byKey;
}

/** The files holding a conflicting statement: the ones whose line dates the history is asked for. */
export function filesWithConflicts(files: readonly DoctorFile[], conflicts: Conflicting): DoctorFile[] {
  const paths = new Set([...conflicts.values()].flatMap((stated) => stated.map((s) => s.file.path)));
  return files.filter((f) => paths.has(f.path));
}

export function findConflicts(conflicts: Conflicting, lineDates: LineDates = new Map()): Finding[] {
  const findings: Finding[] = [];
  for (const [key, undated] of conflicts) {
    const stated = undated.map((s): Stated => {
      const written = lineDates.get(s.file.path)?.get(s.line.line);
      return written ? { ...s, date: written, dateSource: 'history' } : s;
    });
    const values = new Set(stated.map((s) => s.fact.normalizedValue));
    // Newest first: by date, then later in the same file.
    const ordered = [...stated].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || b.line.line - a.line.line);
    const newest = ordered[0]!;
    const tie = ordered.some(
      (s) => s.fact.normalizedValue !== newest.fact.normalizedValue && (s.date ?? '') === (newest.date ?? ''),
    );
    const older = ordered.filter((s) => s.fact.normalizedValue !== newest.fact.normalizedValue);
    const ev = (s: Stated, note: DoctorMessage): FindingEvidence => ({
      path: s.file.path,
      startLine: s.line.line,
      endLine: s.line.line,
      text: s.line.text,
      date: s.date,
      dateSource: s.dateSource,
      ...noted(note),
    });
    const fixes: FindingFix[] = tie
      ? []
      : [
          {
            id: 'keep-newer-mark',
            ...labelled(say('finding.keepNewerMark', { value: newest.fact.value })),
            reason: `doctor: ${newest.fact.subject} superseded by ${newest.file.path}:${newest.line.line}`,
            edits: older.map((s) =>
              replaceLines(s.file, s.line.line, s.line.line, [supersededLine(s.line.text, newest.date)]),
            ),
          },
          {
            id: 'keep-newer-remove',
            ...labelled(say('finding.keepNewerRemove', { value: newest.fact.value })),
            reason: `doctor: older ${newest.fact.subject} removed (newer in ${newest.file.path}:${newest.line.line})`,
            edits: older.map((s) => removeLines(s.file, s.line.line)),
          },
        ];
    findings.push({
      id: findingId('conflict', key, [...values].sort().join('\0')),
      kind: 'conflict',
      subkind: newest.fact.kind,
      ...titled(
        say('finding.conflictTitle', {
          subject: newest.fact.subject,
          values: [...new Set(ordered.map((s) => s.fact.value))].map((v) => `"${v}"`).join(' vs '),
        }),
        tie
          ? say('finding.conflictTie')
          : newest.dateSource === 'history' && newest.date
            ? say('finding.conflictNewerLine', {
                value: newest.fact.value,
                path: newest.file.path,
                line: newest.line.line,
                date: newest.date,
              })
            : newest.date
              ? say('finding.conflictNewer', { value: newest.fact.value, path: newest.file.path, date: newest.date })
              : say('finding.conflictNewerUndated', { value: newest.fact.value, path: newest.file.path }),
      ),
      evidence: ordered.map((s) =>
        ev(
          s,
          say(
            tie
              ? 'finding.sameDate'
              : s.fact.normalizedValue === newest.fact.normalizedValue
                ? 'finding.newer'
                : 'finding.older',
          ),
        ),
      ),
      fixes,
    });
  }
  return findings;
}

/**
 * A key every dated note fills in with its own value ("Session ID", "Weather") is a field of the
 * template, not one fact told twice: three or more dated files, one statement each, three values or more.
 */
function isTemplateField(stated: readonly Stated[]): boolean {
  const files = new Set(stated.map((s) => s.file.path));
  const values = new Set(stated.map((s) => s.fact.normalizedValue));
  return (
    files.size >= 3 &&
    files.size === stated.length &&
    values.size >= 3 &&
    stated.every((s) => s.file.dateSource === 'path')
  );
}
