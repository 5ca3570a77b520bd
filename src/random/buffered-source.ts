import type { RandomSource } from './source.ts';

/**
 * In-place reads of a {@link BufferedSource}'s buffer, for the shuffle's hot loop alone
 * (src/shuffle/speculate.ts). It lives here, set from inside the class, because only the class
 * body can reach its `#private` fields; no package entry point exports it, so users still see
 * nothing but `nextUint32` and `fillUint32`, which copy.
 *
 * The contract of the stream is unchanged: a reader must leave `seek` pointing just past the
 * last word it used, so later draws see exactly the words `nextUint32` would have given.
 */
export interface PoolAccess {
  /** The buffer as signed 32-bit integers (the same memory): V8 keeps int32 loads in registers,
   *  where a Uint32Array word ≥ 2^31 would become a double. */
  words(source: BufferedSource): Int32Array;
  /** Index of the next unread word. */
  position(source: BufferedSource): number;
  /** End of the buffered words: [position, end) are unread. */
  end(source: BufferedSource): number;
  /** Marks every word before `position` as read (position ≤ end). */
  seek(source: BufferedSource, position: number): void;
}

/** Filled in by the class's static block below; see {@link PoolAccess}. */
export const poolAccess = {} as PoolAccess;

/**
 * A source that hands out words from a private buffer and refills it in bulk. Both built-in
 * sources extend it, so a shuffle's call site sees one `nextUint32` implementation whichever of
 * them it is given, and V8 inlines it (a call per word is most of a shuffle's cost otherwise).
 *
 * The buffer is never exposed: `fillUint32` copies out of it.
 */
export abstract class BufferedSource implements RandomSource {
  readonly #buffer: Uint32Array;
  readonly #words: Int32Array;
  #position = 0;
  #length = 0;

  static {
    poolAccess.words = (source) => source.#words;
    poolAccess.position = (source) => source.#position;
    poolAccess.end = (source) => source.#length;
    poolAccess.seek = (source, position) => {
      source.#position = position;
    };
  }

  protected constructor(capacity: number) {
    this.#buffer = new Uint32Array(capacity);
    this.#words = new Int32Array(this.#buffer.buffer);
  }

  /** Overwrites the start of `buffer` with the next words of the stream; returns how many (> 0). */
  protected abstract refill(buffer: Uint32Array): number;

  nextUint32(): number {
    if (this.#position === this.#length) {
      this.#length = this.refill(this.#buffer);
      this.#position = 0;
    }
    return this.#buffer[this.#position++]!;
  }

  fillUint32(target: Uint32Array): void {
    let i = 0;
    while (i < target.length) {
      if (this.#position === this.#length) {
        this.#length = this.refill(this.#buffer);
        this.#position = 0;
      }
      const take = Math.min(this.#length - this.#position, target.length - i);
      target.set(this.#buffer.subarray(this.#position, this.#position + take), i);
      this.#position += take;
      i += take;
    }
  }
}
