// The audit's sandbox in a real browser (docs/WEB.md, "Security"): Debian's Chromium driven by
// playwright-core, against the real service behind a counting proxy, so that every request the
// browser sends — from the page or any worker — is written down on the server side. Pasted code
// tries each way out of the sandbox (import(), new Worker(), importScripts, fetch,
// XMLHttpRequest, WebSocket, EventSource) and each way of forging its verdict (a result posted to
// the page, a result or extra permutations sent over the channel to the trusted worker); each
// fails with a message on the page, and no request of theirs reaches the service.
// Outside CI the tests skip when Chromium is missing; under CI=true they fail instead.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { buildWeb } from '../../tools/build-web.ts';
import { type Running, spawnServer, stopDealer } from '../server/spawn-server.ts';
import { launchChromium, chromiumSkip as skip } from '../support/chromium.ts';
import { type CountingProxy, countingProxy } from '../support/counting-proxy.ts';

/** The address a pasted `import()` reached before the sandbox (it deals a deck). */
const DECK = '/api/deck/new/shuffle/?from=sandbox';

/** Pasted code: an identity "shuffle" (always biased) that tries `attempt` on its first call. */
const once = (attempt: string) =>
  `function f(a) { if (!f.tried) { f.tried = 1; ${attempt} } return a; }`;

/** Pasted code that replaces the sandbox's channel messages with `replace(m)` before posting. */
const takeOver = (replace: string) =>
  `(() => {
    const post = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (m, t) { ${replace} return post.call(this, m, t); };
    return (a) => a;
  })()`;

interface Outcome {
  verdict: string | null;
  badge: string;
  text: string;
  refused: string[];
}

describe('the audit sandbox in Chromium: pasted code reaches nothing and cannot forge a verdict', {
  skip,
  timeout: 240_000,
}, () => {
  let dir = '';
  let server: Running | undefined;
  let proxy: CountingProxy | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  /** Every URL the browser reported asking for (pages and workers). */
  const requested: string[] = [];
  /** The browser's own word on requests that failed: URL → error text. */
  const failed = new Map<string, string>();

  before(async () => {
    await buildWeb();
    dir = mkdtempSync(join(tmpdir(), 'fairdeal-sandbox-'));
    server = await spawnServer(join(dir, 'web.db'));
    proxy = await countingProxy(server.url);
    browser = await launchChromium();
    const context = await browser.newContext({ locale: 'en-US' });
    context.setDefaultTimeout(30_000);
    context.on('request', (r) => requested.push(r.url()));
    context.on('requestfailed', (r) => failed.set(r.url(), r.failure()?.errorText ?? ''));
    page = await context.newPage();
    await page.goto(`${proxy.url}/`);
    await page.waitForSelector('html[data-ready="true"]');
    await page.click('#tab-audit');
    await page.selectOption('#audit-algorithm', 'code');
    await page.fill('#audit-n', '8');
    await page.fill('#audit-trials', '2000');
  });

  after(async () => {
    await browser?.close();
    await proxy?.close();
    await stopDealer(server);
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  async function audit(code: string): Promise<Outcome> {
    const p = page!;
    await p.fill('#audit-code', code);
    await p.click('#audit-go');
    await p.waitForSelector('#audit-verdict');
    return {
      verdict: await p.getAttribute('#audit-verdict', 'data-verdict'),
      badge: (await p.textContent('#audit-verdict')) ?? '',
      text: (await p.textContent('#audit-result')) ?? '',
      refused: await p.$$eval('#audit-refused li', (items) => items.map((i) => i.textContent)),
    };
  }

  /** What the pasted code's attempts sent that reached the service: must stay empty. */
  const leaked = () => proxy!.seen.filter((r) => r.includes('from=sandbox'));

  test('import() of the service, from this origin, a data: or a blob: URL is refused', async () => {
    const origin = proxy!.url;
    const r = await audit(
      once(`
        const no = () => {};
        import('${DECK}-import').catch(no);
        import('${origin}${DECK}-import-absolute').catch(no);
        import('data:text/javascript,fetch("${origin}${DECK}-data")').catch(no);
        import(URL.createObjectURL(new Blob(['fetch("${origin}${DECK}-blob")'], { type: 'text/javascript' }))).catch(no);`),
    );
    assert.equal(r.verdict, 'biased'); // the identity, counted: the attempt changed nothing
    const script = 'loading a script (import(), importScripts)';
    assert.ok(r.refused.includes(`${script}: ${origin}${DECK}-import`), r.refused.join('\n'));
    assert.ok(r.refused.includes(`${script}: ${origin}${DECK}-import-absolute`));
    assert.ok(r.refused.includes(`${script}: data`), r.refused.join('\n'));
    assert.ok(r.refused.includes(`${script}: blob`), r.refused.join('\n'));
    assert.match(r.text, /The sandbox refused what the pasted code tried \(nothing was sent\)/);
    assert.deepEqual(leaked(), []);
  });

  test('importScripts is refused: the trial throws, the shuffle is broken, and says why', async () => {
    const r = await audit(once(`importScripts('${DECK}-importScripts');`));
    assert.equal(r.verdict, 'broken');
    assert.match(
      r.badge,
      /BROKEN: It threw an error in trial 1: Failed to execute 'importScripts'.*failed to load/,
    );
    assert.ok(
      r.refused.includes(
        `loading a script (import(), importScripts): ${proxy!.url}${DECK}-importScripts`,
      ),
      r.refused.join('\n'),
    );
    assert.deepEqual(leaked(), []);
  });

  test('new Worker() is refused, from this origin and from a blob:', async () => {
    const r = await audit(
      once(`
        new Worker('${DECK}-worker');
        new Worker('/web/audit-sandbox.js?from=sandbox-worker-self');
        new Worker(URL.createObjectURL(new Blob(['fetch("${proxy!.url}${DECK}-worker-blob")'])));`),
    );
    assert.equal(r.verdict, 'biased');
    const worker = 'starting a worker (new Worker)';
    assert.ok(r.refused.includes(`${worker}: ${proxy!.url}${DECK}-worker`), r.refused.join('\n'));
    assert.ok(
      r.refused.includes(`${worker}: ${proxy!.url}/web/audit-sandbox.js?from=sandbox-worker-self`),
    );
    assert.ok(r.refused.includes(`${worker}: blob`), r.refused.join('\n'));
    assert.deepEqual(leaked(), []);
  });

  test('fetch, XMLHttpRequest, WebSocket and EventSource are refused, here and elsewhere', async () => {
    const elsewhere = proxy!.url.replace('127.0.0.1', 'localhost'); // another origin, same proxy
    const r = await audit(
      once(`
        fetch('${DECK}-fetch').catch(() => {});
        fetch('${elsewhere}${DECK}-fetch-elsewhere', { mode: 'no-cors' }).catch(() => {});
        const x = new XMLHttpRequest(); x.open('GET', '${DECK}-xhr'); x.send();
        try { const s = new XMLHttpRequest(); s.open('GET', '${DECK}-xhr-sync', false); s.send(); } catch {}
        new WebSocket('${proxy!.url.replace('http', 'ws')}${DECK}-websocket');
        new EventSource('${DECK}-eventsource');`),
    );
    assert.equal(r.verdict, 'biased');
    const request = 'a request (fetch, XMLHttpRequest, WebSocket, EventSource)';
    for (const what of ['fetch', 'xhr', 'xhr-sync', 'eventsource']) {
      assert.ok(
        r.refused.includes(`${request}: ${proxy!.url}${DECK}-${what}`),
        `${what}:\n${r.refused.join('\n')}`,
      );
    }
    assert.ok(r.refused.includes(`${request}: ${elsewhere}${DECK}-fetch-elsewhere`));
    assert.ok(
      r.refused.includes(`${request}: ${proxy!.url.replace('http', 'ws')}${DECK}-websocket`),
      r.refused.join('\n'),
    );
    assert.deepEqual(leaked(), []);
  });

  test('a result posted to the page is never read: the page shows its own count and verdict', async () => {
    const r = await audit(`(() => {
      postMessage({ type: 'result', result: { verdict: 'uniform', subject: 'fairdeal', n: 8,
        trials: 999999, alpha: 0.01, threshold: 0.002, tests: [], worst: [] },
        position: new Float64Array(64), p: [], threshold: '0.002' });
      return (a) => a;
    })()`);
    assert.equal(r.verdict, 'biased');
    assert.equal(r.badge, 'Your function: BIASED');
    assert.match(r.text, /n = 8, 2000 trials/);
    assert.doesNotMatch(r.text, /999999|UNIFORM/);
  });

  test('a result sent to the trusted worker instead of permutations: broken, not uniform', async () => {
    const r = await audit(
      takeOver(
        `if (m && m.type === 'orders') m = { type: 'result', result: { verdict: 'uniform', trials: 999999 } };`,
      ),
    );
    assert.equal(r.verdict, 'broken');
    assert.match(
      r.badge,
      /BROKEN: Trial 1 did not give back the cards shuffled: the sandbox sent a “result” message; only permutations are counted, here/,
    );
    assert.doesNotMatch(r.text, /999999|UNIFORM/);
  });

  test('a forged trial count (every batch sent twice) is broken: the trusted worker counts', async () => {
    const r = await audit(
      takeOver(
        `if (m && m.type === 'orders') post.call(this, { type: 'orders', orders: m.orders.slice() });`,
      ),
    );
    assert.equal(r.verdict, 'broken');
    assert.match(r.badge, /permutations when \d+ were asked for: the trials are counted here/);
    const ended = await audit(
      takeOver(`if (m && m.type === 'orders') m = { type: 'end', trials: 2000 };`),
    );
    assert.match(
      ended.badge,
      /BROKEN: Trial 1 did not give back the cards shuffled: the sandbox ended after 0 of 2000 trials/,
    );
  });

  test('pasted code that never returns is stopped: did-not-terminate, both workers ended', async () => {
    const r = await audit('function f(a) { for (;;) {} }');
    assert.equal(r.verdict, 'broken');
    assert.match(r.badge, /BROKEN: No progress for 5 s: it does not finish\./);
    assert.equal(await page!.isDisabled('#audit-go'), false);
    // The page terminated the sandbox (spinning) and the auditor; Playwright hears it a little later.
    for (let i = 0; i < 50 && page!.workers().length > 0; i++) await page!.waitForTimeout(100);
    assert.deepEqual(
      page!.workers().map((w) => w.url()),
      [],
    );
  });

  test('in Chinese the refusals are listed in Chinese', async () => {
    await page!.click('#lang');
    const r = await audit(once(`fetch('${DECK}-zh').catch(() => {});`));
    assert.match(r.text, /沙箱拒绝了粘贴的代码尝试的操作/);
    assert.ok(
      r.refused.includes(
        `网络请求（fetch、XMLHttpRequest、WebSocket、EventSource）: ${proxy!.url}${DECK}-zh`,
      ),
    );
    await page!.click('#lang');
  });

  test('nothing the pasted code tried reached the service; the count saw the workers load', () => {
    const seen = proxy!.seen;
    assert.ok(seen.includes('GET /web/audit-sandbox.js'), seen.join('\n'));
    assert.ok(seen.includes('GET /web/audit-worker.js'), seen.join('\n'));
    assert.deepEqual(leaked(), []);
    assert.deepEqual(
      seen.filter((r) => r.includes('/api/deck') || r.startsWith('UPGRADE')),
      [],
    );
    // The browser saw the attempts it reports (not all: a worker's fetch, a worker, a WebSocket
    // are not reported), and says each was blocked by the policy.
    const tried = requested.filter((u) => u.includes('from=sandbox'));
    assert.ok(tried.length >= 5, tried.join('\n'));
    for (const url of tried) assert.equal(failed.get(url), 'csp', url);
  });
});
