import type { FairOptions } from './deal-options.ts';

/** One client seed as a transcript records it (docs/FAIR.md, "Transcript"). */
export interface TranscriptClient {
  /** Player id; clients are listed sorted by the UTF-8 bytes of this id. */
  readonly player: string;
  /** The revealed seed, exactly as the player chose it. */
  readonly seed: string;
  /** Hex SHA-256 commitment the player published before any seed was revealed (multiplayer). */
  readonly commitment?: string;
  /** Hex 32-byte salt of that commitment; present exactly when `commitment` is. */
  readonly salt?: string;
}

/** One card leaving the deck: its id and where it went (`hand:0`, `kitty`, `burn`, `board`, …). */
export interface DealtCard {
  readonly card: string;
  readonly to: string;
}

/**
 * Everything needed to re-deal and check one hand after the reveal. JSON-safe; hex is lowercase.
 * `cards` lists every card of the deck in dealing order — the shuffled deck from the top, so
 * `cards[i].card` is deck position i — with its destination; cards never dealt go `to: "stock"`.
 */
export interface FairTranscriptV1 {
  readonly algorithm: 'fairdeal-v1';
  readonly table: string;
  readonly hand: number;
  /** Hash of the table's previous transcript, or null for a table's first hand. */
  readonly prev: string | null;
  readonly preset: string;
  readonly options: FairOptions;
  readonly server: { readonly commitment: string; readonly seed: string };
  readonly clients: readonly TranscriptClient[];
  readonly cards: readonly DealtCard[];
  /** Hex SHA-256 of the canonical encoding of every field above (see transcriptHash). */
  readonly hash: string;
}
