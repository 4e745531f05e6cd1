// Unsaved editor text, kept in the data dir so a crash, a closed tab or a reload loses nothing:
// `drafts/<workspace key>/<sha256(path)>.json`, one file per draft, written atomically. Never in
// the workspace (users sync it; a draft there would look like a memory). Paths are only keys here
// — a draft is text the user typed, not a file this store reads from the workspace.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DraftSchema } from '../../shared/app-data-schemas.js';
import type { Draft } from '../../shared/domain.js';
import { workspaceKey } from '../memory/files/data-dir.js';
import { atomicWrite } from '../memory/files/atomic-write.js';
import { normalizeRelPath } from '../memory/files/safe-path.js';

export class DraftStore {
  constructor(private readonly dataDir: string) {}

  folderFor(workspaceDir: string): string {
    return path.join(this.dataDir, 'drafts', workspaceKey(workspaceDir));
  }

  async list(workspaceDir: string): Promise<Draft[]> {
    const dir = this.folderFor(workspaceDir);
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const drafts: Draft[] = [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const text = await fs.readFile(path.join(dir, name), 'utf8').catch(() => null);
      if (text === null) continue;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        continue; // A torn file cannot come from atomicWrite; skip anything else that is not ours.
      }
      const parsed = DraftSchema.safeParse(json);
      if (parsed.success) drafts.push(parsed.data);
    }
    return drafts.sort((a, b) => b.savedAt - a.savedAt || a.path.localeCompare(b.path));
  }

  async put(
    workspaceDir: string,
    relPath: string,
    text: string,
    baseHash: string | null,
    now = Date.now(),
  ): Promise<Draft> {
    const draft: Draft = { path: normalizeRelPath(relPath), text, baseHash, savedAt: now };
    const dir = this.folderFor(workspaceDir);
    await fs.mkdir(dir, { recursive: true });
    await atomicWrite(this.fileFor(dir, draft.path), `${JSON.stringify(draft)}\n`);
    return draft;
  }

  async delete(workspaceDir: string, relPath: string): Promise<boolean> {
    const file = this.fileFor(this.folderFor(workspaceDir), normalizeRelPath(relPath));
    try {
      await fs.unlink(file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  private fileFor(dir: string, cleanPath: string): string {
    return path.join(dir, `${createHash('sha256').update(cleanPath).digest('hex').slice(0, 32)}.json`);
  }
}
