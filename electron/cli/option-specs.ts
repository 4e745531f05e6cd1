// The flag table every command declares (node:util parseArgs), in a leaf so option groups kept in
// their own modules (endpoint flags) and the command list can share it without importing each other.
import type { ParseArgsConfig } from 'node:util';

export type OptionSpecs = NonNullable<ParseArgsConfig['options']>;
