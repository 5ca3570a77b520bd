import { BufferedSource } from '../../src/random/buffered-source.ts';

/**
 * A pooled source that plays back given words, `chunk` at a time: the same class of source as
 * secureRandom and chacha20, so shuffles take their pooled (speculative) path, with the pool
 * boundaries wherever a test wants them. Throws once the script is used up.
 */
export class ScriptedPool extends BufferedSource {
  readonly #words: readonly number[];
  readonly #chunk: number;
  #at = 0;

  constructor(words: readonly number[], chunk = 16384) {
    super(chunk);
    this.#words = words;
    this.#chunk = chunk;
  }

  /** Words handed to the pool so far (the pool may not have given them all out yet). */
  get loaded(): number {
    return this.#at;
  }

  protected refill(buffer: Uint32Array): number {
    const take = Math.min(this.#chunk, this.#words.length - this.#at);
    if (take <= 0) throw new RangeError(`scripted pool ran out after ${this.#at} words`);
    for (let i = 0; i < take; i++) buffer[i] = this.#words[this.#at + i]! >>> 0;
    this.#at += take;
    return take;
  }
}
