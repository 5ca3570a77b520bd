import { reduce16, reduce32 } from './lemire.ts';
import type { RandomSource } from './source.ts';

/**
 * Draws the exact bounded indices of one shuffle from a word stream, spending 16 bits per draw
 * while the bound fits 16 bits (any deck or shoe: 20 decks of 54 are 1,080 cards) and 32 bits
 * above. Half the words of a 32-bit-per-draw loop: a 52-card shuffle reads 26 words.
 *
 * The reading order is part of the value-stability contract (docs/RANDOM.md, "shuffle v1"):
 * the low half of a word is used first, then its high half; a draw with a bound over 65,536 drops
 * a pending half and reads a whole word; a half left at the end is discarded with the drawer.
 *
 * One drawer lives for one shuffle (or sample) call; V8 inlines it and removes the allocation.
 */
export class IndexDrawer {
  readonly #source: RandomSource;
  #high = 0;
  #pending = false;

  constructor(source: RandomSource) {
    this.#source = source;
  }

  /** An exact uniform integer in [0, bound), for 1 ≤ bound ≤ 2^32. */
  next(bound: number): number {
    if (bound <= 65536) {
      for (;;) {
        let x: number;
        if (this.#pending) {
          x = this.#high;
          this.#pending = false;
        } else {
          const word = this.#source.nextUint32();
          x = word & 0xffff;
          this.#high = word >>> 16;
          this.#pending = true;
        }
        const j = reduce16(x, bound);
        if (j >= 0) return j;
      }
    }
    this.#pending = false;
    for (;;) {
      const j = reduce32(this.#source.nextUint32(), bound);
      if (j >= 0) return j;
    }
  }
}
