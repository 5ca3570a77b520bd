// Cards on the felt (docs/WEB.md, "Sit at a table"): a face-down fan named by its count, and
// face-up cards as a labelled list. Neither holds anything focusable.
import { parseCard } from '../index.ts';
import { cardImage } from './card-image.ts';
import { el } from './dom.ts';
import { lang } from './i18n.ts';

/**
 * Face-down cards: backs hidden from screen readers, one image named by its count — not a list
 * (a list with role="img" orphans its items).
 *
 * @example
 * ```ts
 * box.append(backs(17, 'bob: 17 cards face down'));
 * ```
 */
export function backs(count: number, label: string): HTMLElement {
  const fan = el('div', 'hand backs');
  fan.setAttribute('role', 'img');
  fan.setAttribute('aria-label', label);
  for (let i = 0; i < count; i++) {
    const slot = el('span');
    const img = el('img', 'card back');
    img.src = '/static/img/back.svg';
    img.alt = '';
    img.width = 60;
    img.height = 84;
    slot.append(img);
    fan.append(slot);
  }
  return fan;
}

/**
 * Face-up cards as a list labelled `label`, each image named for screen readers.
 *
 * @example
 * ```ts
 * box.append(faceUp(['3H', 'BJ'], 'On the table'));
 * ```
 */
export function faceUp(ids: readonly string[], label: string): HTMLElement {
  const list = el('ul', 'hand');
  list.setAttribute('aria-label', label);
  for (const id of ids) {
    const li = el('li');
    li.append(cardImage(parseCard(id), lang()));
    list.append(li);
  }
  return list;
}
