// Content-addressed bytes of kept versions: `blobs/<first 2 hex>/<sha256>`. A blob is written
// before the version that names it is recorded (atomicWrite: temp, fsync, rename, fsync folder),
// so a version in the log always has its bytes; a kill between the two leaves only an unnamed blob,
// which garbage collection removes once it is old.
import fs from 'node:fs/promises';
import path from 'node:path';
import { atomicWrite } from '../../memory/files/atomic-write.js';
import { sha256 } from '../../memory/text/hash.js';

/** An unreferenced blob younger than this may belong to a version another process is recording. */
export const BLOB_GRACE_MS = 10 * 60_000;

export class BlobStore {
  constructor(readonly dir: string) {}

  pathOf(hash: string): string {
    return path.join(this.dir, hash.slice(0, 2), hash);
  }

  /** Writes the bytes under their hash unless a blob with those exact bytes is already there. */
  async put(hash: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(hash);
    const existing = await fs.readFile(target).catch(() => null);
    if (existing && sha256(existing) === hash) return;
    await fs.mkdir(path.dirname(target), { recursive: true });
    await atomicWrite(target, bytes);
  }

  /** The bytes, or null when missing or damaged (their hash no longer matches). */
  async get(hash: string): Promise<Buffer | null> {
    const bytes = await fs.readFile(this.pathOf(hash)).catch(() => null);
    return bytes && sha256(bytes) === hash ? bytes : null;
  }

  async has(hash: string): Promise<boolean> {
    return (await this.get(hash)) !== null;
  }

  /** Every file in the store (blobs, and a temp file a killed write left). */
  async files(): Promise<string[]> {
    const out: string[] = [];
    const shards = await fs.readdir(this.dir).catch(() => [] as string[]);
    for (const shard of shards) {
      const names = await fs.readdir(path.join(this.dir, shard)).catch(() => [] as string[]);
      out.push(...names.map((name) => path.join(this.dir, shard, name)));
    }
    return out;
  }

  /** Removes blobs no version names (and older than the grace period); returns the bytes freed. */
  async collect(referenced: ReadonlySet<string>, now = Date.now()): Promise<number> {
    let freed = 0;
    const shards = await fs.readdir(this.dir).catch(() => [] as string[]);
    for (const shard of shards) {
      const names = await fs.readdir(path.join(this.dir, shard)).catch(() => [] as string[]);
      for (const name of names) {
        if (referenced.has(name)) continue;
        const abs = path.join(this.dir, shard, name);
        const stat = await fs.stat(abs).catch(() => null);
        if (!stat?.isFile() || now - stat.mtimeMs < BLOB_GRACE_MS) continue;
        if (
          await fs.unlink(abs).then(
            () => true,
            () => false,
          )
        )
          freed += stat.size;
      }
    }
    return freed;
  }
}
