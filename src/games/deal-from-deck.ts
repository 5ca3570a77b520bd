import { canonicalDeck } from '../cards/build-deck.ts';
import type { Card } from '../cards/index.ts';
import { FairdealError } from '../errors.ts';
import type { Deal, DealInfo, DealOptions, Destination } from './deal-types.ts';
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
  checkDeck(deck, canonicalDeck(plan.deck));
  return dealPlan(plan, deck, 'deck');
}

/**
 * Deals `deck` by an already resolved plan, with `seed` as the record's seed field. The deck must
 * hold exactly the plan's cards: {@link dealFromDeck} checks a deck it is given; `deal` builds
 * its own from the plan, so it skips the check.
 */
export function dealPlan(plan: DealPlan, deck: readonly Card[], seed: string): Deal {
  const hands: Card[][] = Array.from({ length: plan.seats }, () => []);
  const kitty: Card[] = [];
  const board: Card[] = [];
  const burns: Card[] = [];
  const route: Destination[] = [];
  // One destination string per seat, made once: a template string per card was a fifth of a
  // Dou Dizhu deal's allocations (issue 25).
  const seatRoutes: Destination[] = [];
  for (let seat = 0; seat < plan.seats; seat++) seatRoutes.push(`hand:${seat}`);
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
          take(step.packets[k % step.packets.length]!, hands[seat]!, seatRoutes[seat]!);
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

/** Position of each card id in a canonical deck, built once per deck (they are cached too). */
const positions = new WeakMap<readonly Card[], Map<string, number>>();

function checkDeck(deck: readonly Card[], expected: readonly Card[]): void {
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
  for (const card of deck) {
    const id = (card as Card | undefined)?.id;
    const at = typeof id === 'string' ? where.get(id) : undefined;
    if (at === undefined) {
      throw new FairdealError('BAD_DECK', `card ${String(id)} is not in the preset's deck`);
    }
    if (seen[at] === 1) throw new FairdealError('BAD_DECK', `card ${id} appears twice in the deck`);
    seen[at] = 1;
  }
}
