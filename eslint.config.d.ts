// Types for what scripts/layering.test.ts reads from eslint.config.js (plain JS, as ESLint loads it).
export declare const LAYERS: Readonly<
  Record<
    'shared' | 'memory' | 'app' | 'web' | 'server' | 'cli' | 'engine-host' | 'main' | 'preload' | 'renderer',
    string
  >
>;
export declare const LAYER_IMPORTS: Readonly<Record<keyof typeof LAYERS, readonly string[]>>;
export declare const MEMORY_LAYERS: readonly string[];
export declare const SEARCH_LAYERS: readonly string[];
declare const config: unknown;
export default config;
