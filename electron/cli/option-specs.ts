// The shape of a command's flag table (node:util parseArgs). A leaf, so the option tables that
// satisfy it (common-options.ts, endpoint-options.ts) do not import each other back.
import type { ParseArgsConfig } from 'node:util';

export type OptionSpecs = NonNullable<ParseArgsConfig['options']>;
