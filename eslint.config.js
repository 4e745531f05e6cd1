// Lint enforces the layering of docs/ARCHITECTURE.md. Each folder says where its code runs and
// what it may import; an arrow not listed in LAYER_IMPORTS is an error, whether the import is
// written `../x` or `../../electron/x` (import-x resolves it to a file before checking).
// Package imports are fenced separately: shared/ is pure, the engine never imports electron, the
// renderer never imports Node. Tests and test-support wire real parts across layers and are exempt
// from the folder arrows (not from the package rules).
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import i18next from 'eslint-plugin-i18next';

/** Every folder under renderer/src/features, so a new feature is fenced the day it is added. */
const RENDERER_FEATURES = fs
  .readdirSync(new URL('./renderer/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'url', 'worker_threads', 'http', 'net'];

/**
 * What counts as a shown string in a component: text and literals inside JSX, and these props.
 * Words that are only punctuation, digits or symbols (`·`, `×`, `42`) need no translation.
 */
export const I18N_LITERAL_OPTIONS = {
  mode: 'jsx-only',
  'jsx-attributes': {
    include: [
      'title',
      'aria-label',
      'aria-description',
      'aria-roledescription',
      'aria-valuetext',
      'placeholder',
      'alt',
      'label',
      'hint',
      'heading',
      'message',
      'emptyText',
      'confirmLabel',
      'cancelLabel',
    ],
  },
  words: { exclude: ['[0-9!-/:-@[-`{-~\\s·×→←↑↓…—–•✓✕▸▾☰●✎⚙]+'] },
  callees: {
    exclude: [
      't',
      'i18n(ext)?',
      'require',
      'includes',
      'indexOf',
      'endsWith',
      'startsWith',
      'classNames',
      'cx',
      'set[A-Z]\\w*',
      'use[A-Z]\\w*',
      'Intl\\..*',
      'format[A-Z]\\w*',
    ],
  },
};

/** Every layer, by folder. */
export const LAYERS = {
  shared: 'shared',
  memory: 'electron/memory',
  app: 'electron/app',
  web: 'electron/web',
  server: 'electron/server',
  cli: 'electron/cli',
  'engine-host': 'electron/engine-host',
  main: 'electron/main',
  preload: 'electron/preload',
  renderer: 'renderer',
};

/**
 * The allowed arrows: a layer may import itself and the layers listed here, nothing else. A
 * `layer/file.ts` entry allows that one file of a layer (its public face to that importer).
 */
export const LAYER_IMPORTS = {
  shared: [],
  memory: ['shared'],
  app: ['memory', 'shared'],
  web: ['shared'],
  server: ['app', 'web', 'shared'],
  // The CLI turns flags into engine options, so it may name the engine's public types.
  cli: ['app', 'server', 'shared', 'memory/engine-types.ts'],
  'engine-host': ['app', 'memory', 'shared'],
  // Main talks to the engine host only through its message protocol.
  main: ['engine-host/engine-host-protocol.ts', 'web', 'shared'],
  preload: ['shared'],
  renderer: ['shared'],
};

/**
 * Inside electron/memory, sub-layers lowest first: each folder may import itself and the folders
 * before it, never one after it. Files directly in electron/memory (engine.ts, engine-types.ts, …)
 * sit on top of them all.
 */
export const MEMORY_LAYERS = [
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
];

/**
 * Inside electron/memory/search: core (pure data in, data out: fusion, decay, dates, MMR,
 * snippets), sqlite (the FTS5 and vector readers over the index session), run (orchestration).
 */
export const SEARCH_LAYERS = ['core', 'sqlite', 'run'];

/** Zones for an ordered list of folders under `base`; `top` is a glob of files above them all. */
function orderedZones(base, order, top) {
  return order.flatMap((folder, i) => {
    const above = order.slice(i + 1).map((later) => ({
      target: `./${base}/${folder}`,
      from: `./${base}/${later}`,
      message: `${base}/${folder}/ may import only ${order.slice(0, i + 1).join(', ')} within ${base}/; not ${later}/ (docs/ARCHITECTURE.md).`,
    }));
    const files = top
      ? [
          {
            target: `./${base}/${folder}`,
            from: `./${base}/${top}`,
            message: `${base}/${folder}/ may not import the files above it in ${base}/ (docs/ARCHITECTURE.md).`,
          },
        ]
      : [];
    return [...above, ...files];
  });
}

/** Renderer features never import each other (resolved paths, however the import is written). */
function featureZones() {
  return RENDERER_FEATURES.flatMap((feature) =>
    RENDERER_FEATURES.filter((other) => other !== feature).map((other) => ({
      target: `./renderer/src/features/${feature}`,
      from: `./renderer/src/features/${other}`,
      message: 'Features do not import each other; compose them in renderer/src/app.',
    })),
  );
}

function layerZones() {
  const zones = [];
  for (const [layer, target] of Object.entries(LAYERS)) {
    const allowed = LAYER_IMPORTS[layer];
    for (const [other, from] of Object.entries(LAYERS)) {
      if (other === layer || allowed.includes(other)) continue;
      const except = allowed.filter((a) => a.startsWith(`${other}/`)).map((a) => `./${a.slice(other.length + 1)}`);
      const arrows = allowed.length ? allowed.join(', ') : 'nothing outside itself';
      zones.push({
        target: `./${target}`,
        from: `./${from}`,
        except,
        message: `${target}/ may import ${arrows}; not ${from}/ (docs/ARCHITECTURE.md).`,
      });
    }
  }
  return zones;
}

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'dist-bench/**',
      'dist-fixture-tools/**',
      'out/**',
      'renderer-dist/**',
      'renderer-dist-bench/**',
      'test-results/**',
      'playwright-report/**',
      'resources/**',
      'bench-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
          message: 'Focused tests would make CI run a fraction of the suite.',
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts', 'electron/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...layerZones(),
            ...featureZones(),
            ...orderedZones('electron/memory', MEMORY_LAYERS, '*.ts'),
            ...orderedZones('electron/memory/search', SEARCH_LAYERS, null),
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...nodeBuiltins, 'electron', 'react', 'better-sqlite3', 'chokidar'],
              message: 'shared/ is pure TypeScript: no Node, Electron or UI imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'electron/memory/**/*.ts',
      'electron/app/**/*.ts',
      'electron/web/**/*.ts',
      'electron/server/**/*.ts',
      'electron/cli/**/*.ts',
      'electron/engine-host/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only electron/main and electron/preload run inside Electron: never import electron here.',
            },
          ],
        },
      ],
    },
  },
  {
    // The preload runs sandboxed: it may bridge IPC with electron and the contract, nothing else.
    files: ['electron/preload/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...nodeBuiltins, 'better-sqlite3', 'chokidar', 'ws', 'zod'],
              message: 'The sandboxed preload imports only electron and shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...nodeBuiltins, 'electron', 'better-sqlite3', 'chokidar', 'ws'],
              message: 'The renderer runs in a sandboxed page: no Node or Electron imports.',
            },
          ],
        },
      ],
    },
  },
  {
    // Values from a module of zod schemas build all of its schemas while the window loads (issue
    // 33): the renderer takes their types, and plain values from schema-free modules.
    files: ['renderer/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'zod',
                'zod/*',
                '**/shared/contract',
                '**/shared/*-schema',
                '**/shared/*-schemas',
                '**/shared/*-calls',
                '**/shared/domain',
              ],
              allowTypeImports: true,
              message:
                'Import only types from a schema module here; move a plain value the window needs into a schema-free shared/ module (shared/contract-names.ts).',
            },
          ],
        },
      ],
    },
  },
  // Feature folders: a feature may import shared/, renderer/src/api, app-level store types, but not
  // another feature (featureZones above, on resolved paths).
  ...RENDERER_FEATURES.map((feature) => ({
    files: [`renderer/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...nodeBuiltins, 'electron', 'better-sqlite3', 'chokidar', 'ws'],
              message: 'The renderer runs in a sandboxed page: no Node or Electron imports.',
            },
          ],
        },
      ],
    },
  })),
  // Every word a user reads comes from shared/locales through t(): JSX text, literals placed in
  // JSX, and the props that are shown. Keys, test ids, class names and handlers are not shown.
  {
    files: ['renderer/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/test-support/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', I18N_LITERAL_OPTIONS],
    },
  },
);
