// A whole dark hand (issue 24) in Chromium against the real service, by clicking only: alice
// (en) creates a room with "Dark deal" ticked, bob (zh) opens its link, carol (en) types its code.
// The three pages make their keys, shuffle in turn, send their shares and open their own 17 cards
// in their workers, with no click; the players bid and play by clicking (Hint then Play, or
// Pass) to the end; every page then checks the whole hand itself and shows it green. Throughout,
// nothing any browser received (answers, events) and nothing its page says names a card another
// seat holds — the service never had them to send — and each seat's step seed leaves its browser
// only in its reveal. Plus an axe scan of the dark table. Outside CI the test skips when Chromium
// is missing.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { parseCard } from '../../src/index.ts';
import { cardLabel } from '../../src/web/card-label.ts';
import type { Running } from '../server/spawn-server.ts';
import { axeViolations } from '../support/axe-scan.ts';
import { type Browsing, browsing, pageWords } from '../support/browsing.ts';
import { cardIdsIn } from '../support/card-scan.ts';
import { chromiumSkip as skip } from '../support/chromium.ts';
import { closeWebStage, openWebStage } from '../support/web-stage.ts';

const DESK = { width: 1280, height: 800 };
const DOCS_IMG =
  process.env.FAIRDEAL_SCREENSHOTS === '1'
    ? fileURLToPath(new URL('../../docs/img/', import.meta.url))
    : undefined;

interface Player {
  readonly name: string;
  readonly b: Browsing;
  readonly lang: 'en' | 'zh';
}

describe('a dark hand in Chromium: three browsers deal among themselves and play it by clicking', {
  skip,
  timeout: 600_000,
}, () => {
  let dir = '';
  let server: Running | undefined;
  let browser: Browser | undefined;
  let origin = '';
  const errors: string[] = [];

  before(async () => {
    ({ dir, server, origin, browser } = await openWebStage('fairdeal-dark-game-'));
  });

  after(() => closeWebStage({ browser, server, dir }));

  // A move raced by another seat's message is refused as stale (409) and taken again.
  const person = (locale: string) =>
    browsing(browser!, { locale, viewport: DESK, errors, expected: /status of 409/ });

  const shot = (name: string) => join(DOCS_IMG ?? dir, name);

  async function open(b: Browsing, url: string): Promise<void> {
    await b.page.goto(url);
    await b.page.waitForSelector('html[data-ready="true"]');
  }

  const hand = (p: Page) =>
    p.$$eval('#table-mine button[data-card]', (bs) =>
      bs.map((b) => (b as HTMLElement).dataset.card!),
    );

  const offer = (p: Page) =>
    p.evaluate(() => {
      const shown = (id: string) => {
        const e = document.getElementById(id);
        return e !== null && !e.hidden;
      };
      return {
        bids: shown('table-bids')
          ? Array.from(
              document.querySelectorAll<HTMLButtonElement>(
                '#table-bids button[data-bid]:not([hidden]):not([disabled])',
              ),
            ).map((b) => b.dataset.bid!)
          : [],
        plays: shown('table-plays'),
      };
    });

  /** Nothing `p`'s browser received, nor its page's words, names a card in `secret`. */
  async function noLeak(p: Player, secret: ReadonlySet<string>): Promise<void> {
    const words = await pageWords(p.b.page);
    for (const card of secret) {
      const label = cardLabel(parseCard(card), p.lang);
      assert.ok(
        !words.includes(label),
        `${p.name}'s page names ${label}, a card another seat holds`,
      );
    }
    const texts = [
      ...p.b.received.map(({ url, body }) => ({ from: url, body })),
      ...p.b.events.map((body) => ({ from: 'an event', body })),
    ];
    for (const { from, body } of texts) {
      const leaked = [...cardIdsIn(body)].filter((c) => secret.has(c));
      assert.deepEqual(leaked, [], `${from} brought ${p.name}'s browser a card another seat holds`);
    }
  }

  test('alice creates a dark room, bob and carol join; the pages deal, the players play to the end, every page checks the hand green', async () => {
    const alice = await person('en-US');
    await open(alice, `${origin}/`);
    await alice.page.waitForSelector('#view-play[data-ready="true"]', { state: 'attached' });
    await alice.page.fill('#lobby-name', 'alice');
    // Show hand is not played dark, nor Dou Dizhu for four: ticking "Dark deal" takes them away.
    await alice.page.check('#lobby-showhand');
    await alice.page.selectOption('#lobby-preset', 'doudizhu-4p');
    await alice.page.check('#lobby-dark');
    assert.equal(await alice.page.isChecked('#lobby-showhand'), false);
    assert.equal(await alice.page.isDisabled('#lobby-showhand'), true);
    assert.equal(await alice.page.inputValue('#lobby-preset'), 'doudizhu');
    await alice.page.click('#lobby-create-go');
    await alice.page.waitForSelector('#lobby-room:not([hidden])');
    assert.match((await alice.page.textContent('#lobby-room-rules')) ?? '', /dark deal/);
    const code = ((await alice.page.textContent('#lobby-room-code')) ?? '').trim().replace('-', '');
    const link = (await alice.page.getAttribute('#lobby-room-link', 'href')) ?? '';
    await alice.page.click('#lobby-to-table');
    await alice.page.waitForFunction(() => /^#table\/[^/]+\/0$/.test(location.hash));

    const bob = await person('zh-CN');
    await open(bob, link);
    await bob.page.waitForSelector('#lobby-room:not([hidden]) button[data-take="1"]');
    await bob.page.fill('#lobby-name', '张三');
    await bob.page.click('button[data-take="1"]');
    const carol = await person('en-US');
    await open(carol, `${origin}/`);
    await carol.page.waitForSelector('#view-play[data-ready="true"]', { state: 'attached' });
    await carol.page.fill('#lobby-code', code);
    await carol.page.click('#lobby-join-go');
    await carol.page.waitForSelector('#lobby-room:not([hidden]) button[data-take="2"]');
    await carol.page.fill('#lobby-name', 'carol');
    await carol.page.click('button[data-take="2"]');

    const players: Player[] = [
      { name: 'alice', b: alice, lang: 'en' },
      { name: 'bob', b: bob, lang: 'zh' },
      { name: 'carol', b: carol, lang: 'en' },
    ];
    // No click: each page's worker makes its key, shuffles in its turn, sends its shares and
    // opens its own 17 cards.
    for (const p of players) {
      await p.b.page.waitForFunction(
        () => document.querySelectorAll('#table-mine button[data-card]').length === 17,
        undefined,
        { timeout: 120_000 },
      );
    }
    const dealt = await Promise.all(players.map((p) => hand(p.b.page)));
    assert.equal(new Set(dealt.flat()).size, 51, 'three hands of 17, no card twice');
    assert.match(
      (await alice.page.textContent('#table-dark-note')) ?? '',
      /decrypted on this device; the server never saw them/,
    );
    assert.match((await bob.page.textContent('#table-dark-note')) ?? '', /在本设备上解密/);
    assert.deepEqual(await axeViolations(alice.page), [], 'axe at the dark table');
    await alice.page.screenshot({ path: shot('web-dark-dealt.png') });

    // The play, by clicking: the first bidder passes, the next calls 3. At every turn, the
    // capture check: what each page holds now is the truth.
    let firstBid = true;
    let kitty: string[] = [];
    // Bounded by moves and by time, not by looks (a look every 150 ms while a loaded machine
    // catches up is no sign of a hand stuck).
    const deadline = Date.now() + 240_000;
    for (let moves = 0; ; ) {
      assert.ok(moves < 400, `the hand never ended: ${moves} moves`);
      assert.ok(Date.now() < deadline, 'the hand never ended: still on after 240 s');
      const ended = await Promise.all(
        players.map((p) => p.b.page.locator('#table-dark-check').isVisible()),
      );
      if (ended.every(Boolean)) break;
      const offers = await Promise.all(players.map((p) => offer(p.b.page)));
      const k = offers.findIndex((o) => o.bids.length > 0 || o.plays);
      if (k < 0) {
        await new Promise((r) => setTimeout(r, 150));
        continue;
      }
      moves++;
      const [p, o] = [players[k]!, offers[k]!];
      const page = p.b.page;
      if (o.bids.length > 0) {
        await page.click(`#table-bids button[data-bid="${firstBid ? 'pass' : '3'}"]`);
        firstBid = false;
      } else {
        // The kitty was opened to every seat when the landlord took it: public from then on.
        if (kitty.length === 0) {
          kitty = await page.$$eval('#table-board .kitty img[data-card]', (is) =>
            is.map((i) => (i as HTMLElement).dataset.card!),
          );
          assert.equal(kitty.length, 3, 'the kitty, turned over');
        }
        const now = await Promise.all(players.map((q) => hand(q.b.page)));
        for (const [i, q] of players.entries()) {
          const secret = now
            .flatMap((h, j) => (j === i ? [] : h))
            .filter((c) => !kitty.includes(c));
          await noLeak(q, new Set(secret));
        }
        await page.click('#table-hint');
        const pressed = await page.locator('#table-mine button[aria-pressed="true"]').count();
        await page.click(pressed > 0 ? '#table-play' : '#table-pass');
      }
      await page
        .waitForFunction(
          () =>
            document.getElementById('table-plays')!.hidden &&
            document.getElementById('table-bids')!.hidden,
          undefined,
          { timeout: 15_000 },
        )
        .catch(() => {});
    }

    // Every page checked the whole hand itself: green.
    for (const p of players) {
      await p.b.page.waitForSelector('#table-dark-check.ok', { timeout: 60_000 });
    }
    assert.match(
      (await alice.page.textContent('#table-dark-check')) ?? '',
      /checked on this device: every shuffle replayed/,
    );
    // The hand-end summary, from the hand each page verified itself: every seat's cards as its
    // worker opened them at the deal, and the kitty as turned over.
    for (const p of players) {
      await p.b.page.waitForSelector(
        '#table-summary:not([hidden]) #table-summary-hands[data-hand="1"]',
      );
      const summary = await p.b.page.evaluate(() => {
        const ids = (root: Element) =>
          Array.from(root.querySelectorAll<HTMLElement>('img[data-card]')).map(
            (i) => i.dataset.card!,
          );
        const out = document.getElementById('table-summary-hands')!;
        return {
          seats: Array.from(out.querySelectorAll('section.dealt:not(.kitty)')).map(ids),
          kitty: ids(out.querySelector('section.kitty') ?? document.createElement('div')),
          green: out.querySelector('.badge.ok') !== null,
        };
      });
      assert.deepEqual(
        summary.seats.map((cards) => [...cards].sort()),
        dealt.map((cards) => [...cards].sort()),
        `${p.name}'s summary: the hands as dealt`,
      );
      assert.deepEqual(
        [...summary.kitty].sort(),
        [...kitty].sort(),
        `${p.name}'s summary: the kitty`,
      );
      assert.ok(summary.green, `${p.name}'s summary badge`);
    }
    assert.deepEqual(await axeViolations(carol.page), [], 'axe at the dark hand checked');
    await alice.page.screenshot({ path: shot('web-dark-checked.png'), fullPage: true });

    // Each seat's step seed left its browser once, in its reveal, never before.
    for (const p of players) {
      const reveal = p.b.sent.findIndex((body) => body.includes('"dark-reveal"'));
      assert.ok(reveal >= 0, `${p.name} revealed`);
      const seed = (JSON.parse(p.b.sent[reveal]!) as { reveal: { seed: string } }).reveal.seed;
      assert.match(seed, /^[0-9a-f]{64}$/);
      const earlier = p.b.sent.slice(0, reveal).filter((body) => body.includes(seed));
      assert.deepEqual(earlier, [], `${p.name}'s seed was sent before its reveal`);
    }
    assert.deepEqual(errors, [], 'no page error');
  });
});
