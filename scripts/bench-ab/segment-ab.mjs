// Segmentation alone, two bench builds in one process: segmentManyForIndex of every CMRC 2018
// paragraph, 10 rounds alternating A and B; CPU medians, and whether every paragraph's tokens agree.
// Usage: node scripts/bench-ab/segment-ab.mjs <A dist-bench> <B dist-bench>
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [aDir, bDir] = process.argv.slice(2);
if (!aDir || !bDir) throw new Error('usage: segment-ab.mjs <A dist-bench> <B dist-bench>');
const mod = (dir, rel) => import(pathToFileURL(path.resolve(dir, rel)).href);
const { loadCmrcParagraphs } = await mod(bDir, 'bench/cmrc-dataset.js');
const { defaultCmrcPath } = await mod(bDir, 'bench/repo-paths.js');
const A = await mod(aDir, 'electron/memory/text/segment.js');
const B = await mod(bDir, 'electron/memory/text/segment.js');
const paragraphs = loadCmrcParagraphs(defaultCmrcPath()).map((p) => p.context);
const identical = paragraphs.every((p) => A.segmentManyForIndex([p])[0] === B.segmentManyForIndex([p])[0]);
const cpu = (impl) => {
  const c = process.cpuUsage();
  for (const p of paragraphs) impl.segmentManyForIndex([p]);
  const d = process.cpuUsage(c);
  return (d.user + d.system) / 1000;
};
const a = [];
const b = [];
const load = [os.loadavg()[0]];
for (let r = 0; r < 10; r++) {
  if (r % 2) {
    a.push(cpu(A));
    b.push(cpu(B));
  } else {
    b.push(cpu(B));
    a.push(cpu(A));
  }
}
load.push(os.loadavg()[0]);
const med = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
process.stdout.write(
  `${JSON.stringify({ identical, aMedianCpuMs: +med(a).toFixed(1), bMedianCpuMs: +med(b).toFixed(1), loadAverage1m: load.map((l) => Math.round(l * 100) / 100) })}\n`,
);
