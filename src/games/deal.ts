import { FairdealError } from '../errors.ts';
import { chacha20 } from '../random/chacha20.ts';
import { bytesToHex } from '../random/hex.ts';
import { secureRandom } from '../random/secure.ts';
import { shuffle } from '../shuffle/shuffle.ts';
import { dealOrder } from './deal-from-deck.ts';
import { dealLayout } from './deal-layout.ts';
import type { Deal, DealOptions } from './deal-types.ts';
import type { Preset } from './preset.ts';
import { PRESETS } from './presets.ts';
import { type DealPlan, getPreset, resolvePlan } from './resolve-plan.ts';

/**
 * Deals a round of a game: builds the preset's deck in canonical order, shuffles it
 * (forward Fisher–Yates, position 0 = top = first dealt) with the source, and deals it by the
 * preset's pattern ({@link dealFromDeck}). With `seed`, the same seed always gives the same deal
 * (value-stable); without, the secure source is used and `record.seed` is `'secure'`.
 *
 * @example
 * ```ts
 * const d = deal('doudizhu', { seed: 'table 7' });
 * d.hands.map((h) => h.length); // [17, 17, 17]
 * d.kitty.length;               // 3
 * deal('bridge', { boardNumber: 5, seed: 'club night' }).info.bridge; // { board: 5, dealer: 'N', vulnerable: 'NS' }
 * ```
 * @throws {FairdealError} `UNKNOWN_PRESET` for an unknown name (listing the known ones).
 * @throws {FairdealError} `BAD_OPTION` for an unknown or inapplicable option, or both seed and source.
 * @throws {FairdealError} `BAD_SEED` for a malformed seed.
 * @throws {FairdealError} `NOT_ENOUGH_CARDS` if the pattern needs more cards than the deck has.
 * @throws {RangeError} for out-of-range numbers (seats, dealer, board number, decks, …).
 */
export function deal(preset: string | Preset, options: DealOptions = {}): Deal {
  const p = getPreset(preset);
  const plan = planOf(p, options);
  if (options.seed !== undefined && options.source !== undefined) {
    throw new FairdealError('BAD_OPTION', 'give either seed or source, not both');
  }
  let source = options.source ?? secureRandom;
  let recorded = options.source === undefined ? 'secure' : 'custom';
  if (options.seed !== undefined) {
    source = chacha20(options.seed);
    recorded = typeof options.seed === 'string' ? options.seed : bytesToHex(options.seed);
  }
  const layout = dealLayout(plan);
  const cards = layout.cards;
  const n = cards.length;
  // The deck's positions shuffled, not its cards: the same draws and swaps whatever the array
  // holds (docs/RANDOM.md, shuffle v1), and indices give each card's hand rank without a lookup.
  let order = spareOrders[n];
  if (order === undefined || order === null) order = new Uint32Array(n);
  else spareOrders[n] = null; // taken: a source that deals while it draws gets its own
  for (let i = 0; i < n; i++) order[i] = i;
  shuffle(order, source);
  const deck = cards.slice();
  for (let p = 0; p < n; p++) deck[p] = cards[order[p]!]!;
  const dealt = dealOrder(plan, layout, order, deck, recorded);
  spareOrders[n] = order;
  return dealt;
}

/** One index array per deck size, reused by the next deal of that size. */
const spareOrders: (Uint32Array | null | undefined)[] = [];

/** The plans of the shipped presets with no option that changes the plan, resolved once. */
const keptPlans = new WeakMap<Preset, DealPlan>();

/** Options resolvePlan reads: a deal with none of them set deals its preset's default plan. */
const PLAN_OPTIONS = [
  'seats',
  'dealer',
  'boardNumber',
  'decks',
  'penetration',
  'level',
  'trump',
  'deck',
  'handSize',
  'kitty',
  'boardCards',
  'sort',
] as const;

/**
 * resolvePlan(p, options), kept for a shipped preset (deep-frozen: its plan cannot go stale)
 * dealt with no option but seed or source — every `deal('doudizhu')`: resolving it (option
 * checks, sets, the plan object) cost more than the shuffle (issue 25). Any other option, or a
 * key resolvePlan would refuse, takes resolvePlan.
 */
function planOf(p: Preset, options: DealOptions): DealPlan {
  if (options === null || typeof options !== 'object' || PRESETS[p.name] !== p) {
    return resolvePlan(p, options);
  }
  for (const key in options) {
    if (
      key !== 'seed' &&
      key !== 'source' &&
      (options as Record<string, unknown>)[key] !== undefined
    ) {
      return resolvePlan(p, options);
    }
  }
  for (const key of PLAN_OPTIONS) if (options[key] !== undefined) return resolvePlan(p, options);
  let plan = keptPlans.get(p);
  if (plan === undefined) {
    plan = resolvePlan(p, {});
    dealLayout(plan, true);
    keptPlans.set(p, plan);
  }
  return plan;
}
