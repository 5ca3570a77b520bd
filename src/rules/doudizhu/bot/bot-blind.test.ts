// The bot must play from public information only: its own hand, the card counts, the bids, the
// plays and the kitty once shown — never another seat's cards, never a face-down kitty. Its
// signature takes a DoudizhuSeatView, which has no field for them; these tests show the
// decisions cannot depend on them even when a careless table hands the bot more than the view:
// in every seeded game, at every decision, the hidden cards are dealt differently among the
// other seats and the bot must decide exactly the same.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Card } from '../../../cards/index.ts';
import { chacha20, deal, toShuffled } from '../../../index.ts';
import { bid, startBidding } from '../bidding.ts';
import { cardsFor } from '../cards-for.ts';
import type { Play } from '../play-types.ts';
import type { DoudizhuRules } from '../rules.ts';
import type { Bid, DoudizhuState } from '../state.ts';
import { pass, play } from '../turns.ts';
import { botBid } from './bot-bid.ts';
import { botPlay } from './bot-play.ts';
import type { DoudizhuSeatView } from './seat-view.ts';
import { doudizhuSeatView } from './seat-view.ts';

/**
 * The same public situation with the hidden cards dealt anew: every card `seat` cannot see (the
 * other hands, less the shown kitty's cards the landlord still holds; the kitty while face down)
 * is shuffled and dealt back into the same places, each hand keeping its size.
 */
function otherWorld(s: DoudizhuState, seat: number, salt: string): DoudizhuState {
  const shown = new Set(s.kittyShown ? s.kitty.map((c) => c.id) : []);
  const hidden: Card[] = [];
  const slots: [number, number][] = [];
  s.hands.forEach((hand, h) => {
    if (h === seat) return;
    hand.forEach((card, i) => {
      if (!shown.has(card.id)) {
        hidden.push(card);
        slots.push([h, i]);
      }
    });
  });
  if (!s.kittyShown) {
    s.kitty.forEach((card, i) => {
      hidden.push(card);
      slots.push([-1, i]);
    });
  }
  const dealt = toShuffled(hidden, chacha20(`other world ${salt}`));
  const hands = s.hands.map((h) => [...h]);
  const kitty = [...s.kitty];
  slots.forEach(([h, i], k) => {
    if (h === -1) kitty[i] = dealt[k]!;
    else hands[h]![i] = dealt[k]!;
  });
  return { ...s, hands, kitty };
}

/** What a careless table might hand over: the view plus every hand and the kitty. */
function leaky(s: DoudizhuState, seat: number): DoudizhuSeatView {
  return { ...doudizhuSeatView(s, seat), hands: s.hands, hiddenKitty: s.kitty } as DoudizhuSeatView;
}

type Decide = {
  bid: (v: DoudizhuSeatView) => Bid;
  play: (v: DoudizhuSeatView) => Play;
};

/**
 * Plays `games` seeded hands with `bot` in every seat; at each decision asks it again in three
 * other worlds (through a leaky view) and counts the decisions that changed.
 */
function blindness(
  bot: Decide,
  games: number,
  rules: Partial<DoudizhuRules>,
  preset: 'doudizhu' | 'doudizhu-4p' = 'doudizhu',
) {
  let decisions = 0;
  let changed = 0;
  let worldsDiffered = 0;
  for (let g = 0; g < games; g++) {
    let s = startBidding(deal(preset, { seed: `blind ${preset} ${g}` }), { rules });
    while (s.phase === 'bidding' || s.phase === 'playing') {
      const seat = s.turn;
      const bidding = s.phase === 'bidding';
      const decide = (state: DoudizhuState) =>
        bidding
          ? String(bot.bid(leaky(state, seat)))
          : JSON.stringify(bot.play(leaky(state, seat)).ranks);
      const mine = decide(s);
      for (let w = 0; w < 3; w++) {
        const other = otherWorld(s, seat, `${g} ${s.plays.length} ${s.bids.length} ${w}`);
        if (other.hands.some((h, i) => h.some((c, k) => c.id !== s.hands[i]![k]!.id))) {
          worldsDiffered++;
        }
        if (decide(other) !== mine) changed++;
      }
      decisions++;
      if (bidding) s = bid(s, seat, bot.bid(doudizhuSeatView(s, seat)));
      else {
        const move = bot.play(doudizhuSeatView(s, seat));
        s = move.type === 'pass' ? pass(s, seat) : play(s, seat, cardsFor(s.hands[seat]!, move));
      }
    }
  }
  return { decisions, changed, worldsDiffered };
}

const BOT: Decide = { bid: botBid, play: botPlay };

test('the bot decides the same however the cards it cannot see lie (bids and plays, 3 and 4 players, rob)', () => {
  for (const [rules, preset, games] of [
    [{}, 'doudizhu', 12],
    [{ robLandlord: true }, 'doudizhu', 6],
    [{}, 'doudizhu-4p', 4],
  ] as const) {
    const r = blindness(BOT, games, rules, preset);
    assert.ok(r.decisions >= 20 * games, `${preset}: ${r.decisions} decisions`);
    assert.ok(r.worldsDiffered >= r.decisions * 2, 'the other worlds really are different');
    assert.equal(
      r.changed,
      0,
      `${preset} ${JSON.stringify(rules)}: decisions changed with hidden cards`,
    );
  }
});

test('a bot that peeks at a leaky view is caught by the same check', () => {
  // The attack: read the next seat's hand when a table hands over more than the view, and pass
  // whenever that seat holds the big joker. The check must see the decisions change.
  const peeking: Decide = {
    bid: botBid,
    play: (v) => {
      const hands = (v as unknown as { hands?: readonly (readonly Card[])[] }).hands;
      const next = hands?.[(v.seat + 1) % v.seats] ?? [];
      if (v.lead !== null && next.some((c) => c.code === 'RJ'))
        return { type: 'pass', rank: -1, length: 0, size: 0, ranks: [] };
      return botPlay(v);
    },
  };
  const r = blindness(peeking, 4, {});
  assert.ok(r.changed > 0, 'the peeking bot is detected');
});

test('the bot reads nothing but the seat view’s own fields', () => {
  const allowed = new Set(
    Object.keys(doudizhuSeatView(startBidding(deal('doudizhu', { seed: 'keys' })), 0)),
  );
  const read = new Set<string>();
  const watch = (v: DoudizhuSeatView): DoudizhuSeatView =>
    new Proxy(v, {
      get(target, key, receiver) {
        if (typeof key === 'string') read.add(key);
        return Reflect.get(target, key, receiver);
      },
    });
  let s = startBidding(deal('doudizhu', { seed: 'reads' }));
  while (s.phase === 'bidding') s = bid(s, s.turn, botBid(watch(doudizhuSeatView(s, s.turn))));
  while (s.phase === 'playing') {
    const seat = s.turn;
    const move = botPlay(watch(leaky(s, seat)));
    s = move.type === 'pass' ? pass(s, seat) : play(s, seat, cardsFor(s.hands[seat]!, move));
  }
  assert.ok(read.has('hand') && read.has('plays'));
  assert.deepEqual(
    [...read].filter((k) => !allowed.has(k)),
    [],
    'fields read outside the view',
  );
  assert.ok(!read.has('hands') && !read.has('hiddenKitty'));
});
