// A legacy sessions folder's `sessions.json` says which transcript is a cron run, a heartbeat or a
// sub-agent (parse/session-key-kind.ts); discovery hands that to each transcript it lists, so the
// kind OpenClaw recorded wins over guessing from the messages. Read-only; one read per folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import { recordedKindOf, sessionStoreKinds } from '../parse/session-key-kind.js';
import type { SessionKind } from '../../../shared/session-kind.js';

/** A store bigger than this is not a session index a person keeps; it is skipped, not parsed. */
const MAX_STORE_BYTES = 32 * 1024 * 1024;

async function readStoreKinds(dir: string): Promise<Map<string, SessionKind>> {
  const file = path.join(dir, 'sessions.json');
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile() || stat.size > MAX_STORE_BYTES) return new Map();
    return sessionStoreKinds(JSON.parse(await fs.readFile(file, 'utf8')));
  } catch {
    // Missing, unreadable or half-written by the gateway: the messages decide, as without a store.
    return new Map();
  }
}

/** Sets `recordedKind` on every transcript file whose folder's sessions.json names it. */
export async function attachRecordedKinds<
  T extends { absPath: string; source: string; agentDb?: unknown; recordedKind?: SessionKind },
>(files: T[]): Promise<void> {
  const byDir = new Map<string, T[]>();
  for (const file of files) {
    if (file.source !== 'sessions' || file.agentDb) continue;
    const dir = path.dirname(file.absPath);
    byDir.set(dir, [...(byDir.get(dir) ?? []), file]);
  }
  for (const [dir, inDir] of byDir) {
    const kinds = await readStoreKinds(dir);
    if (kinds.size === 0) continue;
    for (const file of inDir) {
      const kind = recordedKindOf(kinds, path.basename(file.absPath));
      if (kind) file.recordedKind = kind;
    }
  }
}
