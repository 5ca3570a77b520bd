import { toShuffled } from '../shuffle/to-shuffled.ts';
import { DeckKeystream } from './deck-keystream.ts';

/** The stream of the last shuffle, restarted for the next one (DeckKeystream.restart says why).
 *  Taken while in use, so a shuffle that re-entered (through a Proxy deck) makes its own. */
let spare: DeckKeystream | null = null;

/**
 * The fair deck of a hand: the canonical deck shuffled by fairdeal's Fisher–Yates (forward,
 * batched exact bounded integers; docs/RANDOM.md) reading the ChaCha20 stream keyed by the deck
 * key, stream 0 (the words of `chacha20(key)`, from a source sized for one deck). Index 0 is the
 * top card, dealt first. Works on card ids, on Card objects or on a Uint32Array (a fair deal
 * shuffles its cards' hand ranks) alike.
 *
 * @example
 * ```ts
 * const deck = shuffleDeck(deriveDeckKey(serverSeed, input), input.deck);
 * ```
 * @throws {FairdealError} `BAD_SEED` if the key is not 32 bytes.
 */
export function shuffleDeck<T>(key: Uint8Array, canonical: readonly T[]): T[];
export function shuffleDeck(key: Uint8Array, canonical: Uint32Array): Uint32Array;
export function shuffleDeck<T>(
  key: Uint8Array,
  canonical: readonly T[] | Uint32Array,
): T[] | Uint32Array {
  const cards = canonical.length;
  let stream = spare;
  if (stream?.restart(key, cards) === true) spare = null;
  else stream = new DeckKeystream(key, cards);
  try {
    return Array.isArray(canonical)
      ? toShuffled(canonical as readonly T[], stream)
      : toShuffled(canonical as Uint32Array, stream);
  } finally {
    stream.forgetKey();
    spare = stream;
  }
}
