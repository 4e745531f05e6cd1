import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_NAMES,
  CALLS,
  MAX_ARG_BYTES,
  MAX_SAVE_BYTES,
  type CallArgs,
  type CallName,
} from '../../shared/contract.js';
import { MemoryLensError } from '../../shared/errors.js';
import type { ApiDispatcher } from '../../shared/contract.js';
import { loggedResponse } from './agent/logged-response.js';
import { sha256 } from '../memory/text/hash.js';
import { createApiDispatcher } from './api-dispatcher.js';
import { DoctorService } from './doctor/doctor-service.js';
import { DraftStore } from './draft-store.js';
import { HistoryService } from './history/history-service.js';
import { JudgmentStore } from './judgment-store.js';
import { createSecretPurge } from './secret-purge.js';
import { buildModelCatalog } from './model-catalog.js';
import { openTempWorkspace, type TempWorkspace } from './test-support/temp-workspace.js';
import { agentEmbedderOffer } from './agent-embedder-offer.js';
import { EndpointKeyVault } from './keys/endpoint-key-vault.js';
import { AesTestKeyStore } from './test-support/aes-key-store.js';

let fx: TempWorkspace;
let dispatcher: ApiDispatcher;
/** A search an agent ran, in the log before the calls below read it. */
let loggedSearchId = 0;
let history: HistoryService;
/** MEMORY.md's first kept version, for the history calls. */
let memoryVersionId = 0;
let doctor: DoctorService;
/** A doctor finding on the sample with a fix (the near-copy of the DNS bug note), for doctorFix. */
let doctorFix = { findingId: '', fixId: '' };

beforeAll(async () => {
  fx = await openTempWorkspace();
  history = new HistoryService({
    dataDir: fx.dataDir,
    session: fx.session,
    settings: fx.settings,
    log: () => undefined,
  });
  await history.whenIdle();
  memoryVersionId = (await history.list('MEMORY.md')).versions[0]!.id;
  doctor = new DoctorService({ session: fx.session, history, activity: fx.activity, log: () => undefined });
  await doctor.whenIdle();
  const fixable = doctor.current().findings.find((f) => f.kind === 'duplicate' && f.fixes.length > 0)!;
  doctorFix = { findingId: fixable.id, fixId: fixable.fixes[0]!.id };
  dispatcher = createApiDispatcher({
    session: fx.session,
    settings: fx.settings,
    history,
    doctor,
    activity: fx.activity,
    openWorkspace: async (requested) => {
      if (requested === null) return { opened: false, workspace: fx.session.info() };
      throw new MemoryLensError('NOT_ALLOWED', 'not a recent workspace');
    },
    purgeSecret: createSecretPurge({
      dataDir: fx.dataDir,
      session: fx.session,
      history,
      activity: fx.activityStore,
      log: () => undefined,
    }),
    drafts: new DraftStore(fx.dataDir),
    judgments: new JudgmentStore(fx.dataDir),
    modelCatalog: () =>
      buildModelCatalog(fx.settings.get(), fx.dataDir, fx.session.current().status(), {
        canAsk: false,
        fixedByCommandLine: false,
      }),
    agentEmbedderOffer: async () => agentEmbedderOffer({ memory: { search: { provider: 'ollama' } } }, 'openclaw.json'),
    endpointKeys: await EndpointKeyVault.open(fx.dataDir, new AesTestKeyStore(), () => undefined),
    validateResults: true,
  });
  const options = { query: 'gateway dns', minScore: 0 };
  const response = await fx.session.current().search(options);
  loggedSearchId =
    fx.activity().logSearch({
      at: Date.now(),
      caller: { kind: 'mcp', client: 'test 1.0' },
      query: options.query,
      mode: response.mode,
      options,
      response: loggedResponse(response),
    }) ?? 0;
});

afterAll(async () => {
  doctor.close();
  await history.close();
  await fx.cleanup();
});

async function ok(method: string, args: unknown): Promise<unknown> {
  const outcome = await dispatcher.handle(method, args);
  if (!outcome.ok) throw new Error(`${method} failed: ${outcome.error.code} ${outcome.error.message}`);
  return outcome.result;
}

async function errorCode(method: string, args: unknown): Promise<string> {
  const outcome = await dispatcher.handle(method, args);
  if (outcome.ok) throw new Error(`${method}(${JSON.stringify(args)}) unexpectedly succeeded`);
  return outcome.error.code;
}

// One valid call per contract entry; the mapped type makes a new contract entry a compile error here.
const VALID_CALLS: { [K in CallName]: () => CallArgs<K> } = {
  listFiles: () => ({}),
  readFile: () => ({ path: 'MEMORY.md' }),
  saveFile: () => ({ path: 'memory/dispatch-save.md', text: 'saved through the contract\n', expectedHash: null }),
  acceptChecksum: () => ({
    path: 'memory/facts/preferences.md',
    expectedHash: sha256(fs.readFileSync(path.join(fx.workspace, 'memory/facts/preferences.md'))),
  }),
  createFile: () => ({ path: 'memory/2026-11-29-dispatch-created.md', text: '# created\n' }),
  renameFile: () => ({
    from: 'memory/2026-11-29-dispatch-created.md',
    to: 'memory/2026-11-29-dispatch-renamed.md',
    expectedHash: sha256(fs.readFileSync(path.join(fx.workspace, 'memory/2026-11-29-dispatch-created.md'))),
  }),
  deleteFile: () => ({
    path: 'memory/2026-11-29-dispatch-renamed.md',
    expectedHash: sha256(fs.readFileSync(path.join(fx.workspace, 'memory/2026-11-29-dispatch-renamed.md'))),
  }),
  search: () => ({ query: 'gateway dns', maxResults: 5, minScore: 0 }),
  explainFile: () => ({ path: 'MEMORY.md', options: { query: 'gateway dns', minScore: 0 } }),
  timeline: () => ({}),
  agentCalls: () => ({ since: '2026-01-01' }),
  status: () => ({}),
  reindex: () => ({ full: false }),
  settingsGet: () => ({}),
  settingsSet: () => ({ patch: { theme: 'dark', search: { mmr: { enabled: true } } } }),
  openWorkspace: () => ({ path: null }),
  readTranscript: () => ({ path: 'sessions/3f6c1a2e-9d41-4b7a-8e25-6a0d2c9f1b37.jsonl' }),
  get: () => ({ path: 'MEMORY.md', from: 1, lines: 3 }),
  context: () => ({ openclawVersion: '2026.9.6', limits: { perFile: 500 }, includeText: true }),
  agentSearches: () => ({ limit: 10 }),
  agentSearch: () => ({ id: loggedSearchId }),
  fileAccess: () => ({ path: 'memory/projects/home-network.md' }),
  saveSessionMemory: () => ({ path: 'sessions/3f6c1a2e-9d41-4b7a-8e25-6a0d2c9f1b37.jsonl', messages: 4 }),
  workspaceInfo: () => ({}),
  listSessionSources: () => ({}),
  findMatches: () => ({ path: 'memory/finance.md', startLine: 1, endLine: 40, terms: ['budget'] }),
  draftPut: () => ({ path: 'USER.md', text: 'draft text', baseHash: null }),
  draftList: () => ({}),
  draftDelete: () => ({ path: 'USER.md' }),
  judgmentSet: () => ({
    query: 'gateway dns',
    chunkId: 'MEMORY.md#0',
    path: 'MEMORY.md',
    startLine: 1,
    endLine: 9,
    verdict: 'relevant',
  }),
  judgmentList: () => ({}),
  judgmentExport: () => ({}),
  modelCatalog: () => ({}),
  agentEmbedderOffer: () => ({}),
  agentDatabases: () => ({}),
  agentIndexChunks: () => ({ path: 'MEMORY.md' }),
  agentWorkspaces: () => ({}),
  historyList: () => ({ path: 'MEMORY.md' }),
  historyVersion: () => ({ path: 'MEMORY.md', version: memoryVersionId }),
  historyDiff: () => ({ path: 'MEMORY.md', from: memoryVersionId, to: null }),
  historyRestore: () => ({
    path: 'MEMORY.md',
    version: memoryVersionId,
    expectedHash: sha256(fs.readFileSync(path.join(fx.workspace, 'MEMORY.md'))),
  }),
  historyChanges: () => ({}),
  historyMarkSeen: () => ({}),
  lineOrigins: () => ({ path: 'MEMORY.md' }),
  historyUsage: () => ({}),
  historyPurgeSecret: () => ({ value: 'tvly-dev-NOWHEREinthisworkspace0000' }),
  doctorReport: () => ({}),
  doctorFix: () => doctorFix,
  retryEmbedder: () => ({}),
  endpointKeyStatus: () => ({}),
  endpointKeySet: () => ({ key: 'sk-dispatcher-test' }),
  endpointKeyForget: () => ({}),
  secrets: () => ({}),
  secretFix: () => {
    const file = path.join(fx.workspace, 'memory/dispatch-secret.md');
    fs.writeFileSync(file, '# Router\n\nadmin password: hunter22\n');
    return {
      path: 'memory/dispatch-secret.md',
      line: 3,
      label: 'password •••••• (8)',
      action: 'replace' as const,
      expectedHash: sha256(fs.readFileSync(file)),
    };
  },
};

describe('api dispatcher: every contract call', () => {
  it('serves exactly the contract', () => {
    expect([...dispatcher.methods].sort()).toEqual(Object.keys(CALLS).sort());
  });

  // Sequential on purpose: create → rename → delete operate on the same file.
  it('answers each call with a result that matches the contract schema', async () => {
    for (const name of CALL_NAMES) {
      const result = await ok(name, VALID_CALLS[name]());
      expect(CALLS[name].result.safeParse(result).success, name).toBe(true);
    }
    expect(fs.existsSync(path.join(fx.workspace, 'memory/dispatch-save.md'))).toBe(true);
    expect(fs.existsSync(path.join(fx.workspace, 'memory/2026-11-29-dispatch-renamed.md'))).toBe(false);
    expect((await ok('settingsGet', {})) as { theme: string }).toMatchObject({
      theme: 'dark',
      search: { mmr: { enabled: true, lambda: 0.7 } },
    });
  });

  it('refuses calls the contract does not declare', async () => {
    expect(await errorCode('eval', {})).toBe('NOT_FOUND');
    expect(await errorCode('__proto__', {})).toBe('NOT_FOUND');
    expect(await errorCode('constructor', {})).toBe('NOT_FOUND');
  });

  it('returns CONFLICT (with the current hash) when a save presents a stale hash', async () => {
    const file = (await ok('readFile', { path: 'USER.md' })) as { hash: string; text: string };
    fs.appendFileSync(path.join(fx.workspace, 'USER.md'), '\nedited elsewhere\n');
    const outcome = await dispatcher.handle('saveFile', {
      path: 'USER.md',
      text: `${file.text}mine`,
      expectedHash: file.hash,
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.code).toBe('CONFLICT');
    expect(fs.readFileSync(path.join(fx.workspace, 'USER.md'), 'utf8')).toContain('edited elsewhere');
  });
});

describe('api dispatcher: malformed arguments get INVALID_ARGUMENT', () => {
  const malformed: [CallName, unknown][] = [
    ['readFile', {}],
    ['readFile', { path: 42 }],
    ['readFile', { path: '' }],
    ['readFile', { path: 'MEMORY.md', extra: true }],
    ['readFile', 'MEMORY.md'],
    ['saveFile', { path: 'MEMORY.md', text: 'x' }],
    ['saveFile', { path: 'MEMORY.md', text: 'x', expectedHash: 'not-a-hash' }],
    ['renameFile', { from: 'MEMORY.md' }],
    ['search', { query: 7 }],
    ['search', { query: 'x', maxResults: -1 }],
    ['search', { query: 'x', minScore: 2 }],
    ['search', { query: 'x', sources: ['email'] }],
    ['search', { query: 'x', from: 'yesterday' }],
    ['timeline', { types: ['weekly', 'yearly'] }],
    ['get', { path: 'MEMORY.md', from: 0 }],
    ['settingsSet', { patch: { lastWorkspace: '/etc' } }],
    ['settingsSet', { patch: { theme: 'neon' } }],
    ['openWorkspace', {}],
    ['listFiles', [1, 2]],
    ['context', { openclawVersion: '2027.1.1' }],
    ['context', { limits: { perFile: 0 } }],
    // A page must not name a config file to read: the explicit path is the CLI's alone.
    ['context', { openclawConfig: '/etc/passwd' }],
  ];
  it.each(malformed)('%s(%j)', async (method, args) => {
    const outcome = await dispatcher.handle(method, args);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.code).toBe('INVALID_ARGUMENT');
      expect(outcome.error.message.startsWith(`${method}:`)).toBe(true);
    }
  });
});

describe('api dispatcher: paths that leave the workspace get OUT_OF_ROOT and touch nothing', () => {
  // `dir` is where the call's files live (memory/ for Markdown, sessions/ for transcripts).
  const attacks = (dir: string, ext: string) => [
    `../outside/secret${ext}`,
    `${dir}/../../outside/secret${ext}`,
    path.join(fx.outside, `secret${ext}`),
    `/etc/passwd${ext}`,
    `%2e%2e/outside/secret${ext}`,
    `%252e%252e/outside/secret${ext}`,
    `${dir}/a\0${ext}`,
    `${dir}/link/secret${ext}`,
    `${dir}/link/new${ext}`,
    `${dir}/escape${ext}`,
  ];
  const callsWithPath: [string, (p: string) => unknown, [string, string]][] = [
    ['readFile', (p) => ({ path: p }), ['memory', '.md']],
    ['readFile', (p) => ({ path: p }), ['sessions', '.jsonl']],
    ['saveFile', (p) => ({ path: p, text: 'pwned\n', expectedHash: null }), ['memory', '.md']],
    ['createFile', (p) => ({ path: p, text: 'pwned\n' }), ['memory', '.md']],
    [
      'renameFile (from)',
      (p) => ({ from: p, to: 'memory/stolen.md', expectedHash: '0'.repeat(64) }),
      ['memory', '.md'],
    ],
    ['renameFile (to)', (p) => ({ from: 'memory/health.md', to: p, expectedHash: '0'.repeat(64) }), ['memory', '.md']],
    ['deleteFile', (p) => ({ path: p, expectedHash: '0'.repeat(64) }), ['memory', '.md']],
    ['readTranscript', (p) => ({ path: p }), ['sessions', '.jsonl']],
    ['get', (p) => ({ path: p }), ['memory', '.md']],
  ];

  it('for every path-taking call and every escape', async () => {
    const before = fx.snapshot();
    const failures: string[] = [];
    for (const [label, build, [dir, ext]] of callsWithPath) {
      const method = label.split(' ')[0] ?? label;
      for (const attack of attacks(dir, ext)) {
        const outcome = await dispatcher.handle(method, build(attack));
        // `sessions/<x>/<file>.jsonl` is also the shape of a virtual agent-session path, which the
        // engine refuses as "not a session transcript" before it resolves anything on disk.
        const virtualSession =
          (method === 'readTranscript' || method === 'readFile') && /^sessions\/link\//.test(attack);
        const accepted = virtualSession ? ['OUT_OF_ROOT', 'NOT_ALLOWED'] : ['OUT_OF_ROOT'];
        if (outcome.ok || !accepted.includes(outcome.error.code)) {
          failures.push(
            `${label}(${JSON.stringify(attack)}) → ${outcome.ok ? 'ok' : `${outcome.error.code}: ${outcome.error.message}`}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(fx.snapshot()).toEqual(before);
    expect(fs.readFileSync(path.join(fx.outside, 'secret.md'), 'utf8')).toBe('# secret outside the workspace\n');
  });

  it('never returns the outside file through explainFile', async () => {
    const outcome = await dispatcher.handle('explainFile', {
      path: '../outside/secret.md',
      options: { query: 'secret' },
    });
    expect(outcome.ok ? outcome.result : outcome.error.code).toBe('OUT_OF_ROOT');
  });
});

describe('api dispatcher: oversize payloads get TOO_LARGE', () => {
  it('refuses a save over 10 MB and writes nothing', async () => {
    const before = fx.snapshot();
    const text = 'x'.repeat(MAX_SAVE_BYTES + 1);
    const outcome = await dispatcher.handle('saveFile', { path: 'memory/huge.md', text, expectedHash: null });
    expect(outcome.ok ? 'ok' : outcome.error.code).toBe('TOO_LARGE');
    expect(fx.snapshot()).toEqual(before);
  });

  it('refuses other calls over 64 KB', async () => {
    const outcome = await dispatcher.handle('search', { query: 'q'.repeat(MAX_ARG_BYTES) });
    expect(outcome.ok ? 'ok' : outcome.error.code).toBe('TOO_LARGE');
  });

  it('trusts the transport-measured size when given', async () => {
    const outcome = await dispatcher.handle('status', {}, MAX_ARG_BYTES + 1);
    expect(outcome.ok ? 'ok' : outcome.error.code).toBe('TOO_LARGE');
  });
});
