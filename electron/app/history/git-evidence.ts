// Git commits that hold a version's exact bytes, read with the user's own `git` binary: it knows
// every repository format, pack and config the user's repository uses (a JS reimplementation
// such as isomorphic-git would be a new dependency that lags them), and it is run read-only —
// `log` only, GIT_OPTIONAL_LOCKS=0 so it never takes the index lock the user's git may want.
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';

export interface GitCommitOfBlob {
  sha: string;
  author: string;
  time: number;
}

/** How long one `git log` may run before the evidence is given up on (a huge repository). */
const GIT_TIMEOUT_MS = 5_000;
/** Commits read per file: enough for weeks of history, bounded for a repository with years. */
const MAX_COMMITS = 500;
const CACHE_MS = 5_000;

/** Git's object id of a blob: sha1("blob <size>\0" + bytes). */
export function gitBlobId(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

export class GitEvidence {
  private readonly cache = new Map<string, { at: number; commits: Promise<Map<string, GitCommitOfBlob>> }>();
  private available: boolean | null = null;
  /** Outside a git work tree no `git log` is run per file (a doctor pass asks for hundreds). */
  private repo: { at: number; inside: Promise<boolean> } | null = null;

  constructor(private readonly workspaceDir: string) {}

  /** The newest commit whose version of `relPath` has these bytes, or null (no git, no repo, no commit). */
  async commitOf(relPath: string, bytes: Buffer): Promise<GitCommitOfBlob | null> {
    if (this.available === false || !(await this.insideRepo())) return null;
    const cached = this.cache.get(relPath);
    const entry =
      cached && Date.now() - cached.at < CACHE_MS ? cached : { at: Date.now(), commits: this.blobsOf(relPath) };
    this.cache.set(relPath, entry);
    return (await entry.commits).get(gitBlobId(bytes)) ?? null;
  }

  private insideRepo(): Promise<boolean> {
    if (this.repo && Date.now() - this.repo.at < CACHE_MS) return this.repo.inside;
    const inside = this.git(['rev-parse', '--is-inside-work-tree']).then((out) => out?.trim() === 'true');
    this.repo = { at: Date.now(), inside };
    return inside;
  }

  private async blobsOf(relPath: string): Promise<Map<string, GitCommitOfBlob>> {
    const out = await this.git([
      'log',
      `-n${MAX_COMMITS}`,
      '--no-renames',
      '--raw',
      '--no-abbrev',
      '--format=%x01%H%x00%an%x00%at',
      '--',
      relPath,
    ]);
    const byBlob = new Map<string, GitCommitOfBlob>();
    if (out === null) return byBlob;
    for (const block of out.split('\x01').slice(1)) {
      const [head, ...raw] = block.split('\n');
      const [sha, author, at] = (head ?? '').split('\0');
      if (!sha || !author || !at) continue;
      for (const line of raw) {
        // :100644 100644 <old> <new> M\t<path>
        const m = /^:\d+ \d+ [0-9a-f]+ ([0-9a-f]+) \w+\t/.exec(line);
        if (m && !byBlob.has(m[1]!)) byBlob.set(m[1]!, { sha, author, time: Number(at) * 1000 });
      }
    }
    return byBlob;
  }

  private git(args: string[]): Promise<string | null> {
    return new Promise((resolve) => {
      execFile(
        'git',
        ['-C', this.workspaceDir, ...args],
        {
          timeout: GIT_TIMEOUT_MS,
          maxBuffer: 16 * 1024 * 1024,
          env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
        },
        (error, stdout) => {
          if (error) {
            // No git binary at all: stop asking. Not a repository (or another failure): no evidence.
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') this.available = false;
            resolve(null);
            return;
          }
          resolve(stdout);
        },
      );
    });
  }
}
