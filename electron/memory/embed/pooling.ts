// Sentence vectors from a model's token vectors: mean over the attended tokens (or the [CLS]
// token), then L2 normalisation — what transformers.js' feature-extraction pipeline computes,
// done in one pass. Its own mean_pooling converts the BigInt attention mask once per element
// *per dimension*; that cost 35 ms per 16 short texts on the fixture model and would be ~0.6 s
// per batch of 400-token chunks, comparable to running the model itself.
import type { Pooling } from './model-presets.js';

export interface TokenStates {
  /** [batch, sequence, dims], row-major. */
  data: Float32Array;
  batch: number;
  sequence: number;
  dims: number;
}

export function poolEmbeddings(
  states: TokenStates,
  attentionMask: ArrayLike<number | bigint>,
  pooling: Pooling,
  normalize: boolean,
): Float32Array {
  const { data, batch, sequence, dims } = states;
  const out = new Float32Array(batch * dims);
  for (let b = 0; b < batch; b++) {
    const row = out.subarray(b * dims, (b + 1) * dims);
    if (pooling === 'cls') {
      row.set(data.subarray(b * sequence * dims, b * sequence * dims + dims));
    } else {
      // Accumulate in float64 like transformers.js' loop, then store as float32.
      const sum = new Float64Array(dims);
      let count = 0;
      for (let t = 0; t < sequence; t++) {
        if (Number(attentionMask[b * sequence + t]) === 0) continue;
        count++;
        const offset = (b * sequence + t) * dims;
        for (let d = 0; d < dims; d++) sum[d]! += data[offset + d]!;
      }
      for (let d = 0; d < dims; d++) row[d] = count > 0 ? sum[d]! / count : 0;
    }
    if (normalize) normaliseInPlace(row);
  }
  return out;
}

function normaliseInPlace(v: Float32Array): void {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  norm = Math.sqrt(norm);
  // transformers.js divides by the norm as is; a zero vector stays zero instead of becoming NaN.
  if (norm === 0) return;
  for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
}
