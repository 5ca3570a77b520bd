// A Dou Dizhu hand type (牌型) in the page's language: the rules library names each type in
// English and Chinese (PLAY_TYPE_NAMES); the wire carries its code (`single`, `trio-pair`).
import { PLAY_TYPE_NAMES, type PlayType } from '../rules/doudizhu/index.ts';
import type { Lang } from './i18n.ts';

/**
 * The name of play type `type` in `language`: `single` → "single" / "单张"; a type the rules do
 * not name stays as it is.
 *
 * @example
 * ```ts
 * playTypeName('trio-pair', 'zh'); // '三带二'
 * ```
 */
export function playTypeName(type: string, language: Lang): string {
  return Object.hasOwn(PLAY_TYPE_NAMES, type) ? PLAY_TYPE_NAMES[type as PlayType][language] : type;
}
