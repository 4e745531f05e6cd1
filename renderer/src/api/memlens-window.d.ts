// `window.memlens` as the preload exposes it (electron/preload/index.ts builds it from the same
// contract type). Absent in a browser: the client then talks to serve mode over HTTP.
import type { MemlensBridge } from '../../../shared/contract';

declare global {
  interface Window {
    readonly memlens?: MemlensBridge;
  }
}

export {};
