import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { factorial } from '../../../test/support/forcing-words.ts';
import { ScriptedPool } from '../../../test/support/scripted-pool.ts';
import { chacha20 } from '../../random/chacha20.ts';
import { IndexDrawer } from '../../random/index-drawer.ts';
import { reduce16 } from '../../random/lemire.ts';
import { lemireThresholds } from '../../random/lemire-thresholds.ts';
import { scriptedSource } from '../../random/scripted.ts';
import { fisherYates } from '../fisher-yates.ts';
import * as arrayKernel from './array.ts';
import * as float64Kernel from './float64.ts';
import { RARE_BRANCH_MAX } from './limits.ts';
import * as numbersKernel from './numbers.ts';
import * as typedKernel from './typed.ts';
import * as uint32Kernel from './uint32.ts';

type Items = { [index: number]: unknown; readonly length: number };
/** Every copy of the kernel, with the kind of array it serves (0…n−1 in it). */
const FAMILIES: [
  name: string,
  steps: typeof arrayKernel.branchFreeSteps,
  make: (n: number) => Items,
][] = [
  // Arrays of anything but numbers: objects carrying the number.
  ['Array', arrayKernel.branchFreeSteps, (n) => Array.from({ length: n }, (_, i) => ({ v: i }))],
  [
    'number[]',
    numbersKernel.branchFreeSteps as never,
    (n) => Array.from({ length: n }, (_, i) => i),
  ],
  [
    'Uint32Array',
    uint32Kernel.branchFreeSteps as never,
    (n) => new Uint32Array(n).map((_, i) => i),
  ],
  [
    'Float64Array',
    float64Kernel.branchFreeSteps as never,
    (n) => new Float64Array(n).map((_, i) => i),
  ],
  ['Int32Array', typedKernel.branchFreeSteps as never, (n) => new Int32Array(n).map((_, i) => i)],
];

/** The definition of shuffle v1 (docs/RANDOM.md): IndexDrawer's draws, one swap a step (steps
 *  `from` … `limit` − 1). */
function reference(n: number, limit: number, words: readonly number[], from = 0) {
  const plain = scriptedSource([0, ...words, 0x1234_5678]);
  plain.nextUint32();
  const drawer = new IndexDrawer(plain);
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = from; i < limit; i++) {
    const j = i + drawer.next(n - i);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return { a, next: plain.nextUint32() };
}

/** Runs `body` on 0…n−1 with a pool of `chunk`-word refills that already holds words (one
 *  drawn first), and returns the result and the word the pool gives next. */
function pooled(
  n: number,
  words: readonly number[],
  chunk: number,
  body: (a: number[], pool: ScriptedPool) => void,
  make: (n: number) => Items = (k) => Array.from({ length: k }, (_, i) => i),
) {
  const pool = new ScriptedPool([0, ...words, 0x1234_5678], chunk);
  pool.nextUint32();
  const a = make(n);
  body(a as number[], pool);
  const unwrap = (x: unknown) => (typeof x === 'object' ? (x as { v: number }).v : (x as number));
  return { a: Array.from(a as ArrayLike<unknown>, unwrap), next: pool.nextUint32() };
}

test('the threshold table is 2^16 mod b for every 16-bit bound (exhaustive)', () => {
  const t = lemireThresholds(65536);
  assert.ok(t.length >= 65537);
  for (let b = 1; b <= 65536; b++) {
    if (t[b] !== 65536 % b) assert.fail(`t[${b}] = ${t[b]}, want ${65536 % b}`);
    if (t[b] !== (65536 - b) % b) assert.fail(`bound ${b}: reduce16's threshold differs`);
  }
  assert.equal(lemireThresholds(5), t, 'one table, grown, never shrunk');
});

test('the branch-free decision equals reduce16 for every half, at 620 bounds (exhaustive)', () => {
  const bounds = [
    ...Array.from({ length: 600 }, (_, i) => i + 2),
    1080,
    4096,
    8191,
    8192,
    8193,
    21845,
    21846,
    32767,
    32768,
    32769,
    43690,
    43691,
    50000,
    65535,
    65536,
  ];
  const t = lemireThresholds(65536);
  for (const b of bounds) {
    const kb = Math.imul((65536 / b) | 0, b);
    for (let x = 0; x < 65536; x++) {
      const m = Math.imul(x, b);
      const ok = 1 - (((m & 0xffff) - t[b]!) >>> 31); // the careful loop's test (the table)
      const okK = ((m & 0xffff) + kb) >>> 16; // the branch-free loop's test (k · b)
      const r = reduce16(x, b);
      if ((r >= 0 ? 1 : 0) !== ok || okK !== ok || (ok === 1 && r !== m >>> 16))
        assert.fail(`bound ${b}, half ${x}: ok ${ok}/${okK} index ${m >>> 16}, reduce16 ${r}`);
    }
  }
});

test('k = ⌊2^16 / b⌋ as the kernel computes it, its threshold and where its run ends, for every 16-bit bound (exhaustive)', () => {
  for (let b = 1; b <= 65536; b++) {
    const k = (65536 / b) | 0;
    if (k !== Math.floor(65536 / b) || k * b > 65536 || (k + 1) * b <= 65536)
      assert.fail(`bound ${b}: k ${k}`);
    if (65536 - k * b !== 65536 % b) assert.fail(`bound ${b}: 2^16 − k·b is not 2^16 mod b`);
    // A run of k holds the bounds above ⌊2^16 / (k + 1)⌋ (branchFreeSteps' runEnd) and no more.
    const low = (65536 / (k + 1)) | 0;
    if (b <= low) assert.fail(`bound ${b}: below its own run (${low})`);
    if (((65536 / low) | 0) === k) assert.fail(`bound ${low}, the run's end, still has k ${k}`);
  }
});

/** Halves that are often rejected: 0 (rejected for every bound that is not a power of two) and
 *  tiny ones (x · b below 2^16 mod b), mixed with uniform ones. */
const half = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 0xffff }) },
  { weight: 2, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 3 }) },
);
const word = fc.tuple(half, half).map(([lo, hi]) => lo + hi * 65536);

test('branch-free steps make the reference swaps and read the same words (both loops, any pool split)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: 400 }),
      fc.array(word, { minLength: 600, maxLength: 600 }),
      fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constant(16384)),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.integer({ min: 0, max: 400 }),
      fc.constantFrom(...FAMILIES),
      (n, words, chunk, share, stopShare, rareMax, [, branchFreeSteps, make]) => {
        const limit = Math.min(n - 1, Math.round(share * n));
        const stop = Math.round(stopShare * limit);
        const want = reference(n, limit, words);
        const got = pooled(
          n,
          words,
          chunk,
          (a, pool) => {
            const i = branchFreeSteps(a, 0, stop, limit, pool, rareMax);
            assert.ok(i >= stop && i <= Math.min(stop + 1, limit), `stopped at ${i}`);
            branchFreeSteps(a, i, limit, limit, pool, rareMax);
          },
          make,
        );
        assert.deepEqual(got.a, want.a);
        assert.equal(got.next, want.next, 'both read the same number of words');
      },
    ),
    { numRuns: 2000 },
  );
});

test('branch-free steps from any first step across each change of k: the reference swaps and words', () => {
  // Runs end where k = ⌊2^16 / b⌋ changes (bounds 32,768, 21,845, 16,384 … 7,281); a word whose
  // high half crosses it is made on its own. Start near each change (and at 2^16), with
  // rejections and any pool split; two families (the copies are checked identical elsewhere).
  const changes = Array.from({ length: 9 }, (_, k) => (65536 / (k + 1)) | 0);
  const families = FAMILIES.filter(([name]) => name === 'number[]' || name === 'Uint32Array');
  fc.assert(
    fc.property(
      fc.constantFrom(...changes),
      fc.integer({ min: -40, max: 40 }),
      fc.integer({ min: 0, max: 600 }),
      fc.array(word, { minLength: 2000, maxLength: 2000 }),
      fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constant(16384)),
      fc.constantFrom(...families),
      (change, shift, extra, words, chunk, [, branchFreeSteps, make]) => {
        const n = Math.min(65536, change + 64);
        const from = Math.max(0, n - change + shift);
        const limit = Math.min(n - 1, from + extra);
        const want = reference(n, limit, words, from);
        const got = pooled(
          n,
          words,
          chunk,
          (a, pool) => {
            const i = branchFreeSteps(a, from, limit, limit, pool, 0);
            assert.equal(i, limit);
          },
          make,
        );
        assert.deepEqual(got.a, want.a);
        assert.equal(got.next, want.next, 'both read the same number of words');
      },
    ),
    { numRuns: 200 },
  );
});

/** Every index sequence of an n-item shuffle, each step optionally preceded by one rejected half
 *  (0, rejected for bounds that are not powers of two): the scripted words and the indices. */
function* withRejections(n: number): Generator<{ words: number[]; js: number[] }> {
  function* steps(i: number, halves: number[], js: number[]): Generator<[number[], number[]]> {
    if (i === n - 1) {
      yield [halves, js];
      return;
    }
    const bound = n - i;
    for (const reject of 65536 % bound === 0 ? [false] : [false, true]) {
      for (let j = 0; j < bound; j++) {
        // The largest half mapping to j (never rejected: its low product is ≥ 2^16 − bound).
        const x = Math.floor(((j + 1) * 65536 - 1) / bound);
        yield* steps(i + 1, [...halves, ...(reject ? [0] : []), x], [...js, j]);
      }
    }
  }
  for (const [halves, js] of steps(0, [], [])) {
    const words: number[] = [];
    for (let k = 0; k < halves.length; k += 2)
      words.push(halves[k]! + (halves[k + 1] ?? 0) * 65536);
    yield { words, js };
  }
}

test('exhaustive, n ≤ 6: every index sequence × every rejection pattern, both loops, pools split anywhere, every family', () => {
  for (const [family, branchFreeSteps, make] of FAMILIES)
    for (let n = 2; n <= 6; n++) {
      for (const rareMax of [0, RARE_BRANCH_MAX]) {
        for (const chunk of family === 'Array' ? [1, 2, 3, 16384] : [1, 16384]) {
          const orders = new Map<string, number>();
          let runs = 0;
          for (const { words, js } of withRejections(n)) {
            runs++;
            const got = pooled(
              n,
              words,
              chunk,
              (a, pool) => {
                branchFreeSteps(a, 0, n - 1, n - 1, pool, rareMax);
              },
              make,
            );
            const want = Array.from({ length: n }, (_, i) => i);
            js.forEach((j, i) => {
              [want[i], want[i + j]] = [want[i + j]!, want[i]!];
            });
            assert.deepEqual(got.a, want, `${family}, n ${n}, words ${words}`);
            assert.equal(got.next, 0x1234_5678, 'every scripted word used, none beyond');
            const key = got.a.join();
            orders.set(key, (orders.get(key) ?? 0) + 1);
          }
          assert.equal(orders.size, factorial(n), `n ${n}: every ordering reached`);
          const counts = new Set(orders.values());
          assert.equal(
            counts.size,
            1,
            `n ${n}: every ordering reached equally often (${runs} runs)`,
          );
        }
      }
    }
});

test('whole pooled shuffles equal the reference at every path switch, with rejections and split pools', () => {
  // 128/129 (whole-deck speculation ends), 8,192 ± (the two loops), 32,768 and 65,536 ± (where
  // the wide 32-bit steps begin), each with words where 1 in 8 is zero (rejected almost always).
  const sizes = [127, 128, 129, 130, 200, 8193, 8256, 8257, 32769, 65535, 65536, 65537, 66000];
  const rng = chacha20('path switches');
  for (const n of sizes) {
    for (const [family, , make] of FAMILIES) {
      // Every family through fisherYates's dispatch; Array at every pool split, the rest at one.
      for (const chunk of family === 'Array' ? [7, 1024, 16384] : [7]) {
        const words = Array.from({ length: n + 64 }, () => rng.nextUint32());
        for (let k = 0; k < words.length; k += 8) words[k + (rng.nextUint32() & 7)] = 0;
        for (const limit of [n - 1, n >> 1]) {
          const want = reference(n, limit, words);
          const got = pooled(n, words, chunk, (a, pool) => fisherYates(a, limit, pool), make);
          assert.deepEqual(got.a, want.a, `${family}, n ${n}, chunk ${chunk}, limit ${limit}`);
          assert.equal(got.next, want.next, `n ${n}: same words used`);
        }
      }
    }
  }
});
