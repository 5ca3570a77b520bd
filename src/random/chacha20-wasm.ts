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
/** The 16 input words each splat across a vector (counter lanes c + 4g + 0 … 3), made once a call. */
const SPLATS = STATE_BYTES;
/** Where the blocks are written. */
const OUTPUT = SPLATS + 16 * 16;
/** Where the byte-rotation masks live (after the output, so the wipe never clears them). */
const MASKS = OUTPUT + WASM_MAX_BLOCKS * 64;

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
const DATA_ACTIVE = 0x00;
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
const V128_LOAD = simd(0x00);
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
// Relaxed SIMD (shipped in Chromium 114): byte swizzle whose result is exact for indices
// below 16 (all of ours) and implementation-defined only above.
const I8X16_RELAXED_SWIZZLE = simd(0x100);

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
// 24, 25: the byte-rotation masks (relaxed variant).
const M16 = 24;
const M8 = 25;

/** Byte indices (of the 32 bytes of two vectors u, v) for i8x16.shuffle, by 32-bit lane. */
const lanesOf = (...lanes: number[]): number[] =>
  lanes.flatMap((lane) => [lane * 4, lane * 4 + 1, lane * 4 + 2, lane * 4 + 3]);
const INTERLEAVE_LOW = lanesOf(0, 4, 1, 5); // u0 v0 u1 v1
const INTERLEAVE_HIGH = lanesOf(2, 6, 3, 7); // u2 v2 u3 v3
const LOW_HALVES = lanesOf(0, 1, 4, 5); // u0 u1 v0 v1
const HIGH_HALVES = lanesOf(2, 3, 6, 7); // u2 u3 v2 v3

/** Appends bytes and byte sequences to `code`: plain index loops, because spreading thousands of
 *  small arrays made assembling the module take milliseconds. */
function emit(code: number[], ...parts: (number | readonly number[])[]): void {
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (typeof part === 'number') code.push(part);
    else for (let j = 0; j < part.length; j++) code.push(part[j]!);
  }
}

/** `x[a] = x[a] + x[b]` (i32x4, wrapping). */
function addTo(code: number[], a: number, b: number): void {
  emit(code, LOCAL_GET, x(a), LOCAL_GET, x(b), I32X4_ADD, LOCAL_SET, x(a));
}

/** Byte shuffles that rotate each little-endian 32-bit lane left by 16 and by 8 bits. */
const ROTL16 = [2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13];
const ROTL8 = [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14];

/**
 * `x[d] = (x[d] ^ x[a]) <<< n`. Rotations by 16 and 8 move whole bytes: with relaxed SIMD one
 * byte swizzle (x64 `pshufb`) whose mask was loaded once into a local; V8 gives an
 * `i8x16.shuffle` by a constant a two-instruction form for 16 but builds the 8's mask from
 * immediates at every use (four instructions), so without relaxed SIMD 8 is shifted like 12 and 7.
 */
function xorRotate(code: number[], relaxed: boolean, d: number, a: number, n: number): void {
  emit(code, LOCAL_GET, x(d), LOCAL_GET, x(a), V128_XOR);
  if (relaxed && (n === 16 || n === 8)) {
    emit(code, LOCAL_GET, n === 16 ? M16 : M8, I8X16_RELAXED_SWIZZLE, LOCAL_SET, x(d));
    return;
  }
  emit(code, LOCAL_TEE, x(d));
  if (n === 16) {
    // A lane-preserving byte shuffle of the value with itself (so it is on the stack twice).
    emit(code, LOCAL_GET, x(d), I8X16_SHUFFLE, ROTL16, LOCAL_SET, x(d));
    return;
  }
  emit(code, I32_CONST, sleb(n), I32X4_SHL, LOCAL_GET, x(d), I32_CONST, sleb(32 - n));
  emit(code, I32X4_SHR_U, V128_OR, LOCAL_SET, x(d));
}

/**
 * Four of RFC 8439 §2.1's quarter rounds (a column or a diagonal round, §2.2), emitted step by
 * step across the four rather than one after another: the same operations on each state word in
 * the same order, but four independent chains side by side, which the CPU overlaps (measured
 * about 5 % faster in V8).
 */
function quarterRounds(code: number[], relaxed: boolean, rounds: readonly number[][]): void {
  for (const [a, b] of rounds) addTo(code, a!, b!);
  for (const [a, , , d] of rounds) xorRotate(code, relaxed, d!, a!, 16);
  for (const [, , c, d] of rounds) addTo(code, c!, d!);
  for (const [, b, c] of rounds) xorRotate(code, relaxed, b!, c!, 12);
  for (const [a, b] of rounds) addTo(code, a!, b!);
  for (const [a, , , d] of rounds) xorRotate(code, relaxed, d!, a!, 8);
  for (const [, , c, d] of rounds) addTo(code, c!, d!);
  for (const [, b, c] of rounds) xorRotate(code, relaxed, b!, c!, 7);
}

const COLUMNS = [
  [0, 4, 8, 12],
  [1, 5, 9, 13],
  [2, 6, 10, 14],
  [3, 7, 11, 15],
];
const DIAGONALS = [
  [0, 5, 10, 15],
  [1, 6, 11, 12],
  [2, 7, 8, 13],
  [3, 4, 9, 14],
];

/** The 32-bit lanes (0, 1, 2, 3) as a little-endian v128 constant. */
const LANE_INDICES = [0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0];

/** Pushes the input state word i of the current group, as a vector over its four blocks: memory
 *  word i everywhere, and for word 12 (the counter) + 4g + (0, 1, 2, 3). */
function inputWord(code: number[], i: number): void {
  emit(code, I32_CONST, 0, V128_LOAD, memarg(SPLATS + i * 16));
}

/** Stores every input word i of the first group as a vector at SPLATS + 16i: memory word i in
 *  every lane, and for word 12 (the counter) + (0, 1, 2, 3). */
function splatInput(code: number[]): void {
  for (let i = 0; i < 16; i++) {
    emit(code, I32_CONST, 0, I32_CONST, 0, I32_LOAD, memarg(i * 4), I32X4_SPLAT);
    if (i === 12) emit(code, V128_CONST, LANE_INDICES, I32X4_ADD);
    emit(code, V128_STORE, memarg(SPLATS + i * 16));
  }
}

/** `blocks(groups)`: 4 × groups blocks from the state in memory [0, 64) into [64, …). */
function blocksBody(relaxed: boolean): number[] {
  const code: number[] = [];
  if (relaxed) {
    // Loaded, not `v128.const`: V8 rematerializes a constant at each use (four instructions).
    emit(code, I32_CONST, 0, V128_LOAD, memarg(MASKS), LOCAL_SET, M16);
    emit(code, I32_CONST, 0, V128_LOAD, memarg(MASKS + 16), LOCAL_SET, M8);
  }
  splatInput(code);
  emit(code, LOOP, VOID); // one group of four blocks
  for (let i = 0; i < 16; i++) {
    inputWord(code, i);
    emit(code, LOCAL_SET, x(i));
  }
  emit(code, I32_CONST, 10, LOCAL_SET, R);
  emit(code, LOOP, VOID); // §2.3: 10 × (column round, diagonal round)
  quarterRounds(code, relaxed, COLUMNS);
  quarterRounds(code, relaxed, DIAGONALS);
  emit(code, LOCAL_GET, R, I32_CONST, 1, I32_SUB, LOCAL_TEE, R, BR_IF, 0, END);
  // §2.3: add the input state. Lane k of x[i] is word i of block 4g + k, stored at
  // 64 + (4g + k) × 64 + 4i: each four rows are transposed (8 shuffles) into four 16-byte
  // stores, one per block, instead of 16 lane extractions and stores.
  emit(code, LOCAL_GET, G, I32_CONST, 8, I32_SHL, I32_CONST, sleb(OUTPUT), I32_ADD);
  emit(code, LOCAL_SET, P);
  for (let i = 0; i < 16; i++) {
    emit(code, LOCAL_GET, x(i));
    inputWord(code, i);
    emit(code, I32X4_ADD, LOCAL_SET, x(i));
  }
  // The next group's counters: + 4 in every lane.
  emit(code, I32_CONST, 0, I32_CONST, 0, V128_LOAD, memarg(SPLATS + 12 * 16));
  emit(code, I32_CONST, 4, I32X4_SPLAT, I32X4_ADD, V128_STORE, memarg(SPLATS + 12 * 16));
  for (let r = 0; r < 16; r += 4) {
    const a = x(r);
    const b = x(r + 1);
    const c = x(r + 2);
    const d = x(r + 3);
    const pair = (u: number, v: number, lanes: number[], into: number) =>
      emit(code, LOCAL_GET, u, LOCAL_GET, v, I8X16_SHUFFLE, lanes, LOCAL_SET, into);
    pair(a, b, INTERLEAVE_LOW, T0); // a0 b0 a1 b1
    pair(a, b, INTERLEAVE_HIGH, T1); // a2 b2 a3 b3
    pair(c, d, INTERLEAVE_LOW, T2); // c0 d0 c1 d1
    pair(c, d, INTERLEAVE_HIGH, T3); // c2 d2 c3 d3
    const store = (u: number, v: number, lanes: number[], block: number) =>
      emit(
        code,
        LOCAL_GET,
        P,
        LOCAL_GET,
        u,
        LOCAL_GET,
        v,
        I8X16_SHUFFLE,
        lanes,
        V128_STORE,
        memarg(block * 64 + r * 4),
      );
    store(T0, T2, LOW_HALVES, 0); // a0 b0 c0 d0
    store(T0, T2, HIGH_HALVES, 1);
    store(T1, T3, LOW_HALVES, 2);
    store(T1, T3, HIGH_HALVES, 3);
  }
  emit(code, LOCAL_GET, G, I32_CONST, 1, I32_ADD, LOCAL_TEE, G, LOCAL_GET, 0, I32_LT_U, BR_IF, 0);
  emit(code, END);
  return code;
}

/** `wipe(bytes)`: zeroes memory [0, bytes). */
function wipeBody(): number[] {
  const code: number[] = [];
  emit(code, I32_CONST, 0, I32_CONST, 0, LOCAL_GET, 0, MEMORY_FILL);
  return code;
}

function section(out: number[], id: number, content: number[]): void {
  emit(out, id, uleb(content.length), content);
}

/** A function body: its local declarations (count, type), its code, `end`; size first. */
function functionBody(out: number[], locals: number[], code: number[]): void {
  const body: number[] = [];
  emit(body, uleb(locals.length / 2), locals, code, END);
  emit(out, uleb(body.length), body);
}

function name(out: number[], text: string): void {
  emit(out, text.length);
  for (let i = 0; i < text.length; i++) out.push(text.charCodeAt(i));
}

/** The module; `relaxed` selects the variant that needs relaxed SIMD (see {@link xorRotate}). */
function moduleBytes(relaxed: boolean): Uint8Array<ArrayBuffer> {
  const I32 = 0x7f;
  const V128 = 0x7b;
  const out: number[] = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  section(out, 1, [1, 0x60, 1, I32, 0]); // one type: (i32) → ()
  section(out, 3, [2, 0, 0]); // two functions of that type
  section(out, 5, [1, 0x00, 1]); // one memory of one page (64 KiB), never grown
  const exports = [3];
  name(exports, 'memory');
  emit(exports, 2, 0);
  name(exports, 'blocks');
  emit(exports, 0, 0);
  name(exports, 'wipe');
  emit(exports, 0, 1);
  section(out, 7, exports);
  const code = [2];
  functionBody(code, [3, I32, 22, V128], blocksBody(relaxed));
  functionBody(code, [], wipeBody());
  section(out, 10, code);
  // One active data segment: the rotation masks at MASKS, where `blocks` loads them.
  const data = [1, DATA_ACTIVE, I32_CONST, ...sleb(MASKS), END, 32, ...ROTL16, ...ROTL8];
  section(out, 11, data);
  return new Uint8Array(out);
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
 * Compiled on the first call, not at load (about 2 ms once): `chacha20Blocks` asks for it only
 * from 16-block refills on, which a source made for one deal or one verify never reaches, so a
 * page whose Content-Security-Policy lacks 'wasm-unsafe-eval' sees no refused compilation unless
 * it reads a long seeded stream — and then Chromium refuses it silently (a CompileError, caught)
 * and the scalar code runs. The variant with relaxed SIMD is tried first; an engine without it
 * fails to validate that one and gets the core-SIMD variant (same words, about 10 % slower).
 *
 * @example
 * ```ts
 * const out = new Uint32Array(64 * 16);
 * const blocks = wasmChaCha20Blocks();
 * if (blocks !== undefined) blocks(new Uint32Array(8), 0, new Uint32Array(3), out, 0, 64);
 * ```
 */
export function wasmChaCha20Blocks(): WasmBlocks | undefined {
  if (compiled === null) compiled = compile(true) ?? compile(false);
  return compiled;
}

/**
 * A new instance of one variant of the module — with relaxed SIMD or without — or undefined
 * where it cannot run: for tests, which check each variant's words (one engine runs both).
 * {@link wasmChaCha20Blocks} is the one to use.
 *
 * @example
 * ```ts
 * const coreSimdOnly = wasmChaCha20BlocksVariant(false);
 * ```
 */
export function wasmChaCha20BlocksVariant(relaxed: boolean): WasmBlocks | undefined {
  return compile(relaxed);
}

/**
 * WebAssembly's constructors as they are when this module loads: the key is written into the
 * module's memory, so a later replacement of `WebAssembly.Instance`, of the Memory's `buffer`
 * getter or of `Reflect.apply` must not be handed it (as issue 9 keeps the pool from patched
 * prototypes).
 */
const PLATFORM = (() => {
  const wasm = (globalThis as { WebAssembly?: typeof WebAssembly }).WebAssembly;
  const buffer = wasm && Object.getOwnPropertyDescriptor(wasm.Memory.prototype, 'buffer')?.get;
  if (wasm === undefined || buffer === undefined) return undefined;
  const { Module, Instance, validate } = wasm;
  // `set` called through `call` bound to it: no lookup on a prototype at the call, and no
  // arguments array (Reflect.apply's would be an allocation per refill).
  const copy = Function.prototype.call.bind(Uint32Array.prototype.set) as unknown as (
    target: Uint32Array,
    source: Uint32Array,
    offset: number,
  ) => void;
  return { Module, Instance, validate, buffer, apply: Reflect.apply, copy };
})();

function compile(relaxed: boolean): WasmBlocks | undefined {
  if (PLATFORM === undefined) return undefined;
  const { Module, Instance, validate, buffer, apply, copy } = PLATFORM;
  let exports: WebAssembly.Exports;
  let memoryBuffer: ArrayBuffer;
  try {
    const bytes = moduleBytes(relaxed);
    if (!validate(bytes)) return undefined;
    exports = new Instance(new Module(bytes)).exports;
    memoryBuffer = apply(buffer, exports.memory, []) as ArrayBuffer;
  } catch {
    return undefined; // e.g. a Content-Security-Policy without 'wasm-unsafe-eval'
  }
  const memory = new Int32Array(memoryBuffer);
  // The output of 4, 8 … 64 blocks as views made once, so that a call copies its words out with
  // one `set` (a memory copy) and makes no view: a word-by-word loop was an eighth of a 64-block
  // refill (issue 11), and `subarray` per call would allocate (and ask Symbol.species).
  const outputs: Uint32Array[] = [];
  for (let groups = 1; groups <= WASM_MAX_BLOCKS / 4; groups++) {
    outputs.push(new Uint32Array(memoryBuffer, OUTPUT, groups * 64));
  }
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
    // The `set` this module found at load, not the prototype's now, which a later patch could
    // watch (issue 9).
    copy(out, outputs[(blocks >>> 2) - 1]!, offset);
    // Key and keystream leave nothing behind in the module's memory.
    wipe(OUTPUT + blocks * 64);
  };
}
