import { canonicalDeck } from '../cards/build-deck.ts';
import type { Card } from '../cards/index.ts';
import { FairdealError } from '../errors.ts';
import { BOARD, type DealLayout, dealLayout, KITTY } from './deal-layout.ts';
import type { Deal, DealInfo, DealOptions } from './deal-types.ts';
import type { Preset } from './preset.ts';
import { type DealPlan, getPreset, resolvePlan } from './resolve-plan.ts';
import { sortHand } from './sort-hand.ts';

/**
 * The version of the whole dealing recipe: canonical deck order, forward Fisher–Yates from the
 * top, the presets' patterns. Any change to one of them that changes a seeded deal must bump it
 * (and is a breaking change recorded in CHANGELOG.md).
 */
export const DEAL_ALGORITHM = 'fairdeal-deal-v1';

/**
 * Deals an already shuffled deck (top first) by the preset's pattern: a pure, deterministic
 * function — the provably fair verifier uses it to recompute a deal from a revealed deck order.
 * `seed` and `source` are not used; `record.seed` is `'deck'`.
 *
 * @example
 * ```ts
 * const deck = toShuffled(buildDeck('standard-54'), chacha20('s'));
 * dealFromDeck('doudizhu', deck).kitty; // deck[51..53]
 * ```
 * @throws {FairdealError} `BAD_DECK` unless `deck` holds exactly the cards of the preset's deck.
 * @throws {FairdealError} `UNKNOWN_PRESET`, `BAD_OPTION`, `NOT_ENOUGH_CARDS` as {@link deal}.
 * @throws {RangeError} for out-of-range numeric options.
 */
export function dealFromDeck(
  preset: string | Preset,
  deck: readonly Card[],
  options: DealOptions = {},
): Deal {
  const plan = resolvePlan(getPreset(preset), options);
  const order = checkDeck(deck, canonicalDeck(plan.deck));
  // The given card objects, by canonical index: the Deal holds the caller's own cards.
  const byIndex = deck.slice();
  for (let p = 0; p < deck.length; p++) byIndex[order[p]!] = deck[p]!;
  return dealOrder(plan, dealLayout(plan), order, byIndex, 'deck');
}

/** Scratch of dealOrder, all zero between calls: `seatOf[r]` is 1 + the seat that holds the
 *  card of rank r; `filled[s]` counts seat s's cards placed. */
let seatOf = new Int32Array(128);
let filled = new Int32Array(16);

/**
 * Deals a shuffled deck by an already resolved plan and its layout, with `seed` as the record's
 * seed field. The deck is given as `order` — `order[p]` is the canonical index of the card at
 * position p, top first — and `byIndex`, the card of each canonical index (the canonical deck
 * itself, or the caller's own card objects). The caller vouches that `order` is a permutation
 * ({@link dealFromDeck} checks a deck it is given; `deal` makes it by a shuffle). Hands come out
 * in the preset's order from the canonical cards' ranks, in one pass over the ranks: the order
 * sortHand gives each hand, without a sort.
 *
 * @example
 * ```ts
 * const plan = resolvePlan(getPreset('doudizhu'));
 * dealOrder(plan, dealLayout(plan), order, buildDeck('standard-54'), 'deck'); // order: Uint32Array
 * ```
 * @throws never for a plan resolvePlan made and a permutation of its deck.
 */
export function dealOrder(
  plan: DealPlan,
  layout: DealLayout,
  order: ArrayLike<number>,
  byIndex: readonly Card[],
  seed: string,
): Deal {
  const { top, dest, rank, ranked, handSizes } = layout;
  const seats = plan.seats;
  const n = byIndex.length;
  // Every pile made at its final size by a slice, then written in place: packed arrays with no
  // growth on the way (a push past 17 elements reallocates).
  const deck = byIndex.slice();
  let hands: Card[][] = [];
  for (let s = 0; s < seats; s++) hands.push(deck.slice(0, handSizes[s]));
  const kitty = deck.slice(0, layout.kitty);
  const board = deck.slice(0, layout.board);
  const burns = deck.slice(0, layout.burns);
  if (seatOf.length < n) seatOf = new Int32Array(n);
  if (filled.length < seats) filled = new Int32Array(seats);
  const seatOfRank = seatOf;
  const count = filled;
  let k = 0;
  let b = 0;
  let u = 0;
  for (let p = 0; p < top; p++) {
    const i = order[p]!;
    const card = byIndex[i]!;
    deck[p] = card;
    const d = dest[p]!;
    if (d >= 0) {
      if (rank !== null) seatOfRank[rank[i]!] = d + 1;
      else hands[d]![count[d]!++] = card;
    } else if (d === KITTY) kitty[k++] = card;
    else if (d === BOARD) board[b++] = card;
    else burns[u++] = card;
  }
  for (let p = top; p < n; p++) deck[p] = byIndex[order[p]!]!;
  if (ranked !== null) {
    for (let r = 0; r < n; r++) {
      const s = seatOfRank[r]! - 1;
      if (s < 0) continue;
      seatOfRank[r] = 0;
      hands[s]![count[s]!++] = byIndex[ranked[r]!]!;
    }
  } else if (plan.sort !== 'none') {
    hands = hands.map((h) => sortHand(h, plan.sort, plan.sortOptions));
  }
  count.fill(0, 0, seats);

  const info: { -readonly [K in keyof DealInfo]: DealInfo[K] } = { ...plan.info };
  // A kept plan's info is shared by every deal of it: each deal gets its own bridge facts.
  if (plan.info.bridge !== undefined) info.bridge = { ...plan.info.bridge };
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
    hands,
    kitty,
    board,
    burns,
    stock: deck.slice(top),
    deck,
    route: layout.route.slice(),
    seatNames: plan.seatNames.slice(),
    dealer: plan.dealer,
    info,
    record: {
      algorithm: DEAL_ALGORITHM,
      preset: plan.preset.name,
      seats: plan.seats,
      dealer: plan.dealer,
      options: { ...plan.options },
      seed,
    },
  };
}

/** Position of each card id in a canonical deck, built once per deck (they are cached too). */
const positions = new WeakMap<readonly Card[], Map<string, number>>();

/** Checks that `deck` holds exactly the cards of `expected`; returns each position's index in it. */
function checkDeck(deck: readonly Card[], expected: readonly Card[]): Uint32Array {
  if (!Array.isArray(deck)) throw new TypeError('deck must be an array of cards');
  if (deck.length !== expected.length) {
    throw new FairdealError(
      'BAD_DECK',
      `deck has ${deck.length} cards, the preset's deck has ${expected.length}`,
    );
  }
  let where = positions.get(expected);
  if (where === undefined) {
    where = new Map(expected.map((c, i) => [c.id, i]));
    positions.set(expected, where);
  }
  const seen = new Uint8Array(expected.length);
  const order = new Uint32Array(deck.length);
  for (let p = 0; p < deck.length; p++) {
    const card = deck[p];
    const id = (card as Card | undefined)?.id;
    const at = typeof id === 'string' ? where.get(id) : undefined;
    if (at === undefined) {
      throw new FairdealError('BAD_DECK', `card ${String(id)} is not in the preset's deck`);
    }
    if (seen[at] === 1) throw new FairdealError('BAD_DECK', `card ${id} appears twice in the deck`);
    seen[at] = 1;
    order[p] = at;
  }
  return order;
}
