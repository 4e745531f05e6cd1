// vitest global setup: a worker_threads Worker runs JavaScript only, and under vitest the sync
// code is TypeScript. Compile the bulk-sync worker and every module it imports (followed through
// relative imports) into dist/, where prepare-pool.ts looks when it runs from source, so tests
// never run a stale worker.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const syncDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repoRoot = path.resolve(syncDir, '../../..');
const entry = path.join(syncDir, 'prepare-worker.ts');

/** Relative module specifiers of a compiled module (`import … from './x.js'`, `export … from`). */
const RELATIVE_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

export function buildPrepareWorker(): string[] {
  const written: string[] = [];
  const queue = [entry];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const sourcePath = queue.pop()!;
    const { outputText } = ts.transpileModule(fs.readFileSync(sourcePath, 'utf8'), {
      fileName: path.basename(sourcePath),
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true, esModuleInterop: true },
    });
    const target = path.join(repoRoot, 'dist', path.relative(repoRoot, sourcePath)).replace(/\.ts$/, '.js');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
    // Compare first: `tsc -p tsconfig.node.json` writes the same files (with a source-map comment).
    if (current === null || stripSourceMap(current) !== stripSourceMap(outputText)) {
      fs.writeFileSync(target, outputText);
      written.push(target);
    }
    // Type-only imports are gone from the output, so only modules the worker really loads follow.
    for (const match of outputText.matchAll(RELATIVE_IMPORT)) {
      const dependency = path.resolve(path.dirname(sourcePath), match[1]!.replace(/\.js$/, '.ts'));
      if (!seen.has(dependency)) {
        seen.add(dependency);
        queue.push(dependency);
      }
    }
  }
  return written;
}

function stripSourceMap(text: string): string {
  return text.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '').trim();
}

export default function setup(): void {
  buildPrepareWorker();
}
