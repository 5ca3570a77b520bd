// Your hand along the bottom of the felt (docs/WEB.md, "The table page: one screen"): one
// composite widget with a roving tabindex — one Tab stop; ←/→ (and Home/End) move across the
// cards, Enter or Space selects or unselects (each card is a toggle button, aria-pressed) — and
// patched in place, so the focused card keeps focus when another seat plays, the clock ticks or
// an event arrives. When the focused card leaves the hand (it was played), focus goes to its
// neighbour, never to <body>.
import { parseCard } from '../index.ts';
import { cardImage } from './card-image.ts';
import { cardLabel } from './card-label.ts';
import { byId, el } from './dom.ts';
import { lang, t, tf, tn } from './i18n.ts';
import { doublingMarks, makeTags, updateTags } from './table-board.ts';
import { keyItem, occurrenceKeys, patchChildren } from './table-keyed.ts';
import { displayName } from './table-names.ts';
import type { Sitting } from './table-sitting.ts';

/** The cards of the hand, as the view lists them. */
export function myCards(s: Sitting): readonly string[] {
  return s.table?.hand?.yourCards ?? [];
}

/** The selected cards, in the hand's order. */
export function selectedCards(s: Sitting): string[] {
  return occurrenceKeys(myCards(s))
    .filter((key) => s.selected.has(key))
    .map(keyItem);
}

/**
 * Selects exactly `ids` (a hint): the first unselected occurrence of each.
 *
 * @example
 * ```ts
 * selectCards(s, ['3H', '3S']);
 * ```
 */
export function selectCards(s: Sitting, ids: readonly string[]): void {
  const keys = occurrenceKeys(myCards(s));
  const chosen = new Set<string>();
  for (const id of ids) {
    const key = keys.find((k) => keyItem(k) === id && !chosen.has(k));
    if (key !== undefined) chosen.add(key);
  }
  s.selected = chosen;
}

function makeCard(key: string): HTMLLIElement {
  // role="none": the list is a toolbar of toggle buttons, its items are not list items.
  const li = el('li');
  li.setAttribute('role', 'none');
  const button = el('button', 'card-button');
  button.type = 'button';
  button.dataset.card = keyItem(key);
  button.append(cardImage(parseCard(keyItem(key)), lang()));
  li.append(button);
  return li;
}

/**
 * Draws seat `s`'s hand and its title in place; keeps the roving tab stop on a card that stays.
 *
 * @example
 * ```ts
 * renderMine(s);
 * ```
 */
export function renderMine(s: Sitting): void {
  const tv = s.table;
  const box = byId('table-mine-box');
  box.hidden = tv === null || s.me < 0 || tv.hand?.yourCards == null;
  if (tv === null || s.me < 0) return;
  const mine = myCards(s);
  const keys = occurrenceKeys(mine);
  for (const key of [...s.selected]) if (!keys.includes(key)) s.selected.delete(key);
  const g = tv.hand?.game;
  const marks = [
    g?.landlord === s.me ? ` · ${t('table.landlord')}` : '',
    ...doublingMarks(g, s.me),
  ].join('');
  const title = `${tf('table.mineTitle', { name: displayName(tv, s.me), cards: tn('count.cards', mine.length) })}${marks}`;
  const h = byId('table-mine-title');
  if (h.textContent !== title) h.textContent = title;
  const tags = byId('table-mine-tags');
  if (tags.firstElementChild === null) tags.append(makeTags(s.me));
  updateTags(tags, tv, s.me);
  const list = byId('table-mine');
  if (s.focusKey === null || !keys.includes(s.focusKey)) {
    // The tab stop's card left the hand: its neighbour takes it (the one after, else before).
    const old = s.focusKey === null ? -1 : rovingIndex(list, s.focusKey);
    s.focusKey = keys[Math.min(Math.max(old, 0), keys.length - 1)] ?? null;
  }
  patchChildren(list, keys, makeCard, (li, key) => {
    const button = li.firstElementChild as HTMLButtonElement;
    const pressed = String(s.selected.has(key));
    if (button.getAttribute('aria-pressed') !== pressed)
      button.setAttribute('aria-pressed', pressed);
    button.tabIndex = key === s.focusKey ? 0 : -1;
    const img = button.querySelector('img');
    const alt = cardLabel(parseCard(keyItem(key)), lang());
    if (img !== null && img.alt !== alt) img.alt = alt;
  });
}

/** Where the card keyed `key` was in the list before this render (the list not yet patched). */
function rovingIndex(list: HTMLElement, key: string): number {
  const items = Array.from(list.children) as HTMLElement[];
  return items.findIndex((li) => li.dataset.key === key);
}

/** The hand's card buttons, in order. */
function buttons(): HTMLButtonElement[] {
  return Array.from(byId('table-mine').querySelectorAll<HTMLButtonElement>('button[data-card]'));
}

/**
 * Puts focus on the hand's tab stop (after the focused control was hidden or removed).
 *
 * @example
 * ```ts
 * focusHand();
 * ```
 */
export function focusHand(): boolean {
  const stop = buttons().find((b) => b.tabIndex === 0) ?? buttons()[0];
  if (stop === undefined) return false;
  stop.focus();
  return true;
}

/**
 * Wires the hand (once): clicks and Enter/Space toggle a card, ←/→/Home/End move the tab stop.
 *
 * @example
 * ```ts
 * setupHand(() => current);
 * ```
 */
export function setupHand(current: () => Sitting | null): void {
  const list = byId('table-mine');
  list.addEventListener('click', (event) => {
    const li = (event.target as HTMLElement).closest<HTMLElement>('li[data-key]');
    const s = current();
    if (li === null || s === null) return;
    const key = li.dataset.key ?? '';
    if (s.selected.has(key)) s.selected.delete(key);
    else s.selected.add(key);
    s.focusKey = key;
    renderMine(s);
  });
  list.addEventListener('focusin', (event) => {
    const li = (event.target as HTMLElement).closest<HTMLElement>('li[data-key]');
    const s = current();
    if (li === null || s === null || li.dataset.key === s.focusKey) return;
    s.focusKey = li.dataset.key ?? null;
    for (const b of buttons()) b.tabIndex = b.parentElement === li ? 0 : -1;
  });
  list.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const to =
      event.key === 'ArrowRight'
        ? Math.min(at + 1, all.length - 1)
        : event.key === 'ArrowLeft'
          ? Math.max(at - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? all.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    all[to]?.focus();
  });
}
