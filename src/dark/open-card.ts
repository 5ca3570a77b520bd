import { FairdealError } from '../errors.ts';
import { pointHex } from './bytes.ts';
import type { DarkDeck } from './card-points.ts';
import type { DarkPoint } from './load-group.ts';

/**
 * Opens a ciphertext with every seat's checked share: M = B − Σ D_i, looked up among the deck's
 * elements. With a share missing the result is a uniformly distributed element, no card.
 *
 * @example
 * ```ts
 * openCard(deck, b, [d0, d1, d2], 5); // 'QH', with b the ciphertext's B and every seat's share
 * ```
 * @throws {FairdealError} `REVEAL_MISMATCH` when the element is none of the deck's cards.
 */
export function openCard(
  deck: DarkDeck,
  b: DarkPoint,
  shares: readonly DarkPoint[],
  position: number,
): string {
  let m = b;
  for (const d of shares) m = m.subtract(d);
  const id = deck.cardOf(pointHex(m));
  if (id === undefined) {
    throw new FairdealError(
      'REVEAL_MISMATCH',
      `position ${position} opens to no card of the deck: a shuffle step was not honest (the revealed seeds name the seat)`,
      { position, check: 'card' },
    );
  }
  return id;
}
