#!/usr/bin/env node
// Fails on any import cycle in production code, `import type` included: a type that two modules
// trade is a sign it lives in the wrong one (ESLint's no-cycle skips type imports, so it can't say).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOTS = ['shared', 'electron', 'renderer/src'];
const NOT_PRODUCTION = /(\.test\.tsx?$|\.d\.ts$|(^|\/)(test-support|fixtures)\/)/;

/** Every production .ts/.tsx file under `roots`, as paths relative to `top`. */
function productionFiles(top, roots) {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(top, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && !NOT_PRODUCTION.test(rel)) out.push(rel);
    }
  };
  for (const root of roots) if (fs.existsSync(path.join(top, root))) walk(root);
  return out;
}

/** The project files `file` imports (static, dynamic, re-exports and `import type` alike). */
function importsOf(top, file, known) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(top, file), 'utf8'), true, true);
  const found = new Set();
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), fileName)).replace(/\.(m?js|jsx)$/, '');
    const target = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => known.has(f));
    if (target && target !== file) found.add(target);
  }
  return found;
}

/** Strongly connected components of more than one file (Tarjan), each sorted, largest first. */
export function findImportCycles(top, roots = ROOTS) {
  const files = productionFiles(top, roots);
  const known = new Set(files);
  const graph = new Map(files.map((f) => [f, importsOf(top, f, known)]));
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const connect = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const f of files) if (!index.has(f)) connect(f);
  return cycles.sort((a, b) => b.length - a.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const top = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const cycles = findImportCycles(top);
  for (const [i, cycle] of cycles.entries())
    console.error(`cycle ${i + 1} (${cycle.length} files): ${cycle.join(', ')}`);
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle(s): move each shared type or constant to the module that owns it.`);
    process.exit(1);
  }
  console.log('No import cycles in production code.');
}
