import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { stripTypeScriptTypes } from 'node:module';
import { tmpdir } from 'node:os';
import { join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium-args.ts';

const ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));

/** TypeScript sources for paths outside /src/ (e.g. the benchmark's /base/src/… from a git
 *  revision), or undefined for a 404. */
export type ExtraSources = (path: string) => string | undefined;

/**
 * Serves `page` at / and the library's sources under /src/ (and whatever `extra` gives) with
 * their types stripped by Node's own stripTypeScriptTypes (no bundler that could hide a node:
 * import), on loopback; records every path asked for.
 */
export function serveSources(
  page: string,
  extra?: ExtraSources,
): Promise<{ url: string; close: () => void; requested: string[] }> {
  const requested: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requested.push(path);
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    const file = normalize(join(ROOT, path));
    const inSrc = file.startsWith(join(ROOT, 'src')) && file.endsWith('.ts');
    const source = inSrc
      ? existsSync(file)
        ? readFileSync(file, 'utf8')
        : undefined
      : extra?.(path);
    if (source === undefined) {
      res.writeHead(404).end();
      return;
    }
    const js = stripTypeScriptTypes(source, { mode: 'strip' });
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(js);
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      done({ url: `http://127.0.0.1:${port}/`, close: () => server.close(), requested });
    });
  });
}

/**
 * Serves `html` (see {@link serveSources}) to Debian's Chromium (playwright-core, the tests'
 * flags), waits for the page's module to set `window.ready`, checks that it threw nothing, and
 * hands the page and the paths it asked for to `body`; closes the browser and the server after.
 */
export async function withSourcesPage<T>(
  html: string,
  body: (page: Page, requested: string[]) => Promise<T>,
  extra?: ExtraSources,
): Promise<T> {
  // Under CI=true the browser tests run (CHROMIUM_SKIP is false): a missing browser fails them
  // with this message, not with playwright's launch error.
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing (CI installs it: see .ci/run)`);
  const { url, close, requested } = await serveSources(html, extra);
  const profile = mkdtempSync(join(tmpdir(), 'fairdeal-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForFunction(
      () => (window as unknown as { ready?: boolean }).ready === true,
      null,
      { timeout: 30_000 },
    );
    assert.deepEqual(errors, [], 'the page threw');
    return await body(page, requested);
  } finally {
    await context.close();
    close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Where the tests find Debian's Chromium. */
export const CHROMIUM = '/usr/bin/chromium';

/** The skip of a browser test: only where Chromium is missing and this is not CI (CI installs
 *  it, and a test there fails rather than skips without it). */
export const CHROMIUM_SKIP: string | false =
  !existsSync(CHROMIUM) && process.env.CI !== 'true'
    ? `${CHROMIUM} not found: install Debian's chromium to run the browser test`
    : false;
