import { FairdealError } from '../errors.ts';
import type { Card } from './card.ts';
import type { CardNotation } from './notation.ts';
import { formatChineseNotation } from './notation-chinese.ts';
import { formatSymbolNotation } from './notation-code.ts';
import { formatDeckOfCardsNotation } from './notation-deckofcards.ts';
import { formatPokersolverNotation } from './notation-pokersolver.ts';
import { formatRlcardNotation } from './notation-rlcard.ts';
import { formatUnicodeNotation } from './notation-unicode.ts';

const FORMATTERS: Record<CardNotation, (card: Card) => string> = {
  code: (card) => card.code,
  id: (card) => card.id,
  symbol: formatSymbolNotation,
  deckofcards: formatDeckOfCardsNotation,
  rlcard: formatRlcardNotation,
  pokersolver: formatPokersolverNotation,
  unicode: formatUnicodeNotation,
  chinese: formatChineseNotation,
};

/**
 * Writes one card in a notation (see {@link CardNotation}); `id` is the only one that keeps the
 * deck copy.
 *
 * @example
 * ```ts
 * formatCard(parseCard('TH'), 'symbol');      // '10♥'
 * formatCard(parseCard('TH'), 'deckofcards'); // '0H'
 * formatCard(parseCard('RJ'), 'chinese');     // '大王'
 * ```
 * @throws {FairdealError} `BAD_CARD` for a joker in `pokersolver` notation (it has none).
 * @throws {FairdealError} `BAD_OPTION` for an unknown notation.
 * @throws {TypeError} if `card` is not a Card.
 */
export function formatCard(card: Card, notation: CardNotation = 'code'): string {
  if (card === null || typeof card !== 'object' || typeof card.code !== 'string') {
    throw new TypeError('formatCard needs a Card');
  }
  const format = FORMATTERS[notation];
  if (format === undefined) {
    throw new FairdealError('BAD_OPTION', `unknown card notation '${String(notation)}'`);
  }
  return format(card);
}

/**
 * Writes cards separated by `separator` (a space by default).
 *
 * @example
 * ```ts
 * formatCards(parseCards('AS TH'), 'symbol'); // 'A♠ 10♥'
 * ```
 * @throws {FairdealError} as {@link formatCard}.
 */
export function formatCards(
  cards: readonly Card[],
  notation: CardNotation = 'code',
  separator = ' ',
): string {
  return cards.map((c) => formatCard(c, notation)).join(separator);
}
