// Finds functions in OpenClaw's bundled dist/ by name: its chunk files carry content hashes and
// export minified aliases (.mjs chunks since 2026.9, .js before), so a release's function is looked up by the `function NAME(` it defines.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.join(process.env.OPENCLAW_DIR ?? '', 'dist');
let bundles;

export async function load(fnName) {
  bundles ??= fs.readdirSync(dist).filter((f) => f.endsWith('.mjs') || f.endsWith('.js'));
  for (const file of bundles) {
    const text = fs.readFileSync(path.join(dist, file), 'utf8');
    if (!text.includes(`function ${fnName}(`)) continue;
    const m =
      new RegExp(`export \\{[^}]*\\b${fnName} as (\\w+)`).exec(text) ??
      new RegExp(`export \\{[^}]*\\b(${fnName})\\b`).exec(text);
    if (m) return (await import(pathToFileURL(path.join(dist, file)).href))[m[1]];
  }
  throw new Error(`OpenClaw's dist has no exported ${fnName}`);
}
