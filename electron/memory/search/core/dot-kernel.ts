// The vector prefilter's inner loop: the dot product of one int16 query with every int8 row, in
// exact integer arithmetic. A WebAssembly SIMD kernel does 16 codes a step (sign-extend to int16,
// i32x4.dot_i16x8_s); where SIMD WebAssembly is missing a JS loop computes the same integers.
// int8 rows are a quarter of float32's bytes, which is what the scan is bound by. The module is
// a few hundred bytes, assembled below instead of shipped as a binary so it can be read.
//
// Memory layout: [query: stride int16][codes: capacity × stride int8][scores: capacity int32],
// each part 16-byte aligned. Growing moves only the scores (scratch); codes stay where they are.

/** Codes per kernel step: rows and the query are padded with zeros to a multiple of this. */
export const CODE_STRIDE = 16;

export interface CodeMemory {
  /** Codes per row (dims rounded up to CODE_STRIDE). */
  readonly stride: number;
  /** Rows that fit before grow() is needed. */
  readonly capacity: number;
  /** True when the SIMD kernel runs; false for the JS loop. */
  readonly simd: boolean;
  /** Views into the memory; replaced by grow(), so never keep them across one. */
  readonly query: Int16Array;
  readonly codes: Int8Array;
  readonly scores: Int32Array;
  /** scores[i] = query · codes of row i, for i < count. */
  dotAll(count: number): void;
  /** Room for `capacity` rows; the codes of existing rows are kept. */
  grow(capacity: number): void;
}

const WASM_PAGE = 65_536;
/** memory32's limit: 4 GiB. */
const MAX_PAGES = 65_536;

/** The part of the WebAssembly global used here (tsconfig.node.json's lib has no WebAssembly types). */
interface WasmMemory {
  buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Memory: new (descriptor: { initial: number }) => WasmMemory;
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

/** Largest row code: ±127, so negation never overflows and the bound below holds. */
export const ROW_CODE_LIMIT = 127;

/** Largest |query code| for which no int32 sum of `stride` products with row codes can overflow. */
export function queryCodeLimit(stride: number): number {
  return Math.min(32_767, Math.floor((2 ** 31 - 1) / (ROW_CODE_LIMIT * stride)));
}

export function codeStride(dims: number): number {
  return Math.ceil(dims / CODE_STRIDE) * CODE_STRIDE;
}

/**
 * Memory for `capacity` rows of `dims` codes, scanned by the SIMD kernel when it is available
 * (and `allowSimd` is not false), else by a JS loop over plain arrays.
 */
export function createCodeMemory(capacity: number, dims: number, options: { allowSimd?: boolean } = {}): CodeMemory {
  if (!Number.isInteger(dims) || dims <= 0) throw new RangeError(`invalid dimensions ${dims}`);
  const stride = codeStride(dims);
  const module = options.allowSimd === false ? null : kernelModule();
  if (module && wasm) {
    const simd = createWasmMemory(module, wasm, Math.max(1, capacity), stride);
    if (simd) return simd;
  }
  return new JsCodeMemory(Math.max(1, capacity), stride);
}

function align16(n: number): number {
  return Math.ceil(n / 16) * 16;
}

class WasmCodeMemory implements CodeMemory {
  readonly simd = true;
  query!: Int16Array;
  codes!: Int8Array;
  scores!: Int32Array;
  private readonly codesOffset: number;
  private scoresOffset = 0;

  constructor(
    private readonly memory: WasmMemory,
    private readonly scan: (query: number, codes: number, stride: number, count: number, out: number) => void,
    public capacity: number,
    readonly stride: number,
  ) {
    this.codesOffset = align16(stride * 2);
    this.views();
  }

  dotAll(count: number): void {
    if (count > this.capacity) throw new RangeError(`count ${count} exceeds capacity ${this.capacity}`);
    if (count > 0) this.scan(0, this.codesOffset, this.stride, count, this.scoresOffset);
  }

  grow(capacity: number): void {
    if (capacity <= this.capacity) return;
    const needed = Math.ceil(bytesFor(capacity, this.stride) / WASM_PAGE);
    const have = this.memory.buffer.byteLength / WASM_PAGE;
    if (needed > MAX_PAGES) throw new RangeError(`${capacity} rows of ${this.stride} codes exceed WebAssembly's 4 GiB`);
    if (needed > have) this.memory.grow(needed - have);
    this.capacity = capacity;
    this.views();
  }

  private views(): void {
    const buffer = this.memory.buffer;
    this.scoresOffset = this.codesOffset + align16(this.capacity * this.stride);
    this.query = new Int16Array(buffer, 0, this.stride);
    this.codes = new Int8Array(buffer, this.codesOffset, this.capacity * this.stride);
    this.scores = new Int32Array(buffer, this.scoresOffset, this.capacity);
  }
}

function bytesFor(capacity: number, stride: number): number {
  return align16(stride * 2) + align16(capacity * stride) + capacity * 4;
}

function createWasmMemory(module: object, api: WasmApi, capacity: number, stride: number): CodeMemory | null {
  const pages = Math.ceil(bytesFor(capacity, stride) / WASM_PAGE);
  if (pages > MAX_PAGES) return null;
  let memory: WasmMemory;
  try {
    memory = new api.Memory({ initial: Math.max(1, pages) });
  } catch {
    return null;
  }
  const instance = new api.Instance(module, { env: { memory } });
  const scan = instance.exports.scan as (
    query: number,
    codes: number,
    stride: number,
    count: number,
    out: number,
  ) => void;
  return new WasmCodeMemory(memory, scan, capacity, stride);
}

/** The same integers from a JS loop (no SIMD WebAssembly, or a matrix beyond its 4 GiB). */
class JsCodeMemory implements CodeMemory {
  readonly simd = false;
  readonly query: Int16Array;
  codes: Int8Array;
  scores: Int32Array;

  constructor(
    public capacity: number,
    readonly stride: number,
  ) {
    this.query = new Int16Array(stride);
    this.codes = new Int8Array(capacity * stride);
    this.scores = new Int32Array(capacity);
  }

  dotAll(count: number): void {
    if (count > this.capacity) throw new RangeError(`count ${count} exceeds capacity ${this.capacity}`);
    const { query, codes, scores, stride } = this;
    for (let row = 0, base = 0; row < count; row++, base += stride) {
      let s0 = 0;
      let s1 = 0;
      for (let i = 0; i < stride; i += 2) {
        s0 += codes[base + i]! * query[i]!;
        s1 += codes[base + i + 1]! * query[i + 1]!;
      }
      scores[row] = s0 + s1;
    }
  }

  grow(capacity: number): void {
    if (capacity <= this.capacity) return;
    const codes = new Int8Array(capacity * this.stride);
    codes.set(this.codes);
    this.codes = codes;
    this.scores = new Int32Array(capacity);
    this.capacity = capacity;
  }
}

/*
 * (func (export "scan") (param $q i32) (param $m i32) (param $stride i32) (param $count i32) (param $out i32)
 *   (local $j i32) (local $mEnd i32) (local $qj i32) (local $qlo v128) (local $qhi v128) (local $v v128) (local $acc v128)
 *   mEnd := m + count * stride
 *   block loop                                    ;; one row per iteration
 *     br_if 1 (m >= mEnd)
 *     acc := 0 ; j := 0
 *     loop                                        ;; 16 codes per iteration
 *       qj := q + 2j ; qlo := load(qj) ; qhi := load(qj + 16)     ;; int16 × 8 each
 *       v := load(m + j)                                          ;; int8 × 16
 *       acc += dot(extend_low(v), qlo) + dot(extend_high(v), qhi) ;; int32 × 4
 *       j += 16 ; br_if 0 (j < stride)
 *     end
 *     store_i32(out, hsum(acc)) ; out += 4 ; m += stride ; br 0
 *   end end)
 * No overflow: |code| ≤ 127 and |query| ≤ queryCodeLimit(stride) keep every sum below 2³¹.
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
  const extendLow = simd(0x87); // i16x8.extend_low_i8x16_s
  const extendHigh = simd(0x88); // i16x8.extend_high_i8x16_s
  const dot = simd(0xba); // i32x4.dot_i16x8_s
  const add = simd(0xae); // i32x4.add
  const lane = (n: number) => [...simd(0x1b), n]; // i32x4.extract_lane
  const [q, m, stride, count, out, j, mEnd, qj, qlo, qhi, v, acc] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  const I32_ADD = 0x6a;
  const I32_MUL = 0x6c;
  const I32_GE_U = 0x4f;
  const I32_LT_U = 0x49;
  const BLOCK = [0x02, 0x40];
  const LOOP = [0x03, 0x40];
  const BR_IF = 0x0d;
  const END = 0x0b;

  const code = [
    ...get(m),
    ...get(count),
    ...get(stride),
    I32_MUL,
    I32_ADD,
    ...set(mEnd),
    ...BLOCK,
    ...LOOP,
    ...get(m),
    ...get(mEnd),
    I32_GE_U,
    BR_IF,
    1,
    ...zero,
    ...set(acc),
    ...i32(0),
    ...set(j),
    ...LOOP,
    ...get(q),
    ...get(j),
    ...get(j),
    I32_ADD,
    I32_ADD,
    ...tee(qj),
    ...load(0),
    ...set(qlo),
    ...get(qj),
    ...load(16),
    ...set(qhi),
    ...get(m),
    ...get(j),
    I32_ADD,
    ...load(0),
    ...tee(v),
    ...extendLow,
    ...get(qlo),
    ...dot,
    ...get(v),
    ...extendHigh,
    ...get(qhi),
    ...dot,
    ...add,
    ...get(acc),
    ...add,
    ...set(acc),
    ...get(j),
    ...i32(16),
    I32_ADD,
    ...tee(j),
    ...get(stride),
    I32_LT_U,
    BR_IF,
    0,
    END,
    ...get(out),
    ...get(acc),
    ...lane(0),
    ...get(acc),
    ...lane(1),
    I32_ADD,
    ...get(acc),
    ...lane(2),
    I32_ADD,
    ...get(acc),
    ...lane(3),
    I32_ADD,
    0x36,
    0x02,
    0x00, // i32.store align=4 offset=0
    ...get(out),
    ...i32(4),
    I32_ADD,
    ...set(out),
    ...get(m),
    ...get(stride),
    I32_ADD,
    ...set(m),
    0x0c,
    0, // br 0
    END,
    END,
    END,
  ];
  const body = [0x02, 0x03, I32, 0x04, V128, ...code];
  const section = (id: number, content: number[]) => [id, ...uleb(content.length), ...content];
  const name = (s: string) => [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
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
