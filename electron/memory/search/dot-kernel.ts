// A WebAssembly SIMD kernel for the vector matrix: the dot product of one query with every row,
// 8 float32 lanes at a time. Scalar JS manages ~1 multiply-add per ns here; f32x4 does 4–8. The
// module is ~150 bytes, assembled below instead of shipped as a binary so it can be read.
//
// Memory layout of one ScanMemory: [query: dims floats][scores: capacity floats][rows: capacity × dims floats],
// each part 16-byte aligned. The scores are float32 sums in lane order — approximate; the matrix's
// exact pass recomputes the finalists the way sqlite-vec does.

/** f32x4 lanes × 2 accumulators: the kernel needs dims to be a multiple of this. */
export const KERNEL_STRIDE = 8;

export interface ScanMemory {
  readonly query: Float32Array;
  readonly scores: Float32Array;
  readonly rows: Float32Array;
  /** scores[i] = query · row i, for i < count. */
  dotAll(count: number): void;
}

const WASM_PAGE = 65_536;

/** The part of the WebAssembly global used here (tsconfig.node.json's lib has no WebAssembly types). */
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer };
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

let compiled: object | null | undefined;

function kernelModule(): object | null {
  if (compiled === undefined) {
    try {
      const bytes = assemble();
      compiled = wasm?.validate(bytes) ? new wasm.Module(bytes) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/**
 * Memory and an instance of the kernel for `capacity` rows of `dims` floats; null when SIMD
 * WebAssembly is unavailable, dims do not suit the kernel, or the memory cannot be had (the
 * caller then uses plain arrays and a JS loop).
 */
export function createScanMemory(capacity: number, dims: number): ScanMemory | null {
  if (dims <= 0 || dims % KERNEL_STRIDE !== 0) return null;
  const module = kernelModule();
  if (!module || !wasm) return null;
  const queryBytes = align16(dims * 4);
  const scoresBytes = align16(Math.max(1, capacity) * 4);
  const rowsBytes = capacity * dims * 4;
  const total = queryBytes + scoresBytes + rowsBytes;
  const pages = Math.ceil(total / WASM_PAGE);
  if (pages > 65_536) return null;
  let memory: { buffer: ArrayBuffer };
  try {
    memory = new wasm.Memory({ initial: Math.max(1, pages) });
  } catch {
    return null;
  }
  const instance = new wasm.Instance(module, { env: { memory } });
  const scan = instance.exports.scan as (query: number, rows: number, dims: number, count: number, out: number) => void;
  const buffer = memory.buffer;
  const scoresOffset = queryBytes;
  const rowsOffset = queryBytes + scoresBytes;
  return {
    query: new Float32Array(buffer, 0, dims),
    scores: new Float32Array(buffer, scoresOffset, Math.max(1, capacity)),
    rows: new Float32Array(buffer, rowsOffset, capacity * dims),
    dotAll: (count: number) => {
      if (count > capacity) throw new RangeError(`count ${count} exceeds capacity ${capacity}`);
      scan(0, rowsOffset, dims, count, scoresOffset);
    },
  };
}

function align16(n: number): number {
  return Math.ceil(n / 16) * 16;
}

/*
 * (func (export "scan") (param $q i32) (param $m i32) (param $dims i32) (param $count i32) (param $out i32)
 *   (local $rowEnd i32) (local $qp i32) (local $mEnd i32) (local $acc0 v128) (local $acc1 v128)
 *   dims := dims * 4 ; mEnd := m + count * dims
 *   block loop                                  ;; one row per iteration
 *     br_if 1 (m >= mEnd)
 *     acc0 := 0 ; acc1 := 0 ; rowEnd := m + dims ; qp := q
 *     loop                                      ;; 8 floats per iteration
 *       acc0 += load(m) * load(qp) ; acc1 += load(m + 16) * load(qp + 16)
 *       m += 32 ; qp += 32 ; br_if 0 (m < rowEnd)
 *     end
 *     store_f32(out, hsum(acc0 + acc1)) ; out += 4 ; br 0
 *   end end)
 */
function assemble(): Uint8Array {
  const I32 = 0x7f;
  const V128 = 0x7b;
  const get = (i: number) => [0x20, i];
  const set = (i: number) => [0x21, i];
  const tee = (i: number) => [0x22, i];
  const i32 = (n: number) => [0x41, n]; // small non-negative constants (< 64) only
  const simd = (op: number) => [0xfd, ...uleb(op)];
  const load = (offset: number) => [...simd(0x00), 0x04, offset];
  const zero = [...simd(0x0c), ...new Array<number>(16).fill(0)];
  const f32x4Add = simd(0xe4);
  const f32x4Mul = simd(0xe6);
  const lane = (n: number) => [...simd(0x1f), n];
  const [q, m, dims, count, out, rowEnd, qp, mEnd, acc0, acc1] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const I32_ADD = 0x6a;
  const I32_MUL = 0x6c;
  const I32_SHL = 0x74;
  const I32_GE_U = 0x4f;
  const I32_LT_U = 0x49;
  const F32_ADD = 0x92;
  const BLOCK = [0x02, 0x40];
  const LOOP = [0x03, 0x40];
  const END = 0x0b;

  const code = [
    ...get(dims), ...i32(2), I32_SHL, ...set(dims),
    ...get(m), ...get(count), ...get(dims), I32_MUL, I32_ADD, ...set(mEnd),
    ...BLOCK,
    ...LOOP,
    ...get(m), ...get(mEnd), I32_GE_U, 0x0d, 1,
    ...zero, ...set(acc0),
    ...zero, ...set(acc1),
    ...get(m), ...get(dims), I32_ADD, ...set(rowEnd),
    ...get(q), ...set(qp),
    ...LOOP,
    ...get(acc0), ...get(m), ...load(0), ...get(qp), ...load(0), ...f32x4Mul, ...f32x4Add, ...set(acc0),
    ...get(acc1), ...get(m), ...load(16), ...get(qp), ...load(16), ...f32x4Mul, ...f32x4Add, ...set(acc1),
    ...get(m), ...i32(32), I32_ADD, ...set(m),
    ...get(qp), ...i32(32), I32_ADD, ...set(qp),
    ...get(m), ...get(rowEnd), I32_LT_U, 0x0d, 0,
    END,
    ...get(out),
    ...get(acc0), ...get(acc1), ...f32x4Add, ...tee(acc0), ...lane(0),
    ...get(acc0), ...lane(1), F32_ADD,
    ...get(acc0), ...lane(2), F32_ADD,
    ...get(acc0), ...lane(3), F32_ADD,
    0x38, 0x02, 0x00, // f32.store align=4 offset=0
    ...get(out), ...i32(4), I32_ADD, ...set(out),
    0x0c, 0,
    END,
    END,
    END,
  ];
  const body = [0x02, 0x03, I32, 0x02, V128, ...code];
  const section = (id: number, content: number[]) => [id, ...uleb(content.length), ...content];
  const name = (s: string) => [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [0x01, 0x60, 0x05, I32, I32, I32, I32, I32, 0x00]),
    ...section(2, [0x01, ...name('env'), ...name('memory'), 0x02, 0x00, 0x01]),
    ...section(3, [0x01, 0x00]),
    ...section(7, [0x01, ...name('scan'), 0x00, 0x00]),
    ...section(10, [0x01, ...uleb(body.length), ...body]),
  ]);
}

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}
