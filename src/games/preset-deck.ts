import { canonicalDeck } from '../cards/build-deck.ts';
import type { Card } from '../cards/index.ts';
import type { DealOptions } from './deal-types.ts';
import type { Preset } from './preset.ts';
import { getPreset, resolvePlan } from './resolve-plan.ts';

/**
 * The deck a preset deals with these options, in canonical order (a fresh array): what
 * `deal(preset, options)` shuffles, and what a deck given to `dealFromDeck` must hold. Seat-count
 * variants and deck options are applied (Hearts for 3 drops 2♦; a 6-deck blackjack shoe is 312
 * cards).
 *
 * @example
 * ```ts
 * presetDeck('hearts', { seats: 3 }).length; // 51
 * presetDeck('blackjack', { decks: 2 }).length; // 104
 * ```
 * @throws {FairdealError} `UNKNOWN_PRESET`, `BAD_OPTION`, `NOT_ENOUGH_CARDS` as `deal`.
 * @throws {TypeError} if `preset` is neither a name nor a Preset.
 * @throws {RangeError} for out-of-range numeric options.
 */
export function presetDeck(preset: string | Preset, options: DealOptions = {}): Card[] {
  return canonicalDeck(resolvePlan(getPreset(preset), options).deck).slice();
}
