// transformers.js reports loading per file (initiate → download → progress… → done); the UI wants
// one bar per model: bytes so far over bytes expected, summed over the files seen, and whether any
// of it comes from the network. Sent at most every PROGRESS_INTERVAL_MS, plus the first and last.
import type { ModelProgress } from '../../shared/domain.js';
import type { ModeReason } from '../../shared/mode-reasons.js';
import type { ModelLoadProgress } from '../memory/embed/embed-protocol.js';

const PROGRESS_INTERVAL_MS = 100;

export function createModelProgressReporter(
  modelId: string,
  emit: (progress: ModelProgress) => void,
  clock: () => number = Date.now,
) {
  const files = new Map<string, { loaded: number; total: number }>();
  let downloading = false;
  let lastSent = Number.NEGATIVE_INFINITY;
  const snapshot = (): ModelProgress => {
    let loaded = 0;
    let total = 0;
    for (const f of files.values()) {
      loaded += f.loaded;
      total += f.total;
    }
    const progress: ModelProgress = { modelId, phase: downloading ? 'downloading' : 'loading' };
    if (total > 0) Object.assign(progress, { loaded, total });
    return progress;
  };
  return {
    update(p: ModelLoadProgress): void {
      if (p.status === 'download') downloading = true;
      const name = p.file ?? '';
      if (p.status === 'progress' && (p.loaded !== undefined || p.total !== undefined)) {
        files.set(name, { loaded: p.loaded ?? 0, total: p.total ?? files.get(name)?.total ?? 0 });
      } else if (p.status === 'done' && files.has(name)) {
        const f = files.get(name)!;
        files.set(name, { loaded: f.total || f.loaded, total: f.total || f.loaded });
      }
      const now = clock();
      const first = lastSent === Number.NEGATIVE_INFINITY;
      if (!first && now - lastSent < PROGRESS_INTERVAL_MS) return;
      lastSent = now;
      emit({ ...snapshot(), ...(p.file ? { file: p.file } : {}) });
    },
    /** `reason`: English text, or a reason by id beside its English (the window words it in its language). */
    finish(ok: boolean, reason?: string | ModeReason): void {
      const said =
        typeof reason === 'string'
          ? { message: reason }
          : reason
            ? {
                message: reason.message,
                ...(reason.messageId ? { messageId: reason.messageId } : {}),
                ...(reason.params ? { params: reason.params } : {}),
              }
            : {};
      emit({ ...snapshot(), phase: ok ? 'ready' : 'failed', ...said });
    },
  };
}
