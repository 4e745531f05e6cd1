// A KeyStore that really encrypts (AES-256-GCM under a random key held only by this object), for
// tests of what the app does with a keychain where Electron's safeStorage cannot run. A sealed
// key from another instance does not decrypt, as with another user's keychain.
import crypto from 'node:crypto';
import type { KeyStore } from '../../../shared/key-store.js';

export class AesTestKeyStore implements KeyStore {
  private readonly secret = crypto.randomBytes(32);
  /** Every plain text this store was asked to encrypt (a test checks none of it reached a file). */
  readonly encrypted: string[] = [];

  constructor(private readonly unavailable: string | null = null) {}

  async unavailableReason(): Promise<string | null> {
    return this.unavailable;
  }

  async encrypt(plain: string): Promise<Uint8Array> {
    this.encrypted.push(plain);
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.secret, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return new Uint8Array(Buffer.concat([iv, cipher.getAuthTag(), body]));
  }

  async decrypt(sealed: Uint8Array): Promise<string> {
    const bytes = Buffer.from(sealed);
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.secret, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}
