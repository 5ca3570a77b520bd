import { canonicalDeck } from '../cards/build-deck.ts';
import type { Card } from '../cards/index.ts';
import type { Destination } from './deal-types.ts';
import type { DealPlan } from './resolve-plan.ts';
import { sortHand } from './sort-hand.ts';

/** A card's destination as a number: a seat (≥ 0) or one of the piles. */
export const KITTY = -1;
export const BOARD = -2;
const BURNS = -3;
const STOCK = -4;

/**
 * Everything about a plan's deals that does not depend on the shuffle: where each deck position
 * goes, each seat's positions, and the hand order as a rank per canonical card. A deal then only
 * places cards, with no walk of the pattern and no sort: sorting the hands alone was over half
 * of a `deal('doudizhu')` (issue 25).
 */
export interface DealLayout {
  /** Cards dealt before the stock. */
  readonly top: number;
  /** `dest[position]`: the seat, or KITTY, BOARD, BURNS, STOCK. */
  readonly dest: Int32Array;
  /** `slot[position]`: the seat, or `seats` for every card that goes to no seat (a pile, the
   *  stock): one index for a deal's bit set per seat and one more that it discards. */
  readonly slot: Int32Array;
  /** `route` of every deal of this plan: frozen, and returned by each Deal as it is. */
  readonly route: readonly Destination[];
  /** Cards per seat. */
  readonly handSizes: readonly number[];
  /** The positions of each seat's cards, seat by seat, each seat's in dealing order: seat s has
   *  `seatPositions[seatStarts[s] … seatStarts[s + 1] − 1]`. */
  readonly seatPositions: Int32Array;
  readonly seatStarts: Int32Array;
  /** The positions dealt to the kitty, the board or the burns, in dealing order. */
  readonly pilePositions: Int32Array;
  /**
   * `rank[i]`: the place of canonical card i in the plan's hand order, when `byRank` (the order
   * is a strict total order on the deck: every preset's); else `i` — for `none` (hands keep
   * dealing order) and for an order with ties, whose tied cards keep dealing order (those hands
   * take sortHand).
   */
  readonly rank: readonly number[];
  /** `rank` as 32-bit words, which a deal copies into its own array with one `set`. */
  readonly rankWords: Uint32Array;
  /** `sorted[r]`: the canonical card of rank r (`sorted[rank[i]]` is `cards[i]`). */
  readonly sorted: readonly Card[];
  /** Whether rank order is the hand order. */
  readonly byRank: boolean;
}

/** A hand order as ranks: `rank[i]` of canonical card i, `sorted[r]` the card of rank r. */
interface Ranks {
  readonly rank: number[];
  readonly sorted: readonly Card[];
}

/** Hand-order ranks per canonical deck and order (`sort|level|trump`). */
const ranksByDeck = new WeakMap<readonly Card[], Map<string, Ranks | null>>();

/**
 * The rank of each canonical card in the hand order, from sortHand itself on the whole deck. A
 * rank decides a hand's order only if the order has no ties (a tie keeps the hand's own order,
 * which depends on the shuffle): sortHand is stable, so the deck sorted forwards and backwards
 * agree exactly when nothing ties. Then any hand sorted is the deck's order restricted to it.
 */
function ranksOf(plan: DealPlan, cards: readonly Card[]): Ranks | null {
  if (plan.sort === 'none') return null;
  const key = `${plan.sort}|${plan.sortOptions.level ?? ''}|${plan.sortOptions.trump ?? ''}`;
  let byOrder = ranksByDeck.get(cards);
  if (byOrder === undefined) {
    byOrder = new Map();
    ranksByDeck.set(cards, byOrder);
  }
  const known = byOrder.get(key);
  if (known !== undefined) return known;
  const forwards = sortHand(cards, plan.sort, plan.sortOptions);
  const backwards = sortHand(cards.slice().reverse(), plan.sort, plan.sortOptions);
  let ranks: Ranks | null = { rank: cards.map(() => 0), sorted: forwards };
  const index = new Map(cards.map((c, i) => [c, i]));
  for (let r = 0; r < forwards.length; r++) {
    if (forwards[r] !== backwards[r]) {
      ranks = null;
      break;
    }
    ranks.rank[index.get(forwards[r]!)!] = r;
  }
  byOrder.set(key, ranks);
  return ranks;
}

/** Layouts of the plans their callers keep (`deal`'s of the shipped presets without options). */
const layouts = new WeakMap<DealPlan, DealLayout>();

/** Layouts by what they are made of: the canonical deck, the steps (the presets' are frozen, so
 *  the same array every time) and `seats|dealer|sort|level|trump`. A fair deal and its verify
 *  resolve a fresh plan each time, and making its layout again was a twentieth of them. Bounded:
 *  a preset's steps admit a few seat counts, dealers, levels and trumps; a custom deck's steps
 *  are made per plan and go with it. */
const bySteps = new WeakMap<readonly Card[], WeakMap<object, Map<string, DealLayout>>>();

/**
 * The layout of a plan: made once and kept with `keep` (for a plan the caller keeps too, as
 * `deal` keeps the shipped presets' plans), else found by what it is made of. Walks the plan's
 * steps exactly as dealing by hand would: from the seat after the dealer, `packets[k]` cards to
 * the k-th seat per lap, then the piles' counts, the rest to the stock.
 *
 * @example
 * ```ts
 * dealLayout(resolvePlan(getPreset('doudizhu'))).handSizes; // [17, 17, 17]
 * ```
 * @throws never for a plan resolvePlan made.
 */
export function dealLayout(plan: DealPlan, keep = false): DealLayout {
  const kept = layouts.get(plan);
  if (kept !== undefined) return kept;
  const cards = canonicalDeck(plan.deck);
  let forDeck = bySteps.get(cards);
  if (forDeck === undefined) {
    forDeck = new WeakMap();
    bySteps.set(cards, forDeck);
  }
  let forSteps = forDeck.get(plan.steps);
  if (forSteps === undefined) {
    forSteps = new Map();
    forDeck.set(plan.steps, forSteps);
  }
  const { level, trump } = plan.sortOptions;
  const key = `${plan.seats}|${plan.dealer}|${plan.sort}|${level ?? ''}|${trump ?? ''}`;
  let layout = forSteps.get(key);
  if (layout === undefined) {
    layout = makeLayout(plan, cards);
    forSteps.set(key, layout);
  }
  if (keep) layouts.set(plan, layout);
  return layout;
}

function makeLayout(plan: DealPlan, cards: readonly Card[]): DealLayout {
  const n = cards.length;
  const dest = new Int32Array(n).fill(STOCK);
  // Packed (pushed, not `new Array(n)`): every deal copies it, and a packed array copies fastest.
  const route: Destination[] = [];
  const handSizes = new Array<number>(plan.seats).fill(0);
  const seatRoutes: Destination[] = [];
  for (let seat = 0; seat < plan.seats; seat++) seatRoutes.push(`hand:${seat}`);
  let top = 0;
  const first = (plan.dealer + 1) % plan.seats;
  for (const step of plan.steps) {
    if (step.to === 'hands') {
      for (let lap = 0; lap < (step.laps ?? 1); lap++) {
        for (let k = 0; k < plan.seats; k++) {
          const seat = (first + k) % plan.seats;
          const count = step.packets[k % step.packets.length]!;
          for (let i = 0; i < count; i++) {
            dest[top] = seat;
            route.push(seatRoutes[seat]!);
            top++;
          }
          handSizes[seat]! += count;
        }
      }
    } else {
      const code = step.to === 'kitty' ? KITTY : step.to === 'board' ? BOARD : BURNS;
      for (let i = 0; i < step.count; i++) {
        dest[top] = code;
        route.push(step.to);
        top++;
      }
    }
  }
  while (route.length < n) route.push('stock');
  const ranks = ranksOf(plan, cards);
  const rank = ranks?.rank ?? cards.map((_, i) => i);
  const seatStarts = new Int32Array(plan.seats + 1);
  for (let seat = 0; seat < plan.seats; seat++) {
    seatStarts[seat + 1] = seatStarts[seat]! + handSizes[seat]!;
  }
  const seatPositions = new Int32Array(seatStarts[plan.seats]!);
  const next = seatStarts.slice(0, plan.seats);
  const pilePositions: number[] = [];
  for (let p = 0; p < top; p++) {
    const d = dest[p]!;
    if (d >= 0) seatPositions[next[d]!++] = p;
    else pilePositions.push(p);
  }
  const slot = dest.map((d) => (d >= 0 ? d : plan.seats));
  return {
    top,
    dest,
    slot,
    route: Object.freeze(route),
    handSizes,
    seatPositions,
    seatStarts,
    pilePositions: Int32Array.from(pilePositions),
    rank,
    rankWords: Uint32Array.from(rank),
    sorted: ranks?.sorted ?? cards,
    byRank: ranks !== null,
  };
}
