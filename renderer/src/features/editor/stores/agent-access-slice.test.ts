import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { MemoryLensError } from '../../../../../shared/errors';
import { translator } from '../../../../../shared/i18n';
import { ApiError } from '../../../api/api-error';
import { shownText } from '../../../lib/error-message';
import { createAgentAccessSlice, type AgentAccessPort, type AgentAccessSlice } from './agent-access-slice';

describe('agent access slice', () => {
  it('keeps a refused session save as the typed error and words it in the interface language when shown', async () => {
    // A heartbeat-only session has nothing to save: the engine's typed error, as the client rejects with it.
    const port: AgentAccessPort = {
      fileAccess: async () => {
        throw new Error('not used');
      },
      saveSessionMemory: async () => {
        throw new ApiError(
          new MemoryLensError('INVALID_ARGUMENT', { messageId: 'errors:agent.onlyHeartbeats' }).toValue(),
        );
      },
    };
    const store = createStore<AgentAccessSlice>()(createAgentAccessSlice(port));
    expect(await store.getState().saveSessionAsMemory('sessions/main/beat.jsonl')).toBeNull();
    const { status, error } = store.getState().agentAccess.sessionSave;
    expect(status).toBe('error');
    expect(shownText(translator('zh-CN'), error!)).toBe(
      '这个心跳会话只有心跳提示和 HEARTBEAT_OK 回复，没有可保存的内容。',
    );
    expect(shownText(translator('en'), error!)).toMatch(/^This heartbeat session holds only heartbeat prompts/);
  });
});
