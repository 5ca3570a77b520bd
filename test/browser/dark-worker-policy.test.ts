// The dark worker's policy in a real browser (docs/WEB.md, "Security"): the worker that holds a
// seat's key secret and step seed is served with `default-src 'none'`, so that even a bug in it —
// or a script swapped in at its address — cannot send what it holds anywhere but its page. The
// real service behind a counting proxy; the worker's script is replaced, in the browser, by one
// that tries every way out with a "secret" (the headers stay the service's own), and none of its
// requests reaches the service. Then the real worker, at the same address, answers the page with
// a seat's key and asks for nothing. Outside CI the tests skip when Chromium is missing.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildWeb } from '../../tools/build-web.ts';
import { type Running, spawnServer, stopDealer } from '../server/spawn-server.ts';
import { launchChromium, chromiumSkip as skip } from '../support/chromium.ts';
import { type CountingProxy, countingProxy } from '../support/counting-proxy.ts';

const SECRET = 'c0ffee'.repeat(10);

/** A worker body that tries each way out with SECRET and tells the page what happened. */
const HOSTILE = `
const tries = {
  fetch: () => fetch('/api/deck/new/shuffle/?leak=${SECRET}').then(() => 'sent'),
  'fetch no-cors': () => fetch('/api/deck/new/?leak=${SECRET}', { mode: 'no-cors' }).then(() => 'sent'),
  'dynamic import': () => import('/web/main.js?leak=${SECRET}').then(() => 'sent'),
  XMLHttpRequest: () => new Promise((ok, no) => { const x = new XMLHttpRequest(); x.open('GET', '/api/?leak=${SECRET}'); x.onload = () => ok('sent'); x.onerror = () => no(new Error('refused')); x.send(); }),
  WebSocket: () => new Promise((ok, no) => { try { const w = new WebSocket('ws://' + location.host + '/?leak=${SECRET}'); w.onopen = () => ok('sent'); w.onerror = () => no(new Error('refused')); } catch (e) { no(e); } }),
  EventSource: () => new Promise((ok, no) => { try { const s = new EventSource('/api/?leak=${SECRET}'); s.onopen = () => ok('sent'); s.onerror = () => { s.close(); no(new Error('refused')); }; } catch (e) { no(e); } }),
  'new Worker': () => new Promise((ok, no) => { try { const w = new Worker('/web/main.js?leak=${SECRET}', { type: 'module' }); w.onerror = () => no(new Error('refused')); setTimeout(() => ok('started'), 1000); } catch (e) { no(e); } }),
};
const out = {};
for (const [name, attempt] of Object.entries(tries)) {
  try { out[name] = await Promise.race([attempt(), new Promise((r) => setTimeout(() => r('no answer'), 3000))]); }
  catch (e) { out[name] = 'refused'; }
}
postMessage(out);
`;

describe("the dark worker's policy in Chromium: what it holds goes to its page only", {
  skip,
  timeout: 180_000,
}, () => {
  let dir = '';
  let server: Running | undefined;
  let proxy: CountingProxy | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const requested: string[] = [];

  before(async () => {
    await buildWeb();
    dir = mkdtempSync(join(tmpdir(), 'fairdeal-dark-policy-'));
    server = await spawnServer(join(dir, 'web.db'));
    proxy = await countingProxy(server.url);
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-US' });
    context.setDefaultTimeout(30_000);
    context.on('request', (r) => requested.push(r.url()));
    page = await context.newPage();
    await page.goto(`${proxy.url}/`);
    await page.waitForSelector('html[data-ready="true"]');
  });

  after(async () => {
    await browser?.close();
    await proxy?.close();
    await stopDealer(server);
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  test('a script at the dark worker’s address, with the service’s headers, reaches nothing with what it holds', async () => {
    let policy = '';
    await page!.route('**/web/dark-worker.js', async (route) => {
      const real = await route.fetch();
      policy = real.headers()['content-security-policy'] ?? '';
      await route.fulfill({ response: real, body: HOSTILE });
    });
    const out = await page!.evaluate(
      () =>
        new Promise<Record<string, string>>((resolve) => {
          const w = new Worker('/web/dark-worker.js', { type: 'module' });
          w.onmessage = (e) => resolve(e.data as Record<string, string>);
        }),
    );
    await page!.unroute('**/web/dark-worker.js');
    await new Promise((r) => setTimeout(r, 500));
    const leaked = proxy!.seen.filter((line) => line.includes(SECRET));
    assert.deepEqual(leaked, [], 'no request of the worker reached the service');
    assert.deepEqual(
      Object.entries(out).filter(([, how]) => how !== 'refused'),
      [],
      JSON.stringify(out),
    );
    assert.equal(policy, "default-src 'none'", 'the service’s own policy for the worker');
  });

  test('the real worker answers its page with a seat’s key and asks the network for nothing', async () => {
    const before = requested.length;
    const key = await page!.evaluate(
      () =>
        new Promise<{ ok: boolean; result?: { key?: { seat: number; key: string } } }>(
          (resolve) => {
            const w = new Worker('/web/dark-worker.js', { type: 'module' });
            w.onmessage = (e) => resolve(e.data);
            w.postMessage({
              id: 1,
              type: 'start',
              seat: 1,
              context: { table: 'policy-test', hand: 1, preset: 'doudizhu', seats: 3 },
            });
          },
        ),
    );
    assert.equal(key.ok, true, JSON.stringify(key));
    assert.equal(key.result?.key?.seat, 1);
    assert.match(key.result?.key?.key ?? '', /^[0-9a-f]{64}$/);
    const asked = requested.slice(before).filter((u) => !u.endsWith('/web/dark-worker.js'));
    assert.deepEqual(asked, [], 'the worker loaded nothing more');
  });
});
