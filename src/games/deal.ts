import { canonicalDeck } from '../cards/build-deck.ts';
import { FairdealError } from '../errors.ts';
import { chacha20 } from '../random/chacha20.ts';
import { bytesToHex } from '../random/hex.ts';
import { secureRandom } from '../random/secure.ts';
import { toShuffled } from '../shuffle/to-shuffled.ts';
import { dealPlan } from './deal-from-deck.ts';
import type { Deal, DealOptions } from './deal-types.ts';
import type { Preset } from './preset.ts';
import { getPreset, resolvePlan } from './resolve-plan.ts';

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
  const plan = resolvePlan(p, options);
  if (options.seed !== undefined && options.source !== undefined) {
    throw new FairdealError('BAD_OPTION', 'give either seed or source, not both');
  }
  let source = options.source ?? secureRandom;
  let recorded = options.source === undefined ? 'secure' : 'custom';
  if (options.seed !== undefined) {
    source = chacha20(options.seed);
    recorded = typeof options.seed === 'string' ? options.seed : bytesToHex(options.seed);
  }
  const deck = toShuffled(canonicalDeck(plan.deck), source);
  return dealPlan(plan, deck, recorded);
}
