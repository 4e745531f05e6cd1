// Line diffs and line origins, computed with the project's diff (@codemirror/merge's `diff`, the
// one the editor's compare view draws): each distinct line becomes one character, so its
// character diff is a line diff.
import { diff } from '@codemirror/merge';
import type { DiffHunk } from '../../../shared/history-schemas.js';

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** Code units for distinct lines: the BMP minus the surrogates, so one line is one UTF-16 unit. */
const FIRST_CODE = 0x100;
const MAX_DISTINCT = 0xffff - FIRST_CODE - 0x800;

function encode(a: readonly string[], b: readonly string[]): [string, string] | null {
  const codes = new Map<string, string>();
  const code = (line: string): string => {
    let c = codes.get(line);
    if (c === undefined) {
      let n = FIRST_CODE + codes.size;
      if (n >= 0xd800) n += 0x800;
      c = String.fromCharCode(n);
      codes.set(line, c);
    }
    return c;
  };
  const ea = a.map(code).join('');
  const eb = b.map(code).join('');
  return codes.size > MAX_DISTINCT ? null : [ea, eb];
}

/**
 * Two very different long versions would cost the exact diff quadratic time; past these limits
 * it settles for a coarser (still correct) set of changed ranges.
 */
const DIFF_LIMITS = { scanLimit: 20_000, timeout: 300 };

interface LineChange {
  fromA: number;
  toA: number;
  fromB: number;
  toB: number;
}

function lineChanges(a: readonly string[], b: readonly string[]): LineChange[] {
  const encoded = encode(a, b);
  // More distinct lines than codes: say everything changed rather than guess.
  if (!encoded) return a.length === 0 && b.length === 0 ? [] : [{ fromA: 0, toA: a.length, fromB: 0, toB: b.length }];
  return diff(encoded[0], encoded[1], DIFF_LIMITS).map((c) => ({
    fromA: c.fromA,
    toA: c.toA,
    fromB: c.fromB,
    toB: c.toB,
  }));
}

export function lineHunks(fromText: string, toText: string): DiffHunk[] {
  const a = splitLines(fromText);
  const b = splitLines(toText);
  return lineChanges(a, b).map((c) => ({
    fromLine: c.fromA + 1,
    fromCount: c.toA - c.fromA,
    toLine: c.fromB + 1,
    toCount: c.toB - c.fromB,
    removed: a.slice(c.fromA, c.toA),
    added: b.slice(c.fromB, c.toB),
  }));
}

/** `diff -u` style text of the hunks, three lines of context. */
export function unifiedDiff(fromText: string, toText: string, labels: { from: string; to: string }): string {
  const a = splitLines(fromText);
  const hunks = lineHunks(fromText, toText);
  if (hunks.length === 0) return '';
  const out = [`--- ${labels.from}`, `+++ ${labels.to}`];
  for (const h of hunks) {
    const before = a.slice(Math.max(0, h.fromLine - 1 - 3), h.fromLine - 1);
    const after = a.slice(h.fromLine - 1 + h.fromCount, h.fromLine - 1 + h.fromCount + 3);
    out.push(
      `@@ -${h.fromLine - before.length},${before.length + h.fromCount + after.length} +${h.toLine - before.length},${before.length + h.toCount + after.length} @@`,
    );
    for (const line of before) out.push(` ${line}`);
    for (const line of h.removed) out.push(`-${line}`);
    for (const line of h.added) out.push(`+${line}`);
    for (const line of after) out.push(` ${line}`);
  }
  return `${out.join('\n')}\n`;
}

/**
 * For each line of the last text, the id of the version that introduced it: walk the versions
 * oldest first, carrying each unchanged line's origin across every diff. A restore of an earlier
 * version gives the lines it brings back their origin in that version, not the restore.
 */
export function lineOrigins(
  versions: readonly { id: number; text: string; restoredFrom?: number }[],
): (number | null)[] {
  let lines: string[] = [];
  let origins: (number | null)[] = [];
  const snapshots = new Map<number, { lines: string[]; origins: (number | null)[] }>();
  for (const version of versions) {
    const next = splitLines(version.text);
    const nextOrigins: (number | null)[] = new Array<number | null>(next.length).fill(version.id);
    const source = version.restoredFrom === undefined ? undefined : snapshots.get(version.restoredFrom);
    const used = new Set<number>();
    const fromSource = (line: string): number | null | undefined => {
      if (!source) return undefined;
      const at = source.lines.findIndex((l, i) => l === line && !used.has(i));
      if (at < 0) return undefined;
      used.add(at);
      return source.origins[at] ?? null;
    };
    let ia = 0;
    let ib = 0;
    for (const c of lineChanges(lines, next)) {
      while (ia < c.fromA && ib < c.fromB) nextOrigins[ib++] = origins[ia++] ?? null;
      for (let j = c.fromB; j < c.toB; j++) {
        const restored = fromSource(next[j]!);
        if (restored !== undefined) nextOrigins[j] = restored;
      }
      ia = c.toA;
      ib = c.toB;
    }
    while (ia < lines.length && ib < next.length) nextOrigins[ib++] = origins[ia++] ?? null;
    lines = next;
    origins = nextOrigins;
    snapshots.set(version.id, { lines, origins });
  }
  return origins;
}
