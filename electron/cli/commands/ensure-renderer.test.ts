// `memlens serve` in a checkout whose UI was never built builds it once instead of serving a
// "not built" page. Run on a copy of the checkout's UI sources (node_modules linked), so the real
// renderer-dist/ is never touched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../../shared/i18n.js';
import { findPackageRoot } from '../../app/app-paths.js';
import { ensureBuiltRenderer } from './ensure-renderer.js';

const root = findPackageRoot()!;
let copy: string;

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-checkout-'));
  for (const entry of [
    'package.json',
    'vite.renderer.config.ts',
    'tsconfig.base.json',
    'tsconfig.renderer.json',
    'renderer',
    'shared',
  ]) {
    fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
});
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

describe('ensureBuiltRenderer', () => {
  it('builds a missing UI once, then finds it built', () => {
    const messages: string[] = [];
    const io = { stderr: (t: string) => void messages.push(t) };
    expect(fs.existsSync(path.join(copy, 'renderer-dist'))).toBe(false);
    const built = ensureBuiltRenderer(copy, io);
    expect(built).toBe(path.join(copy, 'renderer-dist'));
    expect(fs.readFileSync(path.join(built!, 'index.html'), 'utf8')).toContain('<div id="root">');
    expect(messages.join('')).toContain('building it once');
    messages.length = 0;
    expect(ensureBuiltRenderer(copy, io)).toBe(built);
    expect(messages).toEqual([]);
  }, 120_000);

  it('says in Chinese, with --lang zh-CN, that it builds the UI and that the build failed', () => {
    // A checkout whose UI config cannot load: vite exits with an error.
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-broken-ui-'));
    try {
      fs.symlinkSync(path.join(root, 'node_modules'), path.join(broken, 'node_modules'), 'dir');
      fs.writeFileSync(path.join(broken, 'vite.renderer.config.ts'), "throw new Error('no UI here');\n");
      const messages: string[] = [];
      const built = ensureBuiltRenderer(broken, { stderr: (t) => void messages.push(t) }, translator('zh-CN'));
      expect(built).toBeNull();
      expect(messages[0]).toBe('memlens serve: 界面还没有构建；现在构建一次（renderer-dist/）…\n');
      expect(messages[1]).toMatch(/^memlens serve: 构建界面失败；只提供 API。\n[^]*no UI here/);
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  }, 60_000);

  it('serves the API only (null) where nothing can build the UI', () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-bare-'));
    try {
      expect(ensureBuiltRenderer(bare, { stderr: () => undefined })).toBeNull();
      expect(ensureBuiltRenderer(null, { stderr: () => undefined })).toBeNull();
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});
