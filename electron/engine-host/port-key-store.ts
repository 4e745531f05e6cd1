// The OS keychain as the engine host sees it: Electron's safeStorage runs only in main, so each
// step is a request over the port (engine-host-protocol.ts), answered by main's KeyStore.
import type { KeyStore } from '../../shared/key-store.js';
import type { HostRequest } from './engine-host-protocol.js';

export function portKeyStore(ask: (request: HostRequest) => Promise<unknown>): KeyStore {
  return {
    unavailableReason: async () => {
      const reason = await ask({ kind: 'keychainStatus' });
      return typeof reason === 'string' ? reason : null;
    },
    encrypt: async (plain) => {
      const sealed = await ask({ kind: 'keychainEncrypt', plain });
      if (!(sealed instanceof Uint8Array)) throw new Error('the keychain answered no bytes');
      return sealed;
    },
    decrypt: async (sealed) => {
      const plain = await ask({ kind: 'keychainDecrypt', sealed });
      if (typeof plain !== 'string') throw new Error('the keychain answered no text');
      return plain;
    },
  };
}
