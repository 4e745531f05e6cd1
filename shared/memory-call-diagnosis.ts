// Why an agent's memory call came back empty or failed, in words: from the outcome it recorded and
// from what Memory Lens finds for the same query in the files as they are now. Pure; the app core
// gathers the evidence (agent-calls-service.ts), the UI and the CLI word `text` and `fix` from their message ids.
import type { AgentCallHealth, CallDiagnosis, CallOutcome } from './agent-call-types.js';
import type { TFunction } from 'i18next';
import { englishText, localText, type MessageParams, type MessageRef } from './i18n.js';
import { isOpenclawMemoryPath, OPENCLAW_MEMORY_FILES } from './memory-scope.js';

/**
 * One candidate of the replay (the call's query on memory files, the call's limits), best first,
 * whatever its score: the replay lists some, the rest are what it found beyond its list.
 */
export interface ReplayEvidence {
  path: string;
  /** The lines the replay shows it in when it lists it (its region), else the chunk's own. */
  startLine: number;
  endLine: number;
  score: number;
  /** 1-based rank of the replay's result that shows it; null when the replay does not list it. */
  listedAt: number | null;
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
  /**
   * The replay's candidates, best first; null when it could not be run. An answer the replay lists
   * is named first, and one it does not says why it is missing from that list.
   */
  replay: readonly ReplayEvidence[] | null;
  /** The call's maxResults. */
  maxResults?: number;
  /** Chunks among the replay's candidates that hold every word as OpenClaw's AND query needs. */
  allWordsChunks: number | null;
  /** The query has words OpenClaw's tokenizer keeps as one run of Chinese/Japanese/Korean characters. */
  cjkRuns?: boolean;
}

/** A chunk that holds fewer than half the query's words does not answer it. */
const MIN_COVERAGE = 0.5;

const DISABLED_FIX = 'agents:diagnosisFix.disabled';
const KEYWORD_FIX = 'agents:diagnosisFix.keyword';

/** A diagnosis worded by message id (agents namespace), its English text and fix filled in for the API and CLI. */
function diagnosis(
  code: CallDiagnosis['code'],
  key: string,
  params: MessageParams,
  path: string | null = null,
  fixId: string | null = null,
): CallDiagnosis {
  const messageId = `agents:diagnosis.${key}`;
  return {
    code,
    text: englishText({ messageId, params }),
    path,
    fix: fixId ? englishText({ messageId: fixId }) : null,
    messageId,
    params,
    ...(fixId ? { fixId } : {}),
  };
}

/** Null for calls that got what they asked for. */
export function diagnoseMemoryCall(input: DiagnosisInput): CallDiagnosis | null {
  const { outcome } = input;
  switch (outcome.kind) {
    case 'results':
      return null;
    case 'disabled':
      return disabledDiagnosis(outcome.reason);
    case 'error':
      return outcome.reason
        ? diagnosis('error', 'error', { reason: firstSentence(outcome.reason) })
        : diagnosis('error', 'errorNoReason', {});
    case 'no-result':
      return diagnosis('error', 'noResult', {});
    case 'not-found':
      return targetDiagnosis(input, 'notFound');
    case 'empty':
      return input.tool === 'memory_get' || input.tool === 'wiki_get'
        ? targetDiagnosis(input, 'emptyGet')
        : emptySearch(input);
  }
}

function targetDiagnosis(input: DiagnosisInput, key: 'notFound' | 'emptyGet'): CallDiagnosis {
  const path = input.path ?? input.outcome.hits[0]?.path;
  return path
    ? diagnosis('nothing-answers', key, { path, tool: input.tool })
    : diagnosis('nothing-answers', `${key}Unnamed`, { tool: input.tool });
}

function disabledDiagnosis(reason: string | null): CallDiagnosis {
  const provider = /provider "([^"]+)"/.exec(reason ?? '')?.[1] ?? null;
  const disabled = (key: string, params: MessageParams = {}) => diagnosis('disabled', key, params, null, DISABLED_FIX);
  if (reason && /No API key found/i.test(reason)) {
    return provider ? disabled('disabledNoKey', { provider }) : disabled('disabledNoKeyUnnamed');
  }
  if (reason && /quota|429/i.test(reason)) {
    return provider ? disabled('disabledQuota', { provider }) : disabled('disabledQuotaUnnamed');
  }
  return reason ? disabled('disabled', { reason: firstSentence(reason) }) : disabled('disabledNoReason');
}

function emptySearch(input: DiagnosisInput): CallDiagnosis {
  const answers = (input.replay ?? []).filter((r) => r.coverage === null || r.coverage >= MIN_COVERAGE);
  // The one the replay beside this text lists, when one there answers: both then name the same passage.
  const answer = answers.find((r) => r.listedAt !== null) ?? answers[0] ?? null;
  if (!answer) return diagnosis('nothing-answers', 'nothingAnswers', {});
  const first = diagnoseAnswer(input, answer, null);
  if (answer.listedAt !== null || first.code === 'below-min-score') return first;
  // Not in the replay's list: the same sentence says why (one message, whole, for each language's word order).
  return diagnoseAnswer(input, answer, answer.score < input.minScore ? 'NotListedBelowMin' : 'NotListedBeyondMax');
}

function diagnoseAnswer(
  input: DiagnosisInput,
  answer: ReplayEvidence,
  notListed: 'NotListedBelowMin' | 'NotListedBeyondMax' | null,
): CallDiagnosis {
  const where = { path: answer.path, start: answer.startLine, end: answer.endLine };
  const why: MessageParams =
    notListed === 'NotListedBelowMin'
      ? { score: answer.score.toFixed(3), minScore: input.minScore }
      : notListed === 'NotListedBeyondMax'
        ? { maxResults: input.maxResults ?? 0 }
        : {};
  const key = (base: string) => `${base}${notListed ?? ''}`;
  if (!isOpenclawMemoryPath(answer.path)) {
    return diagnosis(
      'outside-memory',
      key('outsideMemory'),
      { ...where, files: OPENCLAW_MEMORY_FILES, ...why },
      answer.path,
      'agents:diagnosisFix.outsideMemory',
    );
  }
  const callDay = input.callAt === null ? null : new Date(input.callAt).toISOString().slice(0, 10);
  if (answer.pathDate && callDay && answer.pathDate > callDay) {
    return diagnosis('not-indexed-yet', key('notIndexedYet'), { ...where, date: answer.pathDate, ...why }, answer.path);
  }
  if (input.keywordOnly && input.allWordsChunks === 0) {
    return diagnosis(
      'keyword-all-words',
      key(input.cjkRuns ? 'keywordAllWordsCjk' : 'keywordAllWords'),
      { ...where, ...why },
      answer.path,
      KEYWORD_FIX,
    );
  }
  if (answer.score < input.minScore) {
    return diagnosis(
      'below-min-score',
      'belowMinScore',
      { ...where, minScore: input.minScore, score: answer.score.toFixed(3) },
      answer.path,
      'agents:diagnosisFix.belowMinScore',
    );
  }
  return diagnosis('found-now', key('foundNow'), { ...where, score: answer.score.toFixed(3), ...why }, answer.path);
}

/** "No API key found for provider "openai". Auth store: …" → its first sentence. */
function firstSentence(text: string): string {
  const cut = /^(.*?[.。])(\s|$)/.exec(text.trim());
  return (cut ? cut[1]! : text.trim()).replace(/[.。]$/, '');
}

/** What a cause means across calls (their texts name different files), by message id. */
const CAUSE_SUMMARY: Partial<Record<CallDiagnosis['code'], string>> = {
  'keyword-all-words': 'keywordAllWords',
  'outside-memory': 'outsideMemory',
  'not-indexed-yet': 'notIndexedYet',
  'below-min-score': 'belowMinScore',
  'found-now': 'foundNow',
  'nothing-answers': 'nothingAnswers',
};

export type MainCause = { code: CallDiagnosis['code']; text: string; count: number } & Partial<MessageRef>;

/** The most frequent diagnosis, in words that hold for every call it counts (for the health summary). */
export function mainCause(diagnoses: readonly (CallDiagnosis | null)[]): MainCause | null {
  const counts = new Map<CallDiagnosis['code'], { texts: Map<string, CallDiagnosis[]>; count: number }>();
  for (const d of diagnoses) {
    if (!d) continue;
    const seen = counts.get(d.code) ?? { texts: new Map<string, CallDiagnosis[]>(), count: 0 };
    seen.count += 1;
    seen.texts.set(d.text, [...(seen.texts.get(d.text) ?? []), d]);
    counts.set(d.code, seen);
  }
  let best: MainCause | null = null;
  for (const [code, v] of counts) {
    if (best && v.count <= best.count) continue;
    const summary = CAUSE_SUMMARY[code];
    if (summary) {
      const messageId = `agents:cause.${summary}`;
      best = { code, text: englishText({ messageId }), count: v.count, messageId };
      continue;
    }
    const commonest = [...v.texts].sort((a, b) => b[1].length - a[1].length)[0]![1][0]!;
    best = {
      code,
      text: commonest.text,
      count: v.count,
      ...(commonest.messageId ? { messageId: commonest.messageId } : {}),
      ...(commonest.params ? { params: commonest.params } : {}),
    };
  }
  return best;
}

/** A diagnosis's sentence in `t`'s language. */
export function diagnosisText(t: TFunction, d: CallDiagnosis): string {
  return localText(t, { message: d.text, messageId: d.messageId, params: d.params });
}

/** A diagnosis's fix in `t`'s language (null when nothing can be changed). */
export function diagnosisFix(t: TFunction, d: CallDiagnosis): string | null {
  if (d.fix === null) return null;
  return localText(t, { message: d.fix, messageId: d.fixId });
}

/** The health summary's main cause in `t`'s language. */
export function causeText(t: TFunction, cause: NonNullable<AgentCallHealth['mainCause']>): string {
  return localText(t, { message: cause.text, messageId: cause.messageId, params: cause.params });
}

/** The health summary's advice in `t`'s language, most useful first. */
export function healthAdvice(t: TFunction, h: AgentCallHealth): string[] {
  return h.advice.map((message, i) => localText(t, { message, messageId: h.adviceIds?.[i] }));
}
