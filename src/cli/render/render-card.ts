import type { Card, CardNotation } from '../../index.ts';
import { formatCard } from '../../index.ts';
import { red } from './color.ts';

/** How cards are shown in the terminal. */
export type CardStyle = Extract<CardNotation, 'symbol' | 'code' | 'unicode' | 'chinese'>;

/**
 * One card for the terminal: `A♠`, `10♥` (red on a colour terminal), jokers `RJ` (big, red) and
 * `BJ` (small).
 *
 * @example
 * ```ts
 * renderCard(parseCard('TH'), { color: false, style: 'symbol' }); // '10♥'
 * ```
 * @throws never for a real card.
 */
export function renderCard(card: Card, options: { color: boolean; style: CardStyle }): string {
  const text = formatCard(card, options.style);
  return card.color === 'red' ? red(text, options.color) : text;
}

/**
 * Cards separated by spaces; `—` for none.
 *
 * @example
 * ```ts
 * renderCards([], { color: false, style: 'symbol' }); // '—'
 * ```
 * @throws never for real cards.
 */
export function renderCards(
  cards: readonly Card[],
  options: { color: boolean; style: CardStyle },
): string {
  return cards.length === 0 ? '—' : cards.map((c) => renderCard(c, options)).join(' ');
}
