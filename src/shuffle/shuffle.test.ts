import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import fc from 'fast-check';
import { chiSquareQuantile } from '../../test/support/chi-square.ts';
import { factorial, forcingWords } from '../../test/support/forcing-words.ts';
import { chacha20 } from '../random/chacha20.ts';
import { IndexDrawer } from '../random/index-drawer.ts';
import { scriptedSource } from '../random/scripted.ts';
import type { RandomSource } from '../random/source.ts';
import { permutation } from './permutation.ts';
import { sample } from './sample.ts';
import { shuffle } from './shuffle.ts';
import { toShuffled } from './to-shuffled.ts';

test('every sequence of indices gives a different ordering: each of the n! comes out once (n ≤ 6)', () => {
  for (let n = 1; n <= 6; n++) {
    const seen = new Map<string, number>();
    let total = 0;
    for (const words of forcingWords(n)) {
      total++;
      const rng = scriptedSource(words);
      const order = shuffle(
        Array.from({ length: n }, (_, i) => i),
        rng,
      ).join(',');
      assert.equal(rng.used, Math.ceil((n - 1) / 2), 'one 16-bit half per step');
      seen.set(order, (seen.get(order) ?? 0) + 1);
    }
    assert.equal(total, factorial(n), 'every index sequence was tried');
    assert.equal(seen.size, total, `n = ${n}: all ${total} orderings`);
    for (const [order, count] of seen) assert.equal(count, 1, `${order} came ${count} times`);
  }
});

test('card × position chi-square for 52 cards (seeded; threshold from the distribution)', () => {
  const n = 52;
  const trials = 40_000;
  const rng = chacha20('shuffle chi-square 52');
  const counts = new Float64Array(n * n);
  const deck = Array.from({ length: n }, (_, i) => i);
  for (let t = 0; t < trials; t++) {
    const a = toShuffled(deck, rng);
    for (let p = 0; p < n; p++) counts[a[p]! * n + p]!++;
  }
  const expected = trials / n;
  let x2 = 0;
  for (const c of counts) x2 += (c - expected) ** 2 / expected;
  // Rows and columns of a permutation matrix are constrained: (n−1)/n · X² ~ χ²((n−1)²).
  const statistic = ((n - 1) / n) * x2;
  const df = (n - 1) ** 2;
  assert.ok(statistic < chiSquareQuantile(df, 1e-6), `statistic ${statistic.toFixed(0)} df ${df}`);
  assert.ok(statistic > chiSquareQuantile(df, 1 - 1e-6), 'too uniform to be random');
});

test('a shuffle is a permutation, for Arrays and every TypedArray', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer(), { maxLength: 300 }),
      fc.string({ minLength: 1 }),
      (items, seed) => {
        const out = shuffle(items.slice(), chacha20(seed));
        assert.deepEqual(out.slice().sort(), items.slice().sort());
      },
    ),
  );
  const typed = [
    new Int8Array([1, -2, 3, 4]),
    new Uint8Array([1, 2, 3, 4]),
    new Uint8ClampedArray([1, 2, 3, 4]),
    new Int16Array([1, 2, 3, 4]),
    new Uint16Array([1, 2, 3, 4]),
    new Int32Array([1, 2, 3, 4]),
    new Uint32Array([1, 2, 3, 4]),
    new Float32Array([1.5, 2, 3, 4]),
    new Float64Array([1.5, 2, 3, 4]),
    new BigInt64Array([1n, 2n, 3n, 4n]),
    new BigUint64Array([1n, 2n, 3n, 4n]),
  ];
  for (const a of typed) {
    const before = Array.from(a as ArrayLike<number | bigint>).sort();
    const out = shuffle(a, chacha20('typed'));
    assert.equal(out, a, 'in place, returns its argument');
    assert.deepEqual(Array.from(out as ArrayLike<number | bigint>).sort(), before);
  }
});

test('toShuffled leaves its input alone and equals shuffle for the same seed', () => {
  fc.assert(
    fc.property(
      fc.array(fc.anything(), { maxLength: 100 }),
      fc.string({ minLength: 1 }),
      (items, seed) => {
        const frozen = Object.freeze(items.slice());
        const copy = toShuffled(frozen as unknown[], chacha20(seed));
        assert.deepEqual(frozen, items);
        assert.deepEqual(copy, shuffle(items.slice(), chacha20(seed)));
      },
    ),
  );
  const u = new Uint32Array([1, 2, 3]);
  assert.ok(toShuffled(u) instanceof Uint32Array);
});

test('sample(k) is the first k of the same seeded shuffle, sparse (O(k)) and dense alike', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 2000 }),
      fc.nat(),
      fc.string({ minLength: 1 }),
      (n, kRaw, seed) => {
        const k = n === 0 ? 0 : kRaw % (n + 1);
        const items = Array.from({ length: n }, (_, i) => i);
        assert.deepEqual(
          sample(items, k, chacha20(seed)),
          toShuffled(items, chacha20(seed)).slice(0, k),
        );
      },
    ),
  );
  // Sparse path over a range too large to copy cheaply, still the shuffle's prefix.
  const big = new Uint32Array(100_000).map((_, i) => i);
  assert.deepEqual(
    sample(big, 3, chacha20('big')),
    Array.from(toShuffled(big, chacha20('big')).subarray(0, 3)),
  );
});

test('sample is the shuffle prefix on both sides of its path switch, for Arrays and TypedArrays', () => {
  // Up to 8 items the tiny path runs; beyond, at n = 100,000 the dense path starts at k = 4,002
  // (sample.ts's cost model). The results and the words read may not depend on the path.
  const cases: [n: number, ks: number[]][] = [
    [2, [1, 2]],
    [3, [2, 3]],
    [7, [6, 7]],
    [8, [7, 8]],
    [52, [0, 1, 2, 5, 8, 9, 51, 52]],
    [100_000, [4001, 4002]],
  ];
  for (const [n, ks] of cases) {
    for (const items of [
      Array.from({ length: n }, (_, i) => `c${i}`),
      new Float64Array(n).map((_, i) => i / 2),
      new Int8Array(n).map((_, i) => i),
    ] as const) {
      for (const k of ks) {
        const want = Array.from(
          toShuffled(items as never, chacha20(`s${k}`)) as ArrayLike<unknown>,
        );
        const rng = chacha20(`s${k}`);
        const got = sample(items as never, k, rng) as unknown[];
        assert.ok(Array.isArray(got));
        assert.deepEqual(got, want.slice(0, k), `n ${n}, k ${k}, ${items.constructor.name}`);
        // And it reads exactly the words of the shuffle's first min(k, n − 1) steps.
        const reference = chacha20(`s${k}`);
        const drawer = new IndexDrawer(reference);
        for (let i = 0; i < Math.min(k, n - 1); i++) drawer.next(n - i);
        assert.equal(rng.nextUint32(), reference.nextUint32(), `n ${n}, k ${k}: words read`);
      }
    }
  }
});

test('permutation(n) is a Uint32Array permutation of 0…n−1 and matches toShuffled', () => {
  const p = permutation(54, chacha20('perm'));
  assert.ok(p instanceof Uint32Array);
  assert.deepEqual(
    Array.from(p).sort((a, b) => a - b),
    Array.from({ length: 54 }, (_, i) => i),
  );
  assert.deepEqual(
    Array.from(p),
    toShuffled(
      Array.from({ length: 54 }, (_, i) => i),
      chacha20('perm'),
    ),
  );
  assert.equal(permutation(0).length, 0);
});

test('the 32-bit path (arrays over 65,536) is exact and value-stable', () => {
  const n = 70_000;
  const p = permutation(n, chacha20('large'));
  const seen = new Uint8Array(n);
  for (const x of p) seen[x] = 1;
  assert.equal(
    seen.reduce((a, b) => a + b, 0),
    n,
  );
  // Snapshot, on purpose (value stability of seeded large shuffles).
  const digest = createHash('sha256').update(p).digest('hex').slice(0, 16);
  assert.equal(digest, SNAPSHOT_LARGE);
});
const SNAPSHOT_LARGE = '46a1b02f7242dbc1';

test('the 32-bit path from a custom (unpooled) source gives the same pinned permutation', () => {
  // A source that is not one of the built-in pooled ones takes the blocked shuffle's word-by-word
  // loop; the draws, and so the permutation, must be those of the pooled path.
  const inner = chacha20('large');
  let words = 0;
  const custom: RandomSource = {
    nextUint32: () => {
      words++;
      return inner.nextUint32();
    },
    fillUint32: (a) => {
      words += a.length;
      inner.fillUint32(a);
    },
  };
  const p = permutation(70_000, custom);
  assert.ok(words >= 70_000 - 65_536, 'the custom source was drawn from');
  assert.equal(createHash('sha256').update(p).digest('hex').slice(0, 16), SNAPSHOT_LARGE);
});

test('value stability: seeded 52- and 54-card shuffles never change', () => {
  // Snapshots, on purpose: a change here breaks every seeded deal and must be in CHANGELOG.md.
  const deck = (n: number) => Array.from({ length: n }, (_, i) => i);
  assert.deepEqual(toShuffled(deck(52), chacha20('fairdeal')), SNAPSHOT_52);
  assert.deepEqual(toShuffled(deck(54), chacha20('fairdeal')), SNAPSHOT_54);
});
const SNAPSHOT_52 = [
  35, 7, 24, 26, 36, 49, 50, 33, 22, 0, 29, 6, 44, 25, 34, 5, 17, 8, 39, 46, 23, 32, 10, 37, 11, 13,
  38, 28, 51, 31, 19, 4, 41, 2, 47, 18, 9, 15, 21, 43, 30, 48, 40, 16, 20, 3, 12, 45, 14, 42, 27, 1,
];
const SNAPSHOT_54 = [
  37, 7, 25, 27, 38, 51, 52, 34, 22, 36, 30, 6, 46, 2, 35, 5, 17, 8, 40, 48, 23, 33, 29, 4, 11, 13,
  39, 28, 53, 31, 19, 9, 42, 24, 10, 18, 26, 15, 32, 43, 47, 49, 14, 16, 50, 41, 44, 1, 20, 45, 21,
  0, 12, 3,
];

test('wrong input throws TypeError or RangeError naming the argument', () => {
  assert.throws(
    () => shuffle('abc' as unknown as unknown[]),
    /shuffle: array must be an Array or a TypedArray, got string/,
  );
  assert.throws(() => shuffle(null as unknown as unknown[]), TypeError);
  assert.throws(
    () => shuffle(new DataView(new ArrayBuffer(4)) as unknown as unknown[]),
    /DataView/,
  );
  assert.throws(() => shuffle(Object.freeze([1, 2, 3]) as unknown as number[]), /frozen/);
  assert.throws(() => shuffle(Object.freeze([1]) as unknown as number[]), /frozen/);
  assert.throws(() => shuffle(Object.freeze([]) as unknown as number[]), /frozen/);
  const sealed = Object.seal([1, 2, 3, 4]);
  assert.deepEqual(toShuffled(sealed, chacha20('sealed')), shuffle(sealed, chacha20('sealed')));
  assert.throws(() => toShuffled({ length: 2 } as unknown as unknown[]), TypeError);
  assert.throws(() => sample([1, 2, 3], 4), /sample: k must be an integer in \[0, 3\], got 4/);
  assert.throws(() => sample([1, 2, 3], -1), RangeError);
  assert.throws(() => sample([1, 2, 3], 1.5), RangeError);
  assert.throws(() => sample([1, 2, 3], '1' as unknown as number), TypeError);
  assert.throws(() => permutation(-1), RangeError);
  assert.throws(() => permutation(2 ** 53), RangeError);
  assert.throws(() => permutation(Number.NaN), RangeError);
});

test('refusing a frozen array draws nothing: a seeded source goes on as if never called', () => {
  for (const size of [3, 52, 200]) {
    const frozen = Object.freeze(Array.from({ length: size }, (_, i) => i));
    const rng = chacha20('frozen');
    rng.nextUint32(); // a pool with words in it, so the fast path is the one refused
    assert.throws(() => shuffle(frozen as unknown as number[], rng), /frozen/);
    const fresh = chacha20('frozen');
    fresh.nextUint32();
    assert.equal(rng.nextUint32(), fresh.nextUint32(), `size ${size}`);
  }
  const scripted = scriptedSource([1, 2, 3]);
  assert.throws(() => shuffle(Object.freeze([1, 2, 3]) as unknown as number[], scripted), /frozen/);
  assert.equal(scripted.used, 0);
});

test('pooled sources tell typed arrays by kind, not by prototype', () => {
  // shuffle() picks the kernel from the typed array's internal kind: a subclass is its kind, an
  // object that only borrows a prototype is refused as before, and every kind is shuffled.
  class Scores extends Float64Array {}
  const scores = new Scores(5).map((_, i) => i);
  const plain = new Float64Array(5).map((_, i) => i);
  assert.deepEqual([...shuffle(scores, chacha20('kind'))], [...shuffle(plain, chacha20('kind'))]);
  assert.throws(
    () => shuffle(Object.create(Uint32Array.prototype) as Uint32Array),
    /shuffle: array must be an Array or a TypedArray, got Uint32Array/,
  );
  for (const Kind of [Int8Array, Uint16Array, Uint32Array, Float32Array, Float64Array]) {
    for (const n of [0, 1, 2, 5, 8, 9, 52]) {
      const a = shuffle(
        new Kind(n).map((_, i) => i),
        chacha20(`kind ${n}`),
      );
      assert.deepEqual(
        [...a].sort((x, y) => x - y),
        Array.from({ length: n }, (_, i) => i),
      );
      assert.deepEqual(
        [...a],
        [
          ...shuffle(
            Array.from({ length: n }, (_, i) => i),
            chacha20(`kind ${n}`),
          ),
        ],
      );
    }
  }
});
