import type { Card } from '../index.ts';
import { parseCard } from '../index.ts';
import { cardImageUrl, cardLabel } from './card-label.ts';
import type { Lang } from './i18n.ts';

/**
 * An `<img>` of a card face, labelled for screen readers in the page's language; `data-card`
 * keeps the card's id so {@link relabelCards} can follow a language switch.
 *
 * @example
 * ```ts
 * hand.append(cardImage(parseCard('RJ'), 'en')); // alt="大王 big joker"
 * ```
 * @throws never for a Card.
 */
export function cardImage(card: Card, language: Lang, className = 'card'): HTMLImageElement {
  const img = document.createElement('img');
  img.className = className;
  img.src = cardImageUrl(card);
  img.alt = cardLabel(card, language);
  img.width = 60;
  img.height = 84;
  img.decoding = 'async';
  img.dataset.card = card.id;
  return img;
}

/** Re-labels every card image under `root` (after a language switch). */
export function relabelCards(root: ParentNode, language: Lang): void {
  for (const img of Array.from(root.querySelectorAll<HTMLImageElement>('img[data-card]'))) {
    img.alt = cardLabel(parseCard(img.dataset.card ?? ''), language);
  }
}
