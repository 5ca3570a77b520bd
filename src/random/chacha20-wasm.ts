/**
 * The ChaCha20 block function of RFC 8439 §2.3 in WebAssembly SIMD, four blocks at a time: each
 * 128-bit vector holds one state word of four consecutive blocks (counters c, c+1, c+2, c+3), so
 * one pass of the 20 rounds — the same additions, XORs and rotations as §2.1–2.2 — computes four
 * blocks. Why (issue 11): browsers have no native ChaCha20, and the scalar JavaScript rounds
 * (chacha20-block.ts) made a seeded shuffle in Chromium half as fast as the secure one.
 *
 * The module is assembled here from its opcodes (about 2 KiB, no build step, no dependency) and
 * compiled synchronously on first use. Where WebAssembly, its SIMD or bulk-memory operations are
 * missing, or a Content-Security-Policy forbids compiling it, {@link wasmChaCha20Blocks} is
 * undefined and the scalar code runs ({@link wasmDiagnostic} says which and why): both give the same keystream, which chacha20-block.test.ts
 * checks against node:crypto's ChaCha20 for each.
 */

import { emit, functionBody, name, section, sleb, uleb } from './wasm-encoding.ts';

/** Blocks per call of the module: its memory holds the state (64 bytes) and 64 output blocks. */
export const WASM_MAX_BLOCKS = 64;

const STATE_BYTES = 64;
/** The 16 input words each splat across a vector (counter lanes c + 4g + 0 … 3), made once a call. */
const SPLATS = STATE_BYTES;
/** Where the blocks are written. */
const OUTPUT = SPLATS + 16 * 16;
/** The fused steps' two keystream buffers of one group (4 blocks, 64 words) each: one is read by
 *  the shuffle's steps while the next group is written into the other. */
const RING_A = OUTPUT + WASM_MAX_BLOCKS * 64;
const RING_B = RING_A + 256;
/** Where `fused` reads n, the first step and `stop`, and leaves the word reached in the
 *  group being read, that group's address and the groups it computed. */
const RESULT = RING_B + 256;
/** Where the byte-rotation masks live: after everything a call wipes (`wipe` zeroes from 0). */
const MASKS = RESULT + 16;
/** The offsets j − i that `fused` finds, a 16-bit word per step, indexed by the step's bound
 *  b = n − i: the store's address is then b × 2 plus a constant, one x64 addressing mode. */
const OFFSETS = 8192; // above MASKS + 32
/** The wide pass's indices, 32 bits a step, in the same memory as the offsets. */
const WIDE_INDICES = OFFSETS;
/** Most steps one `wide` call may make: its indices fill [OFFSETS, OFFSETS + 4 × this). */
export const WIDE_MAX_STEPS = 32768;
/** Most steps one `fused` call may make: its offsets fill [OFFSETS, OFFSETS + 2 × this). */
export const FUSED_MAX_STEPS = 65536;
/** Pages of 64 KiB: everything above. */
const PAGES = Math.ceil((OFFSETS + 2 * (FUSED_MAX_STEPS + 1)) / 65536);

// Opcodes (WebAssembly core spec §5.4, SIMD and bulk-memory proposals).
const LOCAL_GET = 0x20;
const LOCAL_SET = 0x21;
const LOCAL_TEE = 0x22;
const I32_LOAD = 0x28;
const I32_STORE = 0x36;
const I32_STORE16 = 0x3b;
const IF = 0x04;
const BR = 0x0c;
const I32_EQ = 0x46;
const I32_LT_S = 0x48;
const I32_REM_U = 0x70;
const I64_CONST = 0x42;
const I64_MUL = 0x7e;
const I64_SHR_U = 0x88;
const I64_EXTEND_I32_U = 0xad;
const I32_WRAP_I64 = 0xa7;
const I32_SHR_S = 0x75;
const I32_EQZ = 0x45;
const SELECT = 0x1b;
const BLOCK = 0x02;
const I32_GT_S = 0x4a;
const I32_DIV_U = 0x6e;
const I32_AND = 0x71;
const I32_MUL = 0x6c;
const I32_XOR = 0x73;
const I32_SHR_U = 0x76;
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
 * about 5 % faster in V8). `between` is emitted after every second of the eight steps (the fused
 * function's shuffle steps, see {@link wordStep}).
 */
function quarterRounds(
  code: number[],
  relaxed: boolean,
  rounds: readonly number[][],
  between?: (code: number[]) => void,
): void {
  const after = (k: number) => {
    if (between !== undefined && k % 2 === 1) between(code);
  };
  for (const [a, b] of rounds) addTo(code, a!, b!);
  after(0);
  for (const [a, , , d] of rounds) xorRotate(code, relaxed, d!, a!, 16);
  after(1);
  for (const [, , c, d] of rounds) addTo(code, c!, d!);
  after(2);
  for (const [, b, c] of rounds) xorRotate(code, relaxed, b!, c!, 12);
  after(3);
  for (const [a, b] of rounds) addTo(code, a!, b!);
  after(4);
  for (const [a, , , d] of rounds) xorRotate(code, relaxed, d!, a!, 8);
  after(5);
  for (const [, , c, d] of rounds) addTo(code, c!, d!);
  after(6);
  for (const [, b, c] of rounds) xorRotate(code, relaxed, b!, c!, 7);
  after(7);
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

/** Loads the byte-rotation masks into their locals (relaxed variant). */
function loadMasks(code: number[], relaxed: boolean): void {
  if (relaxed) {
    // Loaded, not `v128.const`: V8 rematerializes a constant at each use (four instructions).
    emit(code, I32_CONST, 0, V128_LOAD, memarg(MASKS), LOCAL_SET, M16);
    emit(code, I32_CONST, 0, V128_LOAD, memarg(MASKS + 16), LOCAL_SET, M8);
  }
}

/**
 * One group of four blocks from the splatted input, stored at the address in local P; the
 * counter splat moves on by 4. `between` is emitted between the rounds' steps.
 */
function group(code: number[], relaxed: boolean, between?: (code: number[]) => void): void {
  for (let i = 0; i < 16; i++) {
    inputWord(code, i);
    emit(code, LOCAL_SET, x(i));
  }
  emit(code, I32_CONST, 10, LOCAL_SET, R);
  emit(code, LOOP, VOID); // §2.3: 10 × (column round, diagonal round)
  quarterRounds(code, relaxed, COLUMNS, between);
  quarterRounds(code, relaxed, DIAGONALS, between);
  emit(code, LOCAL_GET, R, I32_CONST, 1, I32_SUB, LOCAL_TEE, R, BR_IF, 0, END);
  // §2.3: add the input state. Lane k of x[i] is word i of block 4g + k, stored at
  // P + k × 64 + 4i: each four rows are transposed (8 shuffles) into four 16-byte stores, one
  // per block, instead of 16 lane extractions and stores.
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
}

/** `blocks(groups)`: 4 × groups blocks from the state in memory [0, 64) into [64, …). */
function blocksBody(relaxed: boolean): number[] {
  const code: number[] = [];
  loadMasks(code, relaxed);
  splatInput(code);
  emit(code, LOOP, VOID); // one group of four blocks
  emit(code, LOCAL_GET, G, I32_CONST, 8, I32_SHL, I32_CONST, sleb(OUTPUT), I32_ADD);
  emit(code, LOCAL_SET, P);
  group(code, relaxed);
  emit(code, LOCAL_GET, G, I32_CONST, 1, I32_ADD, LOCAL_TEE, G, LOCAL_GET, 0, I32_LT_U, BR_IF, 0);
  emit(code, END);
  return code;
}

// The fused function's integer locals, after the 3 + 22 of `blocks`' layout it shares.
const B = 26; // the bound of the next step, n − i: the one value carried from step to step
const STOP_B = 27; // a word is read only while b > n − stop + 1 (i < stop − 1: its two steps fit)
const Q = 29; // the next word of the group being read
const SRC = 30; // the group being read
const DST = 31; // the group being written
const W = 32;
const M = 33;
const HI = 34;
const MB = 35;
const MA = 36;
const OK = 37;
const OKA = 38;
const OKB = 39;
const KEEP = 40;
const K0 = 41; // floor(2^16 / b)
const K1 = 42; // floor(2^16 / (b − 1)), for the checked steps
const LOW = 43; // the least bound whose quotient is K0
const KB = 44; // K0 × b
const N = 45;
const QEND = 46; // the interleaved steps read the group's words below this
const FUSED_I32_LOCALS = 21;

const get = (local: number) => [LOCAL_GET, local];
const set = (local: number) => [LOCAL_SET, local];
const i32 = (value: number) => [I32_CONST, ...sleb(value)];
/** memarg for 16-bit accesses: alignment 2^1. */
const memarg16 = (offset: number): number[] => [1, ...uleb(offset)];

/**
 * One word of the shuffle's 16-bit steps: the branch-free steps of the kernels'
 * `branchFreeSteps` (src/shuffle/kernels/) in integer code. Each half writes its offset j − i at
 * its step's place and advances only if accepted: a rejected half's offset is overwritten by the
 * next half's, so the offsets left are exactly the accepted draws.
 *
 * Lemire's test without the threshold table: t(b) = 2^16 mod b = 2^16 − k·b with
 * k = floor(2^16 / b), so half x is accepted exactly when (x · b mod 2^16) + k·b ≥ 2^16 — a
 * multiplication beside x · b instead of a table read after b is known (a load is slower than a
 * multiplication, and it was on the path from step to step). k changes only where b crosses
 * 2^16 / k. `fast` steps are made where the caller knows that b and b − 1 share K0; the others
 * check, and recompute K0 (and K1, b − 1's, for the high half's other candidate) by division.
 */
function wordStep(code: number[], fast: boolean): void {
  emit(code, get(SRC), get(Q), i32(2), I32_SHL, I32_ADD, I32_LOAD, memarg(0), set(W));
  emit(code, get(Q), i32(1), I32_ADD, set(Q));
  if (!fast) {
    // k for b and b − 1, when b − 1 is below the least bound of K0's (else both are K0).
    emit(code, get(B), i32(1), I32_SUB, get(LOW), I32_LT_S, IF, VOID);
    emit(code, i32(65536), get(B), I32_DIV_U, set(K0));
    emit(code, i32(65536), get(B), i32(1), I32_SUB, I32_DIV_U, set(K1));
    emit(code, i32(65536), get(K0), i32(1), I32_ADD, I32_DIV_U, i32(1), I32_ADD, set(LOW), END);
  }
  // the low half: m = x · b; ok = 1 if accepted
  emit(code, get(W), i32(0xffff), I32_AND, get(B), I32_MUL, set(M));
  emit(code, get(K0), get(B), I32_MUL, set(KB));
  emit(code, get(M), i32(0xffff), I32_AND, get(KB), I32_ADD, i32(16), I32_SHR_U, set(OK));
  // the high half's candidates: bound b − 1 (low half accepted) and b (rejected)
  emit(code, get(W), i32(16), I32_SHR_U, set(HI));
  emit(code, get(HI), get(B), I32_MUL, set(MB));
  emit(code, get(MB), get(HI), I32_SUB, set(MA));
  emit(code, get(MB), i32(0xffff), I32_AND, get(KB), I32_ADD, i32(16), I32_SHR_U, set(OKB));
  if (fast) emit(code, get(MA), i32(0xffff), I32_AND, get(KB), I32_ADD, get(K0), I32_SUB);
  else
    emit(code, get(MA), i32(0xffff), I32_AND, get(K1), get(B), i32(1), I32_SUB, I32_MUL, I32_ADD);
  emit(code, i32(16), I32_SHR_U, set(OKA));
  emit(code, i32(0), get(OK), I32_SUB, set(KEEP)); // all ones if accepted
  // the low half's offset at its step; b −= accepted
  emit(code, get(B), i32(1), I32_SHL, get(M), i32(16), I32_SHR_U, I32_STORE16, memarg16(OFFSETS));
  emit(code, get(B), get(OK), I32_SUB, set(B));
  // the high half: the candidate for the bound now due; its offset; b −= accepted
  emit(code, get(B), i32(1), I32_SHL);
  emit(code, get(MB), get(MA), get(MB), I32_XOR, get(KEEP), I32_AND, I32_XOR, i32(16), I32_SHR_U);
  emit(code, I32_STORE16, memarg16(OFFSETS));
  emit(code, get(B), get(OKB), get(OKA), get(OKB), I32_XOR, get(KEEP), I32_AND, I32_XOR);
  emit(code, I32_SUB, set(B));
}

/** A fast word step (see {@link wordStep}) if the group being read has one due (Q < QEND): emitted
 *  between the vector rounds, so that the CPU runs the scalar step chain and the keystream's
 *  vector work side by side. */
function interleavedStep(code: number[]): void {
  emit(code, get(Q), get(QEND), I32_LT_S, IF, VOID);
  wordStep(code, true);
  emit(code, END);
}

/** Pushes min(x, y) of two i32 locals (signed). */
const min = (x: number, y: number) => [
  ...get(x),
  ...get(y),
  ...get(x),
  ...get(y),
  I32_LT_S,
  SELECT,
];

/**
 * `fused(maxGroups) → i`: the keystream from the state in memory [0, 64), a group of four
 * blocks at a time, and the shuffle's 16-bit steps from it as it is made: while group g + 1 is
 * computed (vector code), the steps read group g's words (integer code), so that the two run
 * side by side. Reads n, the first step i and `stop` from RESULT; steps run while
 * i < stop − 1 and the words last; stops after the group in which they ran out, or after
 * `maxGroups` (≥ 2) groups. Returns the step reached and leaves at RESULT the word reached in
 * the group being read (64 if none is left), that group's address, and the groups computed:
 * the words not read are that group's from the word reached, then all of the other group's.
 */
function fusedBody(relaxed: boolean): number[] {
  return ringPass(relaxed, {
    setup: (code) => {
      emit(code, i32(0), I32_LOAD, memarg(RESULT), set(N));
      emit(code, get(N), i32(0), I32_LOAD, memarg(RESULT + 4), I32_SUB, set(B));
      emit(code, get(N), i32(0), I32_LOAD, memarg(RESULT + 8), I32_SUB, i32(1), I32_ADD);
      emit(code, set(STOP_B));
      emit(code, i32(0x7fffffff), set(LOW)); // k unknown: the first checked step computes it
    },
    // QEND: the words whose steps surely share K0 and fit before `stop` (a word moves b by ≤ 2):
    // min(64, (b − STOP_B + 1) / 2, (b − 1 − LOW) / 2 + 1), at least 0.
    wordsDue: (code) => {
      emit(code, get(B), get(STOP_B), I32_SUB, i32(1), I32_ADD, i32(1), I32_SHR_S, set(QEND));
      emit(code, get(B), i32(1), I32_SUB, get(LOW), I32_SUB, i32(1), I32_SHR_S, i32(1), I32_ADD);
      emit(code, set(W), min(QEND, W), set(QEND)); // W: scratch here
      emit(code, i32(64), set(W), min(QEND, W), set(QEND));
      emit(code, i32(0), set(W), get(QEND), get(W), get(QEND), get(W), I32_GT_S, SELECT);
      emit(code, set(QEND));
    },
    step: interleavedStep,
    // The group's other words, checked one by one: where K0 changes, and near `stop`.
    rest: (code) => {
      emit(code, BLOCK, VOID, LOOP, VOID);
      emit(code, get(Q), i32(64), I32_LT_U, get(B), get(STOP_B), I32_GT_S, I32_AND, I32_EQZ);
      emit(code, BR_IF, 1);
      wordStep(code, false);
      emit(code, BR, 0, END, END);
    },
    stepsLeft: (code) => emit(code, get(B), get(STOP_B), I32_GT_S),
    reached: (code) => emit(code, get(N), get(B), I32_SUB),
  });
}

/** The parts of a pass that differ between `fused` and `wide` (see {@link ringPass}). */
interface PassParts {
  /** Reads the pass's inputs from RESULT into its locals. */
  setup(code: number[]): void;
  /** Sets QEND: how many of the group's words the interleaved steps may read. */
  wordsDue(code: number[]): void;
  /** The interleaved step, emitted between the vector rounds. */
  step(code: number[]): void;
  /** After the group, the steps its interleaved ones left (if any). */
  rest?(code: number[]): void;
  /** Pushes 1 if steps remain, 0 if not. */
  stepsLeft(code: number[]): void;
  /** Pushes the step reached (the function's result). */
  reached(code: number[]): void;
}

/**
 * The frame of `fused` and `wide`: the first group of four blocks alone into ring A, then
 * groups into the other buffer while the steps read the one before it, until a group is not
 * read to its end, no step remains, or `maxGroups` (param 0) groups are made; then at RESULT the
 * word reached in the group being read, that group's address and the groups made.
 */
function ringPass(relaxed: boolean, parts: PassParts): number[] {
  const code: number[] = [];
  loadMasks(code, relaxed);
  splatInput(code);
  parts.setup(code);
  // The first group, with no steps (nothing to read yet).
  emit(code, i32(RING_A), set(SRC), i32(RING_B), set(DST), i32(RING_A), set(P));
  group(code, relaxed);
  emit(code, i32(1), set(G));
  emit(code, LOOP, VOID);
  emit(code, i32(0), set(Q), get(DST), set(P));
  parts.wordsDue(code);
  group(code, relaxed, parts.step);
  emit(code, get(G), i32(1), I32_ADD, set(G));
  parts.rest?.(code);
  // Go on if the group was read to its end, steps remain, and groups may still be made.
  emit(code, get(Q), i32(64), I32_EQ);
  parts.stepsLeft(code);
  emit(code, I32_AND, get(G), LOCAL_GET, 0, I32_LT_U, I32_AND, IF, VOID);
  emit(code, get(SRC), get(DST), set(SRC), set(DST)); // swap (stack: old SRC, old DST)
  emit(code, BR, 1, END, END);
  emit(code, i32(0), get(Q), I32_STORE, memarg(RESULT));
  emit(code, i32(0), get(SRC), I32_STORE, memarg(RESULT + 4));
  emit(code, i32(0), get(G), I32_STORE, memarg(RESULT + 8));
  parts.reached(code);
  return code;
}

// The wide pass's own locals (it shares the layout: 26 … 46 are i32, 47 is i64).
const BND = B; // the bound of the next step, n − k (unsigned: n may exceed 2^31)
const WSTOP = STOP_B; // steps run while k < this
const WK = 28; // the next step
const LOW32 = M; // the low half of x · bound
const PTR = HI; // where the next index is stored, from WIDE_INDICES
const PRODUCT = 47; // x · bound, 64 bits

/**
 * One word of the steps whose bounds exceed 2^16, if one is due (Q < QEND): Lemire's method at
 * 32 bits, as reduce32 (lemire.ts) and the kernels' drawWide (src/shuffle/blocked.ts) make it —
 * x · bound in 64 bits, rejected when its low half is below 2^32 mod bound (tested only when it
 * is below the bound, which is rare: the branch is predicted) — and the index k + high half
 * stored for step k.
 */
function wideStep(code: number[]): void {
  emit(code, get(Q), get(QEND), I32_LT_S, IF, VOID);
  emit(code, get(SRC), get(Q), i32(2), I32_SHL, I32_ADD, I32_LOAD, memarg(0), set(W));
  emit(code, get(Q), i32(1), I32_ADD, set(Q));
  emit(code, get(W), I64_EXTEND_I32_U, get(BND), I64_EXTEND_I32_U, I64_MUL, LOCAL_TEE, PRODUCT);
  emit(code, I32_WRAP_I64, set(LOW32));
  emit(code, BLOCK, VOID);
  emit(code, get(LOW32), get(BND), I32_LT_U, IF, VOID);
  emit(code, get(LOW32), i32(0), get(BND), I32_SUB, get(BND), I32_REM_U, I32_LT_U, BR_IF, 1, END);
  emit(code, get(PTR), get(WK), get(PRODUCT), I64_CONST, 32, I64_SHR_U, I32_WRAP_I64, I32_ADD);
  emit(code, I32_STORE, memarg(WIDE_INDICES));
  emit(code, get(PTR), i32(4), I32_ADD, set(PTR));
  emit(code, get(WK), i32(1), I32_ADD, set(WK));
  emit(code, get(BND), i32(1), I32_SUB, set(BND));
  emit(code, END, END);
}

/**
 * `wide(maxGroups) → k`: as {@link fusedBody}, for the steps whose bounds exceed 2^16 (arrays
 * over 65,536 items): reads n, the first step and `stop` from RESULT; while group g + 1 is
 * computed, the steps read group g's words, one word a step but for the rare rejection, and
 * store each step's index j (32 bits) from WIDE_INDICES. Stops where a group's words may reach
 * `stop`, or after `maxGroups` groups; leaves at RESULT what `fused` leaves.
 */
function wideBody(relaxed: boolean): number[] {
  return ringPass(relaxed, {
    setup: (code) => {
      emit(code, i32(0), I32_LOAD, memarg(RESULT + 4), set(WK));
      emit(code, i32(0), I32_LOAD, memarg(RESULT), get(WK), I32_SUB, set(BND));
      emit(code, i32(0), I32_LOAD, memarg(RESULT + 8), set(WSTOP));
      emit(code, i32(0), set(PTR));
    },
    // QEND = min(64, stop − k): a word makes at most one step.
    wordsDue: (code) => {
      emit(code, get(WSTOP), get(WK), I32_SUB, set(QEND), i32(64), set(W), min(QEND, W));
      emit(code, set(QEND));
    },
    step: wideStep,
    stepsLeft: (code) => emit(code, get(WK), get(WSTOP), I32_LT_U),
    reached: (code) => emit(code, get(WK)),
  });
}

/**
 * `words(count) → k`: {@link wideStep} over `count` words (at most 1,024) that the caller wrote
 * at OUTPUT — words another source made (the secure one's, from Web Crypto) — instead of a
 * keystream made here: reads n, the first step k, `stop` and where its first index goes (bytes
 * from WIDE_INDICES) from RESULT; stops at `stop` or when the words are read; leaves at RESULT
 * the words read.
 */
function wordsBody(): number[] {
  const code: number[] = [];
  emit(code, i32(0), I32_LOAD, memarg(RESULT + 4), set(WK));
  emit(code, i32(0), I32_LOAD, memarg(RESULT), get(WK), I32_SUB, set(BND));
  emit(code, i32(0), I32_LOAD, memarg(RESULT + 8), set(WSTOP));
  emit(code, i32(0), I32_LOAD, memarg(RESULT + 12), set(PTR));
  emit(code, i32(OUTPUT), set(SRC), i32(0), set(Q));
  // QEND = min(count, stop − k): a word makes at most one step.
  emit(code, get(WSTOP), get(WK), I32_SUB, set(QEND), LOCAL_GET, 0, set(W), min(QEND, W));
  emit(code, set(QEND));
  emit(code, LOOP, VOID);
  wideStep(code);
  emit(code, get(Q), get(QEND), I32_LT_S, BR_IF, 0, END);
  emit(code, i32(0), get(Q), I32_STORE, memarg(RESULT));
  emit(code, get(WK));
  return code;
}

/** `wipe(bytes)`: zeroes memory [0, bytes). */
function wipeBody(): number[] {
  const code: number[] = [];
  emit(code, I32_CONST, 0, I32_CONST, 0, LOCAL_GET, 0, MEMORY_FILL);
  return code;
}

/** The module; `relaxed` selects the variant that needs relaxed SIMD (see {@link xorRotate}). */
function moduleBytes(relaxed: boolean): Uint8Array<ArrayBuffer> {
  const I32 = 0x7f;
  const V128 = 0x7b;
  const out: number[] = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  section(out, 1, [2, 0x60, 1, I32, 0, 0x60, 1, I32, 1, I32]); // (i32) → () and (i32) → i32
  section(out, 3, [5, 0, 0, 1, 1, 1]); // blocks and wipe of the first type; fused, wide, words
  section(out, 5, [1, 0x00, ...uleb(PAGES)]); // one memory of PAGES pages, never grown
  const exports = [6];
  name(exports, 'memory');
  emit(exports, 2, 0);
  name(exports, 'blocks');
  emit(exports, 0, 0);
  name(exports, 'wipe');
  emit(exports, 0, 1);
  name(exports, 'fused');
  emit(exports, 0, 2);
  name(exports, 'wide');
  emit(exports, 0, 3);
  name(exports, 'words');
  emit(exports, 0, 4);
  section(out, 7, exports);
  const code = [5];
  functionBody(code, [3, I32, 22, V128], blocksBody(relaxed));
  functionBody(code, [], wipeBody());
  functionBody(code, [3, I32, 22, V128, FUSED_I32_LOCALS, I32], fusedBody(relaxed));
  functionBody(code, [3, I32, 22, V128, FUSED_I32_LOCALS, I32, 1, 0x7e], wideBody(relaxed));
  functionBody(code, [3, I32, 22, V128, FUSED_I32_LOCALS, I32, 1, 0x7e], wordsBody());
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

/**
 * The shuffle's 16-bit steps fused with the keystream (see {@link fusedBody}): from block
 * `counter`, makes steps i, i + 1 … while i < stop − 1, for an array of n items, and writes
 * `result` = [the step reached, the words computed but not read (now at the start of `pool`),
 * the blocks computed]. Step k's offset j − k is `offsets[n − k]` (indexed by its bound); the
 * caller swaps from them and zeroes each it reads. stop − i ≤
 * {@link FUSED_MAX_STEPS}; counter + 4 × maxGroups ≤ 2^32.
 */
export interface WasmFused {
  run(
    key: Uint32Array,
    counter: number,
    nonce: Uint32Array,
    n: number,
    i: number,
    stop: number,
    maxGroups: number,
    pool: Uint32Array,
    result: Int32Array,
  ): void;
  readonly offsets: Uint16Array;
}

/** The module's entry points. */
interface Compiled {
  readonly blocks: WasmBlocks;
  readonly fused: WasmFused;
  readonly wide: WasmWide;
  readonly words: WasmWords;
}

/**
 * The steps whose bounds exceed 2^16 from words the caller already has (the secure source's, see
 * {@link wasmWideWords}): `run` makes steps i … while i < stop (stop − i ≤
 * {@link WIDE_MAX_STEPS}) for an array of n items from `words[from … from + count)`, one word a
 * step but for the rare rejection, as drawWide (src/shuffle/blocked.ts) does, and writes
 * `result` = [the step reached, the words read]; step k's index j is `indices[k − i]`. The
 * caller swaps from them and zeroes each it reads; the words leave nothing in the module.
 */
export interface WasmWords {
  run(
    words: Uint32Array,
    from: number,
    count: number,
    n: number,
    i: number,
    stop: number,
    result: Int32Array,
  ): void;
  readonly indices: Uint32Array;
}

/**
 * The steps whose bounds exceed 2^16 fused with the keystream (see {@link wideBody}): `run` as
 * {@link WasmFused}'s, for steps i … while i < stop (stop − i ≤ {@link WIDE_MAX_STEPS}); step
 * k's index j is `indices[k − i]`. The caller swaps from them and zeroes each it reads.
 */
export interface WasmWide {
  readonly run: WasmFused['run'];
  readonly indices: Uint32Array;
}

/** The compiled module once tried: undefined if it cannot run, null before. */
let compiled: Compiled | undefined | null = null;

/** Which variant {@link load} compiled, and why none did. */
let loaded: WasmDiagnostic['module'] = 'untried';
let failure: string | undefined;
/** Whether {@link failure} is the engine refusing a module it validated (reported on the console). */
let refused = false;
/** Calls of each entry of the module {@link load} compiled (not of the test variants). */
const calls = { blocks: 0, fused: 0, wide: 0, words: 0 };

/**
 * The shared module, compiled on first use: the relaxed-SIMD variant, else the core-SIMD one.
 * An engine that validates neither lacks SIMD (an older browser): the scalar code runs, as
 * designed, and {@link wasmDiagnostic} says so. An engine that validates a variant but refuses
 * to compile or instantiate it (a Content-Security-Policy without 'wasm-unsafe-eval', or a bug
 * in the bytes above) is reported once on the console as well: the seeded source then runs its
 * scalar keystream, several times slower, and a page's author should hear of it.
 */
function load(): Compiled | undefined {
  if (compiled !== null) return compiled;
  compiled = compile(true, true);
  if (compiled !== undefined) loaded = 'relaxed';
  else {
    compiled = compile(false, true);
    loaded = compiled === undefined ? 'none' : 'core';
  }
  if (compiled !== undefined) failure = undefined;
  else if (refused) {
    const warn = CONSOLE_WARN;
    if (warn !== undefined)
      warn(
        `fairdeal: WebAssembly refused (${failure}); ChaCha20 runs its scalar code, several times ` +
          "slower (a Content-Security-Policy needs 'wasm-unsafe-eval' in script-src)",
      );
  }
  return compiled;
}

/** `console.warn` as it is at load, bound (a page may replace console later; nothing secret is
 *  ever handed to it, but the library's report should not depend on that). */
const CONSOLE_WARN = (() => {
  const c = (globalThis as { console?: Console }).console;
  return typeof c?.warn === 'function' ? c.warn.bind(c) : undefined;
})();

/**
 * What the WebAssembly paths of this process are doing, for tests and the bench smoke, which
 * must see that the fast paths are the ones in use (issue 25: a lost path used to land
 * silently): the variant compiled (`'untried'` before the first use, `'none'` where it cannot
 * run), the reason none runs (`'SIMD unsupported'`, or the engine's error, e.g.
 * `'CompileError: …'` under a Content-Security-Policy), and how often each entry ran: `blocks`
 * (the keystream, from 16-block refills), `fused` (a seeded shuffle's 16-bit steps with their
 * keystream), `wide` (its steps over 2^16) and `words` (the secure source's steps over 2^16).
 * A snapshot; internal (not exported by the package).
 *
 * @example
 * ```ts
 * const { module, calls } = wasmDiagnostic(); // e.g. 'relaxed', { blocks: 3, fused: 1, … }
 * ```
 */
export function wasmDiagnostic(): WasmDiagnostic {
  return { module: loaded, failure, calls: { ...calls } };
}

/** See {@link wasmDiagnostic}. */
export interface WasmDiagnostic {
  readonly module: 'untried' | 'relaxed' | 'core' | 'none';
  readonly failure: string | undefined;
  readonly calls: {
    readonly blocks: number;
    readonly fused: number;
    readonly wide: number;
    readonly words: number;
  };
}

/**
 * RFC 8439 ChaCha20 blocks in WebAssembly SIMD, or undefined where that cannot run. The function
 * takes the same arguments and gives the same words as `chacha20Blocks` (chacha20-block.ts), for
 * `blocks` a multiple of 4 and at most {@link WASM_MAX_BLOCKS}.
 *
 * Compiled on the first call, not at load (about 2 ms once): `chacha20Blocks` asks for it only
 * from 16-block refills on, which a source made for one deal or one verify never reaches, so a
 * page whose Content-Security-Policy lacks 'wasm-unsafe-eval' sees no refused compilation unless
 * it reads a long seeded stream — and then Chromium refuses it (a CompileError), the scalar code
 * runs, and the refusal is reported ({@link wasmDiagnostic}, and once on the console). The variant with relaxed SIMD is tried first; an engine without it
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
  return load()?.blocks;
}

/**
 * The shuffle's 16-bit steps fused with the keystream in WebAssembly (see {@link WasmFused}), or
 * undefined where the module cannot run. Compiled with {@link wasmChaCha20Blocks}'s module.
 *
 * @example
 * ```ts
 * const fused = wasmFusedSteps(); // used by ChaCha20Source's portable path (chacha20.ts)
 * ```
 */
export function wasmFusedSteps(): WasmFused | undefined {
  return load()?.fused;
}

/**
 * The steps of bounds over 2^16 fused with the keystream in WebAssembly (see {@link WasmWide}),
 * or undefined where the module cannot run.
 *
 * @example
 * ```ts
 * const wide = wasmWideSteps(); // used by ChaCha20Source's portable path (chacha20.ts)
 * ```
 */
export function wasmWideSteps(): WasmWide | undefined {
  return load()?.wide;
}

/**
 * The steps of bounds over 2^16 from words the caller has, in WebAssembly (see
 * {@link WasmWords}), or undefined where the module cannot run: 64-bit products and integer
 * compares, where the kernels' JavaScript (drawWide) spends float conversions and checks on each.
 *
 * @example
 * ```ts
 * const words = wasmWideWords(); // used by the secure source (secure.ts)
 * ```
 */
export function wasmWideWords(): WasmWords | undefined {
  return load()?.words;
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
  return compile(relaxed)?.blocks;
}

/**
 * {@link wasmFusedSteps} of a new instance of one variant (with relaxed SIMD or without), for
 * tests.
 *
 * @example
 * ```ts
 * const coreSimdOnly = wasmFusedStepsVariant(false);
 * ```
 */
export function wasmFusedStepsVariant(relaxed: boolean): WasmFused | undefined {
  return compile(relaxed)?.fused;
}

/**
 * {@link wasmWideSteps} of a new instance of one variant, for tests.
 *
 * @example
 * ```ts
 * const coreSimdOnly = wasmWideStepsVariant(false);
 * ```
 */
export function wasmWideStepsVariant(relaxed: boolean): WasmWide | undefined {
  return compile(relaxed)?.wide;
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

/** One variant of the module, or undefined; `shared` (the instance {@link load} keeps) records
 *  why it failed and counts its calls. */
function compile(relaxed: boolean, shared = false): Compiled | undefined {
  if (PLATFORM === undefined) {
    if (shared) failure ??= 'WebAssembly unsupported';
    return undefined;
  }
  const { Module, Instance, validate, buffer, apply, copy } = PLATFORM;
  let exports: WebAssembly.Exports;
  let memoryBuffer: ArrayBuffer;
  try {
    const bytes = moduleBytes(relaxed);
    if (!validate(bytes)) {
      // Expected of an engine without (relaxed) SIMD: not a failure to report.
      if (shared && !relaxed) failure ??= 'SIMD unsupported';
      return undefined;
    }
    exports = new Instance(new Module(bytes)).exports;
    memoryBuffer = apply(buffer, exports.memory, []) as ArrayBuffer;
  } catch (error) {
    // e.g. a Content-Security-Policy without 'wasm-unsafe-eval' (a CompileError): reported by
    // load(), never swallowed.
    if (shared) {
      const e = error as { name?: unknown; message?: unknown } | null;
      failure = `${String(e?.name ?? 'Error')}: ${String(e?.message ?? error)}`;
      refused = true;
    }
    return undefined;
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
  const state = (key: Uint32Array, counter: number, nonce: Uint32Array) => {
    memory[0] = 0x61707865;
    memory[1] = 0x3320646e;
    memory[2] = 0x79622d32;
    memory[3] = 0x6b206574;
    for (let i = 0; i < 8; i++) memory[4 + i] = key[i]! | 0;
    memory[12] = counter | 0;
    for (let i = 0; i < 3; i++) memory[13 + i] = nonce[i]! | 0;
  };
  const counts = shared ? calls : { blocks: 0, fused: 0, wide: 0, words: 0 };
  const blocks: WasmBlocks = (key, counter, nonce, out, offset, count) => {
    counts.blocks++;
    state(key, counter, nonce);
    run(count >>> 2);
    // The `set` this module found at load, not the prototype's now, which a later patch could
    // watch (issue 9).
    copy(out, outputs[(count >>> 2) - 1]!, offset);
    // Key and keystream leave nothing behind in the module's memory.
    wipe(OUTPUT + count * 64);
  };
  // One JavaScript side for both passes: the state in, the words not read back to the pool (in
  // order: the rest of the group being read, then the group made ahead), the counts out.
  const pass =
    (entry: (maxGroups: number) => number, kind: 'fused' | 'wide'): WasmFused['run'] =>
    (key, counter, nonce, n, i, stop, maxGroups, pool, result) => {
      counts[kind]++;
      state(key, counter, nonce);
      const at = RESULT >>> 2;
      memory[at] = n;
      memory[at + 1] = i;
      memory[at + 2] = stop;
      const to = entry(maxGroups) >>> 0;
      const q = memory[at]!;
      const src = memory[at + 1]! >>> 2;
      const dst = (src === RING_A >>> 2 ? RING_B : RING_A) >>> 2;
      let left = 0;
      for (let k = src + q; k < src + 64; k++) pool[left++] = memory[k]!;
      for (let k = dst; k < dst + 64; k++) pool[left++] = memory[k]!;
      result[0] = to;
      result[1] = left;
      result[2] = memory[at + 2]! * 4;
      // Key, keystream and counts leave nothing behind (the caller zeroes the steps it read).
      wipe(MASKS);
    };
  const offsets = new Uint16Array(memoryBuffer, OFFSETS, FUSED_MAX_STEPS + 1);
  const indices = new Uint32Array(memoryBuffer, WIDE_INDICES, WIDE_MAX_STEPS);
  const wordsEntry = exports.words as (count: number) => number;
  // The words go in 1,024 at a time (OUTPUT holds that many), copied by a loop: a `subarray`
  // for `set` would allocate a view per chunk.
  const fromWords: WasmWords['run'] = (words, from, count, n, i, stop, result) => {
    counts.words++;
    const at = RESULT >>> 2;
    const out = OUTPUT >>> 2;
    let k = i;
    let q = from;
    const end = from + count;
    while (q < end && k < stop) {
      const chunk = Math.min(WASM_MAX_BLOCKS * 16, end - q);
      for (let t = 0; t < chunk; t++) memory[out + t] = words[q + t]! | 0;
      memory[at] = n;
      memory[at + 1] = k;
      memory[at + 2] = stop;
      memory[at + 3] = (k - i) * 4;
      k = wordsEntry(chunk) >>> 0;
      q += memory[at]!;
    }
    result[0] = k;
    result[1] = q - from;
    // The words and the counts leave nothing behind (the caller zeroes the indices it read).
    wipe(MASKS);
  };
  return {
    blocks,
    fused: { run: pass(exports.fused as (maxGroups: number) => number, 'fused'), offsets },
    wide: { run: pass(exports.wide as (maxGroups: number) => number, 'wide'), indices },
    words: { run: fromWords, indices },
  };
}
