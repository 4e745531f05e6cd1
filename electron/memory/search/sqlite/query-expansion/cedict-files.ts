// Where the CC-CEDICT file comes from. A copy built with the app (`dictionaries/` in the package,
// made by `npm run build:node`) is read as it is. Without one, the file is built once into the
// app's data folder by a worker thread; searches meanwhile answer without translations (and say
// so) rather than wait the few seconds the build takes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CedictStore, cedictFileName } from './cedict-store.js';

export type DictionaryState =
  { state: 'ready'; store: CedictStore } | { state: 'building' } | { state: 'unavailable'; reason: string };

export interface CedictFilesOptions {
  /** The folder the file is built into when the package has none (`<dataDir>/dictionaries`); null: never build. */
  buildDir: string | null;
  /** A copy read as it is, tried first (default: the package's, bundledCedictFile()). */
  bundled?: string | null;
}

/** A build's temp file this old belongs to a process that died mid-build. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/** `dictionaries/<file>` in the package this code runs from (the folder holding the nearest package.json). */
export function bundledCedictFile(fromUrl: string = import.meta.url): string | null {
  let dir = path.dirname(fileURLToPath(fromUrl));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
  return path.join(dir, 'dictionaries', cedictFileName());
}

/** The compiled worker: beside this module once built, in dist/ when this runs as TypeScript (vitest). */
export function cedictBuildWorkerUrl(): URL {
  const here = new URL(import.meta.url);
  if (here.pathname.endsWith('.ts'))
    return new URL('../../../../../dist/electron/memory/search/sqlite/query-expansion/cedict-build-worker.js', here);
  return new URL('./cedict-build-worker.js', here);
}

export class CedictFiles {
  private store: CedictStore | null = null;
  private build: Promise<void> | null = null;
  private failure: string | null = null;

  constructor(private readonly options: CedictFilesOptions) {}

  /** The dictionary, or why there is none yet; the first call that finds none starts the build. */
  current(): DictionaryState {
    if (this.store) return { state: 'ready', store: this.store };
    const found = this.existing();
    if (found) {
      try {
        this.store = new CedictStore(found);
        return { state: 'ready', store: this.store };
      } catch (error) {
        this.failure = `its file could not be opened (${error instanceof Error ? error.message : String(error)})`;
      }
    }
    if (this.failure) return { state: 'unavailable', reason: this.failure };
    if (this.options.buildDir === null) return { state: 'unavailable', reason: 'no dictionary file was built' };
    this.build ??= this.startBuild(path.join(this.options.buildDir, cedictFileName())).finally(() => {
      this.build = null;
    });
    return this.failure ? { state: 'unavailable', reason: this.failure } : { state: 'building' };
  }

  /** Once a build that is needed has finished: for evaluations, which must expand every question alike. */
  async ready(): Promise<DictionaryState> {
    this.current();
    await this.build;
    return this.current();
  }

  /** Lets a running build finish (its file spares the next run the same wait), then closes the file. */
  async close(): Promise<void> {
    await this.build;
    this.store?.close();
    this.store = null;
  }

  private existing(): string | null {
    const bundled = this.options.bundled === undefined ? bundledCedictFile() : this.options.bundled;
    const built = this.options.buildDir === null ? null : path.join(this.options.buildDir, cedictFileName());
    return [bundled, built].find((file): file is string => file !== null && fs.existsSync(file)) ?? null;
  }

  private startBuild(file: string): Promise<void> {
    removeLeftovers(path.dirname(file), path.basename(file));
    let worker: Worker;
    try {
      worker = new Worker(cedictBuildWorkerUrl(), { workerData: { file } });
    } catch (error) {
      this.failure = `its build could not start (${error instanceof Error ? error.message : String(error)})`;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      let answered = false;
      const finish = (failure: string | null): void => {
        if (answered) return;
        answered = true;
        this.failure = failure;
        resolve();
      };
      worker.on('message', (reply: { built: true } | { error: string }) =>
        finish('error' in reply ? `its build failed: ${reply.error}` : null),
      );
      worker.on('error', (error) => finish(`its build failed: ${error.message}`));
      worker.on('exit', (code) => finish(code === 0 ? null : `its build stopped (exit code ${code})`));
    });
  }
}

/** Other versions' files and temp files of builds that died: each is 12 MB nobody reads. */
function removeLeftovers(dir: string, keep: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith('cedict-') || name === keep) continue;
    const file = path.join(dir, name);
    try {
      const stale = name.endsWith('.sqlite') || Date.now() - fs.statSync(file).mtimeMs > STALE_TEMP_MS;
      if (stale) fs.rmSync(file, { force: true });
    } catch {
      // Gone meanwhile, or not ours to remove: leave it.
    }
  }
}
