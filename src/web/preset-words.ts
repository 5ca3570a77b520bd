// The games and their seats in the page's words: a preset's title (`preset.<name>`) and the seat
// names the library deals with ("Seat 1", "Player 1", "House", "North", "Forehand") — the
// library's names are English data; the page says them in its language.
import { PRESETS } from '../index.ts';
import { fill, isKey, type Lang, label } from './i18n.ts';

/**
 * The title of preset `name` in `language` (the library's own title for a preset the page has no
 * words for: src/web/i18n.test.ts holds every shipped preset to having them).
 *
 * @example
 * ```ts
 * presetTitle('doudizhu', 'zh'); // '斗地主（3 人）'
 * ```
 */
export function presetTitle(name: string, language: Lang): string {
  const key = `preset.${name}`;
  return isKey(key) ? label(language, key) : (PRESETS[name]?.title ?? name);
}

/**
 * A seat name of a dealt hand (`Deal.seatNames`) in `language`: "Seat 3" → "座位 3",
 * "Player 1" → "玩家 1", "North" → "北"; a name the page does not know stays as it is.
 *
 * @example
 * ```ts
 * dealSeatName('Forehand', 'zh'); // '前手'
 * ```
 */
export function dealSeatName(name: string, language: Lang): string {
  const numbered = /^(Seat|Player) (\d+)$/.exec(name);
  if (numbered !== null) {
    const key = numbered[1] === 'Seat' ? 'seat.n' : 'seatName.Player';
    return fill(label(language, key), { n: Number(numbered[2]) });
  }
  const key = `seatName.${name}`;
  return isKey(key) ? label(language, key) : name;
}
