// The house rules 加倍 (doubling) and 明牌 (show hand) on the table page, and the hand-end summary
// (docs/WEB.md, "Sit at a table"): a host opens a table with both rules from the form, three
// browsers double, decline and show the hand by clicking, every page sees the shown hand face up,
// and once the hand ends each page shows every seat's hand as dealt — read from the record it
// verified — with a green badge; one page reads it in Chinese. The test reads the table with GET
// to know whose turn it is; every move is a click.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Running } from '../server/spawn-server.ts';
import { a11yProblems } from '../support/a11y-scan.ts';
import { chromiumSkip } from '../support/chromium.ts';
import { openTableByForm } from '../support/table-form.ts';
import { closeWebStage, openWebStage } from '../support/web-stage.ts';

interface Seen {
  version: number;
  history: { n: number; score: { doubled: boolean[]; shown: boolean; multiplier: number } }[];
  hand: {
    n: number;
    phase: string;
    yourCards: string[];
    game: {
      phase: string;
      turn: number;
      landlord: number | null;
      lead: { seat: number } | null;
      doubled: boolean[];
      toDouble: number[];
      shown: boolean;
      shownHand: string[] | null;
    };
  };
}

interface Person {
  readonly context: BrowserContext;
  readonly page: Page;
}

describe('加倍 and 明牌 at a table, and the hand-end summary, in three browsers', {
  skip: chromiumSkip,
  timeout: 300_000,
}, () => {
  let dir = '';
  let server: Running | undefined;
  let browser: Browser | undefined;
  let origin = '';
  const errors: string[] = [];

  before(async () => {
    // No sweep: no turn clock moves for a seat while the test clicks (clocks: tables-clock tests).
    ({ dir, server, origin, browser } = await openWebStage('fairdeal-house-', ['--sweep-ms', '0']));
  });

  after(() => closeWebStage({ browser, server, dir }));

  async function person(): Promise<Person> {
    const context = await browser!.newContext({
      viewport: { width: 1100, height: 900 },
      locale: 'en-US',
    });
    context.setDefaultTimeout(30_000);
    context.on('weberror', (e) => errors.push(e.error().message));
    const page = await context.newPage();
    page.on('console', (m) => {
      // A click on a view one change old is refused as stale (409), which Chromium logs.
      if (m.type() === 'error' && !/status of (409)/.test(m.text())) errors.push(m.text());
    });
    return { context, page };
  }

  async function open(p: Person, url: string): Promise<void> {
    await p.page.goto(url);
    await p.page.waitForSelector('html[data-ready="true"]');
  }

  test('double, no double and show hand by clicking; the shown hand on every page; the summary with a green badge', async () => {
    const host = await person();
    await open(host, `${origin}/#table`);
    const invites = await openTableByForm(host.page, {
      check: ['#table-doubling', '#table-showhand'],
    });
    const id = new URL(invites[0]!).hash.split('/')[1]!;
    const names = ['ann', 'ben', 'cai'];
    const seats: Person[] = [];
    for (const [i, link] of invites.entries()) {
      const p = await person();
      await open(p, link);
      await p.page.fill('#table-join-name', names[i]!);
      await p.page.click('#table-join-go');
      await p.page.waitForFunction((h) => location.hash === h, `#table/${id}/${i}`);
      seats.push(p);
    }
    for (const p of seats) {
      await p.page.waitForFunction(
        () => document.querySelectorAll('#table-mine button[data-card]').length === 17,
      );
    }
    const tokens = await Promise.all(
      seats.map(async (p, i) =>
        p.page.evaluate((key) => localStorage.getItem(key) ?? '', `fairdeal-seat:${id}/${i}`),
      ),
    );
    const look = async (seat: number): Promise<Seen> => {
      const r = await fetch(`${origin}/v1/tables/${id}`, {
        headers: { authorization: `Bearer ${tokens[seat]}` },
      });
      return ((await r.json()) as { table: Seen }).table;
    };
    const dealt = await Promise.all([0, 1, 2].map(async (k) => (await look(k)).hand.yourCards));
    // A click sends its action; the game once the service has taken it, i.e. once it has left
    // `phase` (a read sent right after the click could arrive first under load). Bounded: 10 s.
    const gameAfter = async (phase: string): Promise<Seen['hand']['game']> => {
      let game = (await look(0)).hand.game;
      for (let i = 0; i < 100 && game.phase === phase; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        game = (await look(0)).hand.game;
      }
      return game;
    };

    // The first bidder bids 3: landlord. The doubling round follows, its buttons only there.
    const first = (await look(0)).hand.game.turn;
    const lord = first;
    await seats[first]!.page.waitForSelector('#table-bids:not([hidden])');
    await seats[first]!.page.click('#table-bids button[data-bid="3"]');
    const round = await gameAfter('bidding');
    assert.equal(round.phase, 'doubling');
    assert.equal(round.toDouble.length, 3, 'every seat chooses, once');
    // The farmers from the landlord's successor, then the landlord: the first doubles.
    const [d0, d1, d2] = round.toDouble as [number, number, number];
    const chooser = seats[d0]!;
    await chooser.page.waitForSelector('#table-doubles:not([hidden])');
    for (const k of [d1, d2]) assert.ok(await seats[k]!.page.isHidden('#table-doubles'));
    assert.deepEqual(await a11yProblems(chooser.page), [], 'the doubling buttons');
    await chooser.page.click('#table-doubles button[data-double="double"]');
    // Everyone sees who doubled.
    for (const [k, p] of seats.entries()) {
      const where = k === d0 ? '#table-mine-title' : `#table-board .seat[data-seat="${d0}"] h3`;
      await p.page.waitForFunction(
        (sel) => /· doubled/.test(document.querySelector(sel)?.textContent ?? ''),
        where,
      );
    }
    // The second chooser reads the buttons in Chinese and declines: 不加倍.
    const second = seats[d1]!;
    await second.page.waitForSelector('#table-doubles:not([hidden])');
    await second.page.click('#lang');
    assert.deepEqual(
      await second.page.$$eval('#table-doubles button', (bs) => bs.map((b) => b.textContent)),
      ['加倍', '不加倍'],
    );
    await second.page.click('#table-doubles button[data-double="no-double"]');
    await second.page.click('#lang');
    await seats[d2]!.page.waitForSelector('#table-doubles:not([hidden])');
    await seats[d2]!.page.click('#table-doubles button[data-double="no-double"]');
    const after = await gameAfter('doubling');
    assert.equal(after.phase, 'playing');
    assert.deepEqual(
      after.doubled,
      [0, 1, 2].map((k) => k === d0),
    );

    // The landlord shows its hand before its first play; then the button is gone.
    const landlord = seats[lord]!;
    await landlord.page.waitForSelector('#table-show-hand:not([hidden])');
    for (const [k, p] of seats.entries())
      if (k !== lord) assert.ok(await p.page.isHidden('#table-show-hand'), 'a farmer shows');
    await landlord.page.click('#table-show-hand');
    await landlord.page.waitForSelector('#table-show-hand', { state: 'hidden' });
    const held = (await look(lord)).hand.yourCards;
    assert.equal(held.length, 20);
    // Every other page — the farmers' and the host's — shows the landlord's 20 cards face up.
    for (const p of [...seats.filter((_, k) => k !== lord), host]) {
      await p.page.waitForFunction(
        ({ seat, cards }) =>
          cards.every((c) =>
            document.querySelector(
              `#table-board .seat.shown[data-seat="${seat}"] [data-card="${c}"]`,
            ),
          ),
        { seat: lord, cards: held },
      );
      const alts = await p.page.$$eval(
        `#table-board .seat.shown[data-seat="${lord}"] img`,
        (imgs) => imgs.map((i) => (i as HTMLImageElement).alt),
      );
      assert.equal(alts.length, 20);
      assert.ok(
        alts.every((a) => a !== ''),
        'each shown card labelled',
      );
    }
    assert.deepEqual(await a11yProblems(host.page), [], 'the shown hand');

    // The rest of the hand, by clicking: the seat to lead plays the hint, the others pass.
    for (let clicks = 0; clicks < 400; clicks++) {
      const v = await look(0);
      if (v.hand.phase === 'ended') break;
      const g = v.hand.game;
      const p = seats[g.turn]!;
      await p.page.waitForSelector('#table-plays:not([hidden])');
      if (g.lead === null || g.lead.seat === g.turn) {
        await p.page.click('#table-hint');
        await p.page.click('#table-play');
      } else {
        await p.page.click('#table-pass');
      }
      for (let i = 0; i < 50 && (await look(0)).version === v.version; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const ended = await look(0);
    assert.equal(ended.hand.phase, 'ended');
    const score = ended.history.at(-1)!.score;
    assert.equal(score.shown, true);
    assert.deepEqual(
      score.doubled,
      [0, 1, 2].map((k) => k === d0),
    );

    // The summary on every page: the three hands as dealt, face up, and a green badge.
    for (const p of [...seats, host]) {
      await p.page.waitForSelector('#table-summary:not([hidden]) .badge.ok');
      for (const k of [0, 1, 2]) {
        const shown = await p.page.$$eval(
          `#table-summary .seat.dealt[data-seat="${k}"] img[data-card]`,
          (imgs) => imgs.map((i) => (i as HTMLElement).dataset.card),
        );
        assert.deepEqual(shown.toSorted(), dealt[k]!.toSorted(), `seat ${k}'s hand as dealt`);
      }
      assert.equal(await p.page.locator('#table-summary .kitty img').count(), 3);
    }
    const zh = seats[d1]!;
    await zh.page.click('#lang');
    const text = (await zh.page.textContent('#table-summary')) ?? '';
    assert.match(text, /第 1 局的发牌，取自已验证的记录/);
    assert.match(text, /第 1 局：在 3 个独立密钥的座位之间可证明公平/);
    assert.ok(text.includes(`${names[0]} 发到的牌`), text);
    const zhAlts = await zh.page.$$eval('#table-summary img', (imgs) =>
      imgs.map((i) => (i as HTMLImageElement).alt),
    );
    assert.equal(zhAlts.length, 54);
    assert.ok(
      zhAlts.every((a) => /^(大王|小王|[黑红梅方]\S+)$/.test(a)),
      zhAlts.join(' '),
    );
    assert.deepEqual(await a11yProblems(zh.page), [], 'the summary in Chinese');
    assert.deepEqual(errors, []);
    for (const p of [...seats, host]) await p.context.close();
  });
});
