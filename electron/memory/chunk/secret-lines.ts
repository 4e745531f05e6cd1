// Chunk input with every secret replaced by its mask label before chunking, so no chunk text, FTS
// token or embedding ever holds a raw value — and a value can never be cut in two at a chunk
// boundary, because the cut happens after masking. What was masked is kept as ChunkSecrets.
import { findSecrets, maskedText, type SecretKind } from '../../../shared/secrets.js';

/** One masked value: what the index keeps of it (never the value). */
export interface ChunkSecret {
  kind: SecretKind;
  /** The line the value starts on (the file's line; the JSONL line for sessions). */
  line: number;
  /** UTF-16 offset of the label in the masked line. */
  column: number;
  /** What replaced the value (shared/secrets.ts maskLabel). */
  label: string;
}

export interface MaskedInput {
  text: string;
  line: number;
  secrets: ChunkSecret[];
}

/**
 * `inputs` with their secrets masked, scanned as one text so a value spanning lines (a private key
 * block) is found whole; each label keeps the value's line breaks, so lines stay aligned.
 */
export function maskInputs(inputs: readonly { text: string; line: number }[]): MaskedInput[] {
  const joined = inputs.map((input) => input.text).join('\n');
  const findings = findSecrets(joined);
  if (findings.length === 0) return inputs.map((input) => ({ text: input.text, line: input.line, secrets: [] }));
  const masked = maskedText(joined, findings);
  const lines = masked.text.split('\n');
  if (lines.length !== inputs.length) throw new Error('masking changed the number of lines');
  const out: MaskedInput[] = inputs.map((input, i) => ({ text: lines[i]!, line: input.line, secrets: [] }));
  let lineIndex = 0;
  let lineStart = 0;
  for (const { start, end, finding } of masked.labels) {
    while (lineIndex + 1 < lines.length && lineStart + lines[lineIndex]!.length + 1 <= start) {
      lineStart += lines[lineIndex]!.length + 1;
      lineIndex += 1;
    }
    const target = out[lineIndex]!;
    const label = masked.text.slice(start, end).split('\n')[0]!;
    target.secrets.push({ kind: finding.kind, line: target.line, column: start - lineStart, label });
  }
  return out;
}
