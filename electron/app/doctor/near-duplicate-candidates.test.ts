// MinHash only picks which passage pairs get their exact Jaccard compared: a pair at or above the
// reporting threshold that it never picks is a near-duplicate the doctor silently misses. On the
// planted fixture and the sample workspace, every such pair (found by comparing all pairs) is picked.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoctorFile } from './doctor-input.js';
import { memoryPassages, NEAR_DUPLICATE_JACCARD } from './duplicate-finder.js';
import { candidatePairs, jaccard, signature } from './minhash.js';
import { DOCTOR_FIXTURE, SAMPLE_WORKSPACE } from './test-support/doctor-fixture.js';

function memoryFiles(workspace: string): DoctorFile[] {
  const files: DoctorFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (entry.name.endsWith('.md')) {
        const text = fs.readFileSync(abs, 'utf8');
        files.push({
          path: path.relative(workspace, abs),
          text,
          hash: '',
          date: null,
          dateSource: null,
          bootstrap: false,
        });
      }
    }
  };
  walk(path.join(workspace, 'memory'));
  return files;
}

describe('near-duplicate candidates', () => {
  it.each([
    ['the planted fixture', DOCTOR_FIXTURE, 2],
    ['the sample workspace', SAMPLE_WORKSPACE, 4],
  ])('in %s, every passage pair at or above the threshold is compared', (_name, workspace, expected) => {
    const passages = memoryPassages(memoryFiles(workspace));
    const near: string[] = [];
    for (let i = 0; i < passages.length; i++)
      for (let j = i + 1; j < passages.length; j++)
        if (
          passages[i]!.file.path !== passages[j]!.file.path &&
          jaccard(passages[i]!.shingles, passages[j]!.shingles) >= NEAR_DUPLICATE_JACCARD
        )
          near.push(`${i},${j}`);
    expect(near).toHaveLength(expected);
    const picked = new Set(candidatePairs(passages.map((p) => signature(p.shingles))).map(([i, j]) => `${i},${j}`));
    expect(near.filter((pair) => !picked.has(pair))).toEqual([]);
  });
});
