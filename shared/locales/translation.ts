import type { en } from './en/index.js';

/**
 * A translation of an English namespace: the same keys, any strings. Plural keys may differ by
 * suffix (English has `_one` and `_other`, Chinese only `_other`), which the parity test allows.
 */
export type Translation<T> = { [K in keyof T as PluralBase<K>]: T[K] extends string ? string : Translation<T[K]> } & {
  [key: string]: unknown;
};

type PluralBase<K> = K extends `${string}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? never : K;

/** Every namespace of the app, as English has them. */
export type Messages = { [N in keyof typeof en]: Translation<(typeof en)[N]> };
