// Session kinds from what OpenClaw records: its session keys (2026.9.6's session-key-utils forms)
// and a legacy sessions.json as the gateway writes it, with sessions_spawn's child fields.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverFiles } from '../workspace/discover.js';
import { prepareFile } from '../sync/prepare-file.js';
import { recordedKindOf, sessionKindFromKey, sessionStoreKinds } from './session-key-kind.js';
import { WorkspaceScope } from '../workspace/workspace-scope.js';

const CHILD = '7c1e9a52-3f4b-4d8e-9a61-2b5c8d7e0f13';
const RUN = 'b2d4f6a8-1c3e-4a5b-8d7f-9e0a1b2c3d4e';
const JOB = 'df444ebe-f415-4c1e-9a0b-3f2d8c7e6a51';
const ACP = '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d';
const DM = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';

/** sessions.json as the gateway keeps it: key → entry; a spawned child carries spawnedBy / spawnDepth. */
const STORE = {
  [`agent:main:subagent:${CHILD}`]: {
    sessionId: CHILD,
    updatedAt: 1_793_000_000_000,
    spawnedBy: 'agent:main:main',
    spawnDepth: 1,
    label: 'dns-summary',
  },
  [`agent:main:cron:${JOB}:run:${RUN}`]: { sessionId: RUN, updatedAt: 1_793_000_100_000 },
  [`agent:codex:acp:${ACP}`]: {
    sessionId: ACP,
    updatedAt: 1_793_000_200_000,
    spawnedBy: 'agent:main:feishu:direct:ou_e40c5df02fc1',
    sessionFile: `/home/u/.openclaw/agents/main/sessions/${ACP}.jsonl`,
  },
  'agent:main:feishu:direct:ou_e40c5df02fc1': { sessionId: DM, updatedAt: 1_793_000_300_000, chatType: 'direct' },
  'agent:main:main': { sessionId: 'main-session', updatedAt: 1_793_000_400_000 },
};

describe('sessionKindFromKey', () => {
  it('reads OpenClaw’s key forms: sub-agents (nested too), cron runs, heartbeats; anything else is interactive', () => {
    expect(sessionKindFromKey(`agent:main:subagent:${CHILD}`)).toBe('subagent');
    expect(sessionKindFromKey(`agent:main:subagent:${CHILD}:subagent:${RUN}`)).toBe('subagent');
    expect(sessionKindFromKey(`subagent:${CHILD}`)).toBe('subagent');
    expect(sessionKindFromKey(`Agent:Main:Cron:${JOB}:run:${RUN}`)).toBe('cron');
    expect(sessionKindFromKey('agent:main:main:heartbeat')).toBe('heartbeat');
    expect(sessionKindFromKey('agent:main:feishu:direct:ou_e40c5df02fc1')).toBe('interactive');
    // A channel id that merely contains the word is not a sub-agent.
    expect(sessionKindFromKey('agent:main:discord:channel:subagent')).toBe('interactive');
    expect(sessionKindFromKey(null)).toBe('interactive');
  });
});

describe('sessionStoreKinds', () => {
  it('names each automated transcript of a sessions.json by file, a spawned child by its spawn fields, and leaves interactive ones to the messages', () => {
    const kinds = sessionStoreKinds(STORE);
    expect(recordedKindOf(kinds, `${CHILD}.jsonl`)).toBe('subagent');
    expect(recordedKindOf(kinds, `${RUN}.jsonl`)).toBe('cron');
    expect(recordedKindOf(kinds, `${ACP}.jsonl`)).toBe('subagent');
    expect(recordedKindOf(kinds, `${CHILD}.jsonl.reset.2026-11-05T10-00-00Z`)).toBe('subagent');
    expect(recordedKindOf(kinds, `${DM}.jsonl`)).toBeUndefined();
    expect(recordedKindOf(kinds, 'main-session.jsonl')).toBeUndefined();
    expect(sessionStoreKinds('not a store').size).toBe(0);
  });
});

let dir: string | null = null;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('a sessions folder with its sessions.json', () => {
  it('files a sub-agent whose messages say nothing of it as a sub-agent, and a broken store changes nothing', async () => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ml-kind-')));
    const home = path.join(dir, '.openclaw');
    const workspace = path.join(home, 'workspace');
    const sessions = path.join(home, 'agents', 'main', 'sessions');
    fs.mkdirSync(workspace, { recursive: true });
    fs.mkdirSync(sessions, { recursive: true });
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n');
    const transcript = (id: string, text: string) =>
      [
        { type: 'session', version: 3, id, timestamp: '2026-11-05T02:00:00.000Z' },
        {
          type: 'message',
          id: 'm1',
          parentId: null,
          timestamp: '2026-11-05T02:00:20.000Z',
          message: { role: 'user', content: [{ type: 'text', text }] },
        },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n') + '\n';
    fs.writeFileSync(
      path.join(sessions, `${CHILD}.jsonl`),
      transcript(CHILD, 'Summarise the 川讯 DNS incident notes into three bullet points.'),
    );
    fs.writeFileSync(path.join(sessions, `${DM}.jsonl`), transcript(DM, '还是回复我她是sunny'));
    fs.writeFileSync(path.join(sessions, 'sessions.json'), JSON.stringify(STORE, null, 2));

    const kindOf = async () => {
      const files = await discoverFiles(new WorkspaceScope({ workspaceDir: workspace, openclawHome: home }));
      return Object.fromEntries(
        files
          .filter((f) => f.source === 'sessions')
          .map((f) => [path.basename(f.path), prepareFile(f, fs.readFileSync(f.absPath)).file.sessionKind]),
      );
    };
    expect(await kindOf()).toEqual({ [`${CHILD}.jsonl`]: 'subagent', [`${DM}.jsonl`]: 'conversation' });
    fs.writeFileSync(path.join(sessions, 'sessions.json'), '{"agent:main:subagent:');
    expect(await kindOf()).toEqual({ [`${CHILD}.jsonl`]: 'conversation', [`${DM}.jsonl`]: 'conversation' });
  });
});
