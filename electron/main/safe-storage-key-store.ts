// The KeyStore of the desktop app: Electron's safeStorage, which seals with a secret the OS keeps
// (macOS Keychain, Windows DPAPI, libsecret or kwallet on Linux). Where Linux has no keyring,
// Electron falls back to a fixed password ('basic_text'): that is refused, not used.
import { safeStorage } from 'electron';
import { keyStoreReason, type KeyStore } from '../../shared/key-store.js';

type SafeStorage = Pick<
  typeof safeStorage,
  'isEncryptionAvailable' | 'encryptString' | 'decryptString' | 'getSelectedStorageBackend'
>;

export function safeStorageKeyStore(
  storage: SafeStorage = safeStorage,
  platform: NodeJS.Platform = process.platform,
): KeyStore {
  const unavailableReason = async (): Promise<string | null> => {
    if (!storage.isEncryptionAvailable()) return keyStoreReason('keychainUnavailable');
    if (platform === 'linux' && storage.getSelectedStorageBackend() === 'basic_text') {
      return keyStoreReason('noKeyring');
    }
    return null;
  };
  return {
    unavailableReason,
    encrypt: async (plain) => {
      const reason = await unavailableReason();
      if (reason) throw new Error(reason);
      return new Uint8Array(storage.encryptString(plain));
    },
    decrypt: async (sealed) => storage.decryptString(Buffer.from(sealed)),
  };
}
