// Why an agent's memory call came back empty or failed, in words: from the outcome it recorded and
// from what Memory Lens finds for the same query in the files as they are now. Pure; the app core
// gathers the evidence (agent-calls-service.ts), the UI and the CLI print `text` and `fix` as is.
import type { CallDiagnosis, CallOutcome } from './agent-call-types.js';
import { isOpenclawMemoryPath, OPENCLAW_MEMORY_FILES } from './memory-scope.js';

/** One chunk Memory Lens finds now for the call's query (memory files only, minScore 0), best first. */
export interface ReplayEvidence {
  path: string;
  startLine: number;
  endLine: number;
  score: number;
  /** Share of the query's words the chunk holds (keyword side), 0..1; null when unknown. */
  coverage: number | null;
  /** The file's date from its path (YYYY-MM-DD), when it has one. */
  pathDate: string | null;
}

export interface DiagnosisInput {
  tool: string;
  /** memory_get's path argument, when the call has one. */
  path?: string | null;
  outcome: CallOutcome;
  /** Epoch ms of the call. */
  callAt: number | null;
  /** The caller's minScore (OpenClaw's 0.35 unless it passed one). */
  minScore: number;
  /** The call ran keyword-only: its result said provider `none` or mode `fts-only`. */
  keywordOnly: boolean;
  /** Memory Lens's answer now, best first; null when it could not be run. */
  replay: readonly ReplayEvidence[] | null;
  /**
   * The replay as listed beside the diagnosis (the call's own minScore and maxResults): an answer
   * there is named first, and one that is not says why it is missing from that list.
   */
  listed?: readonly { path: string; startLine: number | null; endLine: number | null }[] | null;
  /** The call's maxResults. */
  maxResults?: number;
  /** Chunks among the replay's candidates that hold every word as OpenClaw's AND query needs. */
  allWordsChunks: number | null;
  /** The query has words OpenClaw's tokenizer keeps as one run of Chinese/Japanese/Korean characters. */
  cjkRuns?: boolean;
}

/** A chunk that holds fewer than half the query's words does not answer it. */
const MIN_COVERAGE = 0.5;

const DISABLED_FIX =
  'Set memory.search.provider in ~/.openclaw/openclaw.json to a provider it has a key for, or to "none" for keyword-only search; or give the agent Memory Lens (memlens mcp).';
const KEYWORD_FIX =
  'Give the agent an embedding provider (memory.search.provider) so it searches by meaning, or Memory Lens (memlens mcp), whose keyword search does not need every word.';

/** Null for calls that got what they asked for. */
export function diagnoseMemoryCall(input: DiagnosisInput): CallDiagnosis | null {
  const { outcome } = input;
  switch (outcome.kind) {
    case 'results':
      return null;
    case 'disabled':
      return disabledDiagnosis(outcome.reason);
    case 'error':
      return {
        code: 'error',
        text: `the call failed: ${firstSentence(outcome.reason ?? 'no reason given')}`,
        path: null,
        fix: null,
      };
    case 'no-result':
      return {
        code: 'error',
        text: 'the transcript holds no result for this call (the run stopped before the tool answered)',
        path: null,
        fix: null,
      };
    case 'not-found':
      return { code: 'nothing-answers', text: `${describeTarget(input)} does not exist`, path: null, fix: null };
    case 'empty':
      return input.tool === 'memory_get' || input.tool === 'wiki_get'
        ? {
            code: 'nothing-answers',
            text: `${describeTarget(input)} holds nothing at those lines`,
            path: null,
            fix: null,
          }
        : emptySearch(input);
  }
}

function disabledDiagnosis(reason: string | null): CallDiagnosis {
  const provider = /provider "([^"]+)"/.exec(reason ?? '')?.[1] ?? null;
  if (reason && /No API key found/i.test(reason)) {
    return {
      code: 'disabled',
      text: `memory search was disabled: no API key for provider ${provider ?? 'the embedding provider'}`,
      path: null,
      fix: DISABLED_FIX,
    };
  }
  if (reason && /quota|429/i.test(reason)) {
    return {
      code: 'disabled',
      text: `memory search was disabled: the embedding provider's quota was exhausted${provider ? ` (${provider})` : ''}`,
      path: null,
      fix: DISABLED_FIX,
    };
  }
  return {
    code: 'disabled',
    text: `memory search was disabled: ${firstSentence(reason ?? 'memory search unavailable')}`,
    path: null,
    fix: DISABLED_FIX,
  };
}

function emptySearch(input: DiagnosisInput): CallDiagnosis {
  const answers = (input.replay ?? []).filter((r) => r.coverage === null || r.coverage >= MIN_COVERAGE);
  // Overlapping lines count: the listed results are regions of merged chunks.
  const isListed = (r: ReplayEvidence) =>
    input.listed?.some(
      (l) => l.path === r.path && (l.startLine ?? 1) <= r.endLine && (l.endLine ?? Infinity) >= r.startLine,
    ) ?? true;
  // The one the replay beside this text lists, when one there answers: both then name the same chunk.
  const answer = answers.find(isListed) ?? answers[0] ?? null;
  if (!answer) {
    return { code: 'nothing-answers', text: 'nothing in memory answers this', path: null, fix: null };
  }
  const diagnosis = diagnoseAnswer(input, answer);
  if (isListed(answer) || diagnosis.code === 'below-min-score') return diagnosis;
  const why =
    answer.score < input.minScore
      ? `it scores ${answer.score.toFixed(3)}, below min score ${input.minScore}`
      : `it ranks below the first ${input.maxResults ?? input.listed?.length ?? 0}`;
  return { ...diagnosis, text: `${diagnosis.text} — not in the replay below with the call's limits (${why})` };
}

function diagnoseAnswer(input: DiagnosisInput, answer: ReplayEvidence): CallDiagnosis {
  const where = `${answer.path} (lines ${answer.startLine}–${answer.endLine})`;
  if (!isOpenclawMemoryPath(answer.path)) {
    return {
      code: 'outside-memory',
      text: `the answer is in ${where}, which is outside memory/ (OpenClaw searches ${OPENCLAW_MEMORY_FILES})`,
      path: answer.path,
      fix: `Move it under memory/, or add its folder to memorySearch.extraPaths in openclaw.json.`,
    };
  }
  const callDay = input.callAt === null ? null : new Date(input.callAt).toISOString().slice(0, 10);
  if (answer.pathDate && callDay && answer.pathDate > callDay) {
    return {
      code: 'not-indexed-yet',
      text: `the answer is in ${where}, which was not indexed yet: it is dated ${answer.pathDate}, after this call`,
      path: answer.path,
      fix: null,
    };
  }
  if (input.keywordOnly && input.allWordsChunks === 0) {
    const cjk = input.cjkRuns ? '; its tokenizer keeps a run of Chinese characters as one word' : '';
    return {
      code: 'keyword-all-words',
      text: `keyword-only: no chunk holds every word (OpenClaw requires all of them${cjk}); Memory Lens finds it in ${where}`,
      path: answer.path,
      fix: KEYWORD_FIX,
    };
  }
  if (answer.score < input.minScore) {
    return {
      code: 'below-min-score',
      text: `the answer is in ${where}, which was below minScore ${input.minScore} (it scores ${answer.score.toFixed(3)})`,
      path: answer.path,
      fix: 'Keep keyword matches below minScore (Memory Lens does), or pass a lower minScore.',
    };
  }
  return {
    code: 'found-now',
    text: `Memory Lens finds it now in ${where} (score ${answer.score.toFixed(3)}); the agent's search did not`,
    path: answer.path,
    fix: null,
  };
}

function describeTarget(input: DiagnosisInput): string {
  const path = input.path ?? input.outcome.hits[0]?.path;
  return path ? `${path}, which ${input.tool} asked for,` : `the file ${input.tool} asked for`;
}

/** "No API key found for provider "openai". Auth store: …" → its first sentence. */
function firstSentence(text: string): string {
  const cut = /^(.*?[.。])(\s|$)/.exec(text.trim());
  return (cut ? cut[1]! : text.trim()).replace(/[.。]$/, '');
}

/** What a cause means across calls (their texts name different files). */
const CAUSE_SUMMARY: Partial<Record<CallDiagnosis['code'], string>> = {
  'keyword-all-words': 'keyword-only search: no chunk holds every word of the query (OpenClaw requires all of them)',
  'outside-memory': 'the answers are in files outside memory/, which OpenClaw does not search',
  'not-indexed-yet': 'the answers were written after the calls',
  'below-min-score': 'the answers scored below minScore',
  'found-now': 'Memory Lens finds answers the agent did not',
  'nothing-answers': 'nothing in memory answers these',
};

/** The most frequent diagnosis, in words that hold for every call it counts (for the health summary). */
export function mainCause(
  diagnoses: readonly (CallDiagnosis | null)[],
): { code: CallDiagnosis['code']; text: string; count: number } | null {
  const counts = new Map<CallDiagnosis['code'], { texts: Map<string, number>; count: number }>();
  for (const d of diagnoses) {
    if (!d) continue;
    const seen = counts.get(d.code) ?? { texts: new Map<string, number>(), count: 0 };
    seen.count += 1;
    seen.texts.set(d.text, (seen.texts.get(d.text) ?? 0) + 1);
    counts.set(d.code, seen);
  }
  let best: { code: CallDiagnosis['code']; text: string; count: number } | null = null;
  for (const [code, v] of counts) {
    if (best && v.count <= best.count) continue;
    const commonest = [...v.texts].sort((a, b) => b[1] - a[1])[0]![0];
    best = { code, text: CAUSE_SUMMARY[code] ?? commonest, count: v.count };
  }
  return best;
}
