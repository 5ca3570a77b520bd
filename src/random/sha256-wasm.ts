/**
 * The SHA-256 compression function (FIPS 180-4 §6.2.2) in WebAssembly, for the portable digest
 * (sha256.ts) where node:crypto is missing: browsers, whose Web Crypto digest is asynchronous.
 * Why (issue 25): in Chromium the JavaScript compression was two fifths of a fair Dou Dizhu deal
 * and of its verify (34 blocks a deal); WebAssembly has a rotate instruction, no bounds check
 * on its loads and no tiering of a function this long out of its optimized code.
 *
 * The module is assembled here from its opcodes (core WebAssembly 1.0 only: no SIMD, no bulk
 * memory, so it runs wherever WebAssembly does), about 8 KiB, and compiled synchronously on first
 * use. One exported memory of one page: the state H(i) (8 words) at 0, the message blocks from
 * INPUT on. `compress(blocks)` runs §6.2.2 on that many blocks, all 64 rounds written out by the
 * loop below, which rotates which local holds a … h instead of moving eight of them a round.
 * Where WebAssembly is missing or refused (a Content-Security-Policy without
 * 'wasm-unsafe-eval', as the dark worker's `default-src 'none'`), {@link wasmSha256} is undefined
 * and sha256.ts runs its JavaScript compression: both are checked against node:crypto and the
 * FIPS 180-4 examples in sha256.test.ts.
 */

import { emit, functionBody, name, section, sleb, uleb } from './wasm-encoding.ts';

/** Up to this many bytes, a loop copies and wipes faster than a call of `set` or `fill`
 *  (measured in Node 24: the call cost ~50 ns, a byte ~0.6 ns). */
const SHORT = 256;
/** Where the message blocks are written: after the state (32 bytes), on a block boundary. */
const INPUT = 64;
/** The blocks one page holds after the state. */
const INPUT_BLOCKS = (65536 - INPUT) >>> 6;
/** Message bytes a chunk before the last may hold; the last also holds its 9 to 72 bytes of
 *  padding (§5.1.1), so it takes at most this many of the message. */
const CHUNK = (INPUT_BLOCKS - 2) * 64;

// Opcodes (WebAssembly core spec §5.4).
const LOCAL_GET = 0x20;
const LOCAL_SET = 0x21;
const LOCAL_TEE = 0x22;
const I32_LOAD = 0x28;
const I32_STORE = 0x36;
const I32_CONST = 0x41;
const I32_ADD = 0x6a;
const I32_SUB = 0x6b;
const I32_AND = 0x71;
const I32_OR = 0x72;
const I32_XOR = 0x73;
const I32_SHR_U = 0x76;
const I32_ROTL = 0x77;
const I32_ROTR = 0x78;
const LOOP = 0x03;
const BR_IF = 0x0d;
const END = 0x0b;
const VOID = 0x40;

/** memarg: alignment 2^2, the given offset. */
const memarg = (offset: number): number[] => [2, ...uleb(offset)];

// FIPS 180-4 §4.2.2: first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

// Locals of `block(p)`: 0 = the block's address (param), 1 … 8 the working variables, 9 … 24
// the schedule's 16-word window (local 9 + j holds W[t] for t ≡ j mod 16: §6.2.2 step 1 needs
// W[t−2], W[t−7], W[t−15], W[t−16] only), 25 = T1.
const P = 0;
const VAR = 1;
const w = (j: number): number => 9 + (j & 15);
const T = 25;
const BLOCK_LOCALS = 25;
const CALL = 0x10;

/** Pushes σ/Σ of local `x` (§4.1.2 (4.4)–(4.7)): two rotations and a third rotation or shift. */
function sigma(code: number[], x: number, r1: number, r2: number, r3: number, shift: boolean) {
  emit(code, LOCAL_GET, x, I32_CONST, r1, I32_ROTR, LOCAL_GET, x, I32_CONST, r2, I32_ROTR, I32_XOR);
  emit(code, LOCAL_GET, x, I32_CONST, r3, shift ? I32_SHR_U : I32_ROTR, I32_XOR);
}

/** §6.2.2 step 1 for t ≥ 16: W[t] = σ1(W[t−2]) + W[t−7] + σ0(W[t−15]) + W[t−16], into w(t). */
function schedule(code: number[], t: number): void {
  sigma(code, w(t - 2), 17, 19, 10, true);
  emit(code, LOCAL_GET, w(t - 7), I32_ADD);
  sigma(code, w(t - 15), 7, 18, 3, true);
  emit(code, I32_ADD, LOCAL_GET, w(t), I32_ADD, LOCAL_SET, w(t));
}

/** The locals of a … h, in that order. */
type Eight = [number, number, number, number, number, number, number, number];

/**
 * Round t of §6.2.2 step 3 on the locals `v` = [a, b, c, d, e, f, g, h]: T1 = h + Σ1(e) +
 * Ch(e, f, g) + K[t] + W[t]; d += T1; h = T1 + Σ0(a) + Maj(a, b, c). The next round's a is this
 * h's local and its e this d's, so the caller rotates `v` instead of moving values. Ch is
 * `g ^ (e & (f ^ g))` and Maj `(a & b) ^ (c & (a ^ b))`: the same functions, fewer operations.
 */
function round(code: number[], v: readonly number[], t: number): void {
  const [a, b, c, d, e, f, g, h] = v as Eight;
  emit(code, LOCAL_GET, h);
  sigma(code, e, 6, 11, 25, false);
  emit(code, I32_ADD, LOCAL_GET, g, LOCAL_GET, e, LOCAL_GET, f, LOCAL_GET, g, I32_XOR, I32_AND);
  emit(code, I32_XOR, I32_ADD, I32_CONST, sleb(K[t]!), I32_ADD, LOCAL_GET, w(t), I32_ADD);
  emit(code, LOCAL_TEE, T, LOCAL_GET, d, I32_ADD, LOCAL_SET, d);
  emit(code, LOCAL_GET, T);
  sigma(code, a, 2, 13, 22, false);
  emit(code, I32_ADD, LOCAL_GET, a, LOCAL_GET, b, I32_AND, LOCAL_GET, c, LOCAL_GET, a);
  emit(code, LOCAL_GET, b, I32_XOR, I32_AND, I32_XOR, I32_ADD, LOCAL_SET, h);
}

/** `block(p)`: §6.2.2 steps 1–4 on the block at p, the state at 0 in and out. */
function blockBody(): number[] {
  const code: number[] = [];
  // Step 2: the working variables from H(i−1).
  for (let i = 0; i < 8; i++) emit(code, I32_CONST, 0, I32_LOAD, memarg(4 * i), LOCAL_SET, VAR + i);
  // Step 1 for t < 16: the block's words, big-endian (§3.1) — WebAssembly loads little-endian,
  // so each is byte-swapped: (x <<< 8 & 0x00ff00ff) | (x >>> 8 & 0xff00ff00), rotations.
  for (let j = 0; j < 16; j++) {
    emit(code, LOCAL_GET, P, I32_LOAD, memarg(4 * j), LOCAL_TEE, T);
    emit(code, I32_CONST, 8, I32_ROTL, I32_CONST, sleb(0x00ff00ff), I32_AND);
    emit(code, LOCAL_GET, T, I32_CONST, 8, I32_ROTR, I32_CONST, sleb(0xff00ff00 | 0), I32_AND);
    emit(code, I32_OR, LOCAL_SET, w(j));
  }
  const v = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => VAR + i);
  for (let t = 0; t < 64; t++) {
    if (t >= 16) schedule(code, t);
    round(code, v, t);
    v.unshift(v.pop()!); // h's local is the next a, and every other moves one place on
  }
  // Step 4: H(i) = H(i−1) + the working variables (64 rotations of v bring it back to a … h).
  for (let i = 0; i < 8; i++) {
    emit(code, I32_CONST, 0, I32_CONST, 0, I32_LOAD, memarg(4 * i), LOCAL_GET, VAR + i, I32_ADD);
    emit(code, I32_STORE, memarg(4 * i));
  }
  return code;
}

/**
 * `compress(blocks)`: {@link blockBody} on `blocks` (≥ 1) blocks from INPUT. The loop calls the
 * block's function rather than holding its rounds: V8 peels a loop's first iteration, and two
 * copies of the ~20 KB of unrolled rounds thrashed the 32 KiB instruction cache (measured in
 * Node 24: the second block of a call cost 260 ns, every other one 130; with the call, 130 each).
 */
function compressBody(): number[] {
  const code: number[] = [];
  const p = 1; // local 1: the block's address; local 0 (param): blocks left
  emit(code, I32_CONST, sleb(INPUT), LOCAL_SET, p, LOOP, VOID, LOCAL_GET, p, CALL, 1);
  emit(code, LOCAL_GET, p, I32_CONST, sleb(64), I32_ADD, LOCAL_SET, p);
  emit(code, LOCAL_GET, 0, I32_CONST, 1, I32_SUB, LOCAL_TEE, 0, BR_IF, 0, END);
  return code;
}

/** The module: one memory of one page, exported, and `compress`. */
function moduleBytes(): Uint8Array<ArrayBuffer> {
  const I32 = 0x7f;
  const out: number[] = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  section(out, 1, [1, 0x60, 1, I32, 0]); // (i32) → ()
  section(out, 3, [2, 0, 0]); // compress, block
  section(out, 5, [1, 0x00, 1]); // one page, never grown
  const exports = [2];
  name(exports, 'memory');
  emit(exports, 2, 0);
  name(exports, 'compress');
  emit(exports, 0, 0);
  section(out, 7, exports);
  const code = [2];
  functionBody(code, [1, I32], compressBody());
  functionBody(code, [BLOCK_LOCALS, I32], blockBody());
  section(out, 10, code);
  return new Uint8Array(out);
}

/** A digest made with the module's compression; see {@link newWasmSha256}. */
export interface WasmSha256 {
  /** SHA-256 of `data` (§6.2), its compression in the module. */
  readonly digest: (data: Uint8Array) => Uint8Array;
  /** The module's memory, for tests: every call leaves zero where it wrote. */
  readonly memory: Uint8Array;
}

/**
 * WebAssembly's constructors, the memory's `buffer` getter and the typed arrays' `set`,
 * `subarray` and `fill` as they are when this module loads: the message and the state go
 * through the module's memory, so a later replacement of `WebAssembly.Instance`, of that getter
 * or of a typed array method must not be handed them (as issue 9 keeps the pool from patched
 * prototypes). The methods copy and wipe with memcpy and memset: a byte loop cost ~40 ns a block.
 */
const PLATFORM = (() => {
  const wasm = (globalThis as { WebAssembly?: typeof WebAssembly }).WebAssembly;
  const buffer = wasm && Object.getOwnPropertyDescriptor(wasm.Memory.prototype, 'buffer')?.get;
  if (wasm === undefined || buffer === undefined) return undefined;
  const { Module, Instance, validate } = wasm;
  const call = Function.prototype.call;
  const copy = call.bind(Uint8Array.prototype.set) as unknown as (
    target: Uint8Array,
    source: Uint8Array,
    offset: number,
  ) => void;
  const view = call.bind(Uint8Array.prototype.subarray) as unknown as (
    bytes: Uint8Array,
    begin: number,
    end: number,
  ) => Uint8Array;
  const fill = call.bind(Int32Array.prototype.fill) as unknown as (
    words: Int32Array,
    value: number,
    begin: number,
    end: number,
  ) => void;
  return { Module, Instance, validate, buffer, apply: Reflect.apply, copy, view, fill };
})();

/**
 * A new instance of the module and the digest over it, or undefined where WebAssembly is missing
 * or refuses it. {@link wasmSha256} is the one to use; this
 * one is for tests, which read the instance's memory.
 *
 * @example
 * ```ts
 * const wasm = newWasmSha256();
 * wasm?.digest(new TextEncoder().encode('abc')); // ba7816bf…f20015ad
 * ```
 */
export function newWasmSha256(): WasmSha256 | undefined {
  const made = instantiate();
  return typeof made === 'string' ? undefined : made;
}

/** A new instance and its digest, or why there is none. */
function instantiate(): WasmSha256 | string {
  if (PLATFORM === undefined) return 'WebAssembly unsupported';
  const { Module, Instance, validate, buffer, apply, copy, view, fill } = PLATFORM;
  let exports: WebAssembly.Exports;
  let memoryBuffer: ArrayBuffer;
  try {
    const bytes = moduleBytes();
    if (!validate(bytes)) return 'module invalid';
    exports = new Instance(new Module(bytes)).exports;
    memoryBuffer = apply(buffer, exports.memory, []) as ArrayBuffer;
  } catch (error) {
    // A Content-Security-Policy without 'wasm-unsafe-eval' (Chromium: a CompileError).
    const e = error as { name?: unknown; message?: unknown } | null;
    return `${String(e?.name ?? 'Error')}: ${String(e?.message ?? error)}`;
  }
  const compress = exports.compress as (blocks: number) => void;
  const bytes = new Uint8Array(memoryBuffer);
  const words = new Int32Array(memoryBuffer);
  const digest = (data: Uint8Array): Uint8Array => {
    // §5.3.3: the initial hash value.
    words[0] = 0x6a09e667;
    words[1] = 0xbb67ae85 | 0;
    words[2] = 0x3c6ef372;
    words[3] = 0xa54ff53a | 0;
    words[4] = 0x510e527f;
    words[5] = 0x9b05688c | 0;
    words[6] = 0x1f83d9ab;
    words[7] = 0x5be0cd19;
    const n = data.length;
    let at = 0;
    // Chunks of whole blocks while more than the last chunk may take remain.
    for (; n - at > CHUNK; at += CHUNK) {
      copy(bytes, view(data, at, at + CHUNK), INPUT);
      compress(CHUNK >>> 6);
    }
    // The last: the rest and §5.1.1's padding — 0x80, zeros (written, not assumed: a chunk
    // before may have left message bytes there), the bit length as a 64-bit big-endian integer.
    const rest = n - at;
    const end = INPUT + ((rest + 72) & ~63);
    if (rest <= SHORT) for (let i = 0; i < rest; i++) bytes[INPUT + i] = data[at + i]!;
    else copy(bytes, at === 0 ? data : view(data, at, n), INPUT);
    bytes[INPUT + rest] = 0x80;
    for (let i = INPUT + rest + 1; i < end - 8; i++) bytes[i] = 0;
    const high = Math.floor(n / 2 ** 29);
    const low = n << 3;
    bytes[end - 8] = high >>> 24;
    bytes[end - 7] = high >>> 16;
    bytes[end - 6] = high >>> 8;
    bytes[end - 5] = high;
    bytes[end - 4] = low >>> 24;
    bytes[end - 3] = low >>> 16;
    bytes[end - 2] = low >>> 8;
    bytes[end - 1] = low;
    compress((end - INPUT) >>> 6);
    const out = new Uint8Array(32);
    for (let i = 0; i < 8; i++) {
      const word = words[i]!;
      out[4 * i] = word >>> 24;
      out[4 * i + 1] = word >>> 16;
      out[4 * i + 2] = word >>> 8;
      out[4 * i + 3] = word;
    }
    // Hashes here are keys and commitments: nothing of them stays in the module's memory — the
    // words this call wrote, the state and the input up to the furthest block, are zeroed (by
    // the `fill` captured at load, see PLATFORM).
    for (let i = 0; i < 8; i++) words[i] = 0;
    const written = Math.max(at > 0 ? INPUT + CHUNK : 0, end) >>> 2;
    if (written - (INPUT >>> 2) <= SHORT >>> 2)
      for (let i = INPUT >>> 2; i < written; i++) words[i] = 0;
    else fill(words, 0, INPUT >>> 2, written);
    return out;
  };
  return { digest, memory: bytes };
}

/** The shared instance once tried: undefined if it cannot run, null before. */
let shared: WasmSha256 | undefined | null = null;
/** Why the shared instance could not be made. */
let sharedFailure: string | undefined;

/**
 * The digest over the shared instance of the module, compiled on the first call (a few
 * milliseconds in Chromium, which is why portableSha256 asks only after its first 8 MiB), or
 * undefined where WebAssembly is missing or refused — then sha256.ts runs its JavaScript
 * compression, and {@link wasmSha256Status} says why. Not reported on the console: the service's
 * page and the dark worker refuse WebAssembly by design (docs/WEB.md), and the JavaScript
 * compression gives the same digests, a little slower.
 *
 * @example
 * ```ts
 * const digest = wasmSha256(); // used by portableSha256 (sha256.ts)
 * ```
 */
export function wasmSha256(): ((data: Uint8Array) => Uint8Array) | undefined {
  if (shared === null) {
    const made = instantiate();
    shared = typeof made === 'string' ? undefined : made;
    sharedFailure = typeof made === 'string' ? made : undefined;
  }
  return shared?.digest;
}

/**
 * Whether the shared module was tried (`'untried'`), compiled (`'wasm'`) or could not run
 * (`'none'`, with the reason: `'WebAssembly unsupported'`, or the engine's error, e.g.
 * `'CompileError: …'` under a Content-Security-Policy).
 *
 * @example
 * ```ts
 * const { module, failure } = wasmSha256Status();
 * ```
 */
export function wasmSha256Status(): { module: 'untried' | 'wasm' | 'none'; failure?: string } {
  if (shared === null) return { module: 'untried' };
  return shared === undefined
    ? { module: 'none', failure: sharedFailure ?? 'unknown' }
    : { module: 'wasm' };
}
