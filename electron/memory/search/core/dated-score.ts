// A question of date words alone ("what did we do on Feb 5th", "上周二做了什么", "notes from last
// week") has nothing for keywords to rank: the memories dated then are its answer, curated notes
// first. This puts each candidate in a tier — the day's own note, other notes dated then, notes
// covering more than was asked, conversations, notes that only mention the day, automated runs,
// everything else — from the evidence the date boost found; shared/score.ts turns the tier, the
// day and the ordinary score into the final one. Pure.
import type { DateBoostBreakdown, DatedBreakdown, MemorySource } from '../../../../shared/domain.js';
import type { QueryDate } from '../../../../shared/query-dates.js';
import { isAutomatedKind, type SessionKind } from '../../../../shared/session-kind.js';
import { layerFromPath } from '../../workspace/classify.js';

const DAY_MS = 86_400_000;

/** A file named for its day, week or month alone (memory/2026-02-05.md, 2026-w06.md): that period's note. */
const PERIOD_NAME = /^\d{4}-(?:\d{2}-\d{2}|\d{2}|[wW]\d{1,2})\.md$/;

export interface DatedFile {
  path: string;
  source: MemorySource;
  sessionKind?: SessionKind | undefined;
}

export interface DateOnlyQuestion {
  mentions: readonly QueryDate[];
  questionWords: readonly string[];
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function tierOf(file: DatedFile, match: NonNullable<DateBoostBreakdown['match']>): DatedBreakdown['tier'] {
  if (match.evidence === 'session-messages') return isAutomatedKind(file.sessionKind) ? 'automated' : 'conversation';
  if (file.source === 'sessions') return isAutomatedKind(file.sessionKind) ? 'automated' : 'mention';
  if (match.evidence === 'text') return 'mention';
  const layer = layerFromPath(file.path);
  if (layer === 'conversations') return 'conversation';
  if (match.broader) return 'broader-note';
  const name = file.path.split('/').pop() ?? '';
  const periodNote = PERIOD_NAME.test(name) || layer?.startsWith('summaries-') === true;
  return match.evidence === 'file-date' && periodNote ? 'note' : 'dated-note';
}

/** The dated part of one candidate's breakdown, from what the date boost found for it. */
export function datedBreakdown(
  question: DateOnlyQuestion,
  file: DatedFile,
  dates: DateBoostBreakdown | null | undefined,
): DatedBreakdown {
  const words = {
    dateWords: question.mentions.map((m) => m.text),
    questionWords: [...question.questionWords],
  };
  const match = dates?.match ?? null;
  const mention = match ? question.mentions.find((m) => m.text === match.mention) : undefined;
  if (!match || !mention) return { tier: 'undated', days: 1, dayIndex: 0, ...words };
  const days = daysBetween(mention.from, mention.to) + 1;
  // A memory from before the period (a monthly note for a week in it) counts as its first day.
  const dayIndex = Math.min(days - 1, Math.max(0, daysBetween(mention.from, match.from)));
  return { tier: tierOf(file, match), days, dayIndex, ...words };
}
