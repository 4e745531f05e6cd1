// The layer arrows of docs/ARCHITECTURE.md are lint errors, not hopes: plant an import from each
// layer into every other one and expect ESLint to fail exactly for the arrows the table forbids.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { LAYER_IMPORTS, LAYERS, MEMORY_LAYERS, SEARCH_LAYERS } from '../eslint.config.js';

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
    expect(await layerErrors('cli', 'electron/memory/search/core/snippet.ts')).toHaveLength(1);
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

describe('schemas out of the window', () => {
  const schemaFence = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
  };

  it('lets renderer code take types, not values, from modules that build zod schemas', async () => {
    const api = 'renderer/src/api/planted.ts';
    const slice = 'renderer/src/features/doctor/stores/planted.ts';
    expect(
      await schemaFence(api, "import { CALL_NAMES } from '../../../shared/contract';\nexport const a = CALL_NAMES;\n"),
    ).toHaveLength(1);
    expect(
      await schemaFence(
        slice,
        "import { FindingKindSchema } from '../../../../../shared/doctor-schemas';\nexport const a = FindingKindSchema;\n",
      ),
    ).toHaveLength(1);
    expect(await schemaFence(api, "import { z } from 'zod';\nexport const a = z;\n")).toHaveLength(1);
    expect(
      await schemaFence(
        api,
        "import type { MemlensApi } from '../../../shared/contract';\nexport type A = MemlensApi;\n",
      ),
    ).toHaveLength(0);
    expect(
      await schemaFence(
        api,
        "import { CALL_NAME_LIST } from '../../../shared/contract-names';\nexport const a = CALL_NAME_LIST;\n",
      ),
    ).toHaveLength(0);
  });
});

describe('renderer features', () => {
  const features = fs
    .readdirSync(path.join(root, 'renderer/src/features'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

  it('each feature folder, new ones included, refuses imports from every other and allows its own', async () => {
    const refused: string[] = [];
    const someModule = (feature: string) =>
      fs
        .readdirSync(path.join(root, 'renderer/src/features', feature), { recursive: true, encoding: 'utf8' })
        .sort()
        .find((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))!
        .replace(/\.tsx?$/, '');
    for (const from of features) {
      for (const to of features) {
        // Written from a nested folder, as components import: no "features/" in the specifier.
        const code = `import * as x from '../../${to}/${someModule(to)}';\nexport const keep = x;\n`;
        const [result] = await eslint.lintText(code, {
          filePath: path.join(root, `renderer/src/features/${from}/components/planted.ts`),
        });
        const fenced = (result?.messages ?? []).some(
          (m) => m.ruleId === 'import-x/no-restricted-paths' && m.message.includes('Features do not import each other'),
        );
        if (fenced !== (from !== to)) refused.push(`${from} → ${to}: ${fenced ? 'refused' : 'allowed'}`);
      }
    }
    expect(features).toEqual(expect.arrayContaining(['history', 'search', 'editor']));
    expect(refused).toEqual([]);
  });
});

describe('sub-layers inside the engine', () => {
  /** A planted file in `folder` importing some real module of `target` folder: the restricted-path messages. */
  async function plantedErrors(folder: string, target: string): Promise<string[]> {
    const real = target.endsWith('.ts')
      ? ''
      : fs
          .readdirSync(path.join(root, target), { recursive: true, encoding: 'utf8' })
          .filter((name) => !name.includes('test-support'))
          .sort()
          .find((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'));
    if (real === undefined) throw new Error(`no module in ${target}`);
    const filePath = path.join(root, folder, 'planted-import.ts');
    let relative = path.relative(path.dirname(filePath), path.join(root, target, real)).replace(/\.ts$/, '.js');
    if (!relative.startsWith('.')) relative = `./${relative}`;
    const code = `import * as planted from '${relative}';\nexport const keep = planted;\n`;
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
  }

  it('are ordered as the architecture draws them (reordering is a reviewed change to this test too)', () => {
    expect(MEMORY_LAYERS).toEqual([
      'text',
      'parse',
      'chunk',
      'files',
      'workspace',
      'agent-db',
      'index',
      'embed',
      'search',
      'openclaw-rank',
      'context',
      'sync',
      'index-lifecycle',
    ]);
    expect(SEARCH_LAYERS).toEqual(['core', 'sqlite', 'run']);
  });

  it('let each engine folder import the one below it and refuse the one above it', async () => {
    const wrong: string[] = [];
    const check = async (folders: readonly string[], base: string) => {
      for (let i = 0; i + 1 < folders.length; i++) {
        const lower = `${base}/${folders[i]}`;
        const higher = `${base}/${folders[i + 1]}`;
        if ((await plantedErrors(lower, higher)).length !== 1) wrong.push(`${lower} → ${higher} should fail`);
        if ((await plantedErrors(higher, lower)).length !== 0) wrong.push(`${higher} → ${lower} should pass`);
      }
    };
    await check(MEMORY_LAYERS, 'electron/memory');
    await check(SEARCH_LAYERS, 'electron/memory/search');
    expect(wrong).toEqual([]);
  }, 120_000);

  it("keeps the engine's top files (engine.ts, engine-types.ts) out of every folder below them", async () => {
    expect(await plantedErrors('electron/memory/text', 'electron/memory/engine-types.ts')).toEqual([
      expect.stringContaining('may not import the files above it'),
    ]);
    expect(await plantedErrors('electron/memory/index-lifecycle', 'electron/memory/engine-types.ts')).toHaveLength(1);
    expect(await plantedErrors('electron/memory', 'electron/memory/index-lifecycle')).toEqual([]);
    expect(await plantedErrors('electron/memory/search/core', 'electron/memory/search/run')).toEqual([
      expect.stringContaining('may import only core within electron/memory/search/'),
    ]);
  });
});
