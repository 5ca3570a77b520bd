// Cards named in running text as the page labels them (card-label.ts): 大王、红桃3 in Chinese,
// "大王 big joker, 3 of hearts" in English — never by their codes (BJ, 3H).
import { parseCard } from '../index.ts';
import { cardLabel } from './card-label.ts';
import { type Lang, label } from './i18n.ts';

/**
 * The cards with ids `ids` (`3H`, `BJ`, …) named for running text in `language`; an id that is
 * not a card stays as it is.
 *
 * @example
 * ```ts
 * cardNames(['BJ', '3H'], 'zh'); // '小王、红桃3'
 * ```
 */
export function cardNames(ids: readonly string[], language: Lang): string {
  return ids.map((id) => cardName(id, language)).join(label(language, 'list.sep'));
}

/**
 * One card named for running text (see {@link cardNames}).
 *
 * @example
 * ```ts
 * cardName('TH', 'en'); // '10 of hearts'
 * ```
 */
export function cardName(id: string, language: Lang): string {
  try {
    return cardLabel(parseCard(id), language);
  } catch {
    return id;
  }
}
