// docs/install-notes.md names every package whose engines reject the project's minimum Node, so
// the EBADENGINE warnings a new user sees on install are explained, not a surprise.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** `>= 22.12.0` → [22, 12, 0]; other ranges (none in the lock today) are not a minimum we check. */
function minimum(range: string): number[] | null {
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  return m ? [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] : null;
}
const below = (a: number[], b: number[]): boolean =>
  a[0]! < b[0]! || (a[0] === b[0] && (a[1]! < b[1]! || (a[1] === b[1] && a[2]! < b[2]!)));

describe('docs/install-notes.md', () => {
  it('explains each EBADENGINE warning npm prints on the oldest Node the project supports', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    const oldest = minimum(pkg.engines.node)!;
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } }>;
    };
    const rejecting = Object.entries(lock.packages)
      .filter(([, v]) => {
        const wants = v.engines?.node ? minimum(v.engines.node) : null;
        return wants !== null && below(oldest, wants);
      })
      .map(([k]) => k.replace(/^.*node_modules\//, ''));
    expect(rejecting.length).toBeGreaterThan(0);
    const doc = fs.readFileSync(path.join(root, 'docs', 'install-notes.md'), 'utf8');
    for (const name of rejecting) expect(doc, `${name} is not explained`).toContain(`\`${name}\``);
  });
});
