import { FairdealError } from '../errors.ts';
import { CanonicalWriter } from './canonical-writer.ts';
import { LABELS_V2, type RosterEntry, sortRoster } from './commit-v2.ts';
import { hmacSha256 } from './hmac-sha256.ts';
import type { PlainSeed, Reveal } from './transcript-v2.ts';
import { checkText } from './validate.ts';

/** What the v2 deck key depends on besides the server seed (docs/FAIR.md §6). */
export interface DeckKeyV2Input {
  /** The server commitment C_s (32 bytes): binds the whole header. */
  readonly serverCommitment: Uint8Array;
  /** The roster hash R (32 bytes). */
  readonly rosterHash: Uint8Array;
  /** The canonical deck as card ids. */
  readonly deck: readonly string[];
  readonly roster: readonly RosterEntry[];
  readonly reveals: readonly Reveal[];
  readonly plain: PlainSeed | null;
}

/**
 * The v2 deck-key message: `str(label) ‖ bytes(C_s) ‖ bytes(R) ‖ u32(#deck) ‖ str(card)… ‖
 * u32(#roster) ‖ (str(player) ‖ (u8(1) ‖ str(seed) | u8(0)))… ‖ (u8(0) | u8(1) ‖ str(player) ‖
 * str(seed))`. A roster player who never revealed is written as missing, so dealing without
 * them gives one determined deck, not a choice.
 *
 * @example
 * ```ts
 * const cs = serverCommitment(header, serverSeed);
 * const deck = ['AS', 'KS', 'QS'];
 * encodeDeckKeyV2({ serverCommitment: cs, rosterHash: rosterHash(cs, []), deck, roster: [], reveals: [], plain: null });
 * ```
 * @throws {FairdealError} `BAD_OPTION` for a reveal of a player not in the roster or a bad text.
 */
export function encodeDeckKeyV2(input: DeckKeyV2Input): Uint8Array {
  return writeDeckKeyV2(input).finish();
}

/** `u32(#deck) ‖ str(card)…` of frozen decks (the canonical decks of presetDeal), written once:
 *  54 checked and encoded card ids were half of a deck key's message (issue 11). Only frozen
 *  arrays are kept — their elements cannot change, not even behind a Proxy (its invariants
 *  forbid reporting other values for frozen properties) — and card ids are no secret. */
const deckFields = new WeakMap<readonly string[], Uint8Array>();

function writeDeck(w: CanonicalWriter, deck: readonly string[]): void {
  if (!Array.isArray(deck) || !Object.isFrozen(deck)) {
    w.u32(deck.length);
    for (const card of deck) w.str(checkText(card, 'card id'));
    return;
  }
  let encoded = deckFields.get(deck);
  if (encoded === undefined) {
    const d = new CanonicalWriter().u32(deck.length);
    for (const card of deck) d.str(checkText(card, 'card id'));
    encoded = d.finish();
    deckFields.set(deck, encoded);
  }
  w.fields(encoded);
}

function writeDeckKeyV2(input: DeckKeyV2Input): CanonicalWriter {
  const w = new CanonicalWriter()
    .str(LABELS_V2.deckKey)
    .bytes(input.serverCommitment)
    .bytes(input.rosterHash);
  writeDeck(w, input.deck);
  const seeds = new Map(input.reveals.map((r) => [r.player, r.seed]));
  const roster = sortRoster(input.roster);
  for (const r of input.reveals) {
    if (!roster.some((e) => e.player === r.player)) {
      throw new FairdealError(
        'BAD_OPTION',
        `player '${r.player}' revealed but is not in the roster`,
      );
    }
  }
  w.u32(roster.length);
  for (const e of roster) {
    w.str(e.player);
    const seed = seeds.get(e.player);
    if (seed === undefined) w.u8(0);
    else w.u8(1).str(checkText(seed, 'client seed'));
  }
  if (input.plain === null) w.u8(0);
  else w.u8(1).str(input.plain.player).str(checkText(input.plain.seed, 'client seed'));
  return w;
}

/**
 * The v2 deck key: `HMAC-SHA-256(serverSeed, encodeDeckKeyV2(input))`.
 *
 * @example
 * ```ts
 * const key = deriveDeckKeyV2(serverSeed, input); // feed to chacha20(key)
 * ```
 * @throws {FairdealError} `BAD_SEED` if the server seed is not 32 bytes; as encodeDeckKeyV2.
 */
export function deriveDeckKeyV2(serverSeed: Uint8Array, input: DeckKeyV2Input): Uint8Array {
  if (!(serverSeed instanceof Uint8Array) || serverSeed.length !== 32) {
    throw new FairdealError('BAD_SEED', 'server seed must be 32 bytes');
  }
  return writeDeckKeyV2(input).use((message) => hmacSha256(serverSeed, message));
}
