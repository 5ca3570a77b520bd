// The running totals the table page shows: the service's deltas summed over the table's history,
// a void hand's withholding penalty included, nothing invented for a hand without a score.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HistoryView, TableView } from '../client/index.ts';
import { scoreHand } from '../rules/doudizhu/index.ts';
import { handDeltas, runningTotals } from './table-scores.ts';

const won = scoreHand({ seats: 3, landlord: 0, winner: 0, base: 3, plays: [] });
const lost = scoreHand({ seats: 3, landlord: 1, winner: 2, base: 2, plays: [] });

function hand(
  n: number,
  score: HistoryView['score'],
  holders: HistoryView['holders'] = null,
): HistoryView {
  return { n, transcriptHash: 'x', outcome: 'dealt', missing: [], score, holders };
}

test('a hand moves each seat by the deltas the service scored; a withholder pays every other seat', () => {
  assert.deepEqual(handDeltas(hand(1, won), 3), [...won.deltas]);
  assert.deepEqual(handDeltas(hand(2, { withheld: [2], points: 2 }), 3), [2, 2, -4]);
  assert.deepEqual(handDeltas(hand(3, null), 3), [0, 0, 0]);
});

test('the running total sums every hand of the history, and always sums to zero', () => {
  const history = [
    hand(1, won),
    hand(2, null),
    hand(3, lost),
    hand(4, { withheld: [0], points: 1 }),
  ];
  const totals = runningTotals({ seats: 3, history } as unknown as TableView);
  const expected = [0, 1, 2].map(
    (k) => (won.deltas[k] ?? 0) + (lost.deltas[k] ?? 0) + (k === 0 ? -2 : 1),
  );
  assert.deepEqual(totals, expected);
  assert.equal(
    totals.reduce((a, b) => a + b, 0),
    0,
  );
});

test("a running total follows the player: a newcomer in a kicked player's seat starts from 0", () => {
  const key = (c: string) => c.repeat(64);
  const before = [key('a'), key('b'), key('c')];
  const after = [key('a'), key('b'), key('d')];
  const holders = (keys: string[]) => keys.map((k) => k.slice(0, 16));
  const history = [hand(1, won, holders(before)), hand(2, lost, holders(after))];
  const tv = { seats: 3, history, seatKeys: after } as unknown as TableView;
  assert.deepEqual(runningTotals(tv), [
    (won.deltas[0] ?? 0) + (lost.deltas[0] ?? 0),
    (won.deltas[1] ?? 0) + (lost.deltas[1] ?? 0),
    lost.deltas[2] ?? 0,
  ]);
  // Carol back in her seat under her own key: her first hand counts again, not the bot's.
  const back = { seats: 3, history, seatKeys: before } as unknown as TableView;
  assert.equal(runningTotals(back)[2], won.deltas[2] ?? 0);
});
