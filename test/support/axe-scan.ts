// axe-core (the accessibility engine, a devDependency) run in a page by playwright-core: the
// serious and critical violations of what the page shows now. Injected with `evaluate`, which the
// page's strict CSP does not govern (a <script> tag would be refused, rightly).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  readonly violations: readonly {
    readonly id: string;
    readonly impact: string | null;
    readonly help: string;
    readonly nodes: readonly { readonly target: readonly unknown[] }[];
  }[];
}

/**
 * The serious and critical axe-core violations of `page` as it is now, one line per rule and
 * element ([] when none), WCAG 2.x A and AA rules plus axe's best practices.
 *
 * @example
 * ```ts
 * assert.deepEqual(await axeViolations(page), []);
 * ```
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE);
  const result = (await page.evaluate(() =>
    (globalThis as unknown as { axe: { run(o: object): Promise<unknown> } }).axe.run({
      resultTypes: ['violations'],
    }),
  )) as AxeResult;
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}): ${JSON.stringify(n.target)}`),
    );
}
