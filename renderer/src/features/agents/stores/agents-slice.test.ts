import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { MemoryLensError } from '../../../../../shared/errors';
import { translator } from '../../../../../shared/i18n';
import { ApiError } from '../../../api/api-error';
import { shownText } from '../../../lib/error-message';
import { createAgentsSlice, type AgentsPort, type AgentsSlice } from './agents-slice';

const unused = async (): Promise<never> => {
  throw new Error('not used');
};

describe('agents slice', () => {
  it('keeps a refused workspace switch as the typed error and words it in the interface language', async () => {
    // Serve mode refuses a path it did not offer; the client rejects with the engine's typed error.
    const port: AgentsPort = {
      agentDatabases: unused,
      agentWorkspaces: unused,
      agentIndexChunks: unused,
      openWorkspace: async () => {
        throw new ApiError(new MemoryLensError('NOT_ALLOWED', { messageId: 'errors:workspace.notOffered' }).toValue());
      },
    };
    const store = createStore<AgentsSlice>()(createAgentsSlice(port));
    await store.getState().switchAgentWorkspace('/elsewhere');
    const error = store.getState().agents.error!;
    expect(shownText(translator('zh-CN'), error)).toBe(
      '只有之前用“打开工作区…”选过的工作区，或 OpenClaw 智能体的工作区，才能按路径打开。',
    );
    expect(shownText(translator('en'), error)).toMatch(/^Only a workspace chosen before/);
  });
});
