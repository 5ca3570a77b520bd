import { t } from './i18n.ts';

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

/** Shows an error's one-line message (never a stack trace) in `box`. */
export function showError(box: HTMLElement, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown })?.code;
  box.textContent = `${t('error.prefix')}${typeof code === 'string' ? ` (${code})` : ''}: ${message}`;
  box.hidden = false;
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
