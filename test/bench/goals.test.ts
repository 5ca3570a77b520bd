import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkGoals, goalFor, type RatioCase } from '../../bench/goals.ts';

const s = (median: number) => ({ median, q1: median - 0.1, q3: median + 0.1 });
const at = (over: Partial<RatioCase>): RatioCase => ({
  env: 'Node',
  mode: 'clean',
  kind: 'Array',
  n: 1000,
  source: 'secure',
  plain: s(2),
  peer: s(1.5),
  ...over,
});

test('goalFor: 1.5× everywhere, decks 3.5/3 in Node and 2.5/2 in Chromium', () => {
  assert.equal(goalFor('Node', 'secure', 5), 1.5);
  assert.equal(goalFor('Node', 'seeded', 10_000_000), 1.5);
  assert.equal(goalFor('Node', 'secure', 52), 3.5);
  assert.equal(goalFor('Node', 'seeded', 54), 3);
  assert.equal(goalFor('Chromium', 'secure', 54), 2.5);
  assert.equal(goalFor('Chromium', 'seeded', 52), 2);
  assert.equal(goalFor('Chromium', 'seeded', 53), 1.5);
});

test('checkGoals passes a case at its goal and ahead of the best peer', () => {
  const r = checkGoals([
    at({}),
    at({ n: 52, plain: s(3.5), floor: s(0.6) }),
    at({ peer: undefined, floor: s(0.1) }),
  ]);
  assert.deepEqual(r, { checked: 3, misses: [] });
});

test('checkGoals names each way a case misses: under the plain goal, behind or level with a peer, not measured, a deck under 0.6 of the floor', () => {
  const cases = [
    at({ n: 52, plain: s(3.49) }),
    at({ env: 'Chromium', source: 'seeded', n: 54, plain: s(1.99) }),
    at({ peer: s(1) }),
    at({ plain: s(1.2), peer: s(0.9) }),
    at({ plain: s(Number.NaN) }),
    at({ n: 54, plain: s(4), floor: s(0.59) }),
    at({ n: 1000, floor: s(0.2) }),
  ];
  const { checked, misses } = checkGoals(cases);
  assert.equal(checked, 7);
  assert.deepEqual(
    misses.map((m) => m.why),
    [
      '3.49× plain < 3.5×',
      '1.99× plain < 2×',
      '1.00× the best peer',
      '1.20× plain < 1.5×, 0.90× the best peer',
      'NaN× plain < 1.5×',
      '0.59 of the floor < 0.6',
    ],
  );
  assert.equal(misses[1]!.case, cases[1]);
});
