import { FairdealError } from '../../errors.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { drawAndRetry } from './draw-and-retry.ts';
import { drawAndRetryFull } from './draw-and-retry-full.ts';
import { drawMoveLast } from './draw-move-last.ts';
import { drawSplice } from './draw-splice.ts';
import { fisherYatesOriginal } from './fisher-yates-original.ts';
import { insertSplice } from './insert-splice.ts';
import { insideOut } from './inside-out.ts';
import { knuthDurstenfeld } from './knuth-durstenfeld.ts';
import { lastToRandom } from './last-to-random.ts';
import { offByOneDraw } from './off-by-one-draw.ts';
import { sortRandom } from './sort-random.ts';
import { swapAny } from './swap-any.ts';
import { swapAny51 } from './swap-any-51.ts';
import { swapForward } from './swap-forward.ts';
import { swapRandomPairs } from './swap-random-pairs.ts';

/**
 * Every shuffle of the founding documents, correct and flawed, in the order the documents meet
 * them. Each is faithful to its document (bugs included) and takes an optional `RandomSource`.
 *
 * @example
 * ```ts
 * catalog.filter((e) => !e.uniform).map((e) => e.name); // the flawed ones
 * ```
 */
export const catalog: readonly CatalogEntry[] = [
  drawAndRetry,
  drawAndRetryFull,
  drawSplice,
  drawMoveLast,
  swapForward,
  insertSplice,
  insideOut,
  swapRandomPairs,
  lastToRandom,
  offByOneDraw,
  swapAny,
  swapAny51,
  fisherYatesOriginal,
  knuthDurstenfeld,
  sortRandom,
];

/**
 * Looks up a catalogue algorithm by name.
 *
 * @example
 * ```ts
 * catalogEntry('swap-any').uniform; // false
 * ```
 * @throws {FairdealError} `BAD_OPTION` naming the unknown algorithm and listing the known ones.
 */
export function catalogEntry(name: string): CatalogEntry {
  const entry = catalog.find((e) => e.name === name);
  if (entry === undefined) {
    throw new FairdealError(
      'BAD_OPTION',
      `unknown algorithm '${name}' (known: ${catalog.map((e) => e.name).join(', ')})`,
      { name },
    );
  }
  return entry;
}
