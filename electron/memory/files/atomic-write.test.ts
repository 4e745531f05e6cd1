import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { atomicWrite } from './atomic-write.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-'));
});
afterEach(() => {
  fs.chmodSync(dir, 0o755);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('atomicWrite', () => {
  it('creates and replaces files, keeping the mode and leaving no temp file', async () => {
    const file = path.join(dir, 'MEMORY.md');
    await atomicWrite(file, 'first');
    fs.chmodSync(file, 0o600);
    await atomicWrite(file, Buffer.from('second 第二'));
    expect(fs.readFileSync(file, 'utf8')).toBe('second 第二');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['MEMORY.md']);
  });

  it('leaves the old file intact and removes the temp file when the write fails', async () => {
    const file = path.join(dir, 'MEMORY.md');
    fs.writeFileSync(file, 'old');
    // Rename onto a directory fails after the temp file was written.
    const target = path.join(dir, 'folder.md');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'inner'), 'x');
    await expect(atomicWrite(target, 'new')).rejects.toThrow();
    expect(fs.readdirSync(dir).sort()).toEqual(['MEMORY.md', 'folder.md']);
    expect(fs.readFileSync(file, 'utf8')).toBe('old');
  });

  it('fails cleanly when the folder is not writable', async () => {
    if (process.getuid?.() === 0) return; // root ignores permissions
    const file = path.join(dir, 'MEMORY.md');
    fs.writeFileSync(file, 'old');
    fs.chmodSync(dir, 0o555);
    await expect(atomicWrite(file, 'new')).rejects.toThrow();
    expect(fs.readFileSync(file, 'utf8')).toBe('old');
  });
});
