import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { chiSquareQuantile } from '../../test/support/chi-square.ts';
import { chacha20 } from './chacha20.ts';
import { reduce16, reduce32 } from './lemire.ts';
import { scriptedSource } from './scripted.ts';
import { uniformInt } from './uniform-int.ts';

test('reduce16 is exact: over every 16-bit word, each value gets the same count (exhaustive)', () => {
  const bounds = [
    ...Array.from({ length: 600 }, (_, i) => i + 1),
    1080,
    4096,
    32767,
    32768,
    65535,
    65536,
  ];
  for (const bound of bounds) {
    const counts = new Uint32Array(bound);
    let rejected = 0;
    for (let x = 0; x < 65536; x++) {
      const v = reduce16(x, bound);
      if (v < 0) rejected++;
      else counts[v]!++;
    }
    const each = Math.floor(65536 / bound);
    assert.equal(rejected, 65536 % bound, `bound ${bound}: rejections`);
    for (let v = 0; v < bound; v++) {
      if (counts[v] !== each)
        assert.fail(`bound ${bound}: value ${v} came ${counts[v]} times, not ${each}`);
    }
  }
});

const reference32 = (x: number, n: number): number => {
  const m = BigInt(x) * BigInt(n);
  const low = m & 0xffffffffn;
  return low < 2n ** 32n % BigInt(n) ? -1 : Number(m >> 32n);
};

test('reduce32 equals the exact 64-bit definition on every word around each boundary', () => {
  // Boundary table of the issue, plus 2^21 and 2^21 + 1, where x · bound first outgrows a double's 53 bits.
  const bounds = [1, 2, 3, 52, 2 ** 21, 2 ** 21 + 1, 3 * 2 ** 30, 2 ** 31, 2 ** 32 - 1, 2 ** 32];
  const rng = chacha20('reduce32 windows');
  for (const n of bounds) {
    const values = new Set<number>(
      [0, 1, Math.min(n - 1, 2), n - 2, n - 1].filter((v) => v >= 0 && v < n),
    );
    for (let i = 0; i < 40; i++) values.add(uniformInt(n, rng));
    for (const v of values) {
      // The first word mapping to v, and the words where its low part crosses the threshold.
      const first = Number((BigInt(v) * 2n ** 32n + BigInt(n) - 1n) / BigInt(n));
      for (let x = Math.max(0, first - 3); x <= Math.min(2 ** 32 - 1, first + 3); x++) {
        assert.equal(reduce32(x, n), reference32(x, n), `n ${n}, x ${x}`);
      }
    }
  }
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 2 ** 32 - 1 }),
      fc.integer({ min: 1, max: 2 ** 32 }),
      (x, n) => {
        assert.equal(reduce32(x, n), reference32(x, n));
      },
    ),
    { numRuns: 20000 },
  );
});

test('reduce32: each value is reached by exactly floor(2^32 / n) accepted words (enumerated)', () => {
  // Enumerate every word whose high part is v (about 2^32 / n of them) for bounds where that is
  // affordable, with products below and above 2^53; smaller bounds are covered by reduce16's proof
  // of the same method and the boundary windows above.
  for (const n of [4099, 65537, 1_000_003, 2 ** 21, 2 ** 21 + 1, 3 * 2 ** 30, 2 ** 32 - 1]) {
    const each = Math.floor(2 ** 32 / n);
    for (const v of [0, 1, Math.floor(n / 2), n - 1]) {
      const lo = Math.ceil((v * 2 ** 32) / n);
      const hi = Math.ceil(((v + 1) * 2 ** 32) / n);
      assert.ok(hi - lo < 2 ** 21, 'enumerable');
      let accepted = 0;
      for (let x = lo; x < hi; x++) if (reduce32(x, n) === v) accepted++;
      assert.equal(accepted, each, `n ${n}, v ${v}`);
    }
  }
});

test('uniformInt boundary table: n = 1, 2, 3, 52, 2^31, 2^32−1, 2^32, 2^53', () => {
  assert.equal(uniformInt(1, scriptedSource([0xffffffff])), 0);
  assert.equal(uniformInt(2, scriptedSource([0x80000000])), 1);
  assert.equal(uniformInt(2, scriptedSource([0x7fffffff])), 0);
  assert.equal(uniformInt(3, scriptedSource([0xffffffff])), 2);
  // For n = 3 the only rejected word is 0 (2^32 mod 3 = 1): it must be skipped, not mapped.
  assert.equal(uniformInt(3, scriptedSource([0, 0x55555556])), 1);
  assert.equal(uniformInt(52, scriptedSource([0xffffffff])), 51);
  assert.equal(uniformInt(2 ** 31, scriptedSource([0xfffffffe])), 2 ** 31 - 1);
  assert.equal(
    uniformInt(2 ** 32 - 1, scriptedSource([0, 1])),
    0,
    'word 0 is rejected for 2^32 − 1',
  );
  assert.equal(uniformInt(2 ** 32, scriptedSource([0xdeadbeef])), 0xdeadbeef);
  assert.equal(uniformInt(2 ** 53, scriptedSource([0xffffffff, 0xffffffff])), 2 ** 53 - 1);
  assert.equal(
    uniformInt(2 ** 53, scriptedSource([0x00200000, 5])),
    5,
    'high bits above 21 are masked',
  );
  // n = 2^32 + 1: high word masked to 1 bit; 2^32 + 1 is out of range and is drawn again.
  assert.equal(uniformInt(2 ** 32 + 1, scriptedSource([1, 1, 1, 0])), 2 ** 32);
  // n = 2^52 + 1 needs 53 bits: the top value must be reachable (Math.log2 would round it away).
  assert.equal(uniformInt(2 ** 52 + 1, scriptedSource([0x100000, 0])), 2 ** 52);
});

test('uniformInt above 2^32 is exact: every (high, low) pair maps to one value or is rejected', () => {
  // For n = 2^32 + 5 only the masked high bit and the low word matter: enumerate the high bit
  // and the low words near n's top, where rejection happens.
  const n = 2 ** 32 + 5;
  const seen = new Set<number>();
  for (const high of [0, 1]) {
    for (const low of [0, 1, 2, 3, 4, 5, 6, 2 ** 32 - 1]) {
      const value = high * 2 ** 32 + low;
      const rng = scriptedSource([high, low, 0, 0]);
      const got = uniformInt(n, rng);
      if (value < n) {
        assert.equal(got, value);
        seen.add(got);
      } else assert.equal(rng.used, 4, `value ${value} ≥ n must be redrawn`);
    }
  }
  assert.ok(seen.has(n - 1));
});

test('uniformInt refuses bad bounds, naming them', () => {
  for (const bad of [0, -1, 1.5, 2 ** 53 + 2, Number.NaN, Number.POSITIVE_INFINITY]) {
    assert.throws(() => uniformInt(bad), RangeError, String(bad));
  }
  assert.throws(() => uniformInt('52' as unknown as number), TypeError);
});

test('uniformInt is uniform for n = 52 (seeded chi-square, threshold from the distribution)', () => {
  const rng = chacha20('uniformInt chi-square');
  const n = 52;
  const trials = 52_000;
  const counts = new Uint32Array(n);
  for (let i = 0; i < trials; i++) counts[uniformInt(n, rng)]!++;
  const expected = trials / n;
  let chi2 = 0;
  for (const c of counts) chi2 += (c - expected) ** 2 / expected;
  // Upper 1e-6 quantile of chi-square with 51 df (Wilson–Hilferty), ≈ 115.
  assert.ok(chi2 < chiSquareQuantile(51, 1e-6), `chi2 ${chi2.toFixed(1)}`);
  assert.ok(
    chi2 > chiSquareQuantile(51, 1 - 1e-6),
    `chi2 ${chi2.toFixed(1)} too good to be random`,
  );
});
