// Before any spec: compile the CLI/server (bin/memlens.js runs dist/cli/) so specs never test a stale
// build, and build the renderer if it is missing (`npm test` builds it just before).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * True when every source of tsconfig.node.json has its dist/ file written after it: `npm install`
 * (prepare) just built it, and a second full tsc would cost CI about 20 s for nothing. Each file's
 * output depends on that file alone (isolatedModules), so comparing file by file is enough.
 */
function nodeBuildIsFresh(): boolean {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.node.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  if (!config || config.fileNames.length === 0) return false;
  return config.fileNames
    .filter((source) => !source.endsWith('.d.ts'))
    .every((source) => {
      const output = path.join(root, 'dist', path.relative(root, source)).replace(/\.ts$/, '.js');
      return fs.existsSync(output) && fs.statSync(output).mtimeMs >= fs.statSync(source).mtimeMs;
    });
}

export default function globalSetup(): void {
  const run = (args: string[]) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (!nodeBuildIsFresh()) {
    try {
      run([path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.node.json']);
    } catch {
      // Type errors still emit JavaScript; the specs say whether the build works.
    }
  }
  // bin/memlens.js runs the bundle made from dist/ (under a second, so made every time: never stale).
  run([path.join(root, 'scripts', 'bundle-cli.mjs'), 'dist']);
  if (!fs.existsSync(path.join(root, 'renderer-dist', 'index.html'))) {
    run([path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'vite.renderer.config.ts']);
  }
}
