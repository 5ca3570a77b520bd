import { ApiError } from '../deck/api-error.ts';
import type { Piles, PublicAction, StreetName } from './table-doc.ts';
import type { Viewer } from './viewer.ts';

/**
 * Deals the next street held back at the deal: its burn card goes face down to `burns`, its
 * cards face up to `board`, and the public log names the street and its cards. The host or any
 * seat may deal it; `street`, when sent, must name the next one (two clients that both meant to
 * deal the flop do not deal the flop and the turn).
 *
 * @example
 * ```ts
 * dealStreet(piles, { kind: 'host' }, { street: 'flop' }).action;
 * // { type: 'street', seat: null, pile: 'flop', cards: ['2C', '3C', '4C'] }
 * ```
 * @throws {ApiError} 409 `NO_STREET_LEFT` when the river is out (or the game has no streets), 409 `WRONG_STREET` when
 *   `street` is not the next one.
 */
export function dealStreet(
  piles: Piles,
  viewer: Viewer,
  req: { readonly street?: StreetName },
): { piles: Piles; action: PublicAction } {
  const named = req.street;
  const [next, ...rest] = piles.streets ?? [];
  if (next === undefined) {
    throw new ApiError(
      409,
      'NO_STREET_LEFT',
      'No street is left to deal: the river is out, or this game shows its board at the deal.',
    );
  }
  if (named !== undefined && named !== next.name) {
    throw new ApiError(409, 'WRONG_STREET', `The next street is the ${next.name}.`, {
      next: next.name,
    });
  }
  return {
    piles: {
      ...piles,
      burns: [...piles.burns, ...next.burn],
      board: [...piles.board, ...next.cards],
      streets: rest,
    },
    action: {
      type: 'street',
      seat: viewer.kind === 'seat' ? viewer.seat : null,
      pile: next.name,
      cards: [...next.cards],
    },
  };
}
