// A host opening a table the way a person does: on the page's form, by typing and clicking.
import type { Page } from 'playwright-core';

/**
 * Fills the open-table form (player names, house-rule checkboxes by id), clicks "Open a table"
 * and returns the invite links the host's page then shows, one per seat.
 *
 * @example
 * ```ts
 * const invites = await openTableByForm(host, { players: ['ann', 'bo', 'cy'], check: ['#table-rob'] });
 * ```
 */
export async function openTableByForm(
  page: Page,
  form: { readonly players?: readonly string[]; readonly check?: readonly string[] } = {},
): Promise<string[]> {
  for (const [i, name] of (form.players ?? []).entries()) {
    await page.fill(`#table-player-${i}`, name);
  }
  for (const box of form.check ?? []) await page.check(box);
  await page.click('#table-go');
  await page.waitForSelector('#table-links a');
  return page.$$eval('#table-links a', (as) => as.map((a) => (a as HTMLAnchorElement).href));
}
