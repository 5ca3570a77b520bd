import { type Card, parseCard } from '../../index.ts';
import { ApiError } from '../deck/api-error.ts';

/**
 * Card objects for card ids (piles hold ids such as `AS` or `AS#2`).
 *
 * @example
 * ```ts
 * cardsOf(['AS', 'BJ']).map((c) => c.id); // ['AS', 'BJ']
 * ```
 * @throws {ApiError} 400 `BAD_CARD` for a string that is not a card id (the text is not echoed).
 */
export function cardsOf(ids: readonly string[]): Card[] {
  return ids.map((id) => {
    let card: Card;
    try {
      card = parseCard(id);
    } catch {
      throw new ApiError(400, 'BAD_CARD', 'A card id is not a card.');
    }
    if (card.id !== id)
      throw new ApiError(
        400,
        'BAD_CARD',
        'Write card ids as the table does (e.g. AS, TH, BJ, AS#2).',
      );
    return card;
  });
}
