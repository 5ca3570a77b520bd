import { IndexDrawer } from '../random/index-drawer.ts';
import type { RandomSource } from '../random/source.ts';

/** The indexable view the core loop needs; Arrays and TypedArrays both fit. */
export interface Swappable {
  readonly length: number;
  [index: number]: unknown;
}

/**
 * Fisher–Yates in Durstenfeld's in-place form (R. Durstenfeld, CACM 7(7), 1964; Knuth TAOCP vol. 2
 * §3.4.2, Algorithm P), run forward: position i, from 0 to n − 2, takes the item at a uniform
 * position j ∈ [i, n). Forward, so that position 0 (the top card, dealt first) is settled first
 * and the first k positions alone are a uniform k-sample (`sample` makes the same draws).
 *
 * Only positions below `limit` are filled; the draws for them are those of the whole shuffle.
 */
export function fisherYates(a: Swappable, limit: number, source: RandomSource): void {
  const n = a.length;
  const drawer = new IndexDrawer(source);
  for (let i = 0; i < limit; i++) {
    const j = i + drawer.next(n - i);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
