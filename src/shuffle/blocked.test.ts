import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ScriptedPool } from '../../test/support/scripted-pool.ts';
import { chacha20 } from '../random/chacha20.ts';
import { drawWide } from './blocked.ts';

/** Lemire at 32 bits by its definition, in exact 64-bit arithmetic: the index, or −1. */
const exact32 = (x: number, bound: number): number => {
  const m = BigInt(x) * BigInt(bound);
  return (m & 0xffffffffn) < 2n ** 32n % BigInt(bound) ? -1 : Number(m >> 32n);
};

/** Steps `from` … `stop` − 1 of an n-item shuffle drawn by the definition from `words`:
 *  the indices and the number of words read. */
function reference(n: number, from: number, stop: number, words: readonly number[]) {
  const js: number[] = [];
  let q = 0;
  for (let k = from; k < stop; k++) {
    let r: number;
    do r = exact32(words[q++]!, n - k);
    while (r < 0);
    js.push(k + r);
  }
  return { js, used: q };
}

/** Words after every script, so that the words a pool hands out next show where it stopped. */
const MARKS = [0x1234_5678, 0x1234_5679, 0x1234_567a];

/** drawWide on the same words through a pool of `chunk`-word refills (one word drawn first, so
 *  that the pool starts part-used): the indices, and the three words the pool gives next. */
function drawn(n: number, from: number, stop: number, words: readonly number[], chunk: number) {
  const pool = new ScriptedPool([0, ...words, ...MARKS], chunk);
  pool.nextUint32();
  const js = new Uint32Array(stop - from);
  const reached = drawWide(js, from, stop, n, pool);
  const next = [pool.nextUint32(), pool.nextUint32(), pool.nextUint32()];
  return { js: [...js], reached, next };
}

/** The three words after the first `used` ones. */
const after = (words: readonly number[], used: number) =>
  [...words, ...MARKS].slice(used, used + 3).map((x) => x >>> 0);

/** Words around the boundaries of `bound`: where the index moves from v − 1 to v, and where the
 *  low part crosses the rejection threshold, for the first, last and some random values. */
function boundaryWords(bound: number, rng: ReturnType<typeof chacha20>): number[] {
  const values = [0, 1, bound - 2, bound - 1, rng.nextUint32() % bound, rng.nextUint32() % bound];
  const out: number[] = [];
  for (const v of values) {
    const first = Number((BigInt(v) * 2n ** 32n + BigInt(bound) - 1n) / BigInt(bound));
    for (let x = first - 2; x <= first + 2; x++) if (x >= 0 && x < 2 ** 32) out.push(x);
  }
  out.push(0, 2 ** 32 - 1);
  // Words whose low part x · bound mod 2^32 is just below 2^32 or just above the threshold:
  // there fl(x · bound) rounds across a multiple of 2^32 once the product outgrows 53 bits.
  const t = Number(2n ** 32n % BigInt(bound));
  for (const low of [2 ** 32 - 1, 2 ** 32 - 600, 2 ** 32 - 2048, t, t + 1, t + 700]) {
    const x = wordWithLow(bound, low);
    if (x !== undefined) out.push(x);
  }
  return out;
}

/** A word x with x · bound ≡ low (mod 2^32) near `low`, if one exists: bound = 2^s · odd, so
 *  low is rounded down to a multiple of 2^s and x = (low / 2^s) · odd⁻¹ mod 2^(32 − s). */
function wordWithLow(bound: number, low: number): number | undefined {
  let b = BigInt(bound);
  let s = 0n;
  while (b > 0n && (b & 1n) === 0n) {
    b >>= 1n;
    s++;
  }
  if (s >= 32n) return undefined;
  const mod = 2n ** (32n - s);
  // The inverse of an odd number modulo a power of two, by Newton's iteration.
  let inv = b;
  for (let k = 0; k < 6; k++) inv = (inv * (2n - b * inv)) % mod;
  inv = ((inv % mod) + mod) % mod;
  const x = (((BigInt(low) >> s) % mod) * inv) % mod;
  assert.equal((x * BigInt(bound)) % 2n ** 32n, (BigInt(low) >> s) << s);
  return Number(x);
}

test('drawWide equals the 64-bit definition of 32-bit Lemire on every boundary word, products past 2^53 included', () => {
  // 2^21 + 1: x · bound first outgrows a double's 53 bits; 2^32 − 1: the longest Array.
  const sizes = [65537 + 40, 100_000, 2 ** 21, 2 ** 21 + 41, 3 * 2 ** 30, 2 ** 31, 2 ** 32 - 1];
  const rng = chacha20('drawWide boundaries');
  let checked = 0;
  for (const n of sizes) {
    for (const from of [0, 1, 2, 3, 37]) {
      // One step (bound n − from) per word: the word is used or rejected by that bound, and a
      // rejected one is followed by the next boundary word, which the same bound decides.
      const words = boundaryWords(n - from, rng);
      for (let w = 0; w < words.length; w++) {
        const script = [...words.slice(w), ...words.slice(0, w)];
        for (const chunk of [1, 16384]) {
          const want = reference(n, from, from + 1, script);
          const got = drawn(n, from, from + 1, script, chunk);
          assert.deepEqual(got.js, want.js, `n ${n}, bound ${n - from}, word ${script[0]}`);
          assert.deepEqual(got.next, after(script, want.used), `n ${n}: the same words read`);
          checked++;
        }
      }
    }
  }
  assert.ok(checked > 1000);
});

test('drawWide equals the definition over runs of steps, with rejections and pool splits', () => {
  const rng = chacha20('drawWide runs');
  for (const n of [65537 + 40, 2 ** 21 + 41, 2 ** 32 - 1]) {
    const words: number[] = [];
    for (let k = 0; k < 40; k++) words.push(...boundaryWords(n - k, rng).slice(0, 3));
    for (const chunk of [1, 7, 16384]) {
      const want = reference(n, 0, 40, words);
      const got = drawn(n, 0, 40, words, chunk);
      assert.equal(got.reached, 40);
      assert.deepEqual(got.js, want.js, `n ${n}, chunk ${chunk}`);
      assert.deepEqual(got.next, after(words, want.used));
    }
  }
});

test('drawWide equals the definition on random words and bounds, with rejections and pool splits', () => {
  const word = fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 2 ** 32 - 1 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 }) }, // rejected by most bounds
    { weight: 1, arbitrary: fc.integer({ min: 2 ** 32 - 4, max: 2 ** 32 - 1 }) },
  );
  fc.assert(
    fc.property(
      fc.integer({ min: 65537 + 30, max: 2 ** 32 - 1 }),
      fc.integer({ min: 0, max: 10 }),
      fc.integer({ min: 0, max: 20 }),
      fc.array(word, { minLength: 80, maxLength: 80 }),
      fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constant(16384)),
      (n, from, count, words, chunk) => {
        const stop = from + count;
        const want = reference(n, from, stop, words);
        const got = drawn(n, from, stop, words, chunk);
        assert.deepEqual(got.js, want.js);
        assert.deepEqual(got.next, after(words, want.used));
      },
    ),
    { numRuns: 3000 },
  );
});

test('drawWide stops where the bounds reach 2^16: those steps take 16-bit halves', () => {
  const n = 65536 + 5;
  const words = Array.from({ length: 20 }, (_, i) => 0x9e37_79b9 * (i + 1)).map((x) => x >>> 0);
  const got = drawn(n, 0, 12, words, 16384);
  assert.equal(got.reached, 5);
  assert.deepEqual(got.js.slice(0, 5), reference(n, 0, 5, words).js);
});

test('drawWide for 2^32 items (a TypedArray that long) draws its bounds of 2^32 exactly', () => {
  // Bounds 2^32, 2^32 − 1, …: no unsigned 32-bit integer holds the first, so another loop runs.
  const n = 2 ** 32;
  const rng = chacha20('drawWide at 2^32');
  const words = [...boundaryWords(2 ** 32, rng), ...boundaryWords(2 ** 32 - 1, rng)];
  for (let k = 0; k < 20; k++) words.push(rng.nextUint32());
  for (const from of [0, 2]) {
    const want = reference(n, from, from + 10, words);
    const got = drawn(n, from, from + 10, words, 7);
    assert.deepEqual(got.js, want.js);
    assert.deepEqual(got.next, after(words, want.used));
  }
});
