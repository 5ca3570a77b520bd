import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bestPerRound, quantile, ratioSpread, spread } from '../../bench/stats.ts';
import { interleave } from '../../bench/timing.ts';

test('quantile interpolates between ranks (type 7) and is NaN for no data', () => {
  assert.equal(quantile([1, 2, 3, 4], 0.5), 2.5);
  assert.equal(quantile([1, 2, 3, 4], 0.25), 1.75);
  assert.equal(quantile([1, 2, 3, 4], 0.75), 3.25);
  assert.equal(quantile([7], 0.25), 7);
  assert.ok(Number.isNaN(quantile([], 0.5)));
});

test('spread sorts, skips NaN rounds and gives the quartiles', () => {
  assert.deepEqual(spread([5, Number.NaN, 1, 3, 2, 4]), { median: 3, q1: 2, q3: 4 });
});

test('ratioSpread pairs rounds by index (the same round), not by rank', () => {
  // Rounds drift (the machine slows down), both contenders alike: the per-round ratio is 2
  // throughout, while the ratio of the medians (20 ÷ 10 … ) would mix rounds.
  const ours = [40, 20, 10, 8, 4];
  const plain = [20, 10, 5, 4, 2];
  assert.deepEqual(ratioSpread(ours, plain), { median: 2, q1: 2, q3: 2 });
  // Shuffled pairing gives another answer: the pairing is what is measured.
  assert.notEqual(ratioSpread(ours, [4, 2, 10, 20, 5]).median, 2);
  assert.deepEqual(ratioSpread([3, 6, 9, 100], [1, 2, 3]), { median: 3, q1: 3, q3: 3 });
});

test('bestPerRound takes the fastest peer of each round and names the most frequent winner', () => {
  const rates = { a: [1, 5, 1], b: [2, 3, 4], c: [0, 0, 0] };
  assert.deepEqual(bestPerRound(rates, ['a', 'b', 'c']), { rates: [2, 5, 4], name: 'b' });
  assert.deepEqual(bestPerRound(rates, ['a', 'missing']), { rates: [1, 5, 1], name: 'a' });
  assert.equal(bestPerRound(rates, []), undefined);
});

test('interleave warms every runner first, then rotates the order round by round', async () => {
  const events: string[] = [];
  const runner = (name: string, rate: number) => ({
    warm: () => {
      events.push(`warm ${name}`);
    },
    measure: async () => {
      events.push(name);
      return rate;
    },
  });
  const rates = await interleave([runner('a', 1), runner('b', 2), runner('c', 3)], 3);
  assert.deepEqual(events, [
    'warm a',
    'warm b',
    'warm c',
    ...['a', 'b', 'c'],
    ...['b', 'c', 'a'],
    ...['c', 'a', 'b'],
  ]);
  assert.deepEqual(rates, [
    [1, 1, 1],
    [2, 2, 2],
    [3, 3, 3],
  ]);
});
