// vitest global setup: a worker_threads Worker runs JavaScript only, and under vitest the engine is
// TypeScript. Compile each worker entry and every module it loads (followed through relative
// imports, so a worker importing ../../../shared/x.js never runs a stale or missing copy) into
// dist/, where the engine looks for its workers when it runs from source (embedWorkerUrl in
// embed/worker-thread-transport.ts, prepareWorkerUrl in sync/prepare-pool.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const memoryDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repoRoot = path.resolve(memoryDir, '../..');

/** The modules started with `new Worker(url)`: nothing imports them, so nothing else compiles them. */
export const WORKER_ENTRIES: readonly string[] = [
  path.join(memoryDir, 'embed', 'embed-worker.ts'),
  path.join(memoryDir, 'sync', 'prepare-worker.ts'),
  path.join(memoryDir, 'sync', 'big-session-worker.ts'),
  path.join(memoryDir, 'search', 'sqlite', 'query-expansion', 'cedict-build-worker.ts'),
  path.join(repoRoot, 'electron', 'app', 'doctor', 'doctor-worker.ts'),
];

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2022,
  verbatimModuleSyntax: true,
  esModuleInterop: true,
};

/**
 * Compiles the worker entries and their relative imports into `outRoot` (mirroring the repository
 * layout, as tsconfig.node.json does) and returns the files it wrote. A file whose compiled text is
 * already there is left alone.
 */
export function buildWorkers(
  outRoot: string = path.join(repoRoot, 'dist'),
  entries: readonly string[] = WORKER_ENTRIES,
): string[] {
  const written: string[] = [];
  const queue = [...entries];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const sourcePath = queue.pop()!;
    if (!fs.existsSync(sourcePath)) throw new Error(`worker module not found: ${path.relative(repoRoot, sourcePath)}`);
    const isTypeScript = sourcePath.endsWith('.ts');
    const outputText = isTypeScript
      ? ts.transpileModule(fs.readFileSync(sourcePath, 'utf8'), {
          fileName: path.basename(sourcePath),
          compilerOptions: COMPILER_OPTIONS,
        }).outputText
      : fs.readFileSync(sourcePath, 'utf8');
    const target = path.join(outRoot, path.relative(repoRoot, sourcePath)).replace(/\.ts$/, '.js');
    if (writeIfChanged(target, outputText)) written.push(target);
    if (!isTypeScript) continue;
    // Read from the output: type-only imports are gone there, so only modules the worker loads follow.
    for (const { fileName } of ts.preProcessFile(outputText, true, true).importedFiles) {
      if (!fileName.startsWith('./') && !fileName.startsWith('../')) continue;
      const dependency = sourceOf(path.resolve(path.dirname(sourcePath), fileName));
      if (!seen.has(dependency)) {
        seen.add(dependency);
        queue.push(dependency);
      }
    }
  }
  return written;
}

/** `./x.js` is written for `./x.ts`; anything else (JSON, plain JS) is copied as it is. */
function sourceOf(resolved: string): string {
  const typeScript = resolved.replace(/\.js$/, '.ts');
  return fs.existsSync(typeScript) ? typeScript : resolved;
}

function writeIfChanged(target: string, text: string): boolean {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
  // Compare without the source-map comment: `tsc -p tsconfig.node.json` writes the same files with one.
  if (current !== null && stripSourceMap(current) === stripSourceMap(text)) return false;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
  return true;
}

function stripSourceMap(text: string): string {
  return text.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '').trim();
}

export default function setup(): void {
  buildWorkers();
}
