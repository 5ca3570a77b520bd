import { FairdealError } from '../errors.ts';
import type { FairOptions } from './deal-options.ts';
import type { DealtCard } from './transcript.ts';

/** How a preset turns into a canonical deck and deals a shuffled one (adapter over games). */
export interface PresetDealPlan {
  /** Canonical deck as card ids. */
  readonly deck: readonly string[];
  /** Every card of a shuffled deck (ids, top first) with its destination, in dealing order. */
  deal(shuffled: readonly string[]): DealtCard[];
}

/**
 * Placeholder until the games layer lands.
 *
 * @example
 * ```ts
 * presetDeal('doudizhu', {});
 * ```
 * @throws {FairdealError} `UNKNOWN_PRESET`.
 */
export function presetDeal(preset: string, _options: FairOptions): PresetDealPlan {
  throw new FairdealError('UNKNOWN_PRESET', `unknown preset '${preset}'`);
}
