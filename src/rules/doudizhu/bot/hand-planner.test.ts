import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { classifyCounts } from '../classify.ts';
import { RANK_COUNT } from '../ranks.ts';
import { DEFAULT_RULES, resolveRules } from '../rules.ts';
import { comboCounts, HandPlanner } from './hand-planner.ts';

/** Per-rank counts of a random hand of up to `max` cards from `decks` decks. */
const handArb = (decks: number, max: number) =>
  fc
    .array(fc.integer({ min: 0, max: 54 * decks - 1 }), {
      minLength: 1,
      maxLength: max,
      size: 'max',
    })
    .map((picks) => {
      const counts = new Array<number>(RANK_COUNT).fill(0);
      for (const i of new Set(picks)) {
        const card = i % 54;
        counts[card >= 52 ? 13 + (card - 52) : card % 13]!++;
      }
      return counts;
    });

/** What the other seats might hold: the full deck less the hand, less some played ranks. */
const unseenOf = (counts: readonly number[], decks: number, played: readonly number[]) =>
  counts.map((k, r) => Math.max(0, (r >= 13 ? 1 : 4) * decks - k - (played[r] ?? 0)));

for (const [name, decks] of [
  ['three players', 1],
  ['four players', 2],
] as const) {
  const rules = resolveRules({ variant: decks === 2 ? 'doudizhu-4p' : 'doudizhu' });
  test(`${name}: a plan uses every card once, each planned play is the play the rules read`, () => {
    fc.assert(
      fc.property(
        handArb(decks, decks === 2 ? 33 : 20),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: RANK_COUNT, maxLength: RANK_COUNT }),
        (counts, played) => {
          const plan = new HandPlanner(unseenOf(counts, decks, played), decks === 2).plan(counts);
          const used = new Array<number>(RANK_COUNT).fill(0);
          let cost = 0;
          for (const combo of plan.combos) {
            const c = comboCounts(combo);
            c.forEach((k, r) => {
              used[r]! += k;
            });
            const read = classifyCounts(c, rules);
            assert.equal(read?.type, combo.type, `${combo.type} at ${combo.rank}`);
            assert.equal(read?.rank, combo.rank);
            assert.equal(read?.size, combo.size);
            assert.ok(combo.win > 0 && combo.win <= 1);
            cost += combo.cost;
          }
          assert.deepEqual(used, counts, 'the plan is the hand');
          assert.ok(Math.abs(cost - plan.cost) < 1e-9, 'the cost is the plays’ sum');
        },
      ),
      { numRuns: 400, seed: 26 },
    );
  });
}

test('a plan takes the chains and keeps the bomb: 3 4 5 6 7 + 9999 + K K', () => {
  const counts = new Array<number>(RANK_COUNT).fill(0);
  for (const r of [0, 1, 2, 3, 4]) counts[r] = 1;
  counts[6] = 4;
  counts[10] = 2;
  const unseen = counts.map((k, r) => (r >= 13 ? 1 : 4) - k);
  const plan = new HandPlanner(unseen, false).plan(counts);
  assert.deepEqual(plan.combos.map((c) => c.type).sort(), ['bomb', 'pair', 'straight']);
});

test('card counting: the same single is a sure winner once every higher card is gone', () => {
  const counts = new Array<number>(RANK_COUNT).fill(0);
  counts[10] = 1; // a king
  const full = counts.map((k, r) => (r >= 13 ? 1 : 4) - k);
  const gone = full.map((k, r) => (r > 10 ? 0 : k));
  assert.ok(new HandPlanner(full, false).plan(counts).combos[0]!.win < 1);
  assert.equal(new HandPlanner(gone, false).plan(counts).combos[0]!.win, 1);
  assert.ok(classifyCounts(counts, DEFAULT_RULES)?.type === 'single');
});
