// `npm run eval:cmrc`: keyword-only Hit@1 / Hit@5 / MRR@10 of the real engine on CMRC 2018 dev
// (848 paragraphs, 3,219 questions), printed as one JSON object. Options: --data FILE,
// --limit N (first N paragraphs), --keep (leave the temp workspace and index).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { round } from './bench-stats.js';
import { evaluateCmrc, loadCmrcParagraphs, multiChunkFiles, writeCmrcWorkspace } from './cmrc-dataset.js';
import { openKeywordEngine } from './open-engine.js';
import { defaultCmrcPath } from './repo-paths.js';
import type { SearchOptions } from '../shared/domain.js';
import { expansionFromFlags } from '../electron/cli/commands/expansion-flags.js';

async function main(argv: string[]): Promise<void> {
  let dataPath = defaultCmrcPath();
  let limit = Infinity;
  let keep = false;
  let expansion: SearchOptions['expansion'] | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--data') dataPath = path.resolve(argv[++i] ?? '');
    else if (arg === '--limit') limit = Number(argv[++i]);
    else if (arg === '--keep') keep = true;
    else if (arg === '--expand') expansion = expansionFromFlags(argv[++i] ?? '', undefined);
    else if (arg === '--expand-weight')
      expansion = { ...(expansion ?? {}), ...(expansionFromFlags(undefined, argv[++i] ?? '') ?? {}) };
    else
      throw new Error(`unknown option ${arg} (use --data FILE, --limit N, --keep, --expand LIST, --expand-weight W)`);
  }
  const paragraphs = loadCmrcParagraphs(dataPath).slice(0, limit);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'memlens-cmrc-'));
  const workspaceDir = path.join(tmp, 'workspace');
  const stateDir = path.join(tmp, 'state');
  fs.mkdirSync(stateDir, { recursive: true });
  try {
    const queries = writeCmrcWorkspace(workspaceDir, paragraphs);
    const indexStart = performance.now();
    const engine = await openKeywordEngine(workspaceDir, stateDir);
    try {
      const sync = await engine.sync();
      const indexMs = performance.now() - indexStart;
      await engine.expansionReady();
      const evaluation = await evaluateCmrc(engine, queries, expansion ? { expansion } : {});
      const report = {
        dataset: 'CMRC 2018 dev (CC BY-SA 4.0)',
        mode: 'keyword-only',
        options: { maxResults: 10, minScore: 0, ...(expansion ? { expansion } : {}) },
        paragraphs: paragraphs.length,
        ...evaluation.metrics,
        multiChunkParagraphs: await multiChunkFiles(engine),
        chunks: engine.status().chunks,
        filesFailed: sync.filesFailed,
        indexMs: round(indexMs, 0),
        queryP50Ms: evaluation.queryP50Ms,
        queryP95Ms: evaluation.queryP95Ms,
      };
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    } finally {
      await engine.close();
    }
  } finally {
    if (keep) process.stderr.write(`kept ${tmp}\n`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
