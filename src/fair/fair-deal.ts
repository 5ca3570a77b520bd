import type { Deal } from '../games/index.ts';
import type { RandomSource } from '../random/source.ts';
import type { FairOptions } from './deal-options.ts';
import type { ClientSeed } from './derive-key.ts';
import { FairRound } from './fair-round.ts';
import type { FairTranscript } from './transcript.ts';

/** Options of {@link fairDeal}. */
export interface FairDealOptions {
  /** Table or game id (default `table`). */
  readonly table?: string;
  /** Hand number (default 1). */
  readonly hand?: number;
  /** Hash of the previous transcript of the table (default null: first hand). */
  readonly prev?: string | null;
  /** Preset options that change the deal (e.g. `{ seats: 6 }`). */
  readonly options?: FairOptions;
  /** Client seeds, as strings (players `client1`, `client2`, … in that order) or with ids. */
  readonly clientSeeds?: readonly (string | ClientSeed)[];
  /** Source of the server seed (default secureRandom). */
  readonly source?: RandomSource;
  /** Called with the server commitment before any client seed is used (print or publish it). */
  readonly onCommit?: (commitment: string) => void;
}

/**
 * A single-party provably fair hand in one call: open a round (fresh server seed), announce its
 * commitment through `onCommit`, add the client seeds, deal, and return the transcript. This is
 * what `fairdeal deal <preset> --fair --client-seed S` runs. Several *independent* players should
 * use {@link FairRound} with commit / reveal instead (docs/FAIR.md §1).
 *
 * @example
 * ```ts
 * const { commitment, transcript } = fairDeal('doudizhu', { clientSeeds: ['my lucky words'] });
 * ```
 * @throws {FairdealError} `UNKNOWN_PRESET`, `BAD_OPTION` (bad options, duplicate or empty seeds);
 *   {RangeError} for a bad hand number.
 */
export function fairDeal(
  preset: string,
  o: FairDealOptions = {},
): { commitment: string; transcript: FairTranscript; deal: Deal } {
  const round = FairRound.open({
    table: o.table ?? 'table',
    hand: o.hand ?? 1,
    prev: o.prev ?? null,
    preset,
    options: o.options ?? {},
    ...(o.source === undefined ? {} : { source: o.source }),
  });
  o.onCommit?.(round.commitment);
  const seeds = (o.clientSeeds ?? []).map((s, i) =>
    typeof s === 'string' ? { player: `client${i + 1}`, seed: s } : s,
  );
  round.addSeeds(seeds);
  return { commitment: round.commitment, ...round.deal() };
}
