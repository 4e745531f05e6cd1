// Whether OpenClaw's dreaming (memory-core's nightly consolidation, docs/concepts/dreaming.md)
// made a change: its Dream Diary entry in DREAMS.md is dated then, DREAMS.md itself was written
// then (the deep phase writes its `## Deep Sleep` block right after MEMORY.md), or the change sits
// in one of dreaming's managed blocks (`<!-- openclaw:dreaming:<phase>:start -->`).
import fs from 'node:fs/promises';
import path from 'node:path';
import * as chrono from 'chrono-node/en';
import type { MessageParams } from '../../../shared/i18n.js';

/** DREAMS.md written this close to the change: the same sweep. */
const SAME_SWEEP_MS = 10 * 60_000;
/** A diary entry dated this close (its time is to the minute, written after the phase ran). */
const DIARY_NEAR_MS = 30 * 60_000;
/** The diary's date line: `*December 1, 2026 at 3:04 AM UTC*` (Intl en-US, as memory-core formats it). */
const DIARY_DATE_LINE = /^\*([A-Z][a-z]+ \d{1,2}, \d{4}(?:,| at) \d{1,2}:\d{2}\s*[AP]M[^*]*)\*\s*$/gm;
const MANAGED_MARKER = /<!-- openclaw:dreaming:[\w-]+:(start|end) -->/;
const DREAMS_NAMES = ['DREAMS.md', 'dreams.md'];

export interface DreamsFile {
  mtimeMs: number;
  diaryTimes: number[];
}

/** DREAMS.md read at most once a second (a History view asks for every version at once). */
export function cachedDreamsReader(workspaceDir: string): () => Promise<DreamsFile | null> {
  let last: { at: number; read: Promise<DreamsFile | null> } | null = null;
  return () => {
    if (!last || Date.now() - last.at >= 1_000) last = { at: Date.now(), read: readDreamsFile(workspaceDir) };
    return last.read;
  };
}

export async function readDreamsFile(workspaceDir: string): Promise<DreamsFile | null> {
  for (const name of DREAMS_NAMES) {
    const abs = path.join(workspaceDir, name);
    const stat = await fs.lstat(abs).catch(() => null);
    if (!stat?.isFile()) continue;
    const text = await fs.readFile(abs, 'utf8').catch(() => '');
    return { mtimeMs: stat.mtimeMs, diaryTimes: diaryTimes(text) };
  }
  return null;
}

export function diaryTimes(text: string): number[] {
  const times: number[] = [];
  for (const match of text.matchAll(DIARY_DATE_LINE)) {
    const parsed = chrono.parseDate(match[1]!.replace(' at ', ' '));
    if (parsed) times.push(parsed.getTime());
  }
  return times;
}

/** A sweep (light → REM → deep, then the diary) takes minutes; a change this long after its job's start is its write. */
const SWEEP_MS = 30 * 60_000;

/** How dreaming is known to have made the change, as a history message (`author.how.*`), or null. */
export function dreamingEvidence(
  change: { mtimeMs: number | null; time: number; addedLines: readonly string[] },
  dreams: DreamsFile | null,
  jobRuns: readonly { session: string; line: number; time: number }[] = [],
): { key: string; params?: MessageParams } | null {
  const at = change.mtimeMs ?? change.time;
  if (change.addedLines.some((line) => MANAGED_MARKER.test(line))) return { key: 'how.dreamingBlock' };
  const run = [...jobRuns].reverse().find((r) => r.time <= at + 1_000 && at - r.time <= SWEEP_MS);
  if (run) return { key: 'how.dreamingJob', params: { time: clock(run.time), session: run.session, line: run.line } };
  if (!dreams) return null;
  const entry = dreams.diaryTimes.find((t) => Math.abs(t - at) <= DIARY_NEAR_MS);
  if (entry !== undefined) return { key: 'how.dreamingDiary', params: { time: clock(entry) } };
  if (Math.abs(dreams.mtimeMs - at) <= SAME_SWEEP_MS)
    return { key: 'how.dreamingSweep', params: { time: clock(dreams.mtimeMs) } };
  return null;
}

function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}
