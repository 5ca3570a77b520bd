import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deal } from '../../../index.ts';
import { bid, startBidding } from '../bidding.ts';
import { cardsFor } from '../cards-for.ts';
import type { DoudizhuState } from '../state.ts';
import { legalMoves, pass, play } from '../turns.ts';
import { botPlay } from './bot-play.ts';
import { doudizhuSeatView } from './seat-view.ts';

/** Every card id anywhere in a value (its JSON), to search a view for leaked cards. */
const idsIn = (value: unknown): Set<string> =>
  new Set([...JSON.stringify(value).matchAll(/"id":"([^"]+)"/g)].map((m) => m[1]!));

/** The ids `seat` may not know: other hands (less the shown kitty), the kitty while face down. */
function secretIds(s: DoudizhuState, seat: number): string[] {
  const shown = new Set(s.kittyShown ? s.kitty.map((c) => c.id) : []);
  const secret = s.hands.flatMap((h, i) => (i === seat ? [] : h)).filter((c) => !shown.has(c.id));
  if (!s.kittyShown) secret.push(...s.kitty);
  return secret.map((c) => c.id);
}

test('a seat view holds its own cards, the counts and public plays — no other seat’s card', () => {
  let s = startBidding(deal('doudizhu', { seed: 'view' }));
  const checkAll = () => {
    for (let seat = 0; seat < 3; seat++) {
      const view = doudizhuSeatView(s, seat);
      const seen = idsIn(view);
      const leaked = secretIds(s, seat).filter((id) => seen.has(id));
      assert.deepEqual(leaked, [], `seat ${seat} sees hidden cards`);
      assert.deepEqual(
        view.hand.map((c) => c.id),
        s.hands[seat]!.map((c) => c.id),
      );
      assert.deepEqual(
        view.handSizes,
        s.hands.map((h) => h.length),
      );
    }
  };
  checkAll();
  assert.equal(doudizhuSeatView(s, 1).kitty, null, 'the kitty is face down while bidding');
  s = bid(s, 0, 3);
  checkAll();
  assert.deepEqual(
    doudizhuSeatView(s, 1).kitty?.map((c) => c.id),
    s.kitty.map((c) => c.id),
    'the kitty is shown to every seat once taken',
  );
  for (let turn = 0; turn < 12 && s.phase === 'playing'; turn++) {
    const move = legalMoves(s)[0]!;
    s = move.type === 'pass' ? pass(s, s.turn) : play(s, s.turn, cardsFor(s.hands[s.turn]!, move));
    checkAll();
  }
  assert.ok(s.plays.length > 0);
});

test('a seat view is a frozen copy: changing it cannot reach the table’s state', () => {
  const s = startBidding(deal('doudizhu', { seed: 'frozen view' }));
  const view = doudizhuSeatView(s, 2);
  assert.ok(Object.isFrozen(view) && Object.isFrozen(view.hand) && Object.isFrozen(view.handSizes));
  assert.notEqual(view.hand, s.hands[2]);
  assert.throws(() => {
    (view.hand as unknown as unknown[]).push('x');
  }, TypeError);
  assert.equal(s.hands[2]!.length, 17);
});

test('a seat view needs a seat of the hand', () => {
  const s = startBidding(deal('doudizhu', { seed: 'bad seat' }));
  for (const seat of [-1, 3, 1.5, Number.NaN]) {
    assert.throws(() => doudizhuSeatView(s, seat), RangeError);
  }
});

test('the bot’s signature takes a seat view, not the state with every hand', () => {
  const s = bid(startBidding(deal('doudizhu', { seed: 'types' })), 0, 3);
  // Compile-time: the whole state is not a seat view (no `seat`, no `hand`); typecheck fails if
  // botPlay ever accepts it. At run time the bot then finds no hand of its own and refuses.
  // @ts-expect-error — a DoudizhuState is not a DoudizhuSeatView
  assert.throws(() => botPlay(s));
  assert.ok(botPlay(doudizhuSeatView(s, 0)).size > 0);
});
