import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ScriptedPool } from '../../test/support/scripted-pool.ts';
import { scriptedSource } from '../random/scripted.ts';
import { fisherYates } from './fisher-yates.ts';
import { SPECULATE_MAX } from './speculate.ts';

/** Shuffles 0…n−1 (positions below `limit`) from `words`, once through a pool of `chunk`-word
 *  refills and once through the plain scripted source (the careful loop); returns both results
 *  and the word each source gives next, which shows how many words the shuffle used. */
function both(n: number, limit: number, words: number[], chunk: number) {
  const marker = 0x1234_5678;
  // One word drawn first, so that the pool holds words when the shuffle starts (an empty pool
  // always takes the careful loop).
  const script = [0, ...words, marker];
  const pooled = Array.from({ length: n }, (_, i) => i);
  const pool = new ScriptedPool(script, chunk);
  pool.nextUint32();
  fisherYates(pooled, limit, pool);
  const careful = Array.from({ length: n }, (_, i) => i);
  const plain = scriptedSource(script);
  plain.nextUint32();
  fisherYates(careful, limit, plain);
  return { pooled, careful, nextPooled: pool.nextUint32(), nextCareful: plain.nextUint32() };
}

/** A 16-bit half: mostly uniform, often 0 (rejected unless the bound is a power of two, and
 *  suspect always) or tiny (suspect for large bounds). */
const half = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 0xffff }) },
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 200 }) },
);
const word = fc.tuple(half, half).map(([lo, hi]) => lo + hi * 65536);

test('the speculative path makes exactly the careful loop’s swaps and uses the same words', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: SPECULATE_MAX + 4 }),
      fc.array(word, { minLength: 200, maxLength: 200 }),
      fc.oneof(fc.integer({ min: 1, max: 80 }), fc.constant(16384)),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (n, words, chunk, share) => {
        const limit = Math.min(n - 1, Math.round(share * n)); // sample() fills a prefix only
        const r = both(n, Math.max(limit, 0), words, chunk);
        assert.deepEqual(r.pooled, r.careful);
        assert.equal(r.nextPooled, r.nextCareful, 'both read the same number of words');
      },
    ),
    { numRuns: 3000 },
  );
});

test('speculation: every ordering of n ≤ 6 comes out once, from whole and split pools', () => {
  for (let n = 1; n <= 6; n++) {
    for (const chunk of [1, 2, 3, 16384]) {
      const seen = new Set<string>();
      const total = Array.from({ length: n }, (_, i) => n - i).reduce((a, b) => a * b, 1);
      for (let code = 0; code < total; code++) {
        const halves: number[] = [];
        let rest = code;
        for (let i = 0; i < n - 1; i++) {
          const bound = n - i;
          halves.push(Math.floor((((rest % bound) + 1) * 65536 - 1) / bound));
          rest = Math.floor(rest / bound);
        }
        const words: number[] = [];
        for (let i = 0; i < halves.length; i += 2)
          words.push(halves[i]! + (halves[i + 1] ?? 0) * 65536);
        const r = both(n, n - 1, words, chunk);
        assert.deepEqual(r.pooled, r.careful);
        seen.add(r.pooled.join());
      }
      assert.equal(seen.size, total, `n = ${n}, chunk ${chunk}`);
    }
  }
});

test('a rejected draw late in a deck is redone exactly, and a merely suspect one is kept', () => {
  // 52 cards: step 50 has bound 2 (a power of two: half 0 is suspect, low 0 < 2, but accepted);
  // step 49 has bound 3, where half 0 is rejected (2^16 mod 3 = 1).
  const words = Array.from({ length: 40 }, (_, k) => 0x9e37_79b9 ^ (k * 0x0101_0101));
  words[24] = 0x8000_0000; // step 48 (low, bound 4) 0 → suspect, accepted; step 49 (high) ok
  words[25] = 0x0000_4000; // step 50 (low, bound 2) → index 0
  const kept = both(52, 51, words, 16384);
  assert.deepEqual(kept.pooled, kept.careful);
  assert.equal(kept.nextPooled, kept.nextCareful);
  const rejected = words.slice();
  rejected[24] = 0x0000_7000; // step 48 ok (low 0x7000), step 49 (high 0, bound 3) rejected
  const redone = both(52, 51, rejected, 16384);
  assert.deepEqual(redone.pooled, redone.careful);
  assert.equal(redone.nextPooled, redone.nextCareful);
  assert.notDeepEqual(redone.pooled, kept.pooled);
});
