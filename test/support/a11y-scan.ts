// A small accessibility scan of what a page shows now, for the browser tests that check a page
// at many moments of a hand (axe-scan.ts runs axe-core itself, slower, at each view of a11y.test.ts
// and the table tests): the checks of axe-core's that the page's own markup can break, each kept
// here at any impact (axe-scan.ts keeps only the serious and critical ones). Every visible control has a name, every visible field a label, every image an alt,
// every heading words, ids are unique, nothing has a positive tabindex, and each live region or
// landmark that refers to another element by id finds it.
import type { Page } from 'playwright-core';

/**
 * The accessibility problems of what `page` shows now, one line each ([] when none).
 *
 * @example
 * ```ts
 * assert.deepEqual(await a11yProblems(page), []);
 * ```
 */
export function a11yProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const visible = (e: Element) => {
      const r = (e as HTMLElement).getBoundingClientRect();
      return (e as HTMLElement).offsetParent !== null || r.width > 0 || r.height > 0;
    };
    const where = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id === '' ? '' : `#${e.id}`}${e.className === '' ? '' : `.${String(e.className).split(' ').join('.')}`}`;
    const named = (e: Element) =>
      (e.getAttribute('aria-label') ?? '').trim() !== '' ||
      (e.textContent ?? '').trim() !== '' ||
      Array.from(e.querySelectorAll('img')).some(
        (i) => (i.getAttribute('alt') ?? '').trim() !== '',
      );
    for (const e of Array.from(document.querySelectorAll('button, a[href], [role="tab"]'))) {
      if (visible(e) && !named(e)) problems.push(`${where(e)} has no accessible name`);
    }
    for (const e of Array.from(document.querySelectorAll('input, select, textarea'))) {
      if (!visible(e) || (e as HTMLInputElement).type === 'hidden') continue;
      const labelled =
        e.closest('label') !== null ||
        (e.id !== '' && document.querySelector(`label[for="${e.id}"]`) !== null) ||
        (e.getAttribute('aria-label') ?? '') !== '';
      if (!labelled) problems.push(`${where(e)} has no label`);
    }
    for (const e of Array.from(document.querySelectorAll('img'))) {
      if (!e.hasAttribute('alt')) problems.push(`${where(e)} has no alt`);
    }
    for (const e of Array.from(document.querySelectorAll('h1, h2, h3, h4'))) {
      if (visible(e) && (e.textContent ?? '').trim() === '') problems.push(`${where(e)} is empty`);
    }
    const ids = new Map<string, number>();
    for (const e of Array.from(document.querySelectorAll('[id]')))
      ids.set(e.id, (ids.get(e.id) ?? 0) + 1);
    for (const [id, n] of ids) if (n > 1) problems.push(`id ${id} is used ${n} times`);
    for (const e of Array.from(document.querySelectorAll('[tabindex]'))) {
      if (Number(e.getAttribute('tabindex')) > 0) problems.push(`${where(e)} has tabindex > 0`);
    }
    for (const attr of ['aria-labelledby', 'aria-controls', 'aria-describedby']) {
      for (const e of Array.from(document.querySelectorAll(`[${attr}]`))) {
        for (const id of (e.getAttribute(attr) ?? '').split(/\s+/)) {
          if (id !== '' && document.getElementById(id) === null) {
            problems.push(`${where(e)} ${attr} names a missing #${id}`);
          }
        }
      }
    }
    return problems;
  });
}
