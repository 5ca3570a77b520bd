import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { factorial, forcingWords } from '../../test/support/forcing-words.ts';
import { ScriptedPool } from '../../test/support/scripted-pool.ts';
import { chacha20 } from '../random/chacha20.ts';
import { IndexDrawer } from '../random/index-drawer.ts';
import { scriptedSource } from '../random/scripted.ts';
import { BLOCKED_MIN, fisherYates } from './fisher-yates.ts';
import { SPECULATE_MAX } from './kernels/limits.ts';

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
      let total = 0;
      for (const words of forcingWords(n)) {
        total++;
        const r = both(n, n - 1, words, chunk);
        assert.deepEqual(r.pooled, r.careful);
        seen.add(r.pooled.join());
      }
      assert.equal(total, factorial(n), 'every index sequence was tried');
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

test('the blocked path (large arrays) makes the drawer’s swaps, from pools split anywhere', () => {
  // Bounds over 2^16 take whole words read in place; the last 65,536 steps go through the drawer.
  // Word 0 is rejected by every bound that does not divide 2^32 (and its halves by every 16-bit
  // bound but powers of two), so a script with 1 word in 16 zeroed forces rejections on both
  // sides of the switch and at pool boundaries.
  const cases: [n: number, chunk: number][] = [
    [BLOCKED_MIN, 16384],
    [BLOCKED_MIN + 1, 7],
    [65537, 1],
    [65536 + 1025, 1000],
    [65536 + 3000, 1024],
    [65536 + 3000, 16384],
  ];
  const rng = chacha20('blocked path');
  for (const [n, chunk] of cases) {
    const script = Array.from({ length: 2 * n }, () => rng.nextUint32());
    for (let k = 0; k < script.length; k += 16) script[k + (rng.nextUint32() & 15)] = 0;
    const pool = new ScriptedPool(script, chunk);
    pool.nextUint32(); // a pool with words in it when the shuffle starts
    const got = Array.from({ length: n }, (_, i) => i);
    fisherYates(got, n - 1, pool);
    const plain = scriptedSource(script);
    plain.nextUint32();
    const drawer = new IndexDrawer(plain);
    const want = Array.from({ length: n }, (_, i) => i);
    for (let i = 0; i < n - 1; i++) {
      const j = i + drawer.next(n - i);
      [want[i], want[j]] = [want[j]!, want[i]!];
    }
    assert.deepEqual(got, want, `n ${n}, chunk ${chunk}`);
    assert.equal(pool.nextUint32(), plain.nextUint32(), 'both read the same number of words');
  }
});

test('the blocked path from an unpooled source (n > 65,536) makes the drawer’s swaps', () => {
  // scriptedSource is not a pooled source, so whole-word draws take the word-by-word loop.
  const rng = chacha20('blocked, unpooled');
  for (const n of [65537, 65536 + 3000]) {
    const script = Array.from({ length: 2 * n }, () => rng.nextUint32());
    for (let k = 0; k < script.length; k += 16) script[k + (rng.nextUint32() & 15)] = 0;
    const source = scriptedSource(script);
    const got = Array.from({ length: n }, (_, i) => i);
    fisherYates(got, n - 1, source);
    const drawer = new IndexDrawer(scriptedSource(script));
    const want = Array.from({ length: n }, (_, i) => i);
    for (let i = 0; i < n - 1; i++) {
      const j = i + drawer.next(n - i);
      [want[i], want[j]] = [want[j]!, want[i]!];
    }
    assert.deepEqual(got, want, `n ${n}`);
  }
});
