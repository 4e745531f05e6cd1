// The client over Electron's preload bridge: the bridge answers with outcome values (errors lose
// their fields crossing contextBridge), which become results or ApiErrors here.
import type { CallName, CallOutcome, MemlensApi, MemlensBridge } from '../../../shared/contract';
import { CALL_NAME_LIST, EVENT_NAME_LIST, EVENT_SUBSCRIBE_NAMES } from '../../../shared/contract-names';
import { ApiError } from './api-error';

export function createElectronClient(bridge: MemlensBridge): MemlensApi {
  const client: Record<string, unknown> = {};
  for (const name of CALL_NAME_LIST) {
    const invoke = bridge[name] as (args?: unknown) => Promise<CallOutcome<CallName>>;
    client[name] = async (args?: unknown) => {
      const outcome = await invoke(args ?? {});
      if (!outcome.ok) throw new ApiError(outcome.error);
      return outcome.result;
    };
  }
  for (const event of EVENT_NAME_LIST) {
    const subscribe = EVENT_SUBSCRIBE_NAMES[event];
    client[subscribe] = bridge[subscribe];
  }
  return Object.freeze(client) as MemlensApi;
}
