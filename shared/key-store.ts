// What Memory Lens needs from the OS keychain to keep an endpoint's key: encrypt and decrypt with
// a secret the OS holds (Electron's safeStorage: Keychain, DPAPI, libsecret/kwallet). Declared here
// so the desktop main process implements it and the app core uses it without knowing Electron.

export interface KeyStore {
  /** Null when keys can be kept; else why not, in words for Settings. */
  unavailableReason(): Promise<string | null>;
  encrypt(plain: string): Promise<Uint8Array>;
  /** Rejects when the sealed bytes were not made by this keychain (another user, a reset keychain). */
  decrypt(sealed: Uint8Array): Promise<string>;
}
