// Secrets stay off the screen: on the committed secrets fixture (fake keys), every display path —
// HTTP search (both profiles), timeline, transcript, agent calls, history diff, prompt budget, the
// CLI's human and --json output, MCP memory_search — answers without a raw value, while readFile,
// memory_get and --show-secrets give the values back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '../../shared/contract.js';
import { PLANTED_SECRETS } from '../../shared/test-support/secrets-fixture.js';
import { agentToolSpecs } from '../app/agent/agent-tool-specs.js';
import { ALLOWED_PATHS } from '../../shared/memory-scope.js';
import { createAgentMemoryTools } from '../app/agent/agent-memory-tools.js';
import { createAppService, type AppService } from '../app/app-service.js';
import { runCaptured } from '../cli/test-support/capture-io.js';
import { startHttpServer, type RunningServer } from './http-server.js';
import { createMcpServer } from './mcp-server.js';

const FIXTURE = path.resolve(import.meta.dirname, '../../shared/fixtures/secrets-workspace');
const RAW = PLANTED_SECRETS.slice(0, 13);

/** The raw values found in `text`, JSON escapes undone (so `\u002f` cannot hide one). */
function rawIn(text: string): string[] {
  let plain = text;
  try {
    plain = JSON.stringify(JSON.parse(text), (_k, v: unknown) => v);
  } catch {
    // not JSON: search the text as it is
  }
  return RAW.filter((value) => plain.includes(value) || text.includes(value));
}

let tmp: string;
let workspace: string;
let dataDir: string;
let app: AppService;
let server: RunningServer;

function call(name: string, args: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(args);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: `/api/${name}`,
        headers: { host: `127.0.0.1:${server.port}`, 'content-type': 'application/json', [TOKEN_HEADER]: server.token },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) reject(new Error(`${name}: ${res.statusCode} ${text}`));
          else resolve(text);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-secrets-display-'));
  workspace = path.join(tmp, 'workspace');
  dataDir = path.join(tmp, 'data');
  fs.cpSync(FIXTURE, workspace, { recursive: true });
  app = await createAppService({
    dataDir,
    context: { openclawHome: path.join(tmp, 'openclaw-home') },
    overrides: { embedder: null },
    log: () => undefined,
    watch: false,
  });
  await app.open(workspace, { isSample: false });
  await app.session.whenSynced();
  server = await startHttpServer({
    dispatcher: app.dispatcher,
    session: app.session,
    rendererDir: path.join(tmp, 'no-renderer'),
    host: '127.0.0.1',
    port: 0,
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await app?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('secrets on every display path', () => {
  it('HTTP search answers masked snippets in both profiles, with the highlights still on the words', async () => {
    for (const profile of [undefined, 'openclaw'] as const) {
      const body = await call('search', {
        query: 'Roger provided API key Tavily',
        minScore: 0,
        ...(profile ? { profile } : {}),
      });
      expect(rawIn(body), profile ?? 'memory-lens').toEqual([]);
      const { result } = JSON.parse(body) as {
        result: { results: { snippet: string; highlights: { start: number; end: number }[] }[] };
      };
      const hit = result.results.find((r) => r.snippet.includes('tvly-…3HCS'));
      expect(hit, profile ?? 'memory-lens').toBeDefined();
      const words = hit!.highlights.map((h) => hit!.snippet.slice(h.start, h.end).toLowerCase());
      expect(words).toContain('tavily');
    }
    const revealed = await call('search', { query: 'Tavily', minScore: 0, showSecrets: true });
    expect(rawIn(revealed)).toContain('tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS');
  });

  it('timeline, transcript, agent calls and the prompt budget answer masked; readFile stays raw', async () => {
    const transcriptPath = 'sessions/5ec7e750-0000-4000-8000-000000000001.jsonl';
    const transcript = await call('readTranscript', { path: transcriptPath });
    expect(transcript).toContain('tvly-…3HCS');
    const agentCalls = await call('agentCalls', {});
    expect(agentCalls).toContain('Tavily API key tvly-…3HCS');
    for (const [name, body] of [
      ['timeline', await call('timeline', {})],
      ['readTranscript', transcript],
      ['agentCalls', agentCalls],
      ['context', await call('context', { includeText: true })],
      ['listFiles', await call('listFiles', {})],
    ] as const) {
      expect(rawIn(body), name).toEqual([]);
    }
    expect(rawIn(await call('readFile', { path: 'MEMORY.md' }))).toEqual(RAW.slice(0, 12));
  });

  it('a history diff holding a new key and a removed one shows neither', async () => {
    const file = JSON.parse(await call('readFile', { path: 'MEMORY.md' })) as {
      result: { text: string; hash: string };
    };
    const text = file.result.text
      .replace('sudo password: hunter2', 'sudo password: moved to the vault')
      .concat('- Groq key: sk-proj-Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr\n');
    await call('saveFile', { path: 'MEMORY.md', text, expectedHash: file.result.hash });
    const list = JSON.parse(await call('historyList', { path: 'MEMORY.md' })) as {
      result: { versions: { id: number }[] };
    };
    const versions = list.result.versions.map((v) => v.id).sort((a, b) => a - b);
    expect(versions.length).toBeGreaterThanOrEqual(2);
    const diff = await call('historyDiff', { path: 'MEMORY.md', from: versions.at(-2), to: versions.at(-1) });
    expect(diff).toContain('sk-…s2Rr');
    expect(rawIn(diff)).toEqual([]);
    expect(diff).not.toContain('sk-proj-Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr');
    expect(diff).not.toContain('hunter2');
  });

  it('MCP memory_search answers masked snippets; memory_get returns the file as it is', async () => {
    const tools = createAgentMemoryTools({
      engine: () => app.session.current(),
      activity: () => app.activity.workspace(app.session.current().workspaceDir),
      ready: async () => true,
      defaults: {},
    });
    const mcp = createMcpServer({
      tools,
      specs: agentToolSpecs({ allowed: (use) => ALLOWED_PATHS[use], sessions: true }),
      version: 'test',
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverSide);
    const client = new Client({ name: 'secrets-test', version: '1.0' });
    await client.connect(clientSide);
    try {
      const search = await client.callTool({
        name: 'memory_search',
        arguments: { query: 'Tavily API key', minScore: 0 },
      });
      const searchText = JSON.stringify(search);
      expect(searchText).toContain('tvly-…3HCS');
      expect(rawIn(searchText)).toEqual([]);
      const get = await client.callTool({ name: 'memory_get', arguments: { path: 'MEMORY.md' } });
      expect(rawIn(JSON.stringify(get))).toContain('tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS');
    } finally {
      await client.close();
      await mcp.close();
    }
  });

  it('the CLI masks its human and --json output; --show-secrets prints the values', async () => {
    const common = ['--workspace', workspace, '--data-dir', path.join(tmp, 'cli-data')];
    const human = await runCaptured(tmp, ['search', 'Tavily key', '--min-score', '0', ...common]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('tvly-…3HCS');
    expect(rawIn(human.stdout)).toEqual([]);
    const json = await runCaptured(tmp, ['search', 'Tavily key', '--min-score', '0', '--json', ...common]);
    expect(json.stdout).toContain('tvly-…3HCS');
    expect(rawIn(json.stdout)).toEqual([]);
    const shown = await runCaptured(tmp, ['search', 'Tavily key', '--min-score', '0', '--show-secrets', ...common]);
    expect(shown.stdout).toContain('tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS');
    const shownJson = await runCaptured(tmp, [
      'search',
      'Tavily key',
      '--min-score',
      '0',
      '--json',
      '--show-secrets',
      ...common,
    ]);
    expect(shownJson.stdout).toContain('tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS');
    const get = await runCaptured(tmp, ['get', 'MEMORY.md', ...common]);
    expect(get.stdout).toContain('tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS');
  });

  it('a query holding a key is kept masked in the search log (CLI --log and MCP), on disk and when listed', async () => {
    const logDir = path.join(tmp, 'log-data');
    const common = ['--workspace', workspace, '--data-dir', logDir];
    const query = 'Tavily key tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS';
    expect((await runCaptured(tmp, ['search', query, '--log', '--show-secrets', ...common])).code).toBe(0);
    const tools = createAgentMemoryTools({
      engine: () => app.session.current(),
      activity: () => app.activity.workspace(app.session.current().workspaceDir),
      ready: async () => true,
      defaults: {},
    });
    await tools.memorySearch(
      { query: 'dashboard 密码：abc123 sudo password: hunter2', minScore: 0 },
      { kind: 'mcp', client: 'secrets-test' },
    );

    const listed = await runCaptured(tmp, ['agent-searches', '--json', ...common]);
    expect(listed.stdout).toContain('Tavily key tvly-…3HCS');
    expect(rawIn(listed.stdout)).toEqual([]);
    expect(await call('agentSearches', {})).toContain('password •••••• (7)');
    for (const dir of [logDir, dataDir]) {
      const files = fs.readdirSync(dir).filter((f) => f.startsWith('agent-activity.sqlite'));
      expect(files.length, dir).toBeGreaterThan(0);
      for (const file of files) expect(rawIn(fs.readFileSync(path.join(dir, file), 'latin1')), file).toEqual([]);
    }
  });
});
