// The first search after a workspace opens, on a real engine with a dictionary that has to be
// built (no copy in the package, as for a user whose install lacks it): the session's warm-up
// starts what the first search would otherwise start inside itself, so that search translates.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryEngine } from '../memory/engine.js';
import { WorkspaceSession } from './workspace-session.js';

let root: string;
let session: WorkspaceSession | null = null;

afterEach(async () => {
  await session?.close();
  session = null;
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the warm-up after a workspace opens', () => {
  it('has the dictionary ready for the first search, which then translates', { timeout: 120_000 }, async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-warm-'));
    const workspace = path.join(root, 'workspace');
    fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'memory', 'trip.md'), 'Singapore trip: apply for the visa by Friday.\n');
    fs.writeFileSync(path.join(workspace, 'memory', 'hotel.md'), 'Singapore hotel booked near Marina Bay.\n');
    const dataDir = path.join(root, 'data');
    session = new WorkspaceSession({
      openEngine: (options) => MemoryEngine.open(options),
      engineOptions: () => ({ dataDir, openclawHome: path.join(root, 'openclaw'), dictionary: { bundled: null } }),
      watch: false,
    });
    await session.open(workspace, { isSample: false });
    expect(await session.whenWarm()).toBe(true);
    await session.whenSynced();
    // The build the warm-up started (no search has run): its file appears.
    const folder = path.join(dataDir, 'dictionaries');
    await vi.waitFor(
      () => expect(fs.existsSync(folder) && fs.readdirSync(folder).some((f) => f.endsWith('.sqlite'))).toBe(true),
      { timeout: 60_000, interval: 100 },
    );

    const first = await session.current().search({ query: 'Singapore 签证' });
    expect(first.notices.map((n) => n.code)).not.toContain('dictionary-pending');
    expect(first.results[0]!.path).toBe('memory/trip.md');
    const translated = (first.results[0]!.breakdown.keyword?.terms ?? []).filter(
      (t) => t.expansion && t.occurrences > 0,
    );
    expect(translated.map((t) => t.term)).toEqual(['visa']);
  });
});
