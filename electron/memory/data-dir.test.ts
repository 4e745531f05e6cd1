import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertIndexOutsideWorkspace, defaultDataDir, indexPathFor } from './data-dir.js';

describe('defaultDataDir', () => {
  it('follows XDG on Linux and the platform folders elsewhere', () => {
    const home = os.homedir();
    expect(defaultDataDir({ XDG_DATA_HOME: '/xdg' }, 'linux')).toBe(path.join('/xdg', 'memory-lens'));
    expect(defaultDataDir({}, 'linux')).toBe(path.join(home, '.local', 'share', 'memory-lens'));
    expect(defaultDataDir({ XDG_DATA_HOME: 'relative' }, 'linux')).toBe(path.join(home, '.local', 'share', 'memory-lens'));
    expect(defaultDataDir({}, 'darwin')).toBe(path.join(home, 'Library', 'Application Support', 'Memory Lens'));
    expect(defaultDataDir({ APPDATA: '/appdata' }, 'win32')).toBe(path.join('/appdata', 'Memory Lens'));
  });

  it('is overridden by MEMLENS_DATA_DIR', () => {
    expect(defaultDataDir({ MEMLENS_DATA_DIR: '/tmp/ml-data', XDG_DATA_HOME: '/xdg' }, 'linux')).toBe('/tmp/ml-data');
  });
});

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
    expect(() => assertIndexOutsideWorkspace(path.join(root, 'alias', 'sub', 'index.sqlite'), ws)).toThrow(/inside the workspace/);
    expect(() => assertIndexOutsideWorkspace(path.join(root, 'ws-index', 'index.sqlite'), ws)).not.toThrow();
  });
});
