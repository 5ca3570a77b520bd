import type { RandomSource } from './source.ts';

/**
 * A source that hands out words from a private buffer and refills it in bulk. Both built-in
 * sources extend it, so a shuffle's call site sees one `nextUint32` implementation whichever of
 * them it is given, and V8 inlines it (a call per word is most of a shuffle's cost otherwise).
 *
 * The buffer is never exposed: `fillUint32` copies out of it.
 */
export abstract class BufferedSource implements RandomSource {
  readonly #buffer: Uint32Array;
  #position = 0;
  #length = 0;

  protected constructor(capacity: number) {
    this.#buffer = new Uint32Array(capacity);
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
