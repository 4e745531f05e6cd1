// Locating the repository and the read-only shared data beside it (../shared), both from source
// (vitest runs bench/*.ts) and from the compiled dist-bench/bench/*.js (tsconfig.bench.json).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder at or above this module that holds package.json. */
export function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above bench/');
    dir = parent;
  }
  return dir;
}

/** CMRC 2018 dev set (CC BY-SA 4.0): read from ../shared/data at run time, never copied into the repo. */
export function defaultCmrcPath(): string {
  return (
    process.env.MEMLENS_CMRC_PATH ??
    path.resolve(repoRoot(), '..', 'shared', 'data', 'cmrc2018', 'cmrc2018_dev.squad.json')
  );
}

/** The bundled sample workspace the labeled eval set (bench/eval) is written for. */
export function sampleWorkspaceDir(): string {
  return path.join(repoRoot(), 'resources', 'sample-workspace');
}
