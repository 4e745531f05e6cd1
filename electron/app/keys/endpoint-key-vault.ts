// The embedding endpoint's key when the user gives it to Memory Lens itself (Settings, desktop app):
// encrypted by the OS keychain (shared/key-store.ts) into Memory Lens's own data folder — never
// OpenClaw's, never in plain text. The key is held in memory for the requests that need it and is
// never part of an answer: status() says only whether one is stored.
import { type Log, logLine } from '../../../shared/log-line.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MemoryLensError } from '../../../shared/errors.js';
import type { EndpointKeyStatus } from '../../../shared/endpoint-key-schemas.js';
import { keyStoreReason, keyStoreReasonOf, type KeyStore } from '../../../shared/key-store.js';
import { atomicWrite } from '../../memory/files/atomic-write.js';

const FILE_NAME = 'endpoint-key.sealed';

/** Serve mode and the CLI run where no OS keychain can be asked: the key comes from an environment variable. */
export const NO_KEYCHAIN_REASON = keyStoreReason('noKeychain');

export class EndpointKeyVault {
  private key: string | null = null;
  private problem: string | null = null;

  private constructor(
    private readonly file: string,
    private readonly store: KeyStore | null,
    private readonly log: Log,
  ) {}

  /** Reads and decrypts a stored key; a key that cannot be decrypted is reported, not deleted. */
  static async open(dataDir: string, store: KeyStore | null, log: Log): Promise<EndpointKeyVault> {
    const vault = new EndpointKeyVault(path.join(dataDir, FILE_NAME), store, log);
    await vault.load();
    return vault;
  }

  /** The key for the endpoint's requests, or null. */
  current(): string | null {
    return this.key;
  }

  async status(): Promise<EndpointKeyStatus> {
    const reason = await this.unavailableReason();
    return { available: reason === null, unavailableReason: reason ?? this.problem, stored: this.key !== null };
  }

  async set(key: string): Promise<EndpointKeyStatus> {
    const reason = await this.unavailableReason();
    if (reason !== null) {
      const known = keyStoreReasonOf(reason);
      throw new MemoryLensError(
        'UNAVAILABLE',
        known
          ? { messageId: 'errors:endpointKey.cannotKeep', params: { reason: known } }
          : { messageId: 'errors:endpointKey.cannotKeepBecause', params: { text: reason } },
      );
    }
    const sealed = await this.store!.encrypt(key);
    // Only the sealed bytes touch the disk; the file is the user's alone.
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await fs.writeFile(this.file, '', { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    await atomicWrite(this.file, Buffer.from(sealed));
    this.key = key;
    this.problem = null;
    return this.status();
  }

  async forget(): Promise<EndpointKeyStatus> {
    await fs.rm(this.file, { force: true });
    this.key = null;
    this.problem = null;
    return this.status();
  }

  private async unavailableReason(): Promise<string | null> {
    if (!this.store) return NO_KEYCHAIN_REASON;
    return this.store.unavailableReason();
  }

  private async load(): Promise<void> {
    const sealed = await fs.readFile(this.file).catch(() => null);
    if (!sealed || sealed.length === 0 || !this.store) return;
    try {
      this.key = await this.store.decrypt(new Uint8Array(sealed));
    } catch (error) {
      // Never the bytes or the key in the log: only that the keychain refused them.
      this.problem = keyStoreReason('undecryptable');
      this.log(logLine('log:endpointKeyUndecryptable', error));
    }
  }
}
