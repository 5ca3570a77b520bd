import { bytesToHex } from '../random/hex.ts';

/** ColorBrewer RdBu end points and midpoint (Brewer 2003): blue = too rare, red = too often. */
const BLUE = [33, 102, 172];
const WHITE = [247, 247, 247];
const RED = [178, 24, 43];

/**
 * A colour on a diverging blue–white–red scale for t in [−1, 1] (clamped): −1 blue, 0 white,
 * +1 red. Perceptually symmetric enough for a heatmap of deviations.
 *
 * @example
 * ```ts
 * divergingColor(0); // '#f7f7f7'
 * ```
 * @throws never.
 */
export function divergingColor(t: number): string {
  if (typeof t !== 'number') throw new TypeError('divergingColor needs a number');
  const x = Number.isNaN(t) ? 0 : Math.max(-1, Math.min(1, t));
  const [from, to, f] = x < 0 ? [WHITE, BLUE, -x] : [WHITE, RED, x];
  const rgb = from.map((c, i) => Math.round(c + (to[i]! - c) * f));
  return `#${bytesToHex(Uint8Array.from(rgb))}`;
}
