import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { factorial, forcingWords } from '../../../test/support/forcing-words.ts';
import { ScriptedPool } from '../../../test/support/scripted-pool.ts';
import { chacha20 } from '../../random/chacha20.ts';
import { IndexDrawer } from '../../random/index-drawer.ts';
import { scriptedSource } from '../../random/scripted.ts';
import { shuffle } from '../shuffle.ts';
import { TINY_MAX } from './limits.ts';

// shuffleInPlace's own loop for arrays of up to TINY_MAX items (kernels/array.ts), reached
// through shuffle() from a pooled source, one copy per array family: it must make shuffle v1's
// swaps (docs/RANDOM.md) from the same words and leave the pool where the definition does.

type Items = { [index: number]: unknown; readonly length: number };
/** One kind of array per kernel copy shuffle() calls, holding 0…n−1 (read back as numbers). */
const FAMILIES: [name: string, make: (n: number) => Items, read: (a: Items) => number[]][] = [
  [
    'Array of objects',
    (n) => Array.from({ length: n }, (_, i) => ({ v: i })),
    (a) => Array.from(a as { v: number }[], (x) => x.v),
  ],
  ['number[]', (n) => Array.from({ length: n }, (_, i) => i), (a) => Array.from(a as number[])],
  ['Uint32Array', (n) => new Uint32Array(n).map((_, i) => i), (a) => Array.from(a as Uint32Array)],
  [
    'Float64Array',
    (n) => new Float64Array(n).map((_, i) => i),
    (a) => Array.from(a as Float64Array),
  ],
];

const MARKER = 0x1234_5678;

/** The definition: IndexDrawer's draws, one swap a step, from `words` after one word drawn. */
function reference(n: number, words: readonly number[]) {
  const plain = scriptedSource([0, ...words, MARKER]);
  plain.nextUint32();
  const drawer = new IndexDrawer(plain);
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < n - 1; i++) {
    const j = i + drawer.next(n - i);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return { a, next: plain.nextUint32() };
}

/** shuffle() of 0…n−1 as `family` from a pool of `chunk`-word refills that already holds words
 *  (one drawn first); returns the order and the word the pool gives next. */
function pooled(family: (typeof FAMILIES)[number], n: number, words: number[], chunk: number) {
  const [, make, read] = family;
  const pool = new ScriptedPool([0, ...words, MARKER], chunk);
  pool.nextUint32();
  const a = make(n);
  shuffle(a as number[], pool);
  return { a: read(a), next: pool.nextUint32() };
}

test('small arrays: every index sequence, for each family, from whole and split pools', () => {
  // Forcing words (test/support/forcing-words.ts) give each of the n! index sequences; chunks of
  // 1 and 3 words leave the pool short, so the loop declines and the branch-free steps refill.
  for (const family of FAMILIES) {
    for (let n = 0; n <= TINY_MAX; n++) {
      for (const chunk of n <= 6 ? [1, 3, 16384] : [16384]) {
        const seen = new Set<string>();
        let total = 0;
        for (const words of forcingWords(n)) {
          total++;
          const want = reference(n, words);
          const got = pooled(family, n, words, chunk);
          assert.deepEqual(got.a, want.a, `${family[0]}, n ${n}, chunk ${chunk}, ${words}`);
          assert.equal(got.next, want.next, 'both read the same number of words');
          seen.add(got.a.join());
        }
        assert.equal(total, Math.max(1, factorial(n)), 'every index sequence was tried');
        assert.equal(seen.size, total, `${family[0]}, n ${n}: every ordering once`);
      }
    }
  }
});

/** Every 16-bit half that some bound 2…TINY_MAX rejects (low half of x · b below 2^16 mod b),
 *  and every one that the loop's bet suspects (low half below b) though it is accepted. */
const rejected: number[] = [];
const suspect: number[] = [];
for (let x = 0; x < 65536; x++) {
  for (let b = 2; b <= TINY_MAX; b++) {
    const low = (x * b) & 0xffff;
    if (low < 65536 % b) rejected.push(x);
    else if (low < b) suspect.push(x);
  }
}

test('small arrays: rejected and merely suspect halves are redone or kept exactly', () => {
  assert.ok(rejected.length > 0 && suspect.length > 0);
  const half = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 0xffff }) },
    { weight: 2, arbitrary: fc.constantFrom(...rejected) },
    { weight: 2, arbitrary: fc.constantFrom(...suspect) },
  );
  const word = fc.tuple(half, half).map(([lo, hi]) => lo + hi * 65536);
  fc.assert(
    fc.property(
      fc.constantFrom(...FAMILIES),
      fc.integer({ min: 0, max: TINY_MAX }),
      fc.array(word, { minLength: 12, maxLength: 12 }),
      fc.constantFrom(1, 2, 3, 5, 16384),
      (family, n, words, chunk) => {
        const want = reference(n, words);
        const got = pooled(family, n, words, chunk);
        assert.deepEqual(got.a, want.a);
        assert.equal(got.next, want.next, 'both read the same number of words');
      },
    ),
    { numRuns: 4000 },
  );
});

test('small arrays: a frozen one is refused before anything is drawn, whatever its length', () => {
  for (let n = 0; n <= TINY_MAX; n++) {
    for (const items of [Array.from({ length: n }, (_, i) => i), Array(n).fill('x')]) {
      const rng = chacha20('frozen small');
      rng.nextUint32(); // a pool with words in it: the path that reads it in place
      assert.throws(() => shuffle(Object.freeze(items) as unknown[], rng), {
        name: 'TypeError',
        message: /shuffle: array is frozen/,
      });
      const fresh = chacha20('frozen small');
      fresh.nextUint32();
      assert.equal(rng.nextUint32(), fresh.nextUint32(), `n ${n}: nothing was drawn`);
    }
  }
});
