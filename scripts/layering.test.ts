// The layer arrows of docs/ARCHITECTURE.md are lint errors, not hopes: plant an import from each
// layer into every other one and expect ESLint to fail exactly for the arrows the table forbids.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { LAYER_IMPORTS, LAYERS } from '../eslint.config.js';

const root = path.resolve(import.meta.dirname, '..');

/** One real file per layer for a planted import to point at (the resolver needs it to exist). */
const TARGETS: Record<Layer, string> = {
  shared: 'shared/errors.ts',
  memory: 'electron/memory/engine.ts',
  app: 'electron/app/app-service.ts',
  web: 'electron/web/static-files.ts',
  server: 'electron/server/http-server.ts',
  cli: 'electron/cli/main.ts',
  'engine-host': 'electron/engine-host/engine-host.ts',
  main: 'electron/main/desktop-app.ts',
  preload: 'electron/preload/memlens-bridge.ts',
  renderer: 'renderer/src/main.tsx',
};

type Layer = Extract<keyof typeof LAYERS, string>;
const layers = Object.keys(LAYERS) as Layer[];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The planted file sits in `layer`'s folder; `extension` matches the layer (the renderer is TSX). */
async function layerErrors(layer: Layer, importPath: string): Promise<string[]> {
  const ext = layer === 'renderer' ? 'tsx' : 'ts';
  const filePath = path.join(root, LAYERS[layer], `planted-import.${ext}`);
  const relative = path.relative(path.dirname(filePath), path.join(root, importPath)).replace(/\.tsx?$/, '.js');
  const code = `import * as planted from '${relative.startsWith('.') ? relative : `./${relative}`}';\nexport const keep = planted;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

function allowed(from: Layer, to: Layer): boolean {
  return from === to || (LAYER_IMPORTS[from] as readonly string[]).includes(to);
}

describe('layer arrows', () => {
  it('are the ones the architecture allows (loosening the table is a reviewed change to this test too)', () => {
    expect(LAYER_IMPORTS).toEqual({
      shared: [],
      memory: ['shared'],
      app: ['memory', 'shared'],
      web: ['shared'],
      server: ['app', 'web', 'shared'],
      cli: ['app', 'server', 'shared', 'memory/engine-types.ts'],
      'engine-host': ['app', 'memory', 'shared'],
      main: ['engine-host/engine-host-protocol.ts', 'web', 'shared'],
      preload: ['shared'],
      renderer: ['shared'],
    });
  });

  it('fails lint for every forbidden arrow and passes every allowed one', async () => {
    const wrong: string[] = [];
    for (const from of layers) {
      for (const to of layers) {
        const messages = await layerErrors(from, TARGETS[to]);
        const expectError = !allowed(from, to);
        if (expectError !== messages.length > 0)
          wrong.push(`${from} → ${to}: expected ${expectError ? 'an error' : 'no error'}, got ${messages.length}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('allows a single named file where the table says so, and only that file', async () => {
    expect(await layerErrors('main', 'electron/engine-host/engine-host-protocol.ts')).toEqual([]);
    expect(await layerErrors('main', 'electron/engine-host/engine-host.ts')).toHaveLength(1);
    expect(await layerErrors('cli', 'electron/memory/engine-types.ts')).toEqual([]);
    expect(await layerErrors('cli', 'electron/memory/search/snippet.ts')).toHaveLength(1);
  });

  it('names the rule in the message so the fix is obvious', async () => {
    const [message] = await layerErrors('memory', 'electron/server/http-server.ts');
    expect(message).toContain('electron/memory/ may import shared');
  });
});

describe('package fences', () => {
  const planted = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
  };

  it('keeps electron out of the engine, Node out of the renderer and shared/ pure', async () => {
    expect(
      await planted('electron/memory/planted.ts', "import { app } from 'electron';\nexport const a = app;\n"),
    ).toHaveLength(1);
    expect(
      await planted('electron/app/planted.ts', "import { app } from 'electron';\nexport const a = app;\n"),
    ).toHaveLength(1);
    expect(await planted('renderer/src/planted.ts', "import fs from 'node:fs';\nexport const a = fs;\n")).toHaveLength(
      1,
    );
    expect(await planted('shared/planted.ts', "import fs from 'node:fs';\nexport const a = fs;\n")).toHaveLength(1);
    expect(
      await planted('electron/main/planted.ts', "import { app } from 'electron';\nexport const a = app;\n"),
    ).toHaveLength(0);
  });
});
