import type { Card } from '../../cards/index.ts';
import { FairdealError } from '../../errors.ts';
import type { Play } from './play-types.ts';
import { RANK_LABELS, rankIndex } from './ranks.ts';

/**
 * Concrete cards from `hand` for a rank pattern: for each rank of the play, the first card of
 * that rank not yet taken, in hand order (deterministic; suits never matter in Dou Dizhu). A pass
 * takes no cards.
 *
 * @example
 * ```ts
 * const hand = parseCards('3S 3H 3D 4C');
 * cardsFor(hand, classify(parseCards('3D 3C 3S 4H'))!).map((c) => c.id); // ['3S', '3H', '3D', '4C']
 * ```
 * @throws {FairdealError} `CARD_NOT_FOUND` if the hand lacks a card the play needs.
 * @throws {TypeError} if `hand` is not an array of Cards.
 */
export function cardsFor(hand: readonly Card[], play: Play): Card[] {
  if (!Array.isArray(hand)) throw new TypeError('hand must be an array of Cards');
  const byRank: Card[][] = Array.from({ length: RANK_LABELS.length }, () => []);
  for (const card of hand) byRank[rankIndex(card)]!.push(card);
  const taken = new Array<number>(RANK_LABELS.length).fill(0);
  return play.ranks.map((r) => {
    const card = byRank[r]?.[taken[r]!];
    if (card === undefined) {
      throw new FairdealError(
        'CARD_NOT_FOUND',
        `the hand has no ${RANK_LABELS[r]} left for this play`,
        {
          rank: RANK_LABELS[r],
        },
      );
    }
    taken[r]!++;
    return card;
  });
}
