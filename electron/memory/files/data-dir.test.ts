import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertIndexOutsideWorkspace, indexPathFor } from './data-dir.js';

describe('indexPathFor', () => {
  it('keys the index by workspace name and real path', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-dd-'));
    const a = path.join(root, 'one', 'My Workspace');
    const b = path.join(root, 'two', 'My Workspace');
    fs.mkdirSync(a, { recursive: true });
    fs.mkdirSync(b, { recursive: true });
    fs.symlinkSync(a, path.join(root, 'link'));
    const pa = indexPathFor('/data', a);
    expect(pa).toMatch(/^\/data\/indexes\/my-workspace-[0-9a-f]{12}\/index\.sqlite$/);
    expect(indexPathFor('/data', b)).not.toBe(pa);
    expect(indexPathFor('/data', path.join(root, 'link'))).toBe(pa);
  });
});

describe('assertIndexOutsideWorkspace', () => {
  it('refuses an index inside the workspace, even through a symlink, and allows one beside it', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-dd-'));
    const ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
    fs.symlinkSync(ws, path.join(root, 'alias'));
    expect(() => assertIndexOutsideWorkspace(path.join(ws, 'index.sqlite'), ws)).toThrow(/inside the workspace/);
    expect(() => assertIndexOutsideWorkspace(path.join(root, 'alias', 'sub', 'index.sqlite'), ws)).toThrow(
      /inside the workspace/,
    );
    expect(() => assertIndexOutsideWorkspace(path.join(root, 'ws-index', 'index.sqlite'), ws)).not.toThrow();
  });
});
