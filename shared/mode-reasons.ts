// Why vector search is off ("Keyword-only: …"), one constructor per reason: the English text for the
// API and CLI (`modeReason`), and the same reason by message id for the UI's language. A reason is a
// short clause, ` — `, then details, in every language (shared/reason-text.ts splits it).
import { localText, said, type MessageParams } from './i18n.js';
import type { TFunction } from 'i18next';

/** A reason: English `message`; `messageId` + `params` when it is one of ours (an error's text is not). */
export interface ModeReason {
  message: string;
  messageId?: string;
  params?: MessageParams;
}

const reason = (key: string, params?: MessageParams): ModeReason => said(`explain:modeReason.${key}`, params);

/**
 * A reason inside another's parameters: by id as JSON when it has one (the `reason` format words it
 * in the reader's language), else its text.
 */
export function nestedReason(inner: ModeReason | string): string {
  if (typeof inner === 'string' || !inner.messageId) return typeof inner === 'string' ? inner : inner.message;
  return JSON.stringify({ messageId: inner.messageId, params: inner.params ?? {} });
}

/** An error's or another module's text, not (yet) worded by id. */
export function plainReason(message: string): ModeReason {
  return { message };
}

export const modeReasons = {
  noModel: () => reason('noModel'),
  noModelLoaded: () => reason('noModelLoaded'),
  off: () => reason('off'),
  unavailable: () => reason('unavailable'),
  /** `staleReason`: the index's own (shared/index-reasons.ts lifecycleReasons), nested by id. */
  rebuilding: (staleReason: ModeReason | string) => reason('rebuilding', { reason: nestedReason(staleReason) }),
  endpointBack: () => reason('endpointBack'),
  /** An endpoint that is down, and when it is tried again (null: now). */
  retrying: (inner: ModeReason | string, seconds: number | null) =>
    seconds === null
      ? reason('retryingNow', { reason: nestedReason(inner) })
      : reason('retryingIn', { reason: nestedReason(inner), seconds }),
  queryTimeout: (ms: number) => reason('queryTimeout', { ms }),
  vectorFailed: (why: ModeReason | string) => reason('vectorFailed', { message: nestedReason(why) }),
  invalidModelId: (model: string) => reason('invalidModelId', { model }),
  modelUnreadable: (model: string, dir: string, error: string) => reason('modelUnreadable', { model, dir, error }),
  modelNotInstalled: (model: string, dir: string, missing: readonly string[], modelDir: string) =>
    reason('modelNotInstalled', { model, dir, missing: missing.join(', '), modelDir }),
  modelWrongDims: (model: string, dims: number, expected: number) =>
    reason('modelWrongDims', { model, dims, expected }),
  /** The model gave NaN or Infinity for `what`: a passage, a query, or the load's test sentence. */
  modelBroken: (model: string, what: 'passage' | 'query' | 'testSentence') => reason(`modelBroken.${what}`, { model }),
  modelNotLoaded: (model: string, downloading: boolean, error: string) =>
    reason(downloading ? 'modelNotDownloaded' : 'modelNotLoaded', { model, error }),
  endpointNoModel: (url: string) => reason('endpointNoModel', { url }),
  endpointNotAllowed: (origin: string, traffic: string) => reason('endpointNotAllowed', { origin, traffic }),
  endpointKeyMissing: (url: string, env: string) => reason('endpointKeyMissing', { url, env }),
  /** `error`: what the endpoint did wrong (`endpointReasons`), or a system error's text. */
  endpointUnusable: (url: string, error: ModeReason | string) =>
    reason('endpointUnusable', { url, error: nestedReason(error) }),
  openclawKeywordOnly: (release: string) => reason('openclawKeywordOnly', { release }),
  openclawNoEmbedder: (agentModel: string, why: ModeReason) =>
    reason('openclawNoEmbedder', { agentModel, why: nestedReason(why) }),
  openclawProviderNone: () => reason('openclawProviderNone'),
  openclawAgentNoVectors: (release: string) => reason('openclawAgentNoVectors', { release }),
  openclawEmbedderFailed: (model: string, error: string) => reason('openclawEmbedderFailed', { model, error }),
  /** `whose`: the agent's vectors only, the agent's and ours, or ours only. */
  openclawHybrid: (release: string, whose: 'agent' | 'mixed' | 'ours', model: string) =>
    reason(`openclawHybrid.${whose}`, { release, model }),
};

const endpoint = (key: string, params?: MessageParams): ModeReason =>
  said(`explain:modeReason.endpoint.${key}`, params);

/** What an embedding endpoint did wrong: a failed call, or a failed try while it is down. */
export const endpointReasons = {
  /** A base URL it cannot use (shared/embedding-endpoint.ts parseEndpointUrl). */
  notUrl: (url: string) => endpoint('notUrl', { url }),
  notHttp: (url: string) => endpoint('notHttp', { url }),
  credentials: () => endpoint('credentials'),
  notInTime: (url: string) => endpoint('notInTime', { url }),
  timedOut: (url: string, ms: number) => endpoint('timedOut', { url, ms }),
  /** A try while it is down (a short deadline) got no answer. */
  tryTimedOut: (ms: number) => endpoint('tryTimedOut', { ms }),
  /** `cause`: the system's code or words (ECONNREFUSED). */
  unreachable: (url: string, cause: string) => endpoint('unreachable', { url, cause }),
  /** `detail`: the endpoint's own words, when it gave any. */
  answered: (url: string, status: number, detail: string) =>
    detail ? endpoint('answeredDetail', { url, status, detail }) : endpoint('answered', { url, status }),
  nonFinite: (url: string) => endpoint('nonFinite', { url }),
  notJson: (url: string) => endpoint('notJson', { url }),
  wrongCount: (url: string, got: number | null, count: number) =>
    got === null ? endpoint('noVectors', { url, count }) : endpoint('wrongCount', { url, got, count }),
  noArray: (url: string) => endpoint('noArray', { url }),
  /** `error`: the system's own text. */
  failed: (url: string, error: string) => endpoint('failed', { url, error }),
  wrongDims: (url: string, dims: number, expected: number) => endpoint('wrongDims', { url, dims, expected }),
  afterTries: (why: ModeReason, tries: number) => endpoint('afterTries', { reason: nestedReason(why), tries }),
  askedToWait: (why: ModeReason, seconds: number) => endpoint('askedToWait', { reason: nestedReason(why), seconds }),
};

/** The reason on a status or search answer, when it has one. */
export function modeReasonOf(value: {
  modeReason?: string;
  modeReasonId?: string;
  modeReasonParams?: MessageParams;
}): ModeReason | undefined {
  if (value.modeReason === undefined) return undefined;
  return {
    message: value.modeReason,
    ...(value.modeReasonId ? { messageId: value.modeReasonId } : {}),
    ...(value.modeReasonParams ? { params: value.modeReasonParams } : {}),
  };
}

/** The fields a status or search answer carries for `reason` (its English text and its id). */
export function modeReasonFields(reason: ModeReason): {
  modeReason: string;
  modeReasonId?: string;
  modeReasonParams?: MessageParams;
} {
  return {
    modeReason: reason.message,
    ...(reason.messageId ? { modeReasonId: reason.messageId } : {}),
    ...(reason.params ? { modeReasonParams: reason.params } : {}),
  };
}

/** A result's "vector: unavailable" row for `reason`: its English and its id. */
export function vectorUnavailable(reason: ModeReason): {
  unavailable: true;
  reason: string;
  reasonId?: string;
  reasonParams?: MessageParams;
} {
  return {
    unavailable: true,
    reason: reason.message,
    ...(reason.messageId ? { reasonId: reason.messageId } : {}),
    ...(reason.params ? { reasonParams: reason.params } : {}),
  };
}

/** The reason of a "vector: unavailable" row, as `localText` reads it. */
export function unavailableReasonOf(row: {
  reason: string;
  reasonId?: string;
  reasonParams?: MessageParams;
}): ModeReason {
  return {
    message: row.reason,
    ...(row.reasonId ? { messageId: row.reasonId } : {}),
    ...(row.reasonParams ? { params: row.reasonParams } : {}),
  };
}

/** A reason in `t`'s language (its English text when it has no id). */
export function modeReasonText(t: TFunction, reason: ModeReason): string {
  return localText(t, reason);
}
