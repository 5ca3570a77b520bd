import { markPredictable } from './predictable.ts';
import type { RandomSource } from './source.ts';

/**
 * A source that plays back given words, then throws — for proofs and tests, never for play.
 * Exhaustive tests feed it every word (or every index sequence) and count what comes out.
 *
 * @example
 * ```ts
 * const rng = scriptedSource([0, 0xffffffff]);
 * rng.nextUint32(); // 0
 * ```
 * @throws {RangeError} from `nextUint32` once the script is used up.
 */
export function scriptedSource(words: ArrayLike<number>): RandomSource & { readonly used: number } {
  let at = 0;
  const next = (): number => {
    if (at >= words.length) throw new RangeError(`scripted source ran out after ${at} words`);
    return words[at++]! >>> 0;
  };
  return markPredictable({
    get used() {
      return at;
    },
    nextUint32: next,
    fillUint32(target: Uint32Array): void {
      for (let i = 0; i < target.length; i++) target[i] = next();
    },
  });
}
