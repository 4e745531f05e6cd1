// Issue 35: where the near-duplicate threshold (NEAR_DUPLICATE_JACCARD) sits. Every pair of
// passages in two different files — all pairs, not only MinHash's candidates — on the planted
// doctor fixture and the sample workspace, with its exact Jaccard, highest first.
//   npm run build:bench && node dist-bench/bench/doctor-threshold.js
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gatherDoctorInput } from '../electron/app/doctor/doctor-gather.js';
import { memoryPassages, NEAR_DUPLICATE_JACCARD } from '../electron/app/doctor/duplicate-finder.js';
import { jaccard } from '../electron/app/doctor/minhash.js';
import { openKeywordEngine } from './open-engine.js';
import { round } from './bench-stats.js';
import { repoRoot, sampleWorkspaceDir } from './repo-paths.js';

const SHOWN = 12;

async function pairs(workspaceDir: string) {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'memlens-threshold-'));
  const engine = await openKeywordEngine(workspaceDir, state);
  try {
    await engine.sync();
    const input = await gatherDoctorInput(engine, null, {});
    const passages = memoryPassages(input.files);
    const out: { similarity: number; a: string; b: string }[] = [];
    for (let i = 0; i < passages.length; i++)
      for (let j = i + 1; j < passages.length; j++) {
        const a = passages[i]!;
        const b = passages[j]!;
        if (a.file.path === b.file.path) continue;
        const similarity = a.normalized === b.normalized ? 1 : jaccard(a.shingles, b.shingles);
        if (similarity > 0)
          out.push({ similarity, a: `${a.file.path}:${a.startLine}`, b: `${b.file.path}:${b.startLine}` });
      }
    out.sort((x, y) => y.similarity - x.similarity);
    const between = (lo: number, hi: number) => out.filter((p) => p.similarity >= lo && p.similarity < hi).length;
    return {
      passages: passages.length,
      pairsCompared: (passages.length * (passages.length - 1)) / 2,
      overlapping: out.length,
      histogram: {
        '[0.6, 1]': between(NEAR_DUPLICATE_JACCARD, 1.01),
        '[0.4, 0.6)': between(0.4, NEAR_DUPLICATE_JACCARD),
        '[0.2, 0.4)': between(0.2, 0.4),
        '(0, 0.2)': between(0, 0.2),
      },
      highest: out.slice(0, SHOWN).map((p) => ({ ...p, similarity: round(p.similarity, 3) })),
    };
  } finally {
    await engine.close();
    fs.rmSync(state, { recursive: true, force: true });
  }
}

const report = {
  threshold: NEAR_DUPLICATE_JACCARD,
  plantedFixture: await pairs(path.join(repoRoot(), 'shared', 'fixtures', 'doctor-workspace')),
  sampleWorkspace: await pairs(sampleWorkspaceDir()),
};
console.log(JSON.stringify(report, null, 2));
