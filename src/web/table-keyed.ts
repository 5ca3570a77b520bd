// Patching a list of keyed elements in place (docs/WEB.md, "The table page: one screen"): an
// element whose key stays is neither rebuilt nor moved unless the order changed, so the card or
// button a person has focused keeps focus while other seats play, the clock ticks and events
// arrive. Removing and re-inserting a focused element (replaceChildren) sends focus to <body>.

/**
 * Makes `parent`'s children the elements keyed `keys`, in that order: each existing child whose
 * `data-key` is wanted is kept (and `update`d), missing ones are `make`d, the rest removed.
 *
 * @example
 * ```ts
 * patchChildren(list, ['3H/0', 'BJ/0'], (key) => el('li'), (li, key) => { li.title = key; });
 * ```
 */
export function patchChildren<E extends HTMLElement>(
  parent: HTMLElement,
  keys: readonly string[],
  make: (key: string) => E,
  update?: (node: E, key: string) => void,
): void {
  const wanted = new Set(keys);
  const existing = new Map<string, E>();
  for (const child of Array.from(parent.children) as E[]) {
    const key = child.dataset.key;
    if (key === undefined || !wanted.has(key) || existing.has(key)) child.remove();
    else existing.set(key, child);
  }
  let cursor = parent.firstElementChild;
  for (const key of keys) {
    let node = existing.get(key);
    if (node === undefined) {
      node = make(key);
      node.dataset.key = key;
      parent.insertBefore(node, cursor);
    } else if (node === cursor) {
      cursor = cursor.nextElementSibling;
    } else {
      parent.insertBefore(node, cursor);
    }
    update?.(node, key);
  }
}

/**
 * Keys for a list that may hold the same item twice (two decks: two 3H): `3H/0`, `3H/1`.
 *
 * @example
 * ```ts
 * occurrenceKeys(['3H', 'BJ', '3H']); // ['3H/0', 'BJ/0', '3H/1']
 * ```
 */
export function occurrenceKeys(items: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const n = seen.get(item) ?? 0;
    seen.set(item, n + 1);
    return `${item}/${n}`;
  });
}

/** The item of an {@link occurrenceKeys} key. */
export function keyItem(key: string): string {
  return key.slice(0, key.lastIndexOf('/'));
}

/**
 * Runs `draw` only when `sig` differs from what `box` last drew (kept as `data-sig`): content
 * with nothing focusable in it (a face-down fan, a last play) is redrawn only when it changed.
 *
 * @example
 * ```ts
 * whenChanged(box, `backs:${n}:${lang()}`, () => box.replaceChildren(backs(n)));
 * ```
 */
export function whenChanged(box: HTMLElement, sig: string, draw: () => void): void {
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  draw();
}
