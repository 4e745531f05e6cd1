// Compile-time proof that the contract's zod schemas describe exactly the domain types: if a field
// is added to shared/domain.ts and not to contract-schemas.ts (or the other way), `tsc` fails here.
// Nothing in this file runs.
import type { z } from 'zod';
import type * as S from './contract-schemas.js';
import type * as D from './domain.js';

/**
 * True only when A and B are the same type, field for field (an extra optional field fails too,
 * which plain two-way assignability would let through). Deep, because identity is deep.
 */
export type Equals<A, B> = (<T>() => T extends Deep<A> ? 1 : 2) extends <T>() => T extends Deep<B> ? 1 : 2 ? true : false;
/** Normalises zod's and the interfaces' spellings of the same shape into one form. */
type Deep<T> = T extends (infer U)[] ? Deep<U>[] : T extends object ? { [K in keyof T]: Deep<T[K]> } : T;
export type Assert<T extends true> = T;

type Out<T extends z.ZodType> = z.output<T>;

export type DomainChecks = [
  Assert<Equals<Out<typeof S.FileDateSchema>, D.FileDate>>,
  Assert<Equals<Out<typeof S.WorkspaceFileSchema>, D.WorkspaceFile>>,
  Assert<Equals<Out<typeof S.FileListEntrySchema>, D.FileListEntry>>,
  Assert<Equals<Out<typeof S.SearchOptionsSchema>, D.SearchOptions>>,
  Assert<Equals<z.input<typeof S.SearchOptionsSchema>, D.SearchOptions>>,
  Assert<Equals<Out<typeof S.ScoreBreakdownSchema>, D.ScoreBreakdown>>,
  Assert<Equals<Out<typeof S.SearchResultSchema>, D.SearchResult>>,
  Assert<Equals<Out<typeof S.SearchResponseSchema>, D.SearchResponse>>,
  Assert<Equals<Out<typeof S.ExplainFileResultSchema>, D.ExplainFileResult>>,
  Assert<Equals<Out<typeof S.IndexProgressSchema>, D.IndexProgress>>,
  Assert<Equals<Out<typeof S.IndexStatusSchema>, D.IndexStatus>>,
  Assert<Equals<Out<typeof S.TimelineEntrySchema>, D.TimelineEntry>>,
  Assert<Equals<Out<typeof S.MemoryGetResultSchema>, D.MemoryGetResult>>,
  Assert<Equals<Out<typeof S.TranscriptMessageSchema>, D.TranscriptMessage>>,
];
