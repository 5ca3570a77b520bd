// The table page on one screen (docs/WEB.md, "The table page: one screen"), in Chromium against
// the real service: three players at 1280×800 and 390×844 (a phone). During the bidding and the
// play every card of a seat's hand and the controls of the moment lie inside the viewport with
// no scrolling, and no page scrolls sideways; focus stays on the same card element while other
// seats bid and play (the page patches the DOM, it does not rebuild it); the hand is one Tab stop
// whose arrow keys, Home/End, Enter and Space work, the bid and play buttons one Tab away, and
// P plays; a refused play is said next to the hand, as an alert the hand names; axe-core finds
// nothing serious at the table in English or Chinese, at either size. A spectator's route shows
// the table without the host's powers. A seat's page closed while its turn clock ran out says
// it is back (`{type:'back'}`), once, when it is opened again; its own clock counts down.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { createSeatKey } from '../../src/fair/index.ts';
import { chacha20 } from '../../src/index.ts';
import type { Running } from '../server/spawn-server.ts';
import { axeViolations } from '../support/axe-scan.ts';
import { chromiumSkip as skip } from '../support/chromium.ts';
import { openTableByForm } from '../support/table-form.ts';
import { closeWebStage, openWebStage } from '../support/web-stage.ts';

const DESK = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

interface Seen {
  version: number;
  hand: {
    phase: string;
    yourCards: string[];
    game: { phase: string; turn: number; lead: { seat: number; cards: string[] } | null };
  };
}

describe('the table on one screen: layout, focus, keys and refusals in Chromium', {
  skip,
  timeout: 300_000,
}, () => {
  let dir = '';
  let server: Running | undefined;
  let browser: Browser | undefined;
  let origin = '';
  const errors: string[] = [];

  before(async () => {
    // No sweep: no turn clock runs out while the test looks at a page.
    ({ dir, server, origin, browser } = await openWebStage('fairdeal-screen-', [
      '--sweep-ms',
      '0',
    ]));
  });

  after(() => closeWebStage({ browser, server, dir }));

  async function open(url: string, viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser!.newContext({ viewport, locale: 'en-US' });
    context.setDefaultTimeout(30_000);
    context.on('weberror', (e) => errors.push(e.error().message));
    const page = await context.newPage();
    page.on('console', (m) => {
      // The refusal the test provokes (422) is logged by Chromium, and expected.
      if (m.type() === 'error' && !/status of (409|422)/.test(m.text())) errors.push(m.text());
    });
    await page.goto(url);
    await page.waitForSelector('html[data-ready="true"]');
    return page;
  }

  /** What lies outside the viewport of `page` (scrolled to the top): [] when all is inside. */
  async function outside(page: Page, selectors: readonly string[]): Promise<string[]> {
    return page.evaluate((sels) => {
      window.scrollTo(0, 0);
      const out: string[] = [];
      const w = document.documentElement.clientWidth;
      const h = document.documentElement.clientHeight;
      if (document.documentElement.scrollWidth > w) {
        out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
      }
      for (const sel of sels) {
        const found = Array.from(document.querySelectorAll<HTMLElement>(sel)).filter((e) =>
          e.checkVisibility(),
        );
        if (found.length === 0) out.push(`${sel}: nothing shown`);
        for (const e of found) {
          const r = e.getBoundingClientRect();
          if (r.top < 0 || r.left < 0 || r.bottom > h + 0.5 || r.right > w + 0.5) {
            out.push(
              `${sel} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)} (viewport ${w}×${h})`,
            );
          }
        }
      }
      return out.slice(0, 6);
    }, selectors);
  }

  const HAND = '#table-mine button[data-card]';
  const dealt = (p: Page, n = 17) =>
    p.waitForFunction(
      (k) => document.querySelectorAll('#table-mine button[data-card]').length === k,
      n,
      {
        timeout: 90_000,
      },
    );
  /** The focused element's card, or its id, or its tag. */
  const focused = (p: Page) =>
    p.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return a?.dataset.card ?? (a?.id || a?.tagName.toLowerCase() || '');
    });

  test('three seats at 1280×800 and 390×844: the hand and its controls on screen, focus kept, keys, a refusal beside the hand, axe in both languages', async () => {
    const host = await open(`${origin}/#table`, DESK);
    const invites = await openTableByForm(host, { players: ['ann', 'bo', 'cy'] });
    const id = new URL(invites[0]!).hash.split('/')[1]!;
    const sizes = [DESK, PHONE, DESK];
    const seats: Page[] = [];
    for (const [i, link] of invites.entries()) seats.push(await open(link, sizes[i]!));
    for (const p of seats) await dealt(p);
    const token = async (k: number) =>
      seats[k]!.evaluate((key) => localStorage.getItem(key), `fairdeal-seat:${id}/${k}`);
    const look = async (k: number): Promise<Seen> => {
      const r = await fetch(`${origin}/v1/tables/${id}`, {
        headers: { authorization: `Bearer ${await token(k)}` },
      });
      return ((await r.json()) as { table: Seen }).table;
    };

    // Bidding: the bidder's hand and bids, and every other hand, inside the viewport.
    const first = (await look(0)).hand.game.turn;
    const bidder = seats[first]!;
    await bidder.waitForSelector('#table-bids:not([hidden])');
    for (const [k, p] of seats.entries()) {
      const controls = k === first ? ['#table-bids button:not([hidden])'] : [];
      assert.deepEqual(await outside(p, [HAND, ...controls]), [], `seat ${k} while bidding`);
    }
    // One Tab from the hand reaches the bids: the hand is one Tab stop.
    await bidder.focus(`${HAND}[tabindex="0"]`);
    await bidder.keyboard.press('Tab');
    assert.equal(
      await bidder.evaluate(() => (document.activeElement as HTMLElement).dataset.bid),
      'pass',
      'the first bid button is one Tab from the hand',
    );

    // Another seat's page: the focused card is the same element after the bid lands there.
    const watcher = seats[(first + 1) % 3]!;
    const cardsOf = (p: Page) =>
      p.$$eval(HAND, (bs) => bs.map((b) => (b as HTMLElement).dataset.card!));
    const theirs = await cardsOf(watcher);
    await watcher.focus(`${HAND}[tabindex="0"]`);
    for (let i = 0; i < 4; i++) await watcher.keyboard.press('ArrowRight');
    assert.equal(await focused(watcher), theirs[4], 'ArrowRight ×4 moves four cards');
    await watcher.evaluate(() => {
      (document.activeElement as HTMLElement & { marked?: boolean }).marked = true;
    });
    await bidder.click('#table-bids button[data-bid="3"]');
    await dealt(bidder, 20);
    await watcher.waitForSelector('#table-board .kitty img[data-card]');
    assert.equal(await focused(watcher), theirs[4], 'focus stayed on the card');
    assert.ok(
      await watcher.evaluate(
        () => (document.activeElement as HTMLElement & { marked?: boolean }).marked === true,
      ),
      'the very same element: the hand was patched, not rebuilt',
    );

    // The landlord plays by keyboard: Home, End, arrows, Enter and Space select, P plays.
    const lord = bidder;
    await lord.waitForSelector('#table-plays:not([hidden])');
    assert.deepEqual(
      await outside(lord, [HAND, '#table-play', '#table-pass', '#table-hint']),
      [],
      'the landlord while playing',
    );
    const mine = await cardsOf(lord);
    await lord.focus(`${HAND}[tabindex="0"]`);
    await lord.keyboard.press('End');
    assert.equal(await focused(lord), mine.at(-1));
    await lord.keyboard.press('Home');
    assert.equal(await focused(lord), mine[0]);
    await lord.keyboard.press('ArrowRight');
    await lord.keyboard.press('ArrowLeft');
    assert.equal(await focused(lord), mine[0]);
    const pressed = (c: string) => lord.getAttribute(`${HAND}[data-card="${c}"]`, 'aria-pressed');
    await lord.keyboard.press('Enter');
    assert.equal(await pressed(mine[0]!), 'true', 'Enter selects');
    await lord.keyboard.press('Space');
    assert.equal(await pressed(mine[0]!), 'false', 'Space unselects');
    // One Tab from the hand: Play.
    await lord.keyboard.press('Tab');
    assert.equal(await focused(lord), 'table-play');
    await lord.keyboard.press('Shift+Tab');
    assert.equal(await focused(lord), mine[0], 'Shift+Tab comes back to the same card');
    const single = mine.at(-1)!;
    await lord.keyboard.press('End');
    await lord.keyboard.press('Enter');
    await lord.keyboard.press('p');
    for (const p of seats) await p.waitForSelector(`#table-board .lead [data-card="${single}"]`);
    await dealt(lord, 19);
    assert.notEqual(await focused(lord), 'body', 'focus stays in the hand after playing');
    assert.ok(mine.includes(await focused(lord)), 'on a card of the hand');

    // The next seat (on a phone, or not): two odd cards refused, said next to the hand.
    const next = (first + 1) % 3;
    const follower = seats[next]!;
    await follower.waitForSelector('#table-plays:not([hidden])');
    assert.deepEqual(
      await outside(follower, [HAND, '#table-play', '#table-pass', '#table-hint']),
      [],
      `seat ${next} while playing`,
    );
    const hand = (await look(next)).hand.yourCards;
    const order = '3456789TJQKA2';
    const low = hand
      .filter((c) => c !== 'BJ' && c !== 'RJ')
      .sort((a, b) => order.indexOf(a[0]!) - order.indexOf(b[0]!));
    const other = low.find((c) => c[0] !== low[0]![0])!;
    const shown = await cardsOf(follower);
    await follower.focus(`${HAND}[tabindex="0"]`);
    for (const c of [low[0]!, other]) {
      // The hand runs from the highest card to the lowest: look for each from the left end.
      await follower.keyboard.press('Home');
      for (let i = 0; i < 20 && (await focused(follower)) !== c; i++) {
        await follower.keyboard.press('ArrowRight');
      }
      await follower.keyboard.press('Enter');
    }
    assert.ok(shown.includes(other));
    await follower.keyboard.press('p');
    const refusal = follower.locator('#table-refusal');
    await refusal.and(follower.locator('[data-code="ILLEGAL_PLAY"]')).waitFor();
    assert.equal(await refusal.getAttribute('role'), 'alert', 'announced');
    assert.match(
      (await follower.getAttribute('#table-mine', 'aria-describedby')) ?? '',
      /\btable-refusal\b/,
      'the hand names its refusal',
    );
    assert.match((await refusal.textContent()) ?? '', /not a Dou Dizhu combination/);
    const box = (await refusal.boundingBox())!;
    const handBox = (await follower.locator('#table-mine').boundingBox())!;
    assert.ok(
      box.y >= handBox.y + handBox.height - 4 && box.y - (handBox.y + handBox.height) < 40,
      `the refusal (${box.y}) sits right under the hand (bottom ${handBox.y + handBox.height})`,
    );
    assert.deepEqual(await outside(follower, ['#table-refusal', HAND]), [], 'the refusal');
    assert.equal(await focused(follower), other, 'focus stayed on the card after the refusal');

    // axe-core at the table: English at both sizes, then Chinese.
    for (const p of [follower, lord, host]) {
      assert.deepEqual(await axeViolations(p), [], `axe at ${p.viewportSize()?.width} px`);
    }
    const zh = seats[(first + 2) % 3]!;
    await zh.click('#lang');
    await zh.waitForSelector('html[lang^="zh"]', { state: 'attached' });
    assert.deepEqual(await axeViolations(zh), [], 'axe in Chinese');
    assert.deepEqual(await axeViolations(follower), [], 'axe with a refusal shown');
    assert.deepEqual(await outside(zh, [HAND]), [], 'the Chinese page');
    const shot =
      process.env.FAIRDEAL_SCREENSHOTS === '1'
        ? fileURLToPath(new URL('../../docs/img/', import.meta.url))
        : dir;
    await lord.screenshot({ path: join(shot, 'web-table-desk.png') });
    await follower.screenshot({ path: join(shot, 'web-table-phone.png') });

    // S passes (the follower, its focus still in the hand); H selects the hint (the next seat).
    await follower.keyboard.press('s');
    await follower.waitForSelector('#table-plays', { state: 'hidden' });
    await zh.waitForSelector('#table-plays:not([hidden])');
    assert.equal(await zh.locator(`${HAND}[aria-pressed="true"]`).count(), 0);
    await zh.focus(`${HAND}[tabindex="0"]`);
    await zh.keyboard.press('h');
    assert.ok((await zh.locator(`${HAND}[aria-pressed="true"]`).count()) > 0, 'H selects a hint');

    // A spectator's route (#table/<id>/watch): the table as the host sees it, without its powers.
    // Its pass is a read-only token kept under the role `watch`; the host's stands in for the
    // room's watch token here (the rooms service issues those).
    const hostToken = await host.evaluate(
      (key) => localStorage.getItem(key),
      `fairdeal-host:${id}`,
    );
    const viewer = await open(`${origin}/#deal`, PHONE);
    await viewer.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [`fairdeal-watch:${id}`, hostToken],
    );
    await viewer.goto(`${origin}/#table/${id}/watch`);
    await viewer.waitForSelector(`#table-board .lead [data-card="${single}"]`);
    assert.equal(await viewer.locator('#table-board .seat.other[data-seat]').count(), 3);
    assert.ok(await viewer.isHidden('#table-host'), 'no host panel');
    assert.ok(await viewer.isHidden('#table-mine-box'), 'no hand');
    assert.ok(await viewer.isVisible('#table-watching'));
    assert.deepEqual(await outside(viewer, ['#table-board']), [], 'the spectator on a phone');
    assert.deepEqual(await axeViolations(viewer), [], 'axe, the spectator');
    assert.deepEqual(errors, []);
    for (const p of [host, ...seats, viewer]) await p.context().close();
  });

  test("a seat's page whose clock ran out while it was closed says it is back, once, when opened again; its clock counts down", async () => {
    const call = async (path: string, body: unknown, token?: string) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
      const r = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      return { status: r.status, json: (await r.json()) as Record<string, unknown> };
    };
    // A practice table (no seeds to wait for) with a 3 s turn clock; seats 1 and 2 over HTTP.
    const made = await call('/v1/tables', {
      preset: 'doudizhu',
      fair: false,
      players: ['ann', 'bo', 'cy'],
      turnSeconds: 3,
    });
    assert.equal(made.status, 201);
    const id = made.json.tableId as string;
    const invites = made.json.invites as { seat: number; invite: string }[];
    const tokens: string[] = [];
    for (const seat of [1, 2]) {
      const key = await createSeatKey(chacha20(`back, seat ${seat}`));
      const claimed = await call(`/v1/tables/${id}/seats/${seat}/claim`, {
        invite: invites[seat]!.invite,
        publicKey: key.publicKey,
      });
      assert.equal(claimed.status, 201);
      tokens[seat] = claimed.json.seatToken as string;
    }
    const page = await open(`${origin}/#table/${id}/join/0/${invites[0]!.invite}`, DESK);
    const sent: string[] = [];
    page.context().on('request', (r) => {
      const body = r.postData();
      if (body !== null) sent.push(body);
    });
    await dealt(page);
    const view = async (seat: number) => {
      const r = await fetch(`${origin}/v1/tables/${id}`, {
        headers: { authorization: `Bearer ${tokens[seat]}` },
      });
      return (
        (await r.json()) as {
          table: Seen & { away: boolean[]; hand: { clock: { seat: number; deadline: number } } };
        }
      ).table;
    };
    // The others pass until it is seat 0's turn to bid.
    for (let v = await view(1); v.hand.game.turn !== 0; v = await view(1)) {
      const r = await call(
        `/v1/tables/${id}/actions`,
        { type: 'bid', bid: 'pass', version: v.version },
        tokens[v.hand.game.turn],
      );
      assert.equal(r.status, 200);
    }
    // Its own clock, beside its hand, counting down.
    await page.waitForSelector('#table-mine-tags .clock:not([hidden])');
    assert.match((await page.textContent('#table-mine-tags .clock')) ?? '', /^0:0[0-3] left$/);
    // The page is closed across its deadline (the player's phone slept, the tab was closed):
    // the service moves for it (a timeout, as its sweep would) and marks it away.
    await page.goto('about:blank');
    const due = (await view(1)).hand.clock.deadline;
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now()) + 300));
    const timedOut = await call(
      `/v1/tables/${id}/actions`,
      { type: 'timeout', version: (await view(1)).version },
      tokens[1],
    );
    assert.equal(timedOut.status, 200, JSON.stringify(timedOut.json));
    assert.deepEqual((await view(1)).away, [true, false, false]);
    assert.equal(sent.filter((b) => b.includes('"back"')).length, 0);
    // Opened again: the page sees it is away and says it is back, once. (A stream that resumes
    // after a drop sets the same flag: fairdeal/client's onDrop, table-live.ts.)
    await page.goto(`${origin}/#table/${id}/0`);
    const end = Date.now() + 60_000;
    while ((await view(1)).away[0] !== false) {
      assert.ok(Date.now() < end, 'the page never said it was back');
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 1_000));
    assert.equal(sent.filter((b) => b.includes('"type":"back"')).length, 1, 'one back');
    assert.deepEqual(
      errors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e)),
      [],
    );
    await page.context().close();
  });

  test('four seats on a phone: the others right, across the top and left; the hand of two decks in one row on screen', async () => {
    const r = await fetch(`${origin}/v1/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        preset: 'doudizhu-4p',
        fair: false,
        players: ['a1', 'b2', 'c3', 'd4'],
      }),
    });
    assert.equal(r.status, 201);
    const made = (await r.json()) as {
      tableId: string;
      invites: { seat: number; invite: string }[];
    };
    for (const seat of [0, 2, 3]) {
      const key = await createSeatKey(chacha20(`four, seat ${seat}`));
      const claimed = await fetch(`${origin}/v1/tables/${made.tableId}/seats/${seat}/claim`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ invite: made.invites[seat]!.invite, publicKey: key.publicKey }),
      });
      assert.equal(claimed.status, 201);
    }
    const page = await open(
      `${origin}/#table/${made.tableId}/join/1/${made.invites[1]!.invite}`,
      PHONE,
    );
    await page.waitForFunction(() => document.querySelectorAll('#table-mine li').length > 20);
    const held = await page.$$eval(HAND, (bs) => bs.map((b) => (b as HTMLElement).dataset.card!));
    const keys = await page.$$eval('#table-mine li', (lis) => lis.map((li) => li.dataset.key));
    assert.equal(new Set(keys).size, held.length, 'one key per card, a card held twice too');
    assert.deepEqual(await outside(page, [HAND, '#table-board']), [], 'four seats at 390 px');
    const tops = await page.$$eval('#table-mine li', (lis) =>
      lis.map((li) => Math.round(li.getBoundingClientRect().top)),
    );
    assert.equal(new Set(tops).size, 1, 'one row');
    const places = await page.$$eval('#table-board .seat.other', (ss) =>
      ss.map((s) => `${(s as HTMLElement).dataset.seat}:${(s as HTMLElement).dataset.pos}`),
    );
    assert.deepEqual(places, ['2:right', '3:top', '0:left']);
    assert.deepEqual(await axeViolations(page), [], 'axe, four seats');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
