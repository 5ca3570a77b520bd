import type { Card } from '../index.ts';
import { formatCard } from '../index.ts';
import type { Lang } from './i18n.ts';

const RANK_EN: Record<string, string> = {
  A: 'Ace',
  K: 'King',
  Q: 'Queen',
  J: 'Jack',
  T: '10',
};
const SUIT_EN: Record<string, string> = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };

/**
 * What a screen reader says for a card: "Ace of spades", "10 of hearts"; jokers carry their
 * Dou Dizhu names in both languages ("大王 big joker"), since that is how players call them.
 * In Chinese: 黑桃A, 红桃10, 大王, 小王.
 *
 * @example
 * ```ts
 * cardLabel(parseCard('AS'), 'en'); // 'Ace of spades'
 * ```
 * @throws never for a Card.
 */
export function cardLabel(card: Card, language: Lang): string {
  if (card.joker !== null) {
    const zh = card.joker === 'big' ? '大王' : '小王';
    return language === 'zh' ? zh : `${zh} ${card.joker} joker`;
  }
  if (language === 'zh') return formatCard(card, 'chinese');
  return `${RANK_EN[card.rank] ?? card.rank} of ${SUIT_EN[card.suit]}`;
}

/**
 * The service's image of a card: /static/img/<Deck of Cards code>.svg (`0H` is the ten, `X1` the
 * small joker, `X2` the big one). Deck copies share a face.
 *
 * @example
 * ```ts
 * cardImageUrl(parseCard('TH')); // '/static/img/0H.svg'
 * ```
 * @throws never for a Card.
 */
export function cardImageUrl(card: Card): string {
  return `/static/img/${formatCard(card, 'deckofcards')}.svg`;
}
