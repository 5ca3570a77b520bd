import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20 } from '../random/chacha20.ts';
import { shuffle } from '../shuffle/shuffle.ts';
import { addOrder, createCounts } from './audit-counts.ts';
import { countTrials } from './count-trials.ts';

test('countTrials counts what a plain loop of the same shuffles counts, and ticks on schedule', () => {
  const counts = createCounts(6);
  const ticks: number[] = [];
  const failure = countTrials(
    (cards, rng) => shuffle(cards, rng),
    counts,
    chacha20('count'),
    40,
    (d) => ticks.push(d),
    16,
  );
  assert.equal(failure, undefined);
  assert.deepEqual(ticks, [16, 32]);
  const expected = createCounts(6);
  const rng = chacha20('count');
  const scratch = new Int32Array(6);
  for (let t = 0; t < 40; t++) addOrder(expected, shuffle([0, 1, 2, 3, 4, 5], rng), scratch);
  assert.deepEqual(counts, expected);
  // In-place shuffles that answer undefined are counted from the array itself.
  const inPlace = createCounts(6);
  countTrials(
    (cards, r) => {
      shuffle(cards, r);
    },
    inPlace,
    chacha20('count'),
    40,
  );
  assert.deepEqual(inPlace, expected);
});

test('countTrials stops at the first throw or non-permutation, with the trial and the reason', () => {
  let calls = 0;
  const thrown = createCounts(4);
  assert.deepEqual(
    countTrials(
      (cards) => {
        if (++calls === 3) throw new RangeError('boom');
        return cards;
      },
      thrown,
      chacha20('x'),
      10,
    ),
    { kind: 'threw', message: 'boom', trial: 2 },
  );
  assert.equal(thrown.trials, 2);
  const bad = countTrials(() => [0, 0, 1, 2], createCounts(4), chacha20('x'), 10);
  assert.equal(bad?.kind, 'not-a-permutation');
  assert.equal(bad?.trial, 0);
  assert.match(bad?.message ?? '', /\S/);
});
