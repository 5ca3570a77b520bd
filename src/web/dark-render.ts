// The dark table's panel (docs/WEB.md, "Dark tables"): what a dark deal promises this viewer
// ("your cards are decrypted on this device; the server never saw them"), why this seat stopped
// taking part if it did, and this browser's own check of the hand once it ended — green only
// when every shuffle replayed and every share and card played was proven here.

import type { TableView } from '../client/index.ts';
import { darkCheckWords, darkVoidWords } from './dark-status.ts';
import type { DarkTable } from './dark-table.ts';
import { byId, el } from './dom.ts';
import { errorWords } from './error-words.ts';
import { lang, t, tf } from './i18n.ts';
import { displayName } from './table-names.ts';
import type { Sitting } from './table-sitting.ts';
import type { DealtHands } from './table-summary.ts';

function setText(box: HTMLElement, text: string): void {
  if (box.textContent !== text) box.textContent = text;
}

function troubleWords(s: Sitting, dark: DarkTable): string | null {
  const trouble = dark.trouble;
  if (trouble === null || s.table === null) return null;
  switch (trouble.kind) {
    case 'bad-message':
      return tf('dark.badMessage', { name: displayName(s.table, trouble.seat) });
    case 'lost':
      return t('dark.lost');
    case 'no-worker':
      return t('dark.noWorker');
    case 'refused':
      return errorWords(trouble.error, lang()).text;
  }
}

/**
 * The hand-end summary's cards for a dark hand `n`: each seat's as dealt, from the hand this
 * browser verified itself (every shuffle replayed from its revealed seed), with its badge.
 *
 * @example
 * ```ts
 * renderSummary(view, darkDealt(view, 1, s.dark));
 * ```
 */
export function darkDealt(
  tv: TableView,
  n: number,
  dark: DarkTable,
): { readonly hands: DealtHands; readonly badge: HTMLElement } | undefined {
  const check = dark.checks.get(n);
  if (check?.kind !== 'verified' || check.dealt === null) return undefined;
  const badge = el('li', 'badge ok', darkCheckWords(tv, n, check));
  badge.dataset.hand = String(n);
  return { hands: check.dealt, badge };
}

/**
 * Draws the dark panel of `s` (hidden at a table that is not dark).
 *
 * @example
 * ```ts
 * renderDark(s);
 * ```
 */
export function renderDark(s: Sitting): void {
  const box = byId('table-dark');
  const tv = s.table;
  const dark = s.dark;
  box.hidden = tv === null || tv.dark !== true || dark === null;
  if (tv === null || dark === null || box.hidden) return;
  const mine = s.me >= 0 ? dark.cardsInHand(tv) : null;
  const note =
    s.me < 0
      ? t('dark.privateWatch')
      : mine !== null
        ? t('dark.private')
        : tv.hand?.dark !== undefined && tv.hand.phase === 'dark'
          ? t('dark.decrypting')
          : t('dark.private');
  setText(byId('table-dark-note'), note);
  const trouble = byId('table-dark-trouble');
  const words = troubleWords(s, dark);
  trouble.hidden = words === null;
  setText(trouble, words ?? '');
  const checkBox = byId('table-dark-check');
  const n = tv.hand?.n;
  const stopped = tv.hand?.dark?.verdict?.status === 'void' ? tv.hand.dark.verdict.seat : null;
  if (n !== undefined && stopped !== null) {
    checkBox.hidden = false;
    setText(checkBox, darkVoidWords(tv, n, stopped));
    if (checkBox.className !== 'badge warn') checkBox.className = 'badge warn';
    return;
  }
  const check = n === undefined ? undefined : dark.checks.get(n);
  checkBox.hidden = check === undefined;
  if (check === undefined || n === undefined) return;
  setText(checkBox, darkCheckWords(tv, n, check));
  const cls =
    check.kind === 'verified'
      ? 'badge ok'
      : check.kind === 'failed'
        ? 'badge bad'
        : 'badge pending';
  if (checkBox.className !== cls) checkBox.className = cls;
}
