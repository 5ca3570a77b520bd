import type { Deal } from '../games/index.ts';
import type { RandomSource } from '../random/source.ts';
import { canonicalFairOptions } from './canonical-options.ts';
import type { FairOptions } from './deal-options.ts';
import { FairRound } from './fair-round.ts';
import type { FairTranscript } from './transcript-v2.ts';

/** Options of {@link fairDeal}. */
export interface FairDealOptions {
  /** Table or game id (default `table`). */
  readonly table?: string;
  /** Hand number (default 1). */
  readonly hand?: number;
  /** Hash of the previous transcript of the table (default null: first hand). */
  readonly prev?: string | null;
  /** Preset options (any spelling; committed in canonical form). */
  readonly options?: FairOptions;
  /** The single party's seed (a plain seed), if any. */
  readonly clientSeed?: string;
  /** The single party's player id (default `client`). */
  readonly player?: string;
  /** Source of the server seed (default secureRandom; a predictable one is refused, `BAD_SEED`). */
  readonly source?: RandomSource;
  /** TESTS ONLY: the server seed from this source even when it is predictable (FairRound.open). */
  readonly testOnlySource?: RandomSource;
  /** Called with the announcement before the client seed is used (print or publish it). */
  readonly onCommit?: (commitment: string) => void;
}

/**
 * A single-party fairdeal-v2 hand in one call: open a round (fresh server seed, seats unbound),
 * announce its commitment through `onCommit`, add the one plain client seed (if any), deal.
 * Because the caller hands over the seed together with the call, this demonstrates the format;
 * it proves fairness only if the seed really was chosen after the commitment was seen. Several
 * players use {@link FairRound} (docs/FAIR.md §1–2).
 *
 * @example
 * ```ts
 * const { commitment, transcript } = fairDeal('doudizhu', { clientSeed: 'my lucky words' });
 * ```
 * @throws {FairdealError} `UNKNOWN_PRESET`, `BAD_OPTION` (bad options, ids or seed); `BAD_SEED`
 *   for a predictable `source`; {RangeError} for a bad hand number.
 */
export function fairDeal(
  preset: string,
  o: FairDealOptions = {},
): { commitment: string; transcript: FairTranscript; deal: Deal } {
  const seats = canonicalFairOptions(preset, o.options ?? {}).seats as number;
  const round = FairRound.open({
    table: o.table ?? 'table',
    hand: o.hand ?? 1,
    prev: o.prev ?? null,
    preset,
    options: o.options ?? {},
    seating: Array.from({ length: seats }, () => null),
    ...(o.source === undefined ? {} : { source: o.source }),
    ...(o.testOnlySource === undefined ? {} : { testOnlySource: o.testOnlySource }),
  });
  o.onCommit?.(round.commitment);
  if (o.clientSeed !== undefined) round.addPlainSeed(o.player ?? 'client', o.clientSeed);
  else round.closeRoster();
  return { commitment: round.commitment, ...round.deal() };
}
