// The shape of one call of the contract, apart from the contract so that call groups kept in their
// own modules (history, embedders) can declare calls without importing the contract that lists them.
import type { z } from 'zod';
import type { ErrorCode } from './errors.js';

export interface CallSpec<A extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  /** Validated on the receiving side of every transport before anything runs. */
  args: A;
  /** Validated in tests (and by the client in development) so the engine cannot drift from the contract. */
  result: R;
  /** Largest accepted JSON encoding of the arguments, in bytes. */
  maxArgBytes: number;
  /** Error codes the call may return besides COMMON_ERRORS, for the UI to handle. */
  errors: readonly ErrorCode[];
  /** One line for docs and for the dev console. */
  summary: string;
}
