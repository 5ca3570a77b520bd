import { FairdealError } from '../errors.ts';
import { LABELS } from './algorithm.ts';
import { CanonicalWriter } from './canonical-writer.ts';
import { type FairOptions, writeOptions } from './deal-options.ts';
import { hmacSha256 } from './hmac-sha256.ts';
import { checkHand, checkText, compareUtf8 } from './validate.ts';

/** One player's revealed seed. */
export interface ClientSeed {
  /** Player id (or seat name), unique within the hand. */
  readonly player: string;
  /** The seed exactly as the player chose it (any non-empty string, ≤ 1024 UTF-8 bytes). */
  readonly seed: string;
}

/** Everything besides the server seed that determines a fair deck. */
export interface DeckKeyInput {
  readonly table: string;
  readonly hand: number;
  /** Preset name, e.g. `doudizhu`. */
  readonly preset: string;
  /** Options of the preset that change the deal (empty record if none). */
  readonly options: FairOptions;
  /** The canonical (unshuffled) deck as card ids, in order — the deck spec made concrete. */
  readonly deck: readonly string[];
  /** Revealed client seeds, any order (they are encoded sorted by player id). */
  readonly clients: readonly ClientSeed[];
}

/**
 * The canonical message of the deck key (docs/FAIR.md, "Deck key"):
 * `str(label) ‖ str(table) ‖ u64(hand) ‖ str(preset) ‖ options ‖ u32(#deck) ‖ str(card)… ‖
 * u32(#clients) ‖ (str(player) ‖ str(seed))…` with clients sorted by the UTF-8 bytes of their
 * player id. Sorting makes the key independent of the order in which seeds arrived, so a server
 * cannot re-order them to pick between decks; duplicates are refused.
 *
 * @example
 * ```ts
 * // v1 is internal (verifies v1 transcripts); fairdeal/fair's encodeDeckKeyInput is v2:
 * // import { encodeDeckKeyInput as encodeDeckKeyInputV1 } from './derive-key.ts';
 * encodeDeckKeyInputV1({ table: 't', hand: 1, preset: 'p', options: {}, deck: ['AS'], clients: [] });
 * ```
 * @throws {FairdealError} `BAD_OPTION` for duplicate player ids, empty or over-long texts or bad
 *   options; {TypeError}/{RangeError} for wrongly typed fields or a bad hand number.
 */
export function encodeDeckKeyInput(input: DeckKeyInput): Uint8Array {
  const w = new CanonicalWriter()
    .str(LABELS.deckKey)
    .str(checkText(input.table, 'table'))
    .u64(checkHand(input.hand))
    .str(checkText(input.preset, 'preset'));
  writeOptions(w, input.options);
  w.u32(input.deck.length);
  for (const card of input.deck) w.str(checkText(card, 'card id'));
  const clients = sortClients(input.clients);
  w.u32(clients.length);
  for (const c of clients) w.str(c.player).str(c.seed);
  return w.finish();
}

/**
 * The 256-bit ChaCha20 key of a hand: `HMAC-SHA-256(serverSeed, encodeDeckKeyInput(input))`.
 * HMAC is a PRF keyed by the secret server seed, so before the reveal nobody can predict the key,
 * and every client seed, the hand, the table and the deck are bound into it.
 *
 * @example
 * ```ts
 * // v1 is internal: import { deriveDeckKey as deriveDeckKeyV1 } from './derive-key.ts';
 * const key = deriveDeckKeyV1(serverSeed, input); // input: a v1 DeckKeyInput; feed to chacha20(key)
 * ```
 * @throws {FairdealError} `BAD_SEED` if the server seed is not 32 bytes; otherwise as
 *   {@link encodeDeckKeyInput}.
 */
export function deriveDeckKey(serverSeed: Uint8Array, input: DeckKeyInput): Uint8Array {
  if (!(serverSeed instanceof Uint8Array) || serverSeed.length !== 32) {
    throw new FairdealError('BAD_SEED', 'server seed must be 32 bytes');
  }
  return hmacSha256(serverSeed, encodeDeckKeyInput(input));
}

/**
 * Client seeds in canonical order (by UTF-8 bytes of the player id), checked and copied.
 *
 * @example
 * ```ts
 * sortClients([{ player: 'b', seed: 'x' }, { player: 'a', seed: 'y' }]); // a, b
 * ```
 * @throws {FairdealError} `BAD_OPTION` for a duplicate player id, an empty or over-long text.
 */
export function sortClients(clients: readonly ClientSeed[]): ClientSeed[] {
  if (!Array.isArray(clients)) throw new TypeError('clients must be an array');
  const out = clients.map((c) => ({
    player: checkText(c?.player, 'player id'),
    seed: checkText(c?.seed, 'client seed'),
  }));
  out.sort((a, b) => compareUtf8(a.player, b.player));
  for (let i = 1; i < out.length; i++) {
    if (out[i]!.player === out[i - 1]!.player) {
      throw new FairdealError('BAD_OPTION', `player id '${out[i]!.player}' appears twice`);
    }
  }
  return out;
}
