import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyOpenclawFixture, type OpenclawCopy } from '../memory/agent-db/test-support/openclaw-fixture.js';
import type { AgentDatabasesReport, AgentWorkspace } from '../../shared/agent-db-schemas.js';
import { createAppService, type AppService } from './app-service.js';

let copy: OpenclawCopy;
let service: AppService | null = null;
afterEach(async () => {
  await service?.close();
  service = null;
  copy?.remove();
});

/** The app core as `memlens serve` builds it: no folder dialog. */
async function serveMode(): Promise<AppService> {
  copy = copyOpenclawFixture();
  service = await createAppService({
    dataDir: copy.dataDir,
    context: { downloadAnswer: false, openclawHome: copy.home },
    log: () => {},
  });
  await service.open(copy.workspace, { isSample: false });
  return service;
}

async function call<R = unknown>(
  s: AppService,
  name: string,
  args: unknown,
): Promise<{ ok: boolean; result: R; error?: { code: string; message: string } }> {
  return (await s.dispatcher.handle(name, args)) as never;
}

describe('several agents: the switcher in serve mode', () => {
  it('lists the agents of openclaw.json with their workspaces and databases, and switches to one without a restart', async () => {
    const s = await serveMode();
    const listed = await call<{ agents: AgentWorkspace[] }>(s, 'agentWorkspaces', {});
    expect(listed.ok).toBe(true);
    expect(
      listed.result.agents.map((a) => [a.agentId, path.basename(a.workspace), a.from, a.hasDatabase, a.current]),
    ).toEqual([
      ['main', 'workspace', 'config', true, true],
      ['research', 'workspace-research', 'config', true, false],
    ]);
    const research = listed.result.agents[1]!.workspace;
    const opened = await call(s, 'openWorkspace', { path: research });
    expect(opened).toMatchObject({ ok: true, result: { opened: true, workspace: { workspaceDir: research } } });
    await s.session.whenSynced();
    const report = await call<AgentDatabasesReport>(s, 'agentDatabases', {});
    expect(report.result.databases.map((d) => d.agentId)).toEqual(['research']);
    const again = await call<{ agents: AgentWorkspace[] }>(s, 'agentWorkspaces', {});
    expect(again.result.agents.find((a) => a.current)?.agentId).toBe('research');
  });

  it('refuses any other folder by path, and the folder dialog, in serve mode', async () => {
    const s = await serveMode();
    const elsewhere = await call(s, 'openWorkspace', { path: path.join(copy.home, 'agents') });
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'NOT_ALLOWED' } });
    const dialog = await call(s, 'openWorkspace', { path: null });
    expect(dialog).toMatchObject({ ok: false, error: { code: 'NOT_ALLOWED' } });
    expect(s.session.info().workspaceDir).toBe(copy.workspace);
  });
});
