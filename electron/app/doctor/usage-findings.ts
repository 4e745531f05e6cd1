// Never used and dreaming: which memory lines no agent search returned in the recorded window
// (from our MCP log and the agent's own calls), outside what the agent sees at session start and
// older than a threshold — candidates, never removed without a click — and how each line dreaming
// promoted has been used since.
import type { Finding, FindingEvidence } from '../../../shared/doctor-schemas.js';
import type { ContextFile } from '../../../shared/domain.js';
import { NEVER_USED_MIN_AGE_DAYS, type DoctorFile, type DoctorInput, type Retrieval } from './doctor-input.js';
import { dreamingLines } from './duplicate-finder.js';
import { findingId } from './finding-id.js';
import { removeLines } from './fix-edits.js';
import { sameTextLine } from '../../../shared/same-text.js';
import { readMemoryLines } from './memory-lines.js';
import { dateSourceWords, labelled, noted, say, titled } from './doctor-text.js';

const DAY_MS = 86_400_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function retrievedCount(retrievals: readonly Retrieval[], path: string, line: number, after = 0): number {
  return retrievals.filter((r) => r.path === path && r.at >= after && r.startLine <= line && line <= r.endLine).length;
}

function seenAtStart(file: DoctorFile, budget: ContextFile | null, line: number): boolean {
  if (!file.bootstrap) return false;
  if (!budget || budget.path !== file.path) return true;
  return !budget.dropped.some((d) => d.startLine <= line && line <= d.endLine);
}

/**
 * The notes whose lines "never used" and dreaming follow: MEMORY.md (or the legacy memory.md) and
 * memory/**. Narrower than the WorkspaceScope on purpose (docs/doctor.md): USER.md is the user's
 * profile, read at every session start, and the root layer folders are outside the agent's own search.
 */
function tracksUsage(path: string): boolean {
  return path === 'MEMORY.md' || path === 'memory.md' || path.startsWith('memory/');
}

/** `checkpoint` runs between files: the background pass stops there while a search runs. */
export function findUsage(input: DoctorInput, checkpoint: () => void = () => undefined): Finding[] {
  const searches = input.searches;
  if (!searches || searches.count === 0) return [];
  const window = say('finding.searchWindow', {
    count: searches.count,
    since: searches.since === null ? '—' : isoDay(searches.since),
  });
  const cutoff = isoDay(input.now - NEVER_USED_MIN_AGE_DAYS * DAY_MS);
  const findings: Finding[] = [];
  for (const file of input.files) {
    checkpoint();
    if (!tracksUsage(file.path)) continue;
    const dreamt = dreamingLines(file);
    if (file.date !== null && file.date <= cutoff) {
      const runs: { start: number; end: number; text: string[] }[] = [];
      for (const line of readMemoryLines(file.text)) {
        const candidate =
          line.body &&
          !line.heading &&
          !dreamt.has(line.line) &&
          !seenAtStart(file, input.memoryBudget, line.line) &&
          retrievedCount(searches.retrievals, file.path, line.line) === 0;
        const last = runs[runs.length - 1];
        if (!candidate) continue;
        if (last && last.end >= line.line - 2) {
          last.end = line.line;
          last.text.push(line.text);
        } else runs.push({ start: line.line, end: line.line, text: [line.text] });
      }
      if (runs.length > 0) {
        const count = runs.reduce((n, r) => n + r.text.length, 0);
        findings.push({
          id: findingId('never-used', file.path, runs.map((r) => r.text.map(sameTextLine).join('\n')).join('\0')),
          kind: 'never-used',
          subkind: 'never-retrieved',
          ...titled(
            say('finding.neverUsedTitle', { count, path: file.path, window }),
            say('finding.neverUsedDetail', {
              date: file.date,
              source: dateSourceWords(file.dateSource),
              days: NEVER_USED_MIN_AGE_DAYS,
            }),
          ),
          evidence: runs.map((r): FindingEvidence => ({
            path: file.path,
            startLine: r.start,
            endLine: r.end,
            text: r.text.join('\n'),
            date: file.date,
            dateSource: file.dateSource,
            ...noted(say('finding.neverRetrievedSince', { window })),
          })),
          fixes: [],
        });
      }
    }
    const lines = readMemoryLines(file.text);
    for (const [lineNo, date] of dreamt) {
      const text = lines[lineNo - 1]!.text;
      const after = date ? Date.parse(`${date}T00:00:00Z`) || 0 : 0;
      const used = retrievedCount(searches.retrievals, file.path, lineNo, after);
      findings.push({
        id: findingId('dreaming', file.path, sameTextLine(text)),
        kind: 'dreaming',
        subkind: used > 0 ? 'retrieved' : 'never-retrieved',
        ...titled(
          used > 0
            ? say('finding.promotedRetrieved', { date: date || say('finding.byDreaming'), count: used })
            : say('finding.promotedNever', { date: date || say('finding.byDreaming'), window }),
          say('finding.promotedDetail', { path: file.path, line: lineNo }),
        ),
        evidence: [
          {
            path: file.path,
            startLine: lineNo,
            endLine: lineNo,
            text,
            date: date || null,
            dateSource: 'dreaming',
            ...noted(used > 0 ? say('finding.retrievedTimes', { count: used }) : say('finding.neverRetrieved')),
          },
        ],
        fixes:
          used > 0
            ? []
            : [
                {
                  id: 'remove-promotion',
                  ...labelled(say('finding.removePromotion')),
                  reason: `doctor: unused dreaming promotion removed (${file.path}:${lineNo})`,
                  edits: [removeLines(file, lineNo)],
                },
              ],
      });
    }
  }
  return findings;
}
