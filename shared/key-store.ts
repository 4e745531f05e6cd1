// What Memory Lens needs from the OS keychain to keep an endpoint's key: encrypt and decrypt with
// a secret the OS holds (Electron's safeStorage: Keychain, DPAPI, libsecret/kwallet). Declared here
// so the desktop main process implements it and the app core uses it without knowing Electron.
import { englishText } from './i18n.js';

export interface KeyStore {
  /** Null when keys can be kept; else why not, in words for Settings. */
  unavailableReason(): Promise<string | null>;
  encrypt(plain: string): Promise<Uint8Array>;
  /** Rejects when the sealed bytes were not made by this keychain (another user, a reset keychain). */
  decrypt(sealed: Uint8Array): Promise<string>;
}

/** Why a key cannot be kept, by message id (`errors:endpointKey.reason.<reason>`). */
export type KeyStoreReason = 'noKeychain' | 'keychainUnavailable' | 'noKeyring' | 'undecryptable' | 'windowNoKeychain';

const REASONS: readonly KeyStoreReason[] = [
  'noKeychain',
  'keychainUnavailable',
  'noKeyring',
  'undecryptable',
  'windowNoKeychain',
];

/** A reason's English text: what `unavailableReason` says, across processes and in the API. */
export function keyStoreReason(reason: KeyStoreReason): string {
  return englishText({ messageId: `errors:endpointKey.reason.${reason}` });
}

/** The reason behind an English text `unavailableReason` gave, or null when it is none of ours. */
export function keyStoreReasonOf(text: string): KeyStoreReason | null {
  return REASONS.find((reason) => keyStoreReason(reason) === text) ?? null;
}
