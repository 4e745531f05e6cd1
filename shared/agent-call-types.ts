// Types of the agent-calls values (agent-call-schemas.ts), each the output of its schema.
import type { z } from 'zod';
import type * as S from './agent-call-schemas.js';

export type AgentCallSource = z.output<typeof S.AgentCallSourceSchema>;
export type CallHit = z.output<typeof S.CallHitSchema>;
export type CallOutcomeKind = z.output<typeof S.CallOutcomeKindSchema>;
export type CallOutcome = z.output<typeof S.CallOutcomeSchema>;
export type CallNextStep = z.output<typeof S.CallNextStepSchema>;
export type CallDiagnosisCode = z.output<typeof S.CallDiagnosisCodeSchema>;
export type CallDiagnosis = z.output<typeof S.CallDiagnosisSchema>;
export type CallReplay = z.output<typeof S.CallReplaySchema>;
export type AgentCall = z.output<typeof S.AgentCallSchema>;
export type CallCounts = z.output<typeof S.CallCountsSchema>;
export type AgentCallHealth = z.output<typeof S.AgentCallHealthSchema>;
export type AgentCallList = z.output<typeof S.AgentCallListSchema>;
export type AgentCallsArgs = z.output<typeof S.AgentCallsArgsSchema>;
