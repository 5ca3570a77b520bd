// The lobby (#play, src/web/lobby-*.ts, docs/WEB.md "The lobby") in Chromium against the real
// service, by clicking and typing only (no API call from the test): one browser creates a room
// and is shown its code and link; a second joins by typing the code (in lower case, with spaces),
// a third by opening the link (the code leaves the address bar), each choosing a name — one in
// Chinese, and a name already taken is refused; a fourth opens the room, is beaten to the last
// seat (SEAT_TAKEN: the seats are read again), watches, and never sees a card: its page's text,
// every answer it received and every event it was sent are scanned for the seats' cards once the
// hand is dealt. A wrong code and a code that cannot be one are refused with words, in both
// languages. "Play against two bots" lands, in one click, at a dealt hand with seats 2 and 3 the
// house's. Outside CI the test skips when Chromium is missing; under CI=true it fails instead.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { parseCard } from '../../src/index.ts';
import { cardLabel } from '../../src/web/card-label.ts';
import type { Running } from '../server/spawn-server.ts';
import { a11yProblems } from '../support/a11y-scan.ts';
import { type Browsing, browsing, pageWords } from '../support/browsing.ts';
import { cardIdsIn } from '../support/card-scan.ts';
import { chromiumSkip as skip } from '../support/chromium.ts';
import { closeWebStage, openWebStage } from '../support/web-stage.ts';

const DOCS_IMG =
  process.env.FAIRDEAL_SCREENSHOTS === '1'
    ? fileURLToPath(new URL('../../docs/img/', import.meta.url))
    : undefined;

describe('the lobby in Chromium: rooms by code and link, names, seats, a spectator, bots', {
  skip,
  timeout: 300_000,
}, () => {
  let dir = '';
  let server: Running | undefined;
  let browser: Browser | undefined;
  let origin = '';
  const errors: string[] = [];

  before(async () => {
    ({ dir, server, origin, browser } = await openWebStage('fairdeal-lobby-'));
  });

  after(() => closeWebStage({ browser, server, dir }));

  // The refusals this test provokes (404 a wrong code, 409 a taken seat or name) are logged.
  const person = (locale = 'en-US'): Promise<Browsing> =>
    browsing(browser!, { locale, errors, expected: /status of (404|409)/ });

  async function open(b: Browsing, url: string): Promise<void> {
    await b.page.goto(url);
    await b.page.waitForSelector('html[data-ready="true"]');
    await b.page.waitForSelector('#view-play[data-ready="true"]', { state: 'attached' });
  }

  const shot = (name: string) => join(DOCS_IMG ?? dir, name);

  const storage = (p: Page) =>
    p.evaluate(() => Object.fromEntries(Object.entries(localStorage)) as Record<string, string>);

  const seatStates = (p: Page) =>
    p.$$eval('#lobby-seats li', (lis) =>
      lis.map((li) => `${(li as HTMLElement).dataset.state}:${li.textContent?.trim()}`),
    );

  const cards = (p: Page) =>
    p.$$eval('#table-mine button[data-card]', (bs) =>
      bs.map((b) => (b as HTMLElement).dataset.card!),
    );

  async function dealt(p: Page): Promise<string[]> {
    await p.waitForFunction(
      () => document.querySelectorAll('#table-mine button[data-card]').length === 17,
      undefined,
      { timeout: 90_000 },
    );
    return cards(p);
  }

  /** The error the lobby shows: its words and its code. */
  async function lobbyError(p: Page): Promise<{ text: string; code: string | null }> {
    await p.waitForSelector('#lobby-error:not([hidden])');
    return {
      text: ((await p.textContent('#lobby-error')) ?? '').trim(),
      code: await p.getAttribute('#lobby-error', 'data-code'),
    };
  }

  test('a room: created with its code and link, joined by code and by link under chosen names, a seat lost to a faster player, a spectator who sees no card', async () => {
    // ann creates the room: doubling, stakes 5, a 60 s clock.
    const ann = await person();
    await open(ann, `${origin}/`);
    assert.equal(await ann.page.getAttribute('#tab-play', 'aria-selected'), 'true');
    assert.deepEqual(await a11yProblems(ann.page), [], 'the lobby');
    await ann.page.fill('#lobby-name', 'ann');
    await ann.page.check('#lobby-doubling');
    await ann.page.fill('#lobby-stakes', '5');
    await ann.page.selectOption('#lobby-clock', '60');
    await ann.page.screenshot({ path: shot('web-lobby.png') });
    await ann.page.click('#lobby-create-go');
    await ann.page.waitForSelector('#lobby-room:not([hidden])');
    const shown = ((await ann.page.textContent('#lobby-room-code')) ?? '').trim();
    assert.match(shown, /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/, 'the code, ABCD-EFGH');
    const code = shown.replace('-', '');
    const link = (await ann.page.getAttribute('#lobby-room-link', 'href')) ?? '';
    assert.equal(link, `${origin}/#room=${code}`);
    // ann holds seat 1: no other seat is offered to this browser.
    assert.deepEqual(await seatStates(ann.page), [
      'taken:Seat 1 ann (you)',
      'free:Seat 2 free',
      'free:Seat 3 free',
    ]);
    const facts = (await ann.page.textContent('#lobby-room-rules')) ?? '';
    assert.ok(
      facts.includes('doubling') && facts.includes('5') && facts.includes('60 seconds'),
      facts,
    );
    const annKept = await storage(ann.page);
    const id = Object.keys(annKept)
      .find((k) => k.startsWith('fairdeal-host:'))
      ?.slice('fairdeal-host:'.length);
    assert.ok(id !== undefined, 'the host token is kept');
    assert.match(annKept[`fairdeal-seat:${id}/0`] ?? '', /^fdt_seat_/, 'seat 1 is held here');
    assert.ok(annKept[`fairdeal-seat-key:${id}/0`] !== undefined, 'with its key made here');
    assert.deepEqual(await a11yProblems(ann.page), [], 'the room panel');
    await ann.page.screenshot({ path: shot('web-lobby-room.png') });

    // A wrong code, then one that cannot be a code: refused in words, in English and Chinese.
    const zhang = await person('zh-CN');
    await open(zhang, `${origin}/`);
    assert.equal(await zhang.page.getAttribute('html', 'lang'), 'zh-CN');
    await zhang.page.fill('#lobby-code', 'zzzz-zzzz');
    await zhang.page.click('#lobby-join-go');
    let error = await lobbyError(zhang.page);
    assert.equal(error.code, 'ROOM_NOT_FOUND');
    assert.match(error.text, /没有这个房间号的房间/);
    await zhang.page.click('#lang');
    assert.match((await lobbyError(zhang.page)).text, /There is no room with that code/);
    await zhang.page.fill('#lobby-code', 'ABCD-EFGU');
    await zhang.page.click('#lobby-join-go');
    error = await lobbyError(zhang.page);
    assert.equal(error.code, 'BAD_ROOM_CODE');
    assert.match(error.text, /A room code is 8 letters and digits/);
    await zhang.page.click('#lang');
    assert.match((await lobbyError(zhang.page)).text, /房间号由 8 个字母和数字组成/);

    // 张三 types the code as people do (lower case, spaces), and takes seat 2 under a Chinese name.
    await zhang.page.fill(
      '#lobby-code',
      ` ${code.slice(0, 4).toLowerCase()} ${code.slice(4).toLowerCase()} `,
    );
    await zhang.page.click('#lobby-join-go');
    await zhang.page.waitForSelector('#lobby-room:not([hidden])');
    assert.equal((await zhang.page.textContent('#lobby-room-code'))?.trim(), shown);
    await zhang.page.fill('#lobby-name', '张三');
    await zhang.page.click('button[data-take="1"]');
    await zhang.page.waitForFunction((t) => location.hash === `#table/${t}/1`, id);

    // The watcher opens the room now, while seat 3 is still free.
    const eve = await person();
    await open(eve, `${origin}/#room=${code}`);
    await eve.page.waitForSelector('button[data-take="2"]');
    assert.equal(new URL(eve.page.url()).hash, '#play', 'the code left the address bar');

    // bo opens the link: the code is read and taken out of the address bar; 张三 is taken.
    const bo = await person();
    await open(bo, link);
    await bo.page.waitForSelector('#lobby-room:not([hidden])');
    assert.equal(new URL(bo.page.url()).hash, '#play', 'the code left the address bar');
    assert.ok(!bo.page.url().includes(code), bo.page.url());
    assert.deepEqual((await seatStates(bo.page)).slice(0, 2), [
      'taken:Seat 1 ann',
      'taken:Seat 2 张三',
    ]);
    await bo.page.fill('#lobby-name', '张三');
    await bo.page.click('button[data-take="2"]');
    error = await lobbyError(bo.page);
    assert.equal(error.code, 'NAME_TAKEN');
    assert.match(error.text, /Another player in this room has that name/);
    await bo.page.fill('#lobby-name', 'bo');
    await bo.page.click('button[data-take="2"]');
    await bo.page.waitForFunction((t) => location.hash === `#table/${t}/2`, id);

    // eve's page still offers seat 3: bo was faster. The refusal says so and the seats are read again.
    await eve.page.fill('#lobby-name', 'eve');
    await eve.page.click('button[data-take="2"]');
    error = await lobbyError(eve.page);
    assert.equal(error.code, 'SEAT_TAKEN');
    assert.match(error.text, /Someone was faster/);
    // Read again with the refusal (not by the lobby's next poll, seconds later).
    assert.equal(
      await eve.page.getAttribute('#lobby-seats li[data-seat="2"]', 'data-state'),
      'taken',
    );
    assert.equal(await eve.page.$('button[data-take]'), null, 'no free seat is offered');
    assert.equal((await storage(eve.page))[`fairdeal-seat-key:${id}/2`], undefined, 'no key kept');
    await eve.page.click('#lobby-watch');
    await eve.page.waitForFunction((t) => location.hash === `#table/${t}/watch`, id);
    // The watch token is kept (table-storage.ts, role `watch`), under this table's id.
    const watchKept = Object.entries(await storage(eve.page)).filter(
      ([k, v]) => k.includes(id) && v.startsWith('fdt_watch_'),
    );
    assert.equal(watchKept.length, 1, 'the watch token is kept');

    // ann goes to the table; the three seats commit, reveal and are dealt.
    await ann.page.click('#lobby-to-table');
    await ann.page.waitForFunction((t) => location.hash === `#table/${t}/0`, id);
    const hands = [await dealt(ann.page), await dealt(zhang.page), await dealt(bo.page)];
    const held = new Set(hands.flat());
    assert.equal(held.size, 51);

    // The spectator follows the table (#table/<id>/watch), then opens the room's link again: the
    // lobby reads the room, now dealt, as a spectator does.
    await eve.page.waitForTimeout(1500);
    // This visit's own answer, awaited: the bodies the page collects arrive asynchronously, and
    // under load the last one kept could still be the answer from before the deal.
    const reading = eve.page.waitForResponse(
      (r) => r.url().endsWith('/v1/rooms/open') && r.request().method() === 'POST',
    );
    await eve.page.goto(link);
    const reopened = await (await reading).text();
    await eve.page.waitForSelector('#lobby-room:not([hidden]) #lobby-seats li[data-seat="2"]');
    const dealtView = JSON.parse(reopened) as {
      table?: { you: string; hand: { phase: string; counts: { hands: number[] } } | null };
    };
    assert.equal(dealtView.table?.you, 'spectator');
    assert.deepEqual(dealtView.table?.hand?.counts.hands, [17, 17, 17], 'the room, dealt');
    assert.equal(await eve.page.$('button[data-take]'), null);
    // The spectator: no card in its page (text, labels, alts), its answers or its events.
    const seen = await pageWords(eve.page);
    for (const card of held) {
      const words = cardLabel(parseCard(card), 'en');
      assert.ok(!seen.includes(words), `the spectator's page names ${words}`);
    }
    const leaked = [...eve.bodies, ...eve.events].flatMap((text) =>
      [...cardIdsIn(text)].filter((c) => held.has(c)),
    );
    assert.deepEqual(leaked, [], "a seat's card reached the spectator");
    assert.ok(
      eve.bodies.some((a) => a.includes('"spectator"')),
      'the spectator read the room',
    );
    const faces = eve.urls.filter((u) => /\/static\/img\/(?!X2\.svg|back\.svg)/.test(u));
    assert.deepEqual(faces, [], 'no card face loaded for the spectator');

    // Nothing secret travelled in a URL; the code only in a request body.
    for (const b of [ann, zhang, bo, eve]) {
      for (const u of b.urls) {
        assert.ok(!u.includes(code) || new URL(u).hash.includes(code), `the code in ${u}`);
        assert.doesNotMatch(u, /fdt_(seat|host|watch)_/, u);
      }
      for (const body of b.sent) assert.doesNotMatch(body, /privateKey/);
    }
    for (const b of [ann, zhang, bo, eve]) await b.context.close();
    assert.deepEqual(errors, []);
  });

  test('"Play against two bots": one click, a dealt hand, seats 2 and 3 the house\'s', async () => {
    const me = await person();
    await open(me, `${origin}/`);
    await me.page.fill('#lobby-name', 'dee');
    await me.page.click('#lobby-bots');
    await me.page.waitForFunction(() => /^#table\/[^/]+\/0$/.test(location.hash));
    assert.equal((await dealt(me.page)).length, 17);
    const claimed = me.bodies.find((a) => a.includes('"seatToken"'));
    assert.ok(claimed !== undefined, 'the claim was answered');
    const table = (JSON.parse(claimed) as { table: { bots: number[]; names: (string | null)[] } })
      .table;
    assert.deepEqual(table.bots, [1, 2]);
    assert.equal(table.names[0], 'dee');
    await me.context.close();
    assert.deepEqual(errors, []);
  });
});
