/**
 * The ChaCha20 block function of RFC 8439 §2.3 in WebAssembly SIMD, four blocks at a time: each
 * 128-bit vector holds one state word of four consecutive blocks (counters c, c+1, c+2, c+3), so
 * one pass of the 20 rounds — the same additions, XORs and rotations as §2.1–2.2 — computes four
 * blocks. Why (issue 11): browsers have no native ChaCha20, and the scalar JavaScript rounds
 * (chacha20-block.ts) made a seeded shuffle in Chromium half as fast as the secure one.
 *
 * The module is assembled here from its opcodes (about 2 KiB, no build step, no dependency) and
 * compiled synchronously at load. Where WebAssembly, its SIMD or bulk-memory operations are
 * missing, or a Content-Security-Policy forbids compiling it, {@link wasmChaCha20Blocks} is
 * undefined and the scalar code runs: both give the same keystream, which chacha20-block.test.ts
 * checks against node:crypto's ChaCha20 for each.
 */

/** Blocks per call of the module: its memory holds the state (64 bytes) and 64 output blocks. */
export const WASM_MAX_BLOCKS = 64;

const STATE_BYTES = 64;

/** Unsigned LEB128 (WebAssembly's integer encoding). */
function uleb(value: number): number[] {
  const out: number[] = [];
  let v = value;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
}

/** Signed LEB128 of a small non-negative constant (`i32.const`). */
function sleb(value: number): number[] {
  const out: number[] = [];
  let v = value;
  for (;;) {
    const byte = v & 0x7f;
    v >>= 7;
    if ((v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

// Opcodes (WebAssembly core spec §5.4, SIMD and bulk-memory proposals).
const LOCAL_GET = 0x20;
const LOCAL_SET = 0x21;
const LOCAL_TEE = 0x22;
const I32_LOAD = 0x28;
const I32_CONST = 0x41;
const I32_LT_U = 0x49;
const I32_ADD = 0x6a;
const I32_SUB = 0x6b;
const I32_SHL = 0x74;
const LOOP = 0x03;
const BR_IF = 0x0d;
const END = 0x0b;
const VOID = 0x40;
const SIMD = 0xfd;

const simd = (op: number): number[] => [SIMD, ...uleb(op)];
const V128_CONST = simd(0x0c);
const I8X16_SHUFFLE = simd(0x0d);
const I32X4_SPLAT = simd(0x11);
const V128_STORE = simd(0x0b);
const V128_OR = simd(0x50);
const V128_XOR = simd(0x51);
const I32X4_SHL = simd(0xab);
const I32X4_SHR_U = simd(0xad);
const I32X4_ADD = simd(0xae);
const MEMORY_FILL = [0xfc, ...uleb(11), 0x00];

/** memarg: alignment 2^2, the given offset. */
const memarg = (offset: number): number[] => [2, ...uleb(offset)];

// Locals of `blocks(groups)`: 0 = groups (param), 1 = g, 2 = round counter, 3 = output pointer,
// 4 … 19 = the 16 state vectors x0 … x15.
const G = 1;
const R = 2;
const P = 3;
const x = (i: number): number => 4 + i;
// 20 … 23: scratch vectors for the final transposition.
const T0 = 20;
const T1 = 21;
const T2 = 22;
const T3 = 23;

/** Byte indices (of the 32 bytes of two vectors u, v) for i8x16.shuffle, by 32-bit lane. */
const lanesOf = (...lanes: number[]): number[] =>
  lanes.flatMap((lane) => [lane * 4, lane * 4 + 1, lane * 4 + 2, lane * 4 + 3]);
const INTERLEAVE_LOW = lanesOf(0, 4, 1, 5); // u0 v0 u1 v1
const INTERLEAVE_HIGH = lanesOf(2, 6, 3, 7); // u2 v2 u3 v3
const LOW_HALVES = lanesOf(0, 1, 4, 5); // u0 u1 v0 v1
const HIGH_HALVES = lanesOf(2, 3, 6, 7); // u2 u3 v2 v3

/** `x[a] = x[a] + x[b]` (i32x4, wrapping). */
const addTo = (a: number, b: number): number[] => [
  LOCAL_GET,
  x(a),
  LOCAL_GET,
  x(b),
  ...I32X4_ADD,
  LOCAL_SET,
  x(a),
];

/** Byte shuffles that rotate each little-endian 32-bit lane left by 16 and by 8 bits. */
const ROTL16 = [2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13];
const ROTL8 = [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14];

/** `x[d] = (x[d] ^ x[a]) <<< n` */
function xorRotate(d: number, a: number, n: number): number[] {
  const xor = [LOCAL_GET, x(d), LOCAL_GET, x(a), ...V128_XOR];
  if (n === 16 || n === 8) {
    // A lane-preserving byte shuffle of the value with itself: the value must be on the stack
    // twice, so it goes through the local first.
    return [
      ...xor,
      LOCAL_TEE,
      x(d),
      LOCAL_GET,
      x(d),
      ...I8X16_SHUFFLE,
      ...(n === 16 ? ROTL16 : ROTL8),
      LOCAL_SET,
      x(d),
    ];
  }
  return [
    ...xor,
    LOCAL_TEE,
    x(d),
    I32_CONST,
    ...sleb(n),
    ...I32X4_SHL,
    LOCAL_GET,
    x(d),
    I32_CONST,
    ...sleb(32 - n),
    ...I32X4_SHR_U,
    ...V128_OR,
    LOCAL_SET,
    x(d),
  ];
}

/** RFC 8439 §2.1's quarter round on state vectors a, b, c, d. */
const quarterRound = (a: number, b: number, c: number, d: number): number[] => [
  ...addTo(a, b),
  ...xorRotate(d, a, 16),
  ...addTo(c, d),
  ...xorRotate(b, c, 12),
  ...addTo(a, b),
  ...xorRotate(d, a, 8),
  ...addTo(c, d),
  ...xorRotate(b, c, 7),
];

/** The 32-bit lanes (0, 1, 2, 3) as a little-endian v128 constant. */
const LANE_INDICES = [0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0];

/** Pushes the input state word i of the current group, as a vector over its four blocks: memory
 *  word i everywhere, and for word 12 (the counter) + 4g + (0, 1, 2, 3). */
function inputWord(i: number): number[] {
  const load = [I32_CONST, 0, I32_LOAD, ...memarg(i * 4)];
  if (i !== 12) return [...load, ...I32X4_SPLAT];
  return [
    ...load,
    LOCAL_GET,
    G,
    I32_CONST,
    2,
    I32_SHL,
    I32_ADD,
    ...I32X4_SPLAT,
    ...V128_CONST,
    ...LANE_INDICES,
    ...I32X4_ADD,
  ];
}

/** `blocks(groups)`: 4 × groups blocks from the state in memory [0, 64) into [64, …). */
function blocksBody(): number[] {
  const code: number[] = [];
  code.push(LOOP, VOID); // one group of four blocks
  for (let i = 0; i < 16; i++) code.push(...inputWord(i), LOCAL_SET, x(i));
  code.push(I32_CONST, 10, LOCAL_SET, R);
  code.push(LOOP, VOID); // §2.3: 10 × (column round, diagonal round)
  code.push(
    ...quarterRound(0, 4, 8, 12),
    ...quarterRound(1, 5, 9, 13),
    ...quarterRound(2, 6, 10, 14),
    ...quarterRound(3, 7, 11, 15),
    ...quarterRound(0, 5, 10, 15),
    ...quarterRound(1, 6, 11, 12),
    ...quarterRound(2, 7, 8, 13),
    ...quarterRound(3, 4, 9, 14),
  );
  code.push(LOCAL_GET, R, I32_CONST, 1, I32_SUB, LOCAL_TEE, R, BR_IF, 0, END);
  // §2.3: add the input state. Lane k of x[i] is word i of block 4g + k, stored at
  // 64 + (4g + k) × 64 + 4i: each four rows are transposed (8 shuffles) into four 16-byte
  // stores, one per block, instead of 16 lane extractions and stores.
  code.push(LOCAL_GET, G, I32_CONST, 8, I32_SHL, I32_CONST, ...sleb(STATE_BYTES), I32_ADD);
  code.push(LOCAL_SET, P);
  for (let i = 0; i < 16; i++) {
    code.push(LOCAL_GET, x(i), ...inputWord(i), ...I32X4_ADD, LOCAL_SET, x(i));
  }
  for (let r = 0; r < 16; r += 4) {
    const [a, b, c, d] = [x(r), x(r + 1), x(r + 2), x(r + 3)];
    const pair = (u: number, v: number, lanes: number[], into: number) =>
      code.push(LOCAL_GET, u, LOCAL_GET, v, ...I8X16_SHUFFLE, ...lanes, LOCAL_SET, into);
    pair(a, b, INTERLEAVE_LOW, T0); // a0 b0 a1 b1
    pair(a, b, INTERLEAVE_HIGH, T1); // a2 b2 a3 b3
    pair(c, d, INTERLEAVE_LOW, T2); // c0 d0 c1 d1
    pair(c, d, INTERLEAVE_HIGH, T3); // c2 d2 c3 d3
    const store = (u: number, v: number, lanes: number[], block: number) =>
      code.push(
        LOCAL_GET,
        P,
        LOCAL_GET,
        u,
        LOCAL_GET,
        v,
        ...I8X16_SHUFFLE,
        ...lanes,
        ...V128_STORE,
        ...memarg(block * 64 + r * 4),
      );
    store(T0, T2, LOW_HALVES, 0); // a0 b0 c0 d0
    store(T0, T2, HIGH_HALVES, 1);
    store(T1, T3, LOW_HALVES, 2);
    store(T1, T3, HIGH_HALVES, 3);
  }
  code.push(LOCAL_GET, G, I32_CONST, 1, I32_ADD, LOCAL_TEE, G, LOCAL_GET, 0, I32_LT_U, BR_IF, 0);
  code.push(END);
  return code;
}

/** `wipe(bytes)`: zeroes memory [0, bytes). */
const wipeBody = (): number[] => [I32_CONST, 0, I32_CONST, 0, LOCAL_GET, 0, ...MEMORY_FILL];

function section(id: number, content: number[]): number[] {
  return [id, ...uleb(content.length), ...content];
}

function functionBody(locals: number[][], code: number[]): number[] {
  const body = [...uleb(locals.length), ...locals.flat(), ...code, END];
  return [...uleb(body.length), ...body];
}

const name = (text: string): number[] => [text.length, ...[...text].map((c) => c.charCodeAt(0))];

function moduleBytes(): Uint8Array<ArrayBuffer> {
  const I32 = 0x7f;
  const V128 = 0x7b;
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, 1, I32, 0]), // one type: (i32) → ()
    ...section(3, [2, 0, 0]), // two functions of that type
    ...section(5, [1, 0x00, 1]), // one memory of one page (64 KiB), never grown
    ...section(7, [3, ...name('memory'), 2, 0, ...name('blocks'), 0, 0, ...name('wipe'), 0, 1]),
    ...section(10, [
      2,
      ...functionBody(
        [
          [3, I32],
          [20, V128],
        ],
        blocksBody(),
      ),
      ...functionBody([], wipeBody()),
    ]),
  ]);
}

/** Writes `blocks` (a multiple of 4, at most {@link WASM_MAX_BLOCKS}) blocks from `counter`. */
type WasmBlocks = (
  key: Uint32Array,
  counter: number,
  nonce: Uint32Array,
  out: Uint32Array,
  offset: number,
  blocks: number,
) => void;

/** The compiled module's function once tried: undefined if it cannot run, null before. */
let compiled: WasmBlocks | undefined | null = null;

/**
 * RFC 8439 ChaCha20 blocks in WebAssembly SIMD, or undefined where that cannot run. The function
 * takes the same arguments and gives the same words as `chacha20Blocks` (chacha20-block.ts), for
 * `blocks` a multiple of 4 and at most {@link WASM_MAX_BLOCKS}.
 *
 * Compiled on the first call, not at load: a source made for one deal or one verify never needs
 * it (its first refills are 1 and 2 blocks), so a page whose Content-Security-Policy lacks
 * 'wasm-unsafe-eval' sees no refused compilation unless it reads a long seeded stream — and then
 * gets the scalar code.
 *
 * @example
 * ```ts
 * const blocks = wasmChaCha20Blocks();
 * if (blocks !== undefined) blocks(keyWords, 0, nonceWords, out, 0, 64);
 * ```
 */
export function wasmChaCha20Blocks(): WasmBlocks | undefined {
  if (compiled === null) compiled = compile();
  return compiled;
}

function compile(): WasmBlocks | undefined {
  const wasm = (globalThis as { WebAssembly?: typeof WebAssembly }).WebAssembly;
  if (wasm === undefined) return undefined;
  let exports: WebAssembly.Exports;
  try {
    const bytes = moduleBytes();
    if (!wasm.validate(bytes)) return undefined;
    exports = new wasm.Instance(new wasm.Module(bytes)).exports;
  } catch {
    return undefined; // e.g. a Content-Security-Policy without 'wasm-unsafe-eval'
  }
  const memory = new Int32Array((exports.memory as WebAssembly.Memory).buffer);
  const run = exports.blocks as (groups: number) => void;
  const wipe = exports.wipe as (bytes: number) => void;
  return (key, counter, nonce, out, offset, blocks) => {
    memory[0] = 0x61707865;
    memory[1] = 0x3320646e;
    memory[2] = 0x79622d32;
    memory[3] = 0x6b206574;
    for (let i = 0; i < 8; i++) memory[4 + i] = key[i]! | 0;
    memory[12] = counter | 0;
    for (let i = 0; i < 3; i++) memory[13 + i] = nonce[i]! | 0;
    run(blocks >>> 2);
    // A plain loop, not `set`, which a patched prototype could watch (issue 9).
    const words = blocks * 16;
    for (let i = 0; i < words; i++) out[offset + i] = memory[16 + i]!;
    // Key and keystream leave nothing behind in the module's memory.
    wipe(STATE_BYTES + words * 4);
  };
}
