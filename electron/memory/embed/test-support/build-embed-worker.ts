// vitest global setup: a worker_threads Worker runs JavaScript only, and under vitest the
// embedder's source is TypeScript. Compile electron/memory/embed/*.ts into dist/ (where
// worker-embedding-provider.ts looks when it runs from source) so tests never run a stale worker.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const embedDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repoRoot = path.resolve(embedDir, '../../..');
const outDir = path.join(repoRoot, 'dist', path.relative(repoRoot, embedDir));

export function buildEmbedWorker(): string[] {
  fs.mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const name of fs.readdirSync(embedDir)) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts') || name.endsWith('.d.ts')) continue;
    const source = fs.readFileSync(path.join(embedDir, name), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      fileName: name,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true,
        esModuleInterop: true,
      },
    });
    const target = path.join(outDir, name.replace(/\.ts$/, '.js'));
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
    // Compare first: `tsc -p tsconfig.node.json` writes the same files (with a source-map comment).
    if (current === null || stripSourceMap(current) !== stripSourceMap(outputText)) {
      fs.writeFileSync(target, outputText);
      written.push(target);
    }
  }
  return written;
}

function stripSourceMap(text: string): string {
  return text.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '').trim();
}

export default function setup(): void {
  buildEmbedWorker();
}
