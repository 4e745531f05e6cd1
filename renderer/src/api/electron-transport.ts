// The client over Electron's preload bridge: the bridge answers with outcome values (errors lose
// their fields crossing contextBridge), which become results or ApiErrors here.
import {
  CALL_NAMES,
  EVENT_NAMES,
  EVENTS,
  type CallName,
  type CallOutcome,
  type MemlensApi,
  type MemlensBridge,
} from '../../../shared/contract';
import { ApiError } from './api-error';

export function createElectronClient(bridge: MemlensBridge): MemlensApi {
  const client: Record<string, unknown> = {};
  for (const name of CALL_NAMES) {
    const invoke = bridge[name] as (args?: unknown) => Promise<CallOutcome<CallName>>;
    client[name] = async (args?: unknown) => {
      const outcome = await invoke(args ?? {});
      if (!outcome.ok) throw new ApiError(outcome.error);
      return outcome.result;
    };
  }
  for (const event of EVENT_NAMES) {
    const subscribe = EVENTS[event].subscribe;
    client[subscribe] = bridge[subscribe];
  }
  return Object.freeze(client) as MemlensApi;
}
