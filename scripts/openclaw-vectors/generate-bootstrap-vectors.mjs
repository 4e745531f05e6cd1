// Produces shared/fixtures/openclaw-bootstrap-vectors.json: inputs (as reproducible generator
// specs) and what OpenClaw's OWN budget code injects for them, per release. It needs the research
// harness that re-evaluates the bundled code of OpenClaw's npm tarballs (not part of this
// repository): OPENCLAW_HARNESS=/path/to/harness node scripts/openclaw-vectors/generate-bootstrap-vectors.mjs
// The specs are decoded by the same rules in shared/bootstrap-budget.test.ts (vector-inputs.ts).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildInput, commonPrefix, commonSuffix } from './vector-inputs.mjs';

const harness = process.env.OPENCLAW_HARNESS;
if (!harness) throw new Error('Set OPENCLAW_HARNESS to the folder holding load-bootstrap.mjs');
const loaders = await import(pathToFileURL(path.join(harness, 'load-bootstrap.mjs')).href);
const LOAD = {
  '2026.9.6': loaders.loadV2026_9_6,
  '2026.4.15': loaders.loadV2026_4_15,
  '2026.2.26': loaders.loadV2026_2_26,
};
const DEFAULTS = { '2026.9.6': [20000, 60000], '2026.4.15': [12000, 60000], '2026.2.26': [20000, 150000] };
const WS = '/ws';

function run(version, title, files, limits) {
  const m = LOAD[version]();
  const [perFile, total] = limits ?? DEFAULTS[version];
  const inputs = files.map((spec) => ({ spec, text: spec.missing ? undefined : buildInput(spec) }));
  const warns = [];
  const out = m.buildBootstrapContextFiles(
    inputs.map(({ spec, text }) => ({
      name: spec.name,
      path: `${WS}/${spec.path ?? spec.name}`,
      content: text,
      missing: !!spec.missing,
    })),
    { maxChars: perFile, totalMaxChars: total, warn: (w) => warns.push(w) },
  );
  const outputs = out.map((o) => {
    const spec = inputs.find(({ spec }) => `${WS}/${spec.path ?? spec.name}` === o.path);
    const base = spec?.text === undefined ? '' : spec.text.trimEnd();
    const head = commonPrefix(base, o.content);
    const tail = Math.min(commonSuffix(base, o.content), o.content.length - head, base.length - head);
    return {
      path: o.path.slice(WS.length + 1),
      length: o.content.length,
      head,
      tail,
      mid: o.content.slice(head, o.content.length - tail),
    };
  });
  return { version, title, limits: { perFile, total }, files, outputs, warnings: warns };
}

const vectors = [];
const fillerNames = [
  'SOUL.md',
  'IDENTITY.md',
  'TOOLS.md',
  'HEARTBEAT.md',
  'BOOTSTRAP.md',
  'X1.md',
  'X2.md',
  'X3.md',
  'X4.md',
  'X5.md',
];
function fillers(total, perFile) {
  const out = [];
  let left = total;
  let i = 0;
  while (left > 0) {
    const n = Math.min(perFile, left);
    out.push({ name: fillerNames[i], gen: [n, i + 1] });
    i++;
    left -= n;
  }
  return out;
}

for (const version of Object.keys(LOAD)) {
  const [M, T] = DEFAULTS[version];
  const add = (title, files, limits) => vectors.push(run(version, title, files, limits));
  add('MEMORY.md exactly at the per-file cap', [{ name: 'MEMORY.md', gen: [M, 0] }]);
  add('MEMORY.md one over the per-file cap', [{ name: 'MEMORY.md', gen: [M + 1, 0] }]);
  add('MEMORY.md at twice the cap', [{ name: 'MEMORY.md', gen: [2 * M, 0] }]);
  add('USER.md at 4000', [{ name: 'USER.md', gen: [4000, 0] }]);
  add('USER.md at 4001', [{ name: 'USER.md', gen: [4001, 0] }]);
  add('USER.md at 4001 with a smaller per-file cap', [{ name: 'USER.md', gen: [4001, 0] }], [2500, T]);
  for (const left of [1000, 65, 64, 63, 1]) {
    add(`earlier files leave ${left} of the total, MEMORY.md=5000`, [
      ...fillers(T - left, M),
      { name: 'MEMORY.md', gen: [5000, 0] },
    ]);
  }
  add('earlier files leave 40, then a missing file, then MEMORY.md', [
    ...fillers(T - 40, M),
    { name: 'AGENTS.md', missing: true },
    { name: 'MEMORY.md', gen: [10, 0] },
  ]);
  add('earlier files leave 20, then a missing file (marker clamped)', [
    ...fillers(T - 20, M),
    { name: 'AGENTS.md', missing: true },
    { name: 'MEMORY.md', gen: [10, 0] },
  ]);
  for (const left of [4, 3, 2])
    add(`earlier files leave ${left}, then a missing file`, [
      ...fillers(T - left, M),
      { name: 'AGENTS.md', missing: true },
    ]);
  add('trailing whitespace is not counted', [{ name: 'MEMORY.md', gen: [M, 0], append: '\n\n  \t\n' }]);
  add(
    'empty, whitespace-only and missing files before USER.md',
    [
      { name: 'AGENTS.md', text: '' },
      { name: 'SOUL.md', text: '  \n\n ' },
      { name: 'IDENTITY.md', missing: true },
      { name: 'USER.md', gen: [3000, 0] },
    ],
    [2500, 60000],
  );
  // Surrogate pairs: an emoji straddling where the head ends and where the tail starts.
  const probe = run(version, 'probe', [{ name: 'MEMORY.md', gen: [M + 1000, 0] }]).outputs[0];
  add('emoji straddling both cuts', [
    { name: 'MEMORY.md', gen: [M + 1000, 0], emoji: [probe.head - 1, M + 1000 - probe.tail - 1] },
  ]);
  add('emoji just inside both cuts', [
    { name: 'MEMORY.md', gen: [M + 1000, 0], emoji: [probe.head - 2, M + 1000 - probe.tail] },
  ]);
  for (const cap of [4, 16, 100, 116, 117, 118, 119, 120, 200])
    add(`per-file cap ${cap}, MEMORY.md=500`, [{ name: 'MEMORY.md', gen: [500, 0] }], [cap, 60000]);
  add('AGENTS.md with policy lines, 30k', [{ name: 'AGENTS.md', agents: 30000 }]);
  add('AGENTS.md with policy lines, small cap', [{ name: 'AGENTS.md', agents: 3000 }], [600, 60000]);
  add('AGENTS.md with policy lines, tiny cap', [{ name: 'AGENTS.md', agents: 1500 }], [40, 60000]);
  add('all files, default limits', [
    { name: 'AGENTS.md', agents: 8000 },
    { name: 'SOUL.md', gen: [3000, 1] },
    { name: 'IDENTITY.md', gen: [800, 2] },
    { name: 'USER.md', gen: [5000, 3] },
    { name: 'MEMORY.md', gen: [25000, 4] },
  ]);
  // Seeded random sets: mixed scripts, emoji, newlines, CRLF, random caps.
  for (let seed = 1; seed <= 60; seed++) {
    const count = 1 + (seed % 5);
    const names = ['AGENTS.md', 'SOUL.md', 'IDENTITY.md', 'USER.md', 'MEMORY.md'];
    const files = [];
    for (let i = 0; i < count; i++)
      files.push({
        name: names[(seed + i) % names.length],
        path: `f${i}/${names[(seed + i) % names.length]}`,
        rand: [seed * 31 + i, 200 + ((seed * 977 + i * 131) % 2600)],
      });
    const perFile = 60 + ((seed * 613) % 1900);
    const total = 200 + ((seed * 1499) % 5000);
    add(`random set ${seed}`, files, [perFile, total]);
  }
}

const out = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../../shared/fixtures/openclaw-bootstrap-vectors.json',
);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  `${JSON.stringify(
    {
      about:
        'Bootstrap budget outputs of OpenClaw 2026.9.6, 2026.4.15 and 2026.2.26, produced by running their own buildBootstrapContextFiles (re-evaluated from the npm tarballs) on these inputs. Input specs are decoded by scripts/openclaw-vectors/vector-inputs.mjs; each output is input.trimEnd().slice(0, head) + mid + input.trimEnd().slice(-tail).',
      vectors,
    },
    null,
    1,
  )}\n`,
);
console.log(`${vectors.length} vectors -> ${out}`);
