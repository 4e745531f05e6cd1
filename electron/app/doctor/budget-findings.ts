// MEMORY.md against the bootstrap budget (the context computation, shared/bootstrap-budget.ts via
// the engine): its share, the lines the agent never sees at session start, and the sections that
// could move to topic files (the editor's "move section" plan).
import type { Finding } from '../../../shared/doctor-schemas.js';
import type { ContextFile } from '../../../shared/domain.js';
import { parseSections, planMoveSection, slugForSection } from '../../../shared/memory-sections.js';
import type { DoctorFile } from './doctor-input.js';
import { findingId } from './finding-id.js';
import { labelled, noted, say, titled } from './doctor-text.js';

export function findBudget(memory: ContextFile | null, file: DoctorFile | undefined): Finding[] {
  if (!memory || !file || memory.dropped.length === 0) return [];
  const cap = memory.cap?.value ?? memory.measuredChars;
  const droppedLines = memory.dropped.reduce((n, d) => n + d.endLine - d.startLine + 1, 0);
  const cut = memory.dropped.map((d) => `${d.startLine}–${d.endLine}`).join(', ');
  const sections = parseSections(file.text).filter(
    (s) => s.level === 2 && memory.dropped.some((d) => s.endLine >= d.startLine && s.startLine <= d.endLine),
  );
  return [
    {
      id: findingId('budget', file.path, cut),
      kind: 'budget',
      subkind: memory.status,
      ...titled(
        say('finding.budgetTitle', {
          path: file.path,
          percent: Math.round((100 * memory.measuredChars) / cap),
          lines: droppedLines,
        }),
        say('finding.budgetDetail', {
          chars: memory.measuredChars,
          cap,
          capKind: memory.cap?.kind ?? 'none',
          cut,
        }),
      ),
      evidence: memory.dropped.map((d) => ({
        path: file.path,
        startLine: d.startLine,
        endLine: d.endLine,
        text: file.text.slice(d.from, Math.min(d.to, d.from + 400)),
        date: file.date,
        dateSource: file.dateSource,
        ...noted(say('finding.cutFromBootstrap')),
      })),
      fixes: sections.map((s) => {
        const plan = planMoveSection(file.text, s, slugForSection(s.title));
        return {
          id: `move-${plan.topicPath}`,
          ...labelled(say('finding.moveSection', { section: s.title, path: plan.topicPath })),
          reason: `doctor: section "${s.title}" moved to ${plan.topicPath} (over the bootstrap budget)`,
          edits: [
            {
              path: plan.topicPath,
              expectedHash: null,
              startLine: 1,
              endLine: 0,
              lines: plan.topicText.replace(/\r?\n$/, '').split(/\r?\n/),
            },
            {
              path: file.path,
              expectedHash: file.hash,
              startLine: plan.startLine,
              endLine: plan.endLine,
              lines: [plan.pointerLine],
            },
          ],
        };
      }),
    },
  ];
}
