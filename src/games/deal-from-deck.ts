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
  const layout = dealLayout(plan);
  // The given card objects in rank order: the Deal holds the caller's own cards.
  const ranks = new Uint32Array(deck.length);
  const sorted = deck.slice();
  for (let p = 0; p < deck.length; p++) {
    ranks[p] = layout.rank[order[p]!]!;
    sorted[ranks[p]!] = deck[p]!;
  }
  return dealOrder(plan, layout, ranks, sorted, 'deck');
}

/**
 * dealOrder's bit sets: two words a seat up to 64 ranks (and two for the cards of no seat), or
 * ⌈n / 32⌉ words for one seat at a time beyond. A constant the size of 31 seats' sets: held in a
 * `let` and grown on demand, the same loops took 20 ns more a deal (issue 25). Taken while in
 * use, so that a call made meanwhile (a patched push or slice) makes its own; zeroed by each
 * user first.
 */
const SCRATCH = new Int32Array(64);
let scratchTaken = false;

/**
 * Deals a shuffled deck by an already resolved plan and its layout, with `seed` as the record's
 * seed field. The deck is given as ranks — `ranks[p]` is the rank (layout.rank) of the card at
 * position p, top first — and `sorted`, the card of each rank (layout.sorted, or the caller's
 * own card objects in that order). The caller vouches that `ranks` is a permutation
 * ({@link dealFromDeck} checks a deck it is given; `deal` shuffles layout.rank). Hands come out
 * in the preset's order without a sort: the order sortHand gives each hand.
 *
 * @example
 * ```ts
 * const layout = dealLayout(resolvePlan(getPreset('doudizhu')));
 * const ranks = toShuffled(layout.rank);
 * dealOrder(resolvePlan(getPreset('doudizhu')), layout, ranks, layout.sorted, 'deck');
 * ```
 * @throws never for a plan resolvePlan made and a permutation of its deck.
 */
export function dealOrder(
  plan: DealPlan,
  layout: DealLayout,
  ranks: ArrayLike<number>,
  sorted: readonly Card[],
  seed: string,
): Deal {
  const { top, dest, byRank, pilePositions } = layout;
  const seats = plan.seats;
  const n = sorted.length;
  // The deck is made at its size by a slice and written in place (a packed array, no growth).
  const deck = sorted.slice();
  const hands: Card[][] = [];
  if (byRank) {
    const sets = n <= 64 ? 2 * seats + 2 : (n + 31) >>> 5;
    const mine = !scratchTaken && sets <= SCRATCH.length;
    const m = mine ? SCRATCH : new Int32Array(sets);
    scratchTaken = true;
    try {
      for (let k = 0; k < sets; k++) m[k] = 0;
      if (n > 64) {
        // Decks over 64 cards: each seat's ranks as a bit set of ⌈n / 32⌉ words, in turn.
        const { handSizes, seatPositions, seatStarts } = layout;
        const words = sets;
        for (let p = 0; p < n; p++) deck[p] = sorted[ranks[p]!]!;
        for (let s = 0; s < seats; s++) {
          const hand = sorted.slice(0, handSizes[s]);
          for (let k = seatStarts[s]!; k < seatStarts[s + 1]!; k++) {
            const r = ranks[seatPositions[k]!]!;
            m[r >>> 5]! |= 1 << (r & 31);
          }
          let j = 0;
          for (let w = 0; w < words; w++) {
            let bits = m[w]!;
            m[w] = 0;
            while (bits !== 0) {
              const low = bits & -bits;
              hand[j++] = sorted[(w << 5) + 31 - Math.clz32(low)]!;
              bits ^= low;
            }
          }
          hands.push(hand);
        }
      } else {
        // One pass over the deck: each card into the deck, and its rank into its seat's bit set
        // (`slot`: the seat, or one more set for the cards of no seat). Then each set is read
        // off in rank order by counting trailing zeros: no sort, no second walk of each seat's
        // positions (dealOrder took 0.85 of its time with a walk per seat, issue 25).
        const { slot } = layout;
        for (let p = 0; p < n; p++) {
          const r = ranks[p]!;
          deck[p] = sorted[r]!;
          const at = (slot[p]! << 1) | (r >>> 5);
          m[at] = m[at]! | (1 << (r & 31));
        }
        for (let s = 0; s < seats; s++) {
          let lo = m[s << 1]!;
          let hi = m[(s << 1) + 1]!;
          // Pushed, not written over a slice of the hand's size: dealOrder alone took 0.89-0.96
          // of the slice's time, a whole deal in bench:deals 0.99 (issue 25). V8's first push
          // makes room for 17 cards, the largest hand of every shipped preset up to 64 cards; a
          // larger custom hand grows once or twice.
          const hand: Card[] = [];
          while (lo !== 0) {
            const low = lo & -lo;
            hand.push(sorted[31 - Math.clz32(low)]!);
            lo ^= low;
          }
          while (hi !== 0) {
            const low = hi & -hi;
            hand.push(sorted[63 - Math.clz32(low)]!);
            hi ^= low;
          }
          hands.push(hand);
        }
      }
    } finally {
      if (mine) scratchTaken = false;
    }
  } else {
    const { seatPositions, seatStarts } = layout;
    for (let p = 0; p < n; p++) deck[p] = sorted[ranks[p]!]!;
    for (let s = 0; s < seats; s++) {
      const hand: Card[] = [];
      for (let k = seatStarts[s]!; k < seatStarts[s + 1]!; k++) hand.push(deck[seatPositions[k]!]!);
      hands.push(plan.sort === 'none' ? hand : sortHand(hand, plan.sort, plan.sortOptions));
    }
  }
  const kitty: Card[] = [];
  const board: Card[] = [];
  const burns: Card[] = [];
  for (let k = 0; k < pilePositions.length; k++) {
    const p = pilePositions[k]!;
    const d = dest[p]!;
    (d === KITTY ? kitty : d === BOARD ? board : burns).push(deck[p]!);
  }

  const up =
    plan.preset.upCard === 'kitty'
      ? kitty[0]
      : plan.preset.upCard === 'board'
        ? board[0]
        : undefined;
  // The plan's info, frozen and shared by its deals (resolve-plan.ts), unless this deal adds a
  // card or a cut of its own.
  let info: DealInfo = plan.info;
  if (up !== undefined || plan.cutIndex !== undefined) {
    const own: { -readonly [K in keyof DealInfo]: DealInfo[K] } = { ...plan.info };
    if (up !== undefined) own.upCard = up;
    if (plan.cutIndex !== undefined) own.cutCard = plan.cutIndex - top;
    info = own;
  }

  return {
    preset: plan.preset.name,
    title: plan.preset.title,
    hands,
    kitty,
    board,
    burns,
    stock: top === n ? [] : deck.slice(top),
    deck,
    // The same frozen arrays for every deal of the plan: no card in them, nothing to copy.
    route: layout.route,
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
