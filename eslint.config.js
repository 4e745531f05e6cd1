// Lint enforces the layering of ../shared/STYLE.md: shared/ is pure, the engine never imports
// electron, the renderer never imports Node or the electron/ tree, features never import each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'url', 'worker_threads', 'http', 'net'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', 'renderer-dist/**', 'test-results/**', 'playwright-report/**', 'resources/**', 'bench-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
        message: 'Focused tests would make CI run a fraction of the suite.',
      }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['../electron/*', '../../electron/*', '../renderer/*', '../../renderer/*', '**/electron/**', '**/renderer/**'], message: 'shared/ imports only shared/.' },
          { group: [...nodeBuiltins, 'electron', 'react', 'better-sqlite3', 'chokidar'], message: 'shared/ is pure TypeScript: no Node, Electron or UI imports.' },
        ],
      }],
    },
  },
  {
    files: ['electron/memory/**/*.ts', 'electron/cli/**/*.ts', 'electron/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'The engine, CLI and server run under plain Node: never import electron here.' }],
        patterns: [{ group: ['**/renderer/**', '**/electron/main/**', '**/electron/preload/**'], message: 'Engine code may not depend on the Electron shell or the renderer.' }],
      }],
    },
  },
  {
    // The preload runs sandboxed: it may bridge IPC with electron and the contract, nothing else.
    files: ['electron/preload/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: [...nodeBuiltins, 'better-sqlite3', 'chokidar', 'ws', 'zod'], message: 'The sandboxed preload imports only electron and shared/.' },
          { group: ['**/memory/**', '**/main/**', '**/server/**', '**/cli/**', '**/renderer/**'], message: 'The preload imports only electron and shared/.' },
        ],
      }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: [...nodeBuiltins, 'electron', 'better-sqlite3', 'chokidar', 'ws'], message: 'The renderer runs in a sandboxed page: no Node or Electron imports.' },
          { group: ['**/electron/**'], message: 'The renderer talks to the engine only through the contract in shared/.' },
        ],
      }],
    },
  },
  // Feature folders: a feature may import shared/, renderer/src/api, app-level store types, but not another feature.
  ...['files', 'editor', 'timeline', 'search', 'status'].map((feature) => ({
    files: [`renderer/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: [...nodeBuiltins, 'electron', 'better-sqlite3', 'chokidar', 'ws'], message: 'The renderer runs in a sandboxed page: no Node or Electron imports.' },
          { group: ['**/electron/**'], message: 'The renderer talks to the engine only through the contract in shared/.' },
          {
            group: ['files', 'editor', 'timeline', 'search', 'status'].filter((f) => f !== feature).map((f) => `**/features/${f}/**`),
            message: 'Features do not import each other; compose them in renderer/src/app.',
          },
        ],
      }],
    },
  })),
);
