import { errorWords, type RefusalContext } from './error-words.ts';
import { lang, onLanguageChange, tf } from './i18n.ts';

/**
 * The element with this id, typed; the page's HTML is ours, so a missing id is a bug.
 *
 * @example
 * ```ts
 * byId<HTMLInputElement>('deal-seats').value;
 * ```
 * @throws {Error} if there is no such element.
 */
export function byId<E extends HTMLElement = HTMLElement>(id: string): E {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`page element #${id} is missing`);
  return el as E;
}

/** What each message box shows, to say it again when the language changes. */
const shown = new Map<HTMLElement, () => void>();
onLanguageChange(() => {
  for (const [box, draw] of shown) if (!box.hidden) draw();
});

/**
 * Shows an error in `box` in the page's words (error-words.ts: its code and reason, the cards of
 * the refused play named as the page labels them), never a stack trace nor the service's English
 * sentence; the code and reason stay on the box as `data-code` and `data-reason`. It is said
 * again in the new language when the language changes.
 *
 * @example
 * ```ts
 * showError(byId('table-error'), e, { cards: ['BJ', '3H'] });
 * ```
 */
export function showError(box: HTMLElement, error: unknown, ctx: RefusalContext = {}): void {
  const draw = () => {
    const words = errorWords(error, lang(), ctx);
    box.replaceChildren(tf('error.line', { text: words.text }));
    if (words.detail !== undefined) box.append(' ', el('code', '', words.detail));
    setData(box, 'code', words.code);
    setData(box, 'reason', words.reason);
  };
  shown.set(box, draw);
  draw();
  box.hidden = false;
}

/**
 * Shows the page's own message in `box` (words it already has, in the current language: `say`
 * is asked again after a language change), with an optional code kept as `data-code`.
 *
 * @example
 * ```ts
 * showMessage(byId('table-error'), () => t('table.selectFirst'));
 * ```
 */
export function showMessage(box: HTMLElement, say: () => string | Node[], code?: string): void {
  const draw = () => {
    const said = say();
    box.replaceChildren(...(typeof said === 'string' ? [tf('error.line', { text: said })] : said));
    setData(box, 'code', code);
    setData(box, 'reason', undefined);
  };
  shown.set(box, draw);
  draw();
  box.hidden = false;
}

function setData(box: HTMLElement, name: 'code' | 'reason', value: string | undefined): void {
  if (value === undefined) delete box.dataset[name];
  else box.dataset[name] = value;
}

/**
 * `{name}` slots of `text` filled with text or with nodes (a hex key, a seed, a field name in a
 * `<code>`), for a sentence that holds machine text.
 *
 * @example
 * ```ts
 * p.append(...fillNodes(tf('table.joined', { name }), { key: el('code', '', key.slice(0, 8)) }));
 * ```
 */
export function fillNodes(
  text: string,
  vars: Readonly<Record<string, string | number | Node>>,
): (string | Node)[] {
  const out: (string | Node)[] = [];
  let at = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    const value = vars[m[1]!];
    if (value === undefined) continue;
    out.push(text.slice(at, m.index));
    out.push(typeof value === 'object' ? value : String(value));
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return out.filter((x) => x !== '');
}

/**
 * Text whose `backticked` parts are code (a formula, an identifier of the founding documents'
 * code) as nodes: the code parts in `<code>`.
 *
 * @example
 * ```ts
 * p.append(...withCode('`* 51` never picks the last slot'));
 * ```
 */
export function withCode(text: string): (string | Node)[] {
  return text
    .split('`')
    .map((part, i) => (i % 2 === 1 ? el('code', '', part) : part))
    .filter((x) => x !== '');
}

/** Text with its backticks taken out (where no element can hold code: an `<option>`). */
export function plain(text: string): string {
  return text.replaceAll('`', '');
}

/** A new element with a class and text. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = '',
  text = '',
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className !== '') e.className = className;
  if (text !== '') e.textContent = text;
  return e;
}
