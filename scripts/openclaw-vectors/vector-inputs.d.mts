// Types for vector-inputs.mjs (plain JavaScript so the generator runs on bare Node).
export interface VectorInputSpec {
  name: string;
  path?: string;
  missing?: boolean;
  text?: string;
  gen?: [number, number];
  agents?: number;
  rand?: [number, number];
  emoji?: number[];
  append?: string;
}
export function buildInput(spec: VectorInputSpec): string;
export function generateLetters(n: number, offset: number): string;
export function commonPrefix(a: string, b: string): number;
export function commonSuffix(a: string, b: string): number;
