// Read-only files (issue 29, hole 4): a file whose mode has no write bit opens with
// `readOnly: "file-mode"`, a save is refused with READ_ONLY and writes nothing, and only an
// explicit "save anyway" (`overrideReadOnly`) writes it, keeping the mode. Before, a 0444 file
// opened with `readOnly: null` and a plain save replaced it (mode kept, content changed). The mode
// bits are read, not access(W_OK), so this holds when the tests run as root too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toErrorValue } from '../../shared/errors.js';
import { MemoryEngine } from './engine.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TEXT = '# Locked\n\nThe keeper locked this file.\n';

async function openWith(mode: number) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-read-only-'));
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
  const file = path.join(workspace, 'memory', 'locked.md');
  fs.writeFileSync(file, TEXT);
  fs.chmodSync(file, mode);
  const engine = await MemoryEngine.open({
    workspaceDir: workspace,
    dataDir: path.join(root, 'data'),
    openclawHome: path.join(root, 'oc'),
  });
  cleanups.push(() => engine.close());
  return { engine, file };
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('a file whose mode is read-only', () => {
  it('opens with readOnly "file-mode"; a save is refused with READ_ONLY and writes nothing', async () => {
    const { engine, file } = await openWith(0o444);
    const opened = await engine.readFile('memory/locked.md');
    expect(opened.readOnly).toBe('file-mode');
    const refused = await engine.saveFile('memory/locked.md', '# Overwritten\n', opened.hash).then(
      () => null,
      (error: unknown) => toErrorValue(error),
    );
    expect(refused).toMatchObject({
      code: 'READ_ONLY',
      message: expect.stringContaining('memory/locked.md is read-only (file mode 0444)'),
      details: { reason: 'file-mode', mode: '0444' },
    });
    expect(refused?.message).not.toContain(path.dirname(file));
    expect(fs.readFileSync(file, 'utf8')).toBe(TEXT);
    expect(modeOf(file)).toBe(0o444);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['locked.md']);
  });

  it('"save anyway" writes it and keeps the mode', async () => {
    const { engine, file } = await openWith(0o444);
    const opened = await engine.readFile('memory/locked.md');
    await engine.saveFile('memory/locked.md', '# Locked\n\nSaved anyway.\n', opened.hash, { overrideReadOnly: true });
    expect(fs.readFileSync(file, 'utf8')).toBe('# Locked\n\nSaved anyway.\n');
    expect(modeOf(file)).toBe(0o444);
    expect((await engine.readFile('memory/locked.md')).readOnly).toBe('file-mode');
  });

  it('a file with a write bit (0644, 0200) opens and saves as before', async () => {
    for (const mode of [0o644, 0o200]) {
      const { engine, file } = await openWith(mode);
      const opened = await engine.readFile('memory/locked.md');
      expect([mode, opened.readOnly]).toEqual([mode, null]);
      await engine.saveFile('memory/locked.md', '# Saved\n', opened.hash);
      expect(fs.readFileSync(file, 'utf8')).toBe('# Saved\n');
      expect(modeOf(file)).toBe(mode);
    }
  });
});
