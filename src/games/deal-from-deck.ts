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
  return dealOrder(plan, dealLayout(plan), order, deck.slice(), 'deck');
}

/** Scratch of dealOrder, all zero between calls: `byRank[r]` is 1 + the deck position of the
 *  hand card of rank r; `filled[s]` counts seat s's cards placed. */
let byRank = new Int32Array(128);
let filled = new Int32Array(16);

/**
 * Deals a shuffled deck by an already resolved plan and its layout, with `seed` as the record's
 * seed field: `deck[p]` is the card at position p (top first; the array becomes the Deal's
 * `deck`) and `order[p]` its index in the plan's canonical deck. The caller vouches that `order`
 * is a permutation and that `deck` matches it ({@link dealFromDeck} checks a deck it is given;
 * `deal` makes both from its shuffle). Hands come out in the preset's order by the canonical
 * cards' ranks, one pass over the deck: the same order as sortHand on each hand, without a sort.
 *
 * @example
 * ```ts
 * const plan = resolvePlan(getPreset('doudizhu'));
 * dealOrder(plan, dealLayout(plan), order, deck, 'deck'); // order: Uint32Array, deck: Card[]
 * ```
 * @throws never for a plan resolvePlan made and a matching deck and order.
 */
export function dealOrder(
  plan: DealPlan,
  layout: DealLayout,
  order: ArrayLike<number>,
  deck: Card[],
  seed: string,
): Deal {
  const { top, dest, rank, handSizes } = layout;
  const seats = plan.seats;
  const n = deck.length;
  // Every pile made at its final size by a slice, then written in place: packed arrays with no
  // growth on the way (a push past 17 elements reallocates).
  let hands: Card[][] = [];
  for (let s = 0; s < seats; s++) hands.push(deck.slice(0, handSizes[s]));
  const kitty = deck.slice(0, layout.kitty);
  const board = deck.slice(0, layout.board);
  const burns = deck.slice(0, layout.burns);
  if (byRank.length < n) byRank = new Int32Array(n);
  if (filled.length < seats) filled = new Int32Array(seats);
  let k = 0;
  let b = 0;
  let u = 0;
  for (let p = 0; p < top; p++) {
    const d = dest[p]!;
    if (d >= 0) {
      if (rank !== null) byRank[rank[order[p]!]!] = p + 1;
      else hands[d]![filled[d]!++] = deck[p]!;
    } else if (d === KITTY) kitty[k++] = deck[p]!;
    else if (d === BOARD) board[b++] = deck[p]!;
    else burns[u++] = deck[p]!;
  }
  if (rank !== null) {
    for (let r = 0; r < n; r++) {
      const at = byRank[r]!;
      if (at === 0) continue;
      byRank[r] = 0;
      const d = dest[at - 1]!;
      hands[d]![filled[d]!++] = deck[at - 1]!;
    }
  } else if (plan.sort !== 'none') {
    hands = hands.map((h) => sortHand(h, plan.sort, plan.sortOptions));
  }
  filled.fill(0, 0, seats);

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
