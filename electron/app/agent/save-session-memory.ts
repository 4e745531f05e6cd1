// Writing a session as a memory file: from a transcript in the workspace (the transcript view's
// button) or from any JSONL on disk (`memlens save-session FILE`). The write goes through the
// engine's createFile — atomic, never over an existing file, indexed at once — and a taken name
// gets -2, -3, … as OpenClaw's hook does.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SavedSessionMemory } from '../../../shared/domain.js';
import { MemoryLensError } from '../../../shared/errors.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import { parseSessionJsonl } from '../../memory/parse/session-jsonl.js';
import { buildSessionMemory, sessionIdFromFileName, type SessionMemory } from './session-memory.js';

/** Far more than anyone saves one session under one name; past it something is wrong. */
const MAX_NAME_ATTEMPTS = 1000;

export interface SaveSessionOptions {
  count?: number;
  timeZone?: string;
  sessionKey?: string | null;
}

/** Creates `memory/<date>-<slug>.md`, or `-2`, `-3`, … when taken; returns the path written. */
export async function writeSessionMemory(engine: MemoryEngineApi, memory: SessionMemory): Promise<string> {
  const base = memory.path.slice(0, -'.md'.length);
  for (let n = 1; n <= MAX_NAME_ATTEMPTS; n++) {
    const candidate = n === 1 ? memory.path : `${base}-${n}.md`;
    try {
      await engine.createFile(candidate, memory.markdown);
      return candidate;
    } catch (error) {
      if (error instanceof MemoryLensError && error.code === 'ALREADY_EXISTS') continue;
      throw error;
    }
  }
  throw new MemoryLensError('ALREADY_EXISTS', {
    messageId: 'errors:agent.namesTaken',
    params: { path: `${base}.md`, count: MAX_NAME_ATTEMPTS - 1 },
  });
}

/** A transcript the engine knows (`sessions/…jsonl`, including agents' session folders). */
export async function saveWorkspaceSession(
  engine: MemoryEngineApi,
  relPath: string,
  options: SaveSessionOptions = {},
): Promise<SavedSessionMemory> {
  const transcript = await engine.readTranscript(relPath);
  const sessionId = sessionIdFromFileName(path.posix.basename(relPath));
  const memory = buildSessionMemory({
    messages: transcript.messages,
    sessionId,
    fallbackTime: new Date(),
    ...optionalInputs(options),
  });
  const written = await writeSessionMemory(engine, memory);
  return { path: written, sessionId, messages: memory.kept, slug: memory.slug };
}

/** Any transcript file on disk; its session key is looked up in a `sessions.json` beside it, if any. */
export async function saveSessionFile(
  engine: MemoryEngineApi,
  absPath: string,
  options: SaveSessionOptions = {},
): Promise<SavedSessionMemory> {
  let text: string;
  try {
    text = await fs.readFile(absPath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new MemoryLensError('NOT_FOUND', { messageId: 'errors:agent.noTranscript', params: { path: absPath } });
    if (code === 'EISDIR')
      throw new MemoryLensError('NOT_ALLOWED', { messageId: 'errors:notAFile', params: { path: absPath } });
    throw error;
  }
  const parsed = parseSessionJsonl(text);
  if (parsed.messages.length === 0 && parsed.malformed > 0) {
    throw new MemoryLensError('INVALID_ARGUMENT', {
      messageId: 'errors:agent.notATranscript',
      params: { path: absPath },
    });
  }
  const sessionId = sessionIdFromFileName(path.basename(absPath));
  const sessionKey = options.sessionKey ?? (await sessionKeyFromStore(path.dirname(absPath), sessionId));
  const fallbackTime = parsed.firstTimestamp ? new Date(parsed.firstTimestamp) : new Date();
  const memory = buildSessionMemory({
    messages: parsed.messages,
    sessionId,
    fallbackTime,
    ...optionalInputs({ ...options, sessionKey }),
  });
  const written = await writeSessionMemory(engine, memory);
  return { path: written, sessionId, messages: memory.kept, slug: memory.slug };
}

/**
 * OpenClaw's session store (`sessions.json`, keyed by session key, each entry holding its
 * `sessionId`) sits beside the transcripts in the layout before 2026.9; newer releases keep it in
 * SQLite, and then the key stays unknown.
 */
export async function sessionKeyFromStore(dir: string, sessionId: string): Promise<string | null> {
  try {
    const store = JSON.parse(await fs.readFile(path.join(dir, 'sessions.json'), 'utf8')) as unknown;
    if (!store || typeof store !== 'object') return null;
    for (const [key, entry] of Object.entries(store as Record<string, unknown>)) {
      if (entry && typeof entry === 'object' && (entry as { sessionId?: unknown }).sessionId === sessionId) return key;
    }
  } catch {
    // No store, or not one we can read: the key is simply unknown.
  }
  return null;
}

function optionalInputs(options: SaveSessionOptions): {
  count?: number;
  timeZone?: string;
  sessionKey?: string | null;
} {
  return {
    ...(options.count !== undefined ? { count: options.count } : {}),
    ...(options.timeZone !== undefined ? { timeZone: options.timeZone } : {}),
    ...(options.sessionKey !== undefined ? { sessionKey: options.sessionKey } : {}),
  };
}
