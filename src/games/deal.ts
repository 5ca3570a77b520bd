import { FairdealError } from '../errors.ts';
import { chacha20 } from '../random/chacha20.ts';
import { bytesToHex } from '../random/hex.ts';
import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { shuffle } from '../shuffle/shuffle.ts';
import { dealOrder } from './deal-from-deck.ts';
import { type DealLayout, dealLayout } from './deal-layout.ts';
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
export function deal(preset: string | Preset, options?: DealOptions): Deal {
  if (options === undefined && typeof preset === 'string') {
    // `deal('doudizhu')`: one Map lookup finds the plan and its layout (issue 25).
    const kept = keptByName.get(preset);
    if (kept !== undefined) return dealLaid(kept.plan, kept.layout, secureRandom, 'secure');
  }
  const p = getPreset(preset);
  if (options === undefined) return dealWith(keptPlan(p) ?? resolvePlan(p), secureRandom, 'secure');
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
  return dealWith(plan, source, recorded);
}

/** Shuffles the plan's hand ranks with `source` and deals the deck they stand for. */
function dealWith(plan: DealPlan, source: RandomSource, recorded: string): Deal {
  return dealLaid(plan, dealLayout(plan), source, recorded);
}

/** {@link dealWith} with the plan's layout found already. */
function dealLaid(
  plan: DealPlan,
  layout: DealLayout,
  source: RandomSource,
  recorded: string,
): Deal {
  const n = layout.rank.length;
  // The cards' hand ranks shuffled, not the cards: the same draws and swaps whatever the array
  // holds (docs/RANDOM.md, shuffle v1), and a rank gives both the card and its place in a hand.
  let ranks = spareRanks[n];
  if (ranks === undefined || ranks === null) ranks = new Uint32Array(n);
  else spareRanks[n] = null; // taken: a source that deals while it draws gets its own
  ranks.set(layout.rankWords);
  shuffle(ranks, source);
  const dealt = dealOrder(plan, layout, ranks, layout.sorted, recorded);
  spareRanks[n] = ranks;
  return dealt;
}

/** One rank array per deck size, reused by the next deal of that size. */
const spareRanks: (Uint32Array | null | undefined)[] = [];

/** The plans of the shipped presets with no option that changes the plan, resolved once. */
const keptPlans = new WeakMap<Preset, DealPlan>();

/**
 * resolvePlan(p, options), kept for a shipped preset (deep-frozen: its plan cannot go stale)
 * dealt with no option but seed or source — every `deal('doudizhu')`: resolving it (option
 * checks, sets, the plan object) cost more than the shuffle (issue 25). Any other option set,
 * own or inherited (resolvePlan reads both), or a key resolvePlan would refuse, takes resolvePlan.
 */
function planOf(p: Preset, options: DealOptions): DealPlan {
  if (options === null || typeof options !== 'object') return resolvePlan(p, options);
  for (const key in options) {
    if (
      key !== 'seed' &&
      key !== 'source' &&
      (options as Record<string, unknown>)[key] !== undefined
    ) {
      return resolvePlan(p, options);
    }
  }
  // Named reads (one shape, fast), for options that are set but not enumerable.
  const o = options;
  if (
    o.seats !== undefined ||
    o.dealer !== undefined ||
    o.boardNumber !== undefined ||
    o.decks !== undefined ||
    o.penetration !== undefined ||
    o.level !== undefined ||
    o.trump !== undefined ||
    o.deck !== undefined ||
    o.handSize !== undefined ||
    o.kitty !== undefined ||
    o.boardCards !== undefined ||
    o.sort !== undefined
  ) {
    return resolvePlan(p, options);
  }
  return keptPlan(p) ?? resolvePlan(p, options);
}

/** The kept default plan of a shipped preset (made at its first deal), or undefined. */
function keptPlan(p: Preset): DealPlan | undefined {
  let plan = keptPlans.get(p);
  if (plan === undefined) {
    if (PRESETS[p.name] !== p) return undefined;
    plan = resolvePlan(p, {});
    keptPlans.set(p, plan);
    keptByName.set(p.name, { plan, layout: dealLayout(plan, true) });
  }
  return plan;
}

/** The shipped presets' kept plans and layouts by name, filled by {@link keptPlan}. */
const keptByName = new Map<string, { readonly plan: DealPlan; readonly layout: DealLayout }>();
