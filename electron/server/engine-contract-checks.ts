// Compile-time proof that the engine's value types (engine-types.ts) are exactly the contract's,
// so what the engine returns is what the renderer is typed to receive. Nothing here runs.
import type { Assert, Equals } from '../../shared/contract-type-checks.js';
import type * as C from '../../shared/contract.js';
import type * as E from '../memory/engine-types.js';

export type EngineContractChecks = [
  Assert<Equals<C.FileContent, E.FileContent>>,
  Assert<Equals<C.SaveResult, E.SaveResult>>,
  Assert<Equals<C.SyncReport, E.SyncReport>>,
  Assert<Equals<C.FileChangeEvent, E.FileChangeEvent>>,
  Assert<Equals<C.TimelineQuery, E.TimelineQuery>>,
  Assert<Equals<C.Transcript, Awaited<ReturnType<E.MemoryEngineApi['readTranscript']>>>>,
];
