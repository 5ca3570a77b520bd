// A person's browser for the browser tests: a Chromium context of its own that records what it
// received — every response body (the page's own scripts aside: they name cards in the rules'
// tables and were built before any table existed), every server-sent event's data, every URL it
// asked for — and every request body it sent, so that a test can scan them for a card another
// seat holds, a token in a URL or a private key on the wire. One home for the recorder that
// web-table, web-lobby and web-room-game share.
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** One person's browser: what it received and what it sent. */
export interface Browsing {
  readonly context: BrowserContext;
  /** The page it opened first (a test may open another: see {@link record}). */
  page: Page;
  /** Every response body but the page's scripts and the event streams, with its URL. */
  readonly received: { readonly url: string; readonly body: string }[];
  /** Every response body (as {@link received}, without the URLs). */
  readonly bodies: string[];
  /** Every server-sent event's data, as Chromium's network layer streamed it. */
  readonly events: string[];
  /** Every URL requested. */
  readonly urls: string[];
  /** Every request body sent. */
  readonly sent: string[];
}

/** How a person's browser is opened. */
export interface BrowsingOptions {
  readonly locale?: string;
  readonly viewport?: { readonly width: number; readonly height: number };
  /** Where the page's errors (uncaught, and console errors not `expected`) are written. */
  readonly errors: string[];
  /** Console errors the test provokes (a refusal's status, a cut network): not errors. */
  readonly expected?: RegExp;
}

/**
 * Opens a browser context of its own with one page, recording what it receives and sends.
 *
 * @example
 * ```ts
 * const ann = await browsing(browser, { errors, expected: /status of 409/ });
 * await ann.page.goto(origin);
 * ```
 */
export async function browsing(browser: Browser, options: BrowsingOptions): Promise<Browsing> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1100, height: 900 },
    locale: options.locale ?? 'en-US',
  });
  context.setDefaultTimeout(30_000);
  context.on('weberror', (e) => options.errors.push(e.error().message));
  const b: Browsing = {
    context,
    page: await context.newPage(),
    received: [],
    bodies: [],
    events: [],
    urls: [],
    sent: [],
  };
  context.on('request', (r) => {
    b.urls.push(r.url());
    const body = r.postData();
    if (body !== null) b.sent.push(body);
  });
  await record(b, b.page, options);
  return b;
}

/**
 * Records `page` (a page of `b`'s context: the first, or one opened later) into `b`: its
 * console errors, its response bodies and its event streams.
 *
 * @example
 * ```ts
 * const again = await ann.context.newPage();
 * await record(ann, again, { errors });
 * ```
 */
export async function record(b: Browsing, page: Page, options: BrowsingOptions): Promise<void> {
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (options.expected?.test(m.text()) === true) return;
    options.errors.push(m.text());
  });
  page.on('response', async (r) => {
    if ((r.headers()['content-type'] ?? '').includes('text/event-stream')) return;
    if (/\/web\/[^/]+\.js$/.test(new URL(r.url()).pathname)) return;
    try {
      const body = await r.text();
      b.received.push({ url: r.url(), body });
      b.bodies.push(body);
    } catch {
      // a body the browser did not keep (a redirect, a page closed meanwhile): nothing to scan
    }
  });
  // The page reads its stream with fetch (fairdeal/client): each text/event-stream response is
  // streamed to this session (Network.streamResourceContent: what came before, then every
  // chunk), decoded as one UTF-8 stream (a Chinese name may straddle two chunks) and cut into
  // its events' data.
  const cdp = await b.context.newCDPSession(page);
  await cdp.send('Network.enable');
  const streams = new Map<
    string,
    { text: string; ready: boolean; early: string[]; decoder: TextDecoder }
  >();
  const take = (id: string, base64: string) => {
    const s = streams.get(id)!;
    s.text += s.decoder.decode(Buffer.from(base64, 'base64'), { stream: true });
    for (let end = s.text.indexOf('\n\n'); end >= 0; end = s.text.indexOf('\n\n')) {
      const data = s.text
        .slice(0, end)
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n');
      s.text = s.text.slice(end + 2);
      if (data !== '') b.events.push(data);
    }
  };
  cdp.on('Network.responseReceived', (e) => {
    if (!e.response.mimeType.includes('event-stream')) return;
    streams.set(e.requestId, { text: '', ready: false, early: [], decoder: new TextDecoder() });
    void cdp
      .send('Network.streamResourceContent', { requestId: e.requestId })
      .then((r) => {
        const s = streams.get(e.requestId)!;
        take(e.requestId, r.bufferedData);
        for (const chunk of s.early) take(e.requestId, chunk);
        s.ready = true;
      })
      .catch(() => {});
  });
  cdp.on('Network.dataReceived', (e) => {
    const s = streams.get(e.requestId);
    if (s === undefined || e.data === undefined) return;
    if (s.ready) take(e.requestId, e.data);
    else s.early.push(e.data);
  });
}

/**
 * What a person meets on `page`: its visible text and every aria-label, alt and title — where a
 * card would be named if the page showed it (by its label: "Ace of spades", "黑桃A").
 *
 * @example
 * ```ts
 * assert.ok(!(await pageWords(page)).includes('Ace of spades'));
 * ```
 */
export function pageWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.innerText];
    for (const e of Array.from(document.querySelectorAll('[aria-label],[alt],[title]'))) {
      parts.push(
        e.getAttribute('aria-label') ?? '',
        e.getAttribute('alt') ?? '',
        e.getAttribute('title') ?? '',
      );
    }
    return parts.join('\n');
  });
}
