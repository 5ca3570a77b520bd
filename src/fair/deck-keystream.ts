import { FairdealError } from '../errors.ts';
import { BufferedSource } from '../random/buffered-source.ts';
import { chacha20Block } from '../random/chacha20-block.ts';

/** RFC 8439 §2.3: a 32-bit block counter. */
const MAX_BLOCKS = 2 ** 32;
/** Beyond this a deck is no longer a card deck; refills stay at 4 KiB. */
const MAX_REFILL_BLOCKS = 64;
const NONCE_ZERO = new Uint32Array(3);

/**
 * The ChaCha20 keystream of a deck key (docs/FAIR.md §7: RFC 8439, counter from 0, nonce 12 zero
 * bytes, little-endian words) — exactly the words of `chacha20(key)` — sized for one shuffle.
 * `chacha20()` is built for long runs: a 4 KiB pool, refills of 1, 2, 4 … blocks, a native
 * cipher after a while; a fair deal reads 27 words of a 54-card deck once, and the pool was a
 * tenth of its cost (issue 11). This one computes ⌈words / 16⌉ blocks of a deck's expected
 * ⌈(n − 1) / 2⌉ words, plus slack for rejected halves, in portable code, at the first read.
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
  readonly #blocks: number;
  #counter = 0;

  constructor(key: Uint8Array, cards: number) {
    const words = Math.ceil(Math.max(cards - 1, 0) / 2) + 2; // + 2: a rejected half or two
    const blocks = Math.min(Math.ceil(words / 16), MAX_REFILL_BLOCKS);
    super(blocks * 16);
    if (!(key instanceof Uint8Array) || key.length !== 32) {
      throw new FairdealError('BAD_SEED', 'a deck key must be 32 bytes');
    }
    for (let i = 0; i < 8; i++) {
      const o = i * 4;
      this.#key[i] = key[o]! | (key[o + 1]! << 8) | (key[o + 2]! << 16) | (key[o + 3]! << 24);
    }
    this.#blocks = blocks;
  }

  protected refill(buffer: Uint32Array): number {
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
