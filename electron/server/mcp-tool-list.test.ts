// The MCP tool list through the real SDK client: what memory_search and memory_get say they
// search and read is the workspace scope's own sentence, the one a refused memory_get repeats.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentToolSpecs } from '../app/agent/agent-tool-specs.js';
import { createAgentMemoryTools } from '../app/agent/agent-memory-tools.js';
import { createAppService, type AppService } from '../app/app-service.js';
import { createMcpServer } from './mcp-server.js';

let root: string;
let app: AppService;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-mcp-list-'));
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(path.join(workspace, 'notes'), { recursive: true });
  fs.writeFileSync(path.join(workspace, 'MEMORY.md'), '# Memory\n\n- The boat is blue.\n');
  fs.writeFileSync(path.join(workspace, 'notes', 'other.md'), '# Not memory\n');
  app = await createAppService({
    dataDir: path.join(root, 'data'),
    overrides: { embedder: null, openclawHome: path.join(root, 'openclaw-home') },
    log: () => undefined,
    watch: false,
  });
  await app.open(workspace, { isSample: false });
  await app.session.whenSynced();
}, 60_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('MCP tool list', () => {
  it('describes what memory_search and memory_get allow in the scope’s sentences, as a refusal says it', async () => {
    const scope = app.session.current().scope;
    const tools = createAgentMemoryTools({
      engine: () => app.session.current(),
      activity: () => app.activity.workspace(app.session.current().workspaceDir),
      ready: async () => true,
      defaults: {},
    });
    const mcp = createMcpServer({
      tools,
      specs: agentToolSpecs({ allowed: (use) => scope.allowed(use), sessions: true }),
      version: 'test',
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await mcp.connect(serverSide);
    const client = new Client({ name: 'tool-list-test', version: '1.0' });
    await client.connect(clientSide);
    try {
      const { tools: listed } = await client.listTools();
      const search = listed.find((t) => t.name === 'memory_search')!;
      const get = listed.find((t) => t.name === 'memory_get')!;
      expect(search.description).toMatch(/^Mandatory recall step: semantically search memory before answering/);
      expect(search.description).toContain(`${scope.allowed('index')}.`);
      expect(scope.allowed('index')).toContain('memory.md');
      expect(get.description).toContain(`${scope.allowed('get')}.`);
      const refused = await client.callTool({ name: 'memory_get', arguments: { path: 'notes/other.md' } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain(scope.allowed('get'));
    } finally {
      await client.close();
      await mcp.close();
    }
  });
});
