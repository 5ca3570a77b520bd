import { FairdealError } from '../errors.ts';
import { BufferedSource } from '../random/buffered-source.ts';
import { chacha20Block, keyWordsInto } from '../random/chacha20-block.ts';

/** RFC 8439 §2.3: a 32-bit block counter. */
const MAX_BLOCKS = 2 ** 32;
/** Beyond this a deck is no longer a card deck; refills stay at 4 KiB. */
const MAX_REFILL_BLOCKS = 64;
const NONCE_ZERO = new Uint32Array(3);

/** Blocks per refill for a deck of `cards`: its expected ⌈(n − 1) / 2⌉ words, + 2 for a rejected
 *  half or two, in whole blocks. */
function blocksFor(cards: number): number {
  const words = Math.ceil(Math.max(cards - 1, 0) / 2) + 2;
  return Math.min(Math.ceil(words / 16), MAX_REFILL_BLOCKS);
}

function checkKey(key: Uint8Array): void {
  if (!(key instanceof Uint8Array) || key.length !== 32) {
    throw new FairdealError('BAD_SEED', 'a deck key must be 32 bytes');
  }
}

/**
 * The ChaCha20 keystream of a deck key (docs/FAIR.md §7: RFC 8439, counter from 0, nonce 12 zero
 * bytes, little-endian words) — exactly the words of `chacha20(key)` — sized for one shuffle.
 * `chacha20()` is built for long runs: a pool growing to 4 KiB, refills of 2, 4, 8 … blocks, a
 * native cipher after a while; a fair deal reads 27 words of a 54-card deck once, and such a
 * source's making was a tenth of its cost (issue 11). This one computes ⌈words / 16⌉ blocks of
 * a deck's expected ⌈(n − 1) / 2⌉ words, plus slack for rejected halves, in portable code, at
 * the first read.
 * Reading ahead changes nothing (§7). deck-keystream.test.ts checks it word for word against
 * `chacha20(key)`.
 *
 * @example
 * ```ts
 * const deck = toShuffled(['AS', 'KS', 'QS'], new DeckKeystream(serverSeed, 3)); // serverSeed: any 32-byte key
 * ```
 * @throws {FairdealError} `BAD_SEED` if the key is not 32 bytes; `STREAM_EXHAUSTED` past 2^32
 *   blocks (as `chacha20`).
 */
export class DeckKeystream extends BufferedSource {
  readonly #key = new Uint32Array(8);
  /** Blocks the buffer holds. */
  readonly #capacity: number;
  /** Blocks per refill for the current deck (≤ #capacity). */
  #blocks: number;
  #counter = 0;
  /** Set by restart while the old key's buffered words are read away. */
  #draining = false;

  constructor(key: Uint8Array, cards: number) {
    const blocks = blocksFor(cards);
    super(blocks * 16);
    this.#setKey(key);
    this.#capacity = blocks;
    this.#blocks = blocks;
  }

  /**
   * Starts this stream over as `new DeckKeystream(key, cards)` would, if its buffer is large
   * enough (else returns false and changes nothing): a source is two typed arrays outside V8's
   * heap, and making them cost as much as the shuffle of a 54-card deck (issue 11).
   *
   * @example
   * ```ts
   * const stream = new DeckKeystream(serverSeed, 54);
   * stream.restart(serverSeed, 52); // true: the same words as a new stream of this key
   * ```
   * @throws {FairdealError} `BAD_SEED` if the key is not 32 bytes.
   */
  restart(key: Uint8Array, cards: number): boolean {
    const blocks = blocksFor(cards);
    if (!(blocks <= this.#capacity)) return false;
    checkKey(key);
    // Read the old key's buffered words away (at most a refill's worth, of which a shuffle
    // has used most): refill, asked while draining, gives one placeholder word, which the last
    // read takes, so the next read refills from block 0 of the new key. Only the shuffle's fast
    // paths may move the pool's position directly (test/layering.test.ts), so it is done by
    // reading.
    this.#draining = true;
    while (this.#draining) this.nextUint32();
    this.#setKey(key);
    this.#blocks = blocks;
    this.#counter = 0;
    return true;
  }

  /** Zeroes the key (the buffered words stay, as in any used source, until the next refill). */
  forgetKey(): void {
    for (let i = 0; i < 8; i++) this.#key[i] = 0;
  }

  #setKey(key: Uint8Array): void {
    checkKey(key);
    keyWordsInto(key, this.#key);
  }

  protected refill(buffer: Uint32Array): number {
    if (this.#draining) {
      this.#draining = false;
      buffer[0] = 0;
      return 1;
    }
    const blocks = Math.min(this.#blocks, MAX_BLOCKS - this.#counter);
    if (blocks <= 0) {
      throw new FairdealError(
        'STREAM_EXHAUSTED',
        'chacha20 stream exhausted: RFC 8439 allows 2^32 blocks (256 GiB) per seed and stream',
      );
    }
    for (let b = 0; b < blocks; b++) {
      chacha20Block(this.#key, this.#counter++, NONCE_ZERO, buffer, b * 16);
    }
    return blocks * 16;
  }
}

Object.freeze(DeckKeystream.prototype);
