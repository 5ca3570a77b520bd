// English and Chinese for the page (docs/WEB.md, "Languages"). The words are in words-en.ts and
// words-zh.ts, one key each; static text carries `data-i18n="key"` (`data-i18n-label` for an
// aria-label), code asks `t`, `tf` (slots) or `tn` (a count). The choice is kept in localStorage
// (no cookie, nothing sent anywhere).
import { EN, type Key } from './words-en.ts';
import { ZH } from './words-zh.ts';

export type { Key } from './words-en.ts';

export type Lang = 'en' | 'zh';

/** Slot values: text, or numbers written as they are. */
export type Vars = Readonly<Record<string, string | number>>;

let current: Lang = 'en';
const listeners: Array<() => void> = [];

/** The current language. */
export function lang(): Lang {
  return current;
}

/**
 * Every key of the page's words (for the tests, which hold both languages to them).
 *
 * @example
 * ```ts
 * KEYS.includes('tab.deal'); // true
 * ```
 */
export const KEYS: readonly Key[] = Object.freeze(Object.keys(EN) as Key[]);

/**
 * Whether `key` is one of the page's keys: the words for a code or a name made at run time
 * (`error.${code}`, `preset.${name}`) are looked up only when it is.
 *
 * @example
 * ```ts
 * isKey('error.SEAT_TAKEN'); // true
 * ```
 */
export function isKey(key: string): key is Key {
  return Object.hasOwn(EN, key);
}

/**
 * The label `key` in language `language` (pure: the tests read both languages with it).
 *
 * @example
 * ```ts
 * label('zh', 'table.voidGo'); // '作废本局'
 * ```
 */
export function label(language: Lang, key: Key): string {
  return (language === 'zh' ? ZH : EN)[key];
}

/** The label `key` in the current language. */
export function t(key: Key): string {
  return label(current, key);
}

/**
 * The label `key` in the current language with its `{name}` slots filled from `vars`.
 *
 * @example
 * ```ts
 * tf('table.kick', { name: 'bob' }); // 'Kick bob'
 * ```
 */
export function tf(key: Key, vars: Vars): string {
  return fill(t(key), vars);
}

/**
 * The plural pair `base.one` / `base.other` for `n` in `language` (Intl.PluralRules: English
 * says "1 card", "2 cards"; Chinese has one form), its `{n}` and other slots filled.
 *
 * @example
 * ```ts
 * countLabel('en', 'count.cards', 1); // '1 card'
 * ```
 */
export function countLabel(language: Lang, base: string, n: number, vars: Vars = {}): string {
  const rule = new Intl.PluralRules(language === 'zh' ? 'zh-CN' : 'en').select(n);
  const key = `${base}.${rule}`;
  const chosen = isKey(key) ? key : `${base}.other`;
  if (!isKey(chosen)) throw new Error(`no plural words for ${base}`);
  return fill(label(language, chosen), { ...vars, n });
}

/** {@link countLabel} in the current language: `tn('count.cards', 17)` is "17 cards" / "17 张". */
export function tn(base: string, n: number, vars: Vars = {}): string {
  return countLabel(current, base, n, vars);
}

/**
 * A list as the language writes one: "a, b" in English, "a、b" in Chinese.
 *
 * @example
 * ```ts
 * list(['ann', 'bob']); // 'ann, bob'
 * ```
 */
export function list(items: readonly string[]): string {
  return items.join(t('list.sep'));
}

/** `{name}` slots of `text` filled from `vars` (a slot without a value stays as it is). */
export function fill(text: string, vars: Vars): string {
  return text.replace(/\{(\w+)\}/g, (slot, name: string) =>
    name in vars ? String(vars[name]) : slot,
  );
}

/** Calls `fn` after every language change (views re-render their dynamic parts). */
export function onLanguageChange(fn: () => void): void {
  listeners.push(fn);
}

/** Sets the language: `<html lang>`, every `[data-i18n]` element, then the listeners. */
export function setLanguage(next: Lang): void {
  current = next;
  document.documentElement.lang = next === 'zh' ? 'zh-CN' : 'en';
  document.title = t('title');
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-i18n]'))) {
    const key = el.dataset.i18n ?? '';
    if (isKey(key)) el.textContent = t(key);
  }
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-i18n-label]'))) {
    const key = el.dataset.i18nLabel ?? '';
    if (isKey(key)) el.setAttribute('aria-label', t(key));
  }
  try {
    localStorage.setItem('fairdeal-lang', next);
  } catch {
    // Storage may be disabled (private mode): the choice then lasts for this page only.
  }
  for (const fn of listeners) fn();
}

/** The saved language, else the browser's (Chinese when it prefers any zh). */
export function initialLanguage(): Lang {
  try {
    const saved = localStorage.getItem('fairdeal-lang');
    if (saved === 'en' || saved === 'zh') return saved;
  } catch {
    // ignore: see setLanguage
  }
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
