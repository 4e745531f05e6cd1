// The Context view's state: the engine's report of what the agent sees at session start, for the
// OpenClaw release and agent the user picked. Refreshed on demand, after saves and file changes.
import type { StateCreator } from 'zustand';
import { DEFAULT_OPENCLAW_VERSION, type OpenclawVersion } from '../../../../../shared/bootstrap-profiles';
import type { MemlensApi } from '../../../../../shared/contract';
import type { ContextReport } from '../../../../../shared/domain';
import { shownError, type ShownMessage } from '../../../lib/error-message';
import { Latest, slicePatch } from '../../../lib/slice-state';

export type ContextPort = Pick<MemlensApi, 'context' | 'createFile'>;

export interface ContextSlice {
  context: {
    report: ContextReport | null;
    loading: boolean;
    error: ShownMessage | null;
    version: OpenclawVersion;
    /** Agent whose limits apply; null = let the engine choose (the default agent, else agents.defaults). */
    agent: string | null;
    /** File whose injected text is shown in a dialog. */
    textFor: string | null;
  };
  loadContext(): Promise<void>;
  setContextVersion(version: OpenclawVersion): void;
  setContextAgent(agent: string | null): void;
  showContextText(name: string | null): void;
  /** Creates an absent bootstrap file (empty) so it can be opened and written. */
  createBootstrapFile(name: string): Promise<boolean>;
}

export const initialContextState: ContextSlice['context'] = {
  report: null,
  loading: false,
  error: null,
  version: DEFAULT_OPENCLAW_VERSION,
  agent: null,
  textFor: null,
};

export function createContextSlice(port: ContextPort): StateCreator<ContextSlice, [], [], ContextSlice> {
  const loads = new Latest();
  return (set, get) => {
    const patch = slicePatch(set, 'context');
    return {
      context: initialContextState,
      async loadContext() {
        const mine = loads.next();
        const { version, agent } = get().context;
        patch({ loading: true });
        try {
          const report = await port.context({
            openclawVersion: version,
            includeText: true,
            ...(agent ? { agent } : {}),
          });
          if (loads.isCurrent(mine)) patch({ report, error: null, loading: false });
        } catch (error) {
          if (loads.isCurrent(mine)) patch({ error: shownError(error), loading: false });
        }
      },
      setContextVersion(version) {
        patch({ version });
        void get().loadContext();
      },
      setContextAgent(agent) {
        patch({ agent });
        void get().loadContext();
      },
      showContextText: (textFor) => patch({ textFor }),
      async createBootstrapFile(name) {
        try {
          await port.createFile({ path: name, text: '' });
          await get().loadContext();
          return true;
        } catch (error) {
          patch({ error: shownError(error) });
          return false;
        }
      },
    };
  };
}
