import type { RosterEntry } from './commit-v2.ts';
import type { FairOptions } from './deal-options.ts';
import type { Seating } from './seating.ts';
import type { DealtCard } from './transcript.ts';

/** A revealed seed: the player, the seed exactly as chosen, and the salt of their commitment. */
export interface Reveal {
  readonly player: string;
  readonly seed: string;
  /** Hex 32-byte salt. */
  readonly salt: string;
}

/** The single uncommitted seed of a single-party hand (only with an empty roster). */
export interface PlainSeed {
  readonly player: string;
  readonly seed: string;
}

/**
 * A fairdeal-v2 transcript (docs/FAIR.md §9): the header the commitment fixed, the server seed,
 * the published roster, the reveals, the plain seed if any, every card with its destination,
 * and the hash. JSON-safe; hex is lowercase.
 */
export interface FairTranscript {
  readonly algorithm: 'fairdeal-v2';
  readonly table: string;
  readonly hand: number;
  /** Hash of the table's previous transcript, or null for a table's first hand. */
  readonly prev: string | null;
  readonly preset: string;
  /** Canonical options (docs/FAIR.md §4). */
  readonly options: FairOptions;
  readonly seating: Seating;
  readonly server: { readonly commitment: string; readonly seed: string };
  /** Canonical order; fixed and published before any reveal. */
  readonly roster: readonly RosterEntry[];
  /** Canonical order; roster players missing here never revealed. */
  readonly reveals: readonly Reveal[];
  readonly plain: PlainSeed | null;
  readonly cards: readonly DealtCard[];
  readonly hash: string;
}
