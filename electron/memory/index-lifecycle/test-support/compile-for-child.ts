// Tests that need a second real process (two engines racing for one index) run the engine's own
// code in a child `node`. Under vitest that code is TypeScript, so this transpiles an entry and
// every module it imports (followed through relative imports) into a private temp folder — not
// into dist/, which other tests and `tsc` write concurrently. Packages resolve through a
// node_modules link to the repository's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Relative module specifiers of a compiled module (`import … from './x.js'`, `export … from`). */
const RELATIVE_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** Compiles `entry` (a repository-relative .ts path) and its imports; returns the compiled entry's absolute path. */
export function compileForChild(entry: string): string {
  const outRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-child-build-'));
  fs.writeFileSync(path.join(outRoot, 'package.json'), JSON.stringify({ type: 'module' }));
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(outRoot, 'node_modules'), 'dir');
  const first = path.join(repoRoot, entry);
  const queue = [first];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const sourcePath = queue.pop()!;
    const { outputText } = ts.transpileModule(fs.readFileSync(sourcePath, 'utf8'), {
      fileName: path.basename(sourcePath),
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true, esModuleInterop: true },
    });
    const target = path.join(outRoot, path.relative(repoRoot, sourcePath)).replace(/\.ts$/, '.js');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, outputText);
    for (const match of outputText.matchAll(RELATIVE_IMPORT)) {
      const dependency = path.resolve(path.dirname(sourcePath), match[1]!.replace(/\.js$/, '.ts'));
      if (!seen.has(dependency)) {
        seen.add(dependency);
        queue.push(dependency);
      }
    }
  }
  return path.join(outRoot, entry).replace(/\.ts$/, '.js');
}
