import type { DarkGroup, DarkPoint } from './load-group.ts';

/**
 * The joint ElGamal key H = Σ h_i of every seat's checked key share: decrypting needs every
 * seat's secret, so no coalition short of all seats can open a card.
 *
 * @example
 * ```ts
 * const H = jointKey(group, keys.map((k) => checkSeatKey(group, context, k)));
 * ```
 */
export function jointKey(group: DarkGroup, keys: readonly DarkPoint[]): DarkPoint {
  let sum = group.Point.ZERO;
  for (const h of keys) sum = sum.add(h);
  return sum;
}
