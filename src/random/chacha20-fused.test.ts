import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { nativeWords } from '../../test/support/native-chacha.ts';
import {
  FUSED_MAX_STEPS,
  WIDE_MAX_STEPS,
  wasmFusedStepsVariant,
  wasmWideStepsVariant,
} from './chacha20-wasm.ts';
import { reduce16, reduce32 } from './lemire.ts';

/**
 * What the fused steps must do, from shuffle v1's definition (reduce16 on each half in order):
 * from step i, while i < stop − 1, a whole word at a time, each half's draw for bound n − i,
 * accepted or rejected, until the words run out. Returns the offsets of the steps made, the step reached and the words
 * read.
 */
function reference(words: Uint32Array, n: number, i: number, stop: number) {
  const offsets: number[] = [];
  let read = 0;
  while (i < stop - 1 && read < words.length) {
    const w = words[read++]!;
    for (const half of [w & 0xffff, w >>> 16]) {
      const j = reduce16(half, n - i);
      if (j >= 0) {
        offsets.push(j);
        i++;
      }
    }
  }
  return { offsets, to: i, read };
}

/** Halves that are often rejected for bounds just above a divisor of 2^16 (0, tiny) and
 *  uniform ones; the keystream is real, so these come in through the step bounds instead. */
for (const relaxed of [true, false]) {
  const name = relaxed ? 'relaxed SIMD' : 'core SIMD only';

  test(`fused steps (${name}): the reference's offsets, step reached, words read and the words left over`, () => {
    const fused = wasmFusedStepsVariant(relaxed);
    assert.ok(fused !== undefined, 'WebAssembly SIMD runs in Node');
    fc.assert(
      fc.property(
        fc.array(fc.nat(0xffffffff), { minLength: 8, maxLength: 8 }),
        fc.oneof(fc.nat(1000), fc.integer({ min: 2 ** 32 - 4096, max: 2 ** 32 - 8 })),
        fc.integer({ min: 3, max: 65536 + 200 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 2, max: 40 }),
        (keyWords, counter, n, startShare, stopShare, maxGroups) => {
          // Bounds of at most 2^16 (the 16-bit steps), at least 3 (a word's two steps).
          const first = Math.max(0, n - 65536);
          const i = first + Math.floor(startShare * (n - 3 - first));
          const stop = Math.min(i + FUSED_MAX_STEPS, i + 2 + Math.floor(stopShare * (n - 2 - i)));
          const groups = Math.min(maxGroups, (2 ** 32 - counter) >>> 2);
          if (groups < 2) return;
          const key = Uint32Array.from(keyWords);
          const nonce = new Uint32Array([0, 5, 9]);
          const words = nativeWords(key, nonce, counter, groups * 4);
          const want = reference(words, n, i, stop);
          const pool = new Uint32Array(1024);
          const result = new Int32Array(3);
          fused.run(key, counter, nonce, n, i, stop, groups, pool, result);
          const [to, left, blocks] = result;
          const computed = blocks! * 16;
          if (want.read <= computed - 64) {
            // It ran to the end: the reference's steps exactly, one group computed ahead.
            assert.equal(to, want.to);
            assert.equal(computed, Math.min(groups * 64, Math.ceil(want.read / 64) * 64 + 64));
          } else {
            // It stopped at maxGroups: the reference's steps up to the words it read.
            assert.equal(blocks, groups * 4);
            assert.ok(to! < stop - 1 || to === want.to);
          }
          const read = computed - left!;
          const partial = reference(words.subarray(0, read), n, i, stop);
          assert.equal(to, partial.to, 'the steps of the words read');
          assert.equal(partial.read, read, 'no word read that made no step');
          const offsets = Array.from({ length: to! - i }, (_, k) => fused.offsets[n - i - k]);
          assert.deepEqual(offsets, partial.offsets, 'offsets, by bound');
          assert.deepEqual(
            Array.from(pool.subarray(0, left)),
            Array.from(words.subarray(read, computed)),
            'the words left over, in order',
          );
          fused.offsets.fill(0);
        },
      ),
      { numRuns: 300 },
    );
  });
}

/** The wide steps by definition (reduce32 on each word in order), until the words run out. */
function wideReference(words: Uint32Array, n: number, k: number, stop: number) {
  const indices: number[] = [];
  let read = 0;
  while (k < stop && read < words.length) {
    const r = reduce32(words[read++]!, n - k);
    if (r >= 0) {
      indices.push(k + r);
      k++;
    }
  }
  return { indices, to: k, read };
}

for (const relaxed of [true, false]) {
  const name = relaxed ? 'relaxed SIMD' : 'core SIMD only';

  test(`wide steps (${name}): reduce32's indices, step reached, words read and the words left over`, () => {
    const wide = wasmWideStepsVariant(relaxed);
    assert.ok(wide !== undefined, 'WebAssembly SIMD runs in Node');
    fc.assert(
      fc.property(
        fc.array(fc.nat(0xffffffff), { minLength: 8, maxLength: 8 }),
        fc.oneof(fc.nat(1000), fc.integer({ min: 2 ** 32 - 4096, max: 2 ** 32 - 8 })),
        // Arrays over 2^16 items, up to 2^32 − 1 (bounds past 2^31 are unsigned in the module).
        fc.oneof(
          fc.integer({ min: 65537 + 2, max: 3_000_000 }),
          fc.integer({ min: 2 ** 32 - 100_000, max: 2 ** 32 - 1 }),
          // Bounds just above a divisor of 2^32, where a word is rejected most often.
          fc.constantFrom(2 ** 31 + 1 + 65536 + 500, 2 ** 31 + 65536 + 3000),
        ),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: WIDE_MAX_STEPS }),
        fc.integer({ min: 2, max: 40 }),
        (keyWords, counter, n, startShare, steps, maxGroups) => {
          const last = n - 65536;
          const i = Math.floor(startShare * (last - 1));
          const stop = Math.min(last, i + steps);
          const groups = Math.min(maxGroups, Math.floor((2 ** 32 - counter) / 4));
          if (groups < 2) return;
          const key = Uint32Array.from(keyWords);
          const nonce = new Uint32Array([0, 5, 9]);
          const words = nativeWords(key, nonce, counter, groups * 4);
          const pool = new Uint32Array(1024);
          const result = new Int32Array(3);
          wide.run(key, counter, nonce, n, i, stop, groups, pool, result);
          const [to, left, blocks] = result;
          const computed = blocks! * 16;
          const read = computed - left!;
          const want = wideReference(words.subarray(0, read), n, i, stop);
          assert.equal(to! >>> 0, want.to, 'the steps of the words read');
          assert.equal(want.read, read, 'no word read past stop');
          assert.ok(computed <= groups * 64 && left! >= 64, 'one group made ahead, at most');
          assert.ok(to! >>> 0 === stop || blocks === groups * 4 || read % 64 !== 0, 'ran on');
          assert.deepEqual(Array.from(wide.indices.subarray(0, want.to - i)), want.indices);
          assert.deepEqual(
            Array.from(pool.subarray(0, left)),
            Array.from(words.subarray(read, computed)),
          );
          wide.indices.fill(0);
        },
      ),
      { numRuns: 200 },
    );
  });
}
