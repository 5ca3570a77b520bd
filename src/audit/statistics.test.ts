import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { chacha20 } from '../random/chacha20.ts';
import type { RandomSource } from '../random/source.ts';
import { adjacentPairTest } from './adjacent-pair-test.ts';
import { analyzeCounts } from './analyze-counts.ts';
import { type AuditCounts, addOrder, createCounts, mergeCounts } from './audit-counts.ts';
import { auditShuffle } from './audit-shuffle.ts';
import { cardPositionTest } from './card-position-test.ts';
import { checkPermutation } from './check-permutation.ts';
import { chiSquareSf, logGamma, upperGammaQ } from './chi-square-sf.ts';
import { complexitySvg } from './complexity-svg.ts';
import { divergingColor } from './diverging-color.ts';
import { eulerianNumbers, risingSequenceLaw } from './eulerian.ts';
import { formatP, formatSummary } from './format-summary.ts';
import { heatmapSvg } from './heatmap-svg.ts';
import { poolCells } from './pool-cells.ts';
import { worstCells } from './worst-cells.ts';

/** A plain Durstenfeld on the chacha20 source (exact bounded integers by rejection). */
function fair(cards: number[], source: RandomSource): number[] {
  for (let i = cards.length - 1; i > 0; i--) {
    const bound = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % bound);
    let w = source.nextUint32();
    while (w >= limit) w = source.nextUint32();
    const j = w % bound;
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  return cards;
}

test('chiSquareSf matches the mpmath reference values (df 1 … 2652) to 1e-11 relative', () => {
  const ref = JSON.parse(
    readFileSync(new URL('../../test/vectors/audit-chi2-reference.json', import.meta.url), 'utf8'),
  ) as { cases: { df: number; x: number; sf: number }[] };
  assert.ok(ref.cases.length >= 150);
  for (const { df, x, sf } of ref.cases) {
    const p = chiSquareSf(x, df);
    // Q computed directly keeps its relative accuracy in the tail (measured max 1.7e-12).
    assert.ok(Math.abs(p - sf) <= 1e-11 * sf, `df=${df} x=${x}: ${p} vs ${sf}`);
  }
  assert.equal(chiSquareSf(0, 5), 1);
  assert.equal(chiSquareSf(1e6, 5), 1e-12);
  assert.throws(() => chiSquareSf(1, 0), RangeError);
  assert.throws(() => chiSquareSf('1' as unknown as number, 3), TypeError);
});

test('logGamma: Γ(1/2) = √π, Γ(n) = (n−1)!, and Γ(z+1) = zΓ(z) across the Stirling switch', () => {
  assert.ok(Math.abs(logGamma(0.5) - 0.5 * Math.log(Math.PI)) < 1e-15);
  let f = 1;
  for (let n = 1; n <= 30; n++) {
    assert.ok(Math.abs(logGamma(n) - Math.log(f)) <= 1e-14 * Math.max(1, Math.log(f)), `n=${n}`);
    f *= n;
  }
  for (const z of [0.01, 0.3, 1.7, 9.5, 14.2, 14.99, 15, 40.5, 1326]) {
    const lhs = logGamma(z + 1);
    assert.ok(Math.abs(lhs - (logGamma(z) + Math.log(z))) <= 1e-14 * Math.max(1, lhs), `z=${z}`);
  }
});

test('upperGammaQ: the closed form Q(1, x) = e^−x holds in both branches', () => {
  for (const x of [0.1, 1, 1.9, 2.1, 5, 30, 200]) {
    const q = upperGammaQ(1, x);
    assert.ok(Math.abs(q - Math.exp(-x)) <= 1e-13 * Math.exp(-x), `x=${x}: ${q}`);
  }
  // χ²(2) tail is e^(−x/2) exactly.
  assert.ok(Math.abs(chiSquareSf(40, 2) - Math.exp(-20)) <= 1e-13 * Math.exp(-20));
});

test('Eulerian numbers: the table of Concrete Mathematics and rows summing to n!', () => {
  assert.deepEqual(eulerianNumbers(4), [1n, 11n, 11n, 1n]);
  assert.deepEqual(eulerianNumbers(5), [1n, 26n, 66n, 26n, 1n]);
  let f = 1n;
  for (let n = 1; n <= 60; n++) {
    f *= BigInt(n);
    assert.equal(
      eulerianNumbers(n).reduce((a, b) => a + b, 0n),
      f,
    );
  }
  const law = risingSequenceLaw(52);
  assert.ok(Math.abs(law.reduce((a, b) => a + b, 0) - 1) < 1e-12);
  assert.ok(law[1]! > 0 && law[1]! < 1e-60); // 1/52!, tiny but not lost
  assert.deepEqual(risingSequenceLaw(3), [0, 1 / 6, 4 / 6, 1 / 6]);
});

test('poolCells merges thin tails until each cell expects ≥ 5', () => {
  const cells = poolCells([1, 2, 50, 40, 3, 1], [1, 3, 48, 42, 2, 1]);
  assert.deepEqual(
    cells.map((c) => [c.from, c.to, c.observed, c.expected]),
    [
      [0, 2, 53, 52],
      [3, 5, 44, 45],
    ],
  );
  assert.throws(() => poolCells([1], [1, 2]), RangeError);
});

test('counting: positions, pairs, rising sequences and Lehmer index of known orders', () => {
  const c = createCounts(4);
  const scratch = new Int32Array(4);
  addOrder(c, [0, 1, 2, 3], scratch);
  addOrder(c, [3, 2, 1, 0], scratch);
  assert.equal(c.trials, 2);
  assert.equal(c.rising[1], 1); // identity: one rising sequence
  assert.equal(c.rising[4], 1); // reversed: n
  assert.equal(c.perms[0], 1);
  assert.equal(c.perms[23], 1);
  assert.equal(c.position[3 * 4 + 0], 1); // card 3 on top once
  assert.equal(c.pairs[0 * 4 + 1], 1);
  assert.equal(c.pairs[1 * 4 + 0], 1);
  const d = createCounts(4);
  mergeCounts(d, c);
  mergeCounts(d, c);
  assert.equal(d.trials, 4);
  assert.equal(d.perms[23], 2);
  assert.throws(() => mergeCounts(d, createCounts(5)), RangeError);
});

test('checkPermutation names what is wrong', () => {
  const seen = new Uint8Array(3);
  assert.equal(checkPermutation([2, 0, 1], 3, seen), undefined);
  assert.equal(checkPermutation([0, 0, 2], 3, seen), 'card 0 appears twice; card 1 is missing');
  assert.match(checkPermutation([0, 1], 3, seen)!, /2 items instead of 3/);
  assert.match(checkPermutation({ 0: 1 }, 3, seen)!, /instead of an array/);
  assert.match(checkPermutation([0, 1, 'x'], 3, seen)!, /position 2 holds string x/);
});

/** Kolmogorov–Smirnov distance of p-values from U(0, 1). */
function ksDistance(ps: number[]): number {
  const s = ps.slice().sort((a, b) => a - b);
  let d = 0;
  s.forEach((p, i) => {
    d = Math.max(d, (i + 1) / s.length - p, p - i / s.length);
  });
  return d;
}

test('null calibration: p-values of every test are uniform for a fair shuffle (n = 5, seeded)', () => {
  const runs = 300;
  const ps: Record<string, number[]> = {};
  for (let r = 0; r < runs; r++) {
    const result = auditShuffle(fair, { n: 5, trials: 2000, source: chacha20('null n5', r) });
    for (const t of result.tests) {
      if (t.applicable) ps[t.name] = [...(ps[t.name] ?? []), t.p];
    }
  }
  // KS critical value at level 0.001 for 300 samples: 1.95 / √300 ≈ 0.113 (Smirnov asymptotic).
  const critical = 1.95 / Math.sqrt(runs);
  for (const name of ['card-position', 'adjacent-pairs', 'rising-sequences', 'permutations']) {
    const d = ksDistance(ps[name]!);
    assert.ok(d < critical, `${name}: KS ${d.toFixed(3)} ≥ ${critical.toFixed(3)}`);
  }
});

test('the (n−1)/n scaling and the pair whitening give statistics with mean df (n = 12)', () => {
  const runs = 200;
  let position = 0;
  let naive = 0;
  let pairs = 0;
  let df = { position: 0, pairs: 0 };
  for (let r = 0; r < runs; r++) {
    const counts = createCounts(12);
    const source = chacha20('whitening', r);
    const scratch = new Int32Array(12);
    for (let t = 0; t < 1500; t++) {
      addOrder(
        counts,
        fair(
          Array.from({ length: 12 }, (_, i) => i),
          source,
        ),
        scratch,
      );
    }
    const cp = cardPositionTest(counts);
    const ap = adjacentPairTest(counts);
    position += cp.statistic / runs;
    naive += (cp.statistic * 12) / 11 / runs;
    pairs += ap.statistic / runs;
    df = { position: cp.df, pairs: ap.df };
  }
  // Mean of χ²(k) over 200 runs has sd √(2k/200): 1.0 for k = 121, 1.3 for k = 131. Allow 4.5 sd.
  assert.equal(df.position, 121);
  assert.equal(df.pairs, 131);
  assert.ok(Math.abs(position - 121) < 4.5 * Math.sqrt(242 / runs), `position mean ${position}`);
  assert.ok(Math.abs(pairs - 131) < 4.5 * Math.sqrt(262 / runs), `pairs mean ${pairs}`);
  // The unscaled Pearson X² would sit near n(n−1) = 132, far from its naive df 121.
  assert.ok(Math.abs(naive - 132) < 4.5 * Math.sqrt(264 / runs), `naive mean ${naive}`);
});

test('analyzeCounts: Bonferroni threshold, verdicts and worst cells point at the bias', () => {
  const counts = createCounts(6);
  const scratch = new Int32Array(6);
  const source = chacha20('bias');
  for (let t = 0; t < 6000; t++) {
    const order = fair([0, 1, 2, 3, 4, 5], source);
    // Put card 5 last in one trial of four (a planted bias).
    if (t % 4 === 0) order.push(...order.splice(order.indexOf(5), 1));
    addOrder(counts, order, scratch);
  }
  const result = analyzeCounts(counts, { alpha: 0.001, subject: 'planted' });
  assert.equal(result.verdict, 'biased');
  assert.equal(result.threshold, 0.001 / 5);
  assert.equal(result.worst[0]!.card, 5);
  assert.equal(result.worst[0]!.position, 5);
  assert.ok(result.worst[0]!.ratio > 1.5);
  assert.throws(() => analyzeCounts(counts, { alpha: 1 }), RangeError);
  const few = createCounts(52);
  assert.equal(
    analyzeCounts(few).tests.every((t) => !t.applicable),
    true,
  );
});

test('auditShuffle reports throws and non-permutations as broken', () => {
  const source = chacha20('broken');
  const threw = auditShuffle(
    () => {
      throw new Error('boom');
    },
    { n: 5, trials: 10, source },
  );
  assert.equal(threw.verdict, 'broken');
  assert.deepEqual(threw.broken, { kind: 'threw', message: 'boom', trial: 0 });
  const lost = auditShuffle((c) => c.slice(1), { n: 5, trials: 10, source });
  assert.equal(lost.broken?.kind, 'not-a-permutation');
  const inPlace = auditShuffle((c, s) => void fair(c, s), { n: 5, trials: 4000, source });
  assert.equal(inPlace.verdict, 'uniform');
});

test('the pure audit functions throw TypeError for arguments of the wrong type', () => {
  const bad = { n: 3 } as unknown as AuditCounts;
  const calls: [string, () => unknown][] = [
    ['createCounts', () => createCounts('5' as unknown as number)],
    ['mergeCounts', () => mergeCounts(createCounts(3), bad)],
    ['analyzeCounts', () => analyzeCounts(bad)],
    ['cardPositionTest', () => cardPositionTest(bad)],
    ['adjacentPairTest', () => adjacentPairTest(bad)],
    ['heatmapSvg', () => heatmapSvg(createCounts(3), 7 as unknown as string)],
    ['worstCells', () => worstCells(null as unknown as AuditCounts)],
    ['complexitySvg', () => complexitySvg('x' as never, 't')],
    ['divergingColor', () => divergingColor('0' as unknown as number)],
    ['formatP', () => formatP(null as unknown as number)],
    ['formatSummary', () => formatSummary({} as never)],
    ['eulerianNumbers', () => eulerianNumbers('4' as unknown as number)],
    ['poolCells', () => poolCells('12' as never, [1, 2])],
    [
      'auditShuffle',
      () => auditShuffle('shuffle' as never, { n: 3, trials: 1, source: chacha20('t') }),
    ],
    ['chiSquareSf', () => chiSquareSf(1, '2' as unknown as number)],
  ];
  for (const [name, call] of calls) assert.throws(call, TypeError, name);
});
