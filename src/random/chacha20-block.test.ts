import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createCipheriv } from 'node:crypto';
import { test } from 'node:test';
import fc from 'fast-check';
import { chacha20Blocks, keyWordsInto, scalarChaCha20Blocks } from './chacha20-block.ts';
import { WASM_MAX_BLOCKS, wasmChaCha20Blocks } from './chacha20-wasm.ts';

/** OpenSSL's ChaCha20 (an independent implementation): `length` keystream bytes from block
 *  `counter`. Its 16-byte IV is the RFC 8439 counter (32-bit little-endian), then the nonce. */
function nativeKeystream(key: Uint8Array, nonce: Uint8Array, counter: number, length: number) {
  const iv = new Uint8Array(16);
  new DataView(iv.buffer).setUint32(0, counter, true);
  iv.set(nonce, 4);
  return new Uint8Array(createCipheriv('chacha20', key, iv).update(new Uint8Array(length)));
}

const littleEndianWords = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Uint32Array.from({ length: bytes.length / 4 }, (_, i) => view.getUint32(i * 4, true));
};

/** The words as keystream bytes (little-endian, RFC 8439 §2.4). */
const keystreamBytes = (words: Uint32Array) => {
  const out = new Uint8Array(words.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < words.length; i++) view.setUint32(i * 4, words[i]!, true);
  return out;
};

test('WebAssembly SIMD runs here, so the tests below check it as well as the scalar code', () => {
  assert.equal(typeof wasmChaCha20Blocks(), 'function');
});

type Blocks = typeof chacha20Blocks;

/** WebAssembly SIMD alone for whole groups of four (at most WASM_MAX_BLOCKS a call), the rest
 *  by the scalar code. */
const wasmThenScalar: Blocks = (key, counter, nonce, out, offset, blocks) => {
  let done = 0;
  while (blocks - done >= 4) {
    const step = Math.min((blocks - done) & ~3, WASM_MAX_BLOCKS);
    wasmChaCha20Blocks()!(key, counter + done, nonce, out, offset + done * 16, step);
    done += step;
  }
  scalarChaCha20Blocks(key, counter + done, nonce, out, offset + done * 16, blocks - done);
};

/** Every portable way to compute blocks: the dispatch, the scalar code, WebAssembly SIMD. */
const IMPLEMENTATIONS: [string, Blocks][] = [
  ['chacha20Blocks', chacha20Blocks],
  ['scalar', scalarChaCha20Blocks],
  ['wasm', wasmThenScalar],
];

test('the portable keystream equals node:crypto on random keys, nonces, counters and lengths', () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      fc.uint8Array({ minLength: 12, maxLength: 12 }),
      // Up to 130 blocks: past a 64-block refill and its second; counters up to the last block.
      fc.integer({ min: 1, max: 130 * 64 }),
      fc.oneof(fc.nat(1000), fc.integer({ min: 2 ** 32 - 200, max: 2 ** 32 - 1 })),
      fc.nat(40),
      (key, nonce, length, counterWish, offset) => {
        const blocks = Math.ceil(length / 64);
        const counter = Math.min(counterWish, 2 ** 32 - blocks);
        const want = nativeKeystream(key, nonce, counter, length);
        for (const [name, blocksOf] of IMPLEMENTATIONS) {
          // Written at an offset inside a larger array: the words around it stay untouched.
          const out = new Uint32Array(offset + blocks * 16 + 5).fill(0xa5a5a5a5);
          blocksOf(littleEndianWords(key), counter, littleEndianWords(nonce), out, offset, blocks);
          const got = keystreamBytes(out.subarray(offset, offset + blocks * 16));
          assert.deepEqual(got.subarray(0, length), want, name);
          for (let i = 0; i < offset; i++) assert.equal(out[i], 0xa5a5a5a5, name);
          for (let i = offset + blocks * 16; i < out.length; i++) assert.equal(out[i], 0xa5a5a5a5);
        }
      },
    ),
    { numRuns: 60 },
  );
});

for (const wasm of [true, false])
  test(`chacha20() with no node:crypto (as in a browser) ${wasm ? 'but WebAssembly' : 'or WebAssembly'} reads the same words as node:crypto`, () => {
    // A child process without `process.getBuiltinModule`, so the source runs its portable path
    // throughout, through the refills that grow 1, 2 … 64 blocks and then stay at 64.
    const blocks = 300;
    const script = `
    delete process.getBuiltinModule;
    // Node strips types with WebAssembly of its own: load a types-only module first.
    ${wasm ? '' : `await import(${JSON.stringify(new URL('./source.ts', import.meta.url).href)}); delete globalThis.WebAssembly;`}
    const { chacha20 } = await import(${JSON.stringify(new URL('./chacha20.ts', import.meta.url).href)});
    const { wasmChaCha20Blocks } = await import(${JSON.stringify(new URL('./chacha20-wasm.ts', import.meta.url).href)});
    if ((wasmChaCha20Blocks() !== undefined) !== ${wasm}) throw new Error('wrong path');
    const rng = chacha20(new Uint8Array(32).fill(7), 9);
    const words = new Uint32Array(${blocks * 16});
    for (let i = 0; i < 1000; i++) words[i] = rng.nextUint32();
    rng.fillUint32(words.subarray(1000));
    process.stdout.write(Buffer.from(words.buffer).toString('hex'));`;
    const hex = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    // The source's nonce is 0x00000000 ‖ stream as 64-bit little-endian (chacha20.ts).
    const nonce = new Uint8Array(12);
    nonce[4] = 9;
    const want = nativeKeystream(new Uint8Array(32).fill(7), nonce, 0, blocks * 64);
    assert.equal(hex, Buffer.from(want).toString('hex'));
  });

test('WebAssembly patched after the library loads never sees the module, its memory or the key', () => {
  const script = `
    const { wasmChaCha20Blocks } = await import(${JSON.stringify(new URL('./chacha20-wasm.ts', import.meta.url).href)});
    const seen = [];
    const { Instance, Module, Memory } = WebAssembly;
    const buffer = Object.getOwnPropertyDescriptor(Memory.prototype, 'buffer').get;
    WebAssembly.Instance = function (...a) { seen.push('Instance'); return new Instance(...a); };
    WebAssembly.Module = function (...a) { seen.push('Module'); return new Module(...a); };
    WebAssembly.validate = () => { seen.push('validate'); return true; };
    Object.defineProperty(Memory.prototype, 'buffer', { get() { seen.push('buffer'); return buffer.call(this); } });
    const apply = Reflect.apply;
    Reflect.apply = (f, t, a) => { seen.push('apply'); return apply(f, t, a); };
    const TypedArray = Object.getPrototypeOf(Uint32Array.prototype);
    const set = TypedArray.set;
    TypedArray.set = function (...a) { seen.push('set'); return apply(set, this, a); };
    const call = Function.prototype.call;
    Function.prototype.call = function (...a) { seen.push('call'); return apply(call, this, a); };
    const out = new Uint32Array(64 * 16);
    wasmChaCha20Blocks()(new Uint32Array(8).fill(3), 0, new Uint32Array(3), out, 0, 64);
    Function.prototype.call = call;
    process.stdout.write(JSON.stringify({ seen, hex: Buffer.from(out.buffer).toString('hex') }));`;
  const { seen, hex } = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  ) as { seen: string[]; hex: string };
  assert.deepEqual(seen, []);
  const key = new Uint8Array(new Uint32Array(8).fill(3).buffer);
  assert.equal(
    hex,
    Buffer.from(nativeKeystream(key, new Uint8Array(12), 0, 64 * 64)).toString('hex'),
  );
});

test('keyWordsInto reads the key as eight little-endian words (RFC 8439 §2.3), as a DataView does', () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (key) => {
      const got = new Uint32Array(8);
      keyWordsInto(key, got);
      const view = new DataView(key.buffer, key.byteOffset, 32);
      assert.deepEqual(
        got,
        Uint32Array.from({ length: 8 }, (_, i) => view.getUint32(i * 4, true)),
      );
    }),
  );
});
