import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { canonicalDeck } from '../cards/build-deck.ts';
import type { Card } from '../cards/index.ts';
import { chacha20 } from '../random/chacha20.ts';
import { toShuffled } from '../shuffle/to-shuffled.ts';
import { deal } from './deal.ts';
import { DEAL_ALGORITHM, dealFromDeck } from './deal-from-deck.ts';
import type { Deal, DealInfo, DealOptions, Destination } from './deal-types.ts';
import { PRESETS } from './presets.ts';
import { type DealPlan, getPreset, resolvePlan } from './resolve-plan.ts';
import { sortHand } from './sort-hand.ts';

// Issue 25 replaced the dealing pattern's walk (a closure per step, pushes, sortHand per hand)
// with a layout made once per plan and hands placed by rank from a shuffle of deck positions.
// This is the walk it replaced, kept here as the reference: the new deal must give the same
// Deal, field for field and key for key, and leave the source at the same word.
function referenceDeal(plan: DealPlan, deck: readonly Card[], seed: string): Deal {
  const hands: Card[][] = Array.from({ length: plan.seats }, () => []);
  const kitty: Card[] = [];
  const board: Card[] = [];
  const burns: Card[] = [];
  const route: Destination[] = [];
  let top = 0;
  const take = (n: number, pile: Card[], to: Destination): void => {
    for (let i = 0; i < n; i++) {
      pile.push(deck[top]!);
      route.push(to);
      top++;
    }
  };
  const first = (plan.dealer + 1) % plan.seats;
  for (const step of plan.steps) {
    if (step.to === 'hands') {
      for (let lap = 0; lap < (step.laps ?? 1); lap++) {
        for (let k = 0; k < plan.seats; k++) {
          const seat = (first + k) % plan.seats;
          take(step.packets[k % step.packets.length]!, hands[seat]!, `hand:${seat}`);
        }
      }
    } else {
      take(step.count, step.to === 'kitty' ? kitty : step.to === 'board' ? board : burns, step.to);
    }
  }
  const stock = deck.slice(top);
  for (let i = top; i < deck.length; i++) route.push('stock');
  const info: { -readonly [K in keyof DealInfo]: DealInfo[K] } = { ...plan.info };
  const up =
    plan.preset.upCard === 'kitty'
      ? kitty[0]
      : plan.preset.upCard === 'board'
        ? board[0]
        : undefined;
  if (up !== undefined) info.upCard = up;
  if (plan.cutIndex !== undefined) info.cutCard = plan.cutIndex - top;
  return {
    preset: plan.preset.name,
    title: plan.preset.title,
    hands: hands.map((h) => sortHand(h, plan.sort, plan.sortOptions)),
    kitty,
    board,
    burns,
    stock,
    deck: deck.slice(),
    route,
    seatNames: plan.seatNames,
    dealer: plan.dealer,
    info,
    record: {
      algorithm: DEAL_ALGORITHM,
      preset: plan.preset.name,
      seats: plan.seats,
      dealer: plan.dealer,
      options: plan.options,
      seed,
    },
  };
}

/** The same Deal, down to key order (JSON text) and card identity (interned cards). */
function assertSameDeal(got: Deal, want: Deal, label: string): void {
  assert.equal(JSON.stringify(got), JSON.stringify(want), `${label}: JSON`);
  assert.deepStrictEqual(got, want, label);
  for (const [i, c] of got.deck.entries()) assert.equal(c, want.deck[i], `${label}: deck[${i}]`);
  for (const [s, h] of got.hands.entries()) {
    for (const [i, c] of h.entries())
      assert.equal(c, want.hands[s]![i], `${label}: hand ${s}[${i}]`);
  }
}

/** Options that every preset's rules allow, drawn at random. */
const optionsFor = (name: string, k: number): DealOptions => {
  const p = PRESETS[name]!;
  const seats = p.seats.min + (k % (p.seats.max - p.seats.min + 1));
  const out: Record<string, unknown> = k % 3 === 0 ? {} : { seats };
  const accepted = p.options ?? [];
  if (accepted.includes('boardNumber') && k % 2 === 1) out.boardNumber = 1 + (k % 32);
  if (accepted.includes('level') && k % 5 > 1) out.level = (['3', 'T', 'K', 'A'] as const)[k % 4];
  if (accepted.includes('trump') && k % 7 > 2) {
    out.trump = p.sort === 'skat' ? ['null', 'S', 'grand'][k % 3] : ['none', 'S', 'H', 'C'][k % 4];
  }
  if (accepted.includes('decks') && k % 2 === 0) out.decks = 1 + (k % 8);
  if (accepted.includes('deck') && k % 4 > 0) {
    out.deck = ['standard-54', 'double-108', { ranks: ['A', 'K', 'Q', 'J'] }][k % 3];
    out.sort = ['poker', 'shengji', 'none', 'skat', 'rummy'][k % 5];
  }
  if (name === 'custom' && k % 4 === 3) out.kitty = 2;
  if (p.dealerOption !== false && k % 11 === 4) out.dealer = 0;
  return out as DealOptions;
};

test('property: deal() gives the Deal of the walk it replaced, and leaves the source at the same word', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...Object.keys(PRESETS)),
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      fc.nat(1000),
      (name, seed, k) => {
        const options = optionsFor(name, k);
        const fast = chacha20(seed);
        const slow = chacha20(seed);
        const got = deal(name, { ...options, source: fast });
        const plan = resolvePlan(getPreset(name), options);
        const want = referenceDeal(plan, toShuffled(canonicalDeck(plan.deck), slow), 'custom');
        assertSameDeal(got, want, `${name} ${JSON.stringify(options)}`);
        assert.equal(fast.nextUint32(), slow.nextUint32(), 'the next word of the source');
      },
    ),
    { seed: 25, numRuns: 400 },
  );
});

test('property: dealFromDeck() gives the Deal of the walk it replaced, with the given cards', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...Object.keys(PRESETS)),
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      fc.nat(1000),
      (name, seed, k) => {
        const options = optionsFor(name, k);
        const plan = resolvePlan(getPreset(name), options);
        const deck = toShuffled(canonicalDeck(plan.deck), chacha20(seed));
        assertSameDeal(
          dealFromDeck(name, deck, options),
          referenceDeal(plan, deck, 'deck'),
          `${name} ${JSON.stringify(options)}`,
        );
      },
    ),
    { seed: 26, numRuns: 200 },
  );
});

test('a deal of a kept plan shares nothing a caller can change with the next deal: the shared parts are frozen, the cards its own', () => {
  const first = deal('bridge', { seed: 'one' });
  const second = deal('bridge', { seed: 'one' });
  // The parts with no card in them are the plan's, one frozen copy for every deal of it (no
  // copying per deal); a write to one is refused, so it can never reach the next deal.
  assert.equal(first.route, second.route);
  assert.equal(first.seatNames, second.seatNames);
  assert.equal(first.record.options, second.record.options);
  assert.equal(first.info, second.info);
  for (const d of [first, second]) {
    assert.throws(() => {
      (d.seatNames as string[])[0] = 'Mallory';
    }, TypeError);
    assert.throws(() => {
      (d.route as string[])[0] = 'stock';
    }, TypeError);
    assert.throws(() => {
      (d.record.options as Record<string, unknown>).boardNumber = 99;
    }, TypeError);
    assert.throws(() => {
      (d.info.bridge as { board: number }).board = 99;
    }, TypeError);
    assert.throws(() => {
      (d.info as { level?: string }).level = '2';
    }, TypeError);
    d.hands[0]!.pop();
    d.deck.pop();
  }
  const third = deal('bridge', { seed: 'one' });
  assert.deepEqual(third.seatNames, ['North', 'East', 'South', 'West']);
  assert.equal(third.route[0], 'hand:1');
  assert.deepEqual(third.record.options, { boardNumber: 1 });
  assert.equal(third.info.bridge?.board, 1);
  assert.equal(third.hands[0]!.length, 13);
  assert.equal(third.deck.length, 52);
  assert.notEqual(first.hands[0], second.hands[0]);
  assert.notEqual(first.record, second.record);
  // A deal that turns a card up has an info of its own, over the plan's.
  const [a, b] = [deal('euchre', { seed: 'x' }), deal('euchre', { seed: 'y' })];
  assert.notEqual(a.info, b.info);
  assert.ok(a.info.upCard !== undefined && !Object.isFrozen(a.info));
});

test('an option that changes the plan is never dealt from the kept plan', () => {
  const seed = 'same seed';
  assert.equal(deal('bridge', { seed, boardNumber: 2 }).info.bridge?.dealer, 'E');
  assert.equal(deal('hearts', { seed, seats: 3 }).hands.length, 3);
  assert.equal(deal('doudizhu', { seed, dealer: 0 }).route[0], 'hand:1');
  assert.equal(deal('doudizhu', { seed }).route[0], 'hand:0');
  // An inherited option counts as set, as resolvePlan reads it.
  const inherited = Object.create({ seats: 3 }) as DealOptions;
  assert.equal(deal('hearts', inherited).hands.length, 3);
  // And a key resolvePlan refuses is still refused.
  assert.throws(() => deal('doudizhu', { colour: 'red' } as DealOptions), { code: 'BAD_OPTION' });
});

test('a source that deals while it draws gets a deal of its own, and both are right', () => {
  const inner = chacha20('inner');
  let nested: Deal | undefined;
  const outer = chacha20('outer');
  const reentrant = {
    nextUint32: () => {
      if (nested === undefined) nested = deal('doudizhu', { source: inner });
      return outer.nextUint32();
    },
    fillUint32: (target: Uint32Array) => {
      for (let i = 0; i < target.length; i++) target[i] = reentrant.nextUint32();
    },
  };
  const got = deal('doudizhu', { source: reentrant });
  const plan = resolvePlan(getPreset('doudizhu'));
  const deck = canonicalDeck(plan.deck);
  const wantOuter = referenceDeal(plan, toShuffled(deck, chacha20('outer')), 'custom');
  const wantInner = referenceDeal(plan, toShuffled(deck, chacha20('inner')), 'custom');
  assertSameDeal(got, wantOuter, 'outer');
  assertSameDeal(nested!, wantInner, 'inner');
});

test('a push or slice patched to deal while a deal reads its bit sets gets a deal of its own, and both are right', () => {
  // dealOrder keeps each seat's ranks in one scratch array while it makes the hands: with push
  // up to 64 cards, with slice beyond. A patched Array.prototype.push or slice that deals
  // meanwhile must not see or change that deal's sets.
  for (const [outerName, innerName] of [
    ['bridge', 'doudizhu'],
    ['shengji', 'bridge'],
    ['doudizhu', 'shengji'],
  ] as const) {
    const { push, slice } = Array.prototype;
    let nested: Deal | undefined;
    let fired = false;
    let slices = 0;
    const dealInside = () => {
      fired = true;
      nested = deal(innerName, { seed: 'inner' });
    };
    // Up to 64 cards the first card pushed is a hand's, made while the sets hold its ranks
    // (the piles are pushed after); beyond, the outer deal's third slice is a hand's.
    Array.prototype.push = function (this: unknown[], ...items: unknown[]) {
      const first = items[0] as { id?: unknown } | undefined;
      if (!fired && typeof first === 'object' && first !== null && 'id' in first) dealInside();
      return push.apply(this, items);
    };
    Array.prototype.slice = function (this: unknown[], ...args: [number?, number?]) {
      if (++slices === 3 && !fired) dealInside();
      return slice.apply(this, args);
    };
    let got: Deal;
    try {
      got = deal(outerName, { seed: 'outer' });
    } finally {
      Array.prototype.push = push;
      Array.prototype.slice = slice;
    }
    assert.ok(nested !== undefined, `${outerName}: the patched push or slice dealt`);
    for (const [name, seed, d] of [
      [outerName, 'outer', got],
      [innerName, 'inner', nested],
    ] as const) {
      const plan = resolvePlan(getPreset(name));
      const want = referenceDeal(plan, toShuffled(canonicalDeck(plan.deck), chacha20(seed)), seed);
      assertSameDeal(d, want, `${outerName} around ${innerName}: ${name}`);
    }
  }
});
