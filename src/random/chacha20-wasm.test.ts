import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { nativeWords } from '../../test/support/native-chacha.ts';
import { WASM_MAX_BLOCKS, wasmChaCha20BlocksVariant } from './chacha20-wasm.ts';

// Node's V8 has relaxed SIMD, so both variants run here; browsers without it get the second.
for (const relaxed of [true, false]) {
  const name = relaxed ? 'relaxed SIMD' : 'core SIMD only';

  test(`the ${name} module compiles here`, () => {
    assert.equal(typeof wasmChaCha20BlocksVariant(relaxed), 'function');
  });

  test(`the ${name} module gives node:crypto's keystream, call after call on one instance`, () => {
    // One instance for every run: a call must leave the module ready for the next (the wipe
    // after each call clears the state and output, never the rotation masks).
    const blocksOf = wasmChaCha20BlocksVariant(relaxed)!;
    fc.assert(
      fc.property(
        fc.uint32Array({ minLength: 8, maxLength: 8 }),
        fc.uint32Array({ minLength: 3, maxLength: 3 }),
        fc.integer({ min: 1, max: WASM_MAX_BLOCKS / 4 }),
        // Counters near 0 and near the 32-bit end, where lane counters c + 1 … c + 3 are largest.
        fc.oneof(fc.nat(1000), fc.integer({ min: 2 ** 32 - WASM_MAX_BLOCKS, max: 2 ** 32 - 1 })),
        fc.nat(20),
        (key, nonce, groups, counterWish, offset) => {
          const blocks = groups * 4;
          const counter = Math.min(counterWish, 2 ** 32 - blocks);
          const out = new Uint32Array(offset + blocks * 16 + 3).fill(0x5a5a5a5a);
          blocksOf(key, counter, nonce, out, offset, blocks);
          assert.deepEqual(
            out.subarray(offset, offset + blocks * 16),
            nativeWords(key, nonce, counter, blocks),
          );
          for (let i = 0; i < offset; i++) assert.equal(out[i], 0x5a5a5a5a);
          for (let i = offset + blocks * 16; i < out.length; i++) assert.equal(out[i], 0x5a5a5a5a);
        },
      ),
      { numRuns: 80 },
    );
  });
}

test('many calls in a row (after V8 optimizes the module) still give the RFC keystream', () => {
  // V8 runs a new module in its baseline compiler and swaps in optimized code once it is hot:
  // the words must not change with the tier.
  for (const relaxed of [true, false]) {
    const blocksOf = wasmChaCha20BlocksVariant(relaxed)!;
    const key = new Uint32Array([1, 2, 3, 4, 5, 6, 7, 8]);
    const nonce = new Uint32Array([9, 10, 11]);
    const out = new Uint32Array(WASM_MAX_BLOCKS * 16);
    for (let i = 0; i < 3000; i++)
      blocksOf(key, i * WASM_MAX_BLOCKS, nonce, out, 0, WASM_MAX_BLOCKS);
    const last = 2999 * WASM_MAX_BLOCKS;
    assert.deepEqual(out, nativeWords(key, nonce, last, WASM_MAX_BLOCKS));
  }
});
