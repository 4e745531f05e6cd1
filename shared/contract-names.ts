// The contract's call and event names and its serve-mode paths, without the schemas: the window's
// transports need only these, and importing contract.ts builds every zod schema of every call
// while the window first loads. contract.ts checks at compile time that these names are its own.

/** Every call of CALLS, in its order. */
export const CALL_NAME_LIST = [
  'listFiles',
  'readFile',
  'saveFile',
  'acceptChecksum',
  'createFile',
  'renameFile',
  'deleteFile',
  'search',
  'explainFile',
  'timeline',
  'status',
  'reindex',
  'settingsGet',
  'settingsSet',
  'openWorkspace',
  'readTranscript',
  'get',
  'context',
  'agentSearches',
  'agentSearch',
  'agentCalls',
  'fileAccess',
  'saveSessionMemory',
  'workspaceInfo',
  'listSessionSources',
  'findMatches',
  'draftList',
  'draftPut',
  'draftDelete',
  'judgmentSet',
  'judgmentList',
  'judgmentExport',
  'modelCatalog',
  'agentEmbedderOffer',
  'agentDatabases',
  'agentIndexChunks',
  'agentWorkspaces',
  'historyList',
  'historyVersion',
  'historyDiff',
  'historyRestore',
  'historyChanges',
  'historyMarkSeen',
  'lineOrigins',
  'historyUsage',
  'historyPurgeSecret',
  'doctorReport',
  'doctorFix',
  'retryEmbedder',
  'endpointKeyStatus',
  'endpointKeySet',
  'endpointKeyForget',
  'secrets',
  'secretFix',
] as const;

/** Every event of EVENTS and the name a window subscribes to it by. */
export const EVENT_SUBSCRIBE_NAMES = {
  indexProgress: 'onDidIndexProgress',
  fileChanged: 'onDidChangeFile',
  statusChanged: 'onDidChangeStatus',
  workspaceChanged: 'onDidChangeWorkspace',
  modelProgress: 'onDidModelProgress',
  openWorkspaceRequested: 'onDidRequestOpenWorkspace',
  historyChanged: 'onDidChangeHistory',
  doctorChanged: 'onDidChangeDoctor',
} as const;

export type ListedCallName = (typeof CALL_NAME_LIST)[number];
export type ListedEventName = keyof typeof EVENT_SUBSCRIBE_NAMES;

export const EVENT_NAME_LIST = Object.keys(EVENT_SUBSCRIBE_NAMES) as ListedEventName[];

export function isListedEventName(name: string): name is ListedEventName {
  return Object.prototype.hasOwnProperty.call(EVENT_SUBSCRIBE_NAMES, name);
}

/** Serve mode: `POST /api/<name>` with the arguments as the JSON body. */
export const HTTP_API_PREFIX = '/api/';
/** Serve mode: server-sent events; each SSE `event:` field is an EventName. */
export const HTTP_EVENTS_PATH = '/api/events';
/** Serve mode: header carrying the session token on API calls (a cookie works too). */
export const TOKEN_HEADER = 'x-memlens-token';

export function httpPathFor(name: ListedCallName): string {
  return `${HTTP_API_PREFIX}${name}`;
}
