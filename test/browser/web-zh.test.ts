// The page in Chinese, in a real browser (docs/WEB.md, "Languages"): Debian's Chromium driven by
// playwright-core against the real service on 127.0.0.1. Each browser starts in English and
// switches with the language button; then the test walks every view — deals of several games,
// the verifier on a genuine, a tampered, a mis-announced and a malformed record and on a void
// fairdeal-v3 record, the audit of a biased, a broken and a too-short run, and a table: the host's
// page, the join form, the waiting screen, the deal, a refused play and a play that does not beat —
// and after each step reads every visible text (and each visible element's aria-label, alt, title
// and placeholder, and every option of a visible list). No Latin-letter word may remain but the
// allow-list of test/support/zh-text.ts (fairdeal, API, Fisher–Yates, the card ranks J Q K A, a
// formula's letters…); machine text shown as code (<code>, <pre>, <textarea>) is not words, and
// the only element marked as another language is the switch back to English. Players are named
// with digits (the service takes [A-Za-z0-9_.-]), so any Latin word left is the page's own.
// Outside CI the test skips when Chromium is missing; under CI=true it fails instead.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Running } from '../server/spawn-server.ts';
import { chromiumSkip as skip } from '../support/chromium.ts';
import { closeWebStage, openWebStage } from '../support/web-stage.ts';
import { foreignWords } from '../support/zh-text.ts';

/** One piece of text the page shows, and where. */
interface Shown {
  readonly where: string;
  readonly text: string;
}

/**
 * Every text a reader meets on the page now: visible text nodes outside code, and the visible
 * elements' aria-label, alt, title, placeholder; the options of each visible list; the title.
 * Text under an element marked with another language than Chinese is returned apart.
 */
function shownText(page: Page): Promise<{ shown: Shown[]; otherLanguage: string[] }> {
  return page.evaluate(() => {
    const CODE = 'code, pre, textarea, script, style, kbd, samp';
    const where = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id === '' ? '' : `#${e.id}`}${e.className === '' || typeof e.className !== 'string' ? '' : `.${e.className.split(' ').join('.')}`}`;
    const visible = (e: Element) => e.checkVisibility({ checkVisibilityCSS: true });
    const foreign = (e: Element) => {
      const marked = e.closest('[lang]');
      return (
        marked !== null &&
        marked !== document.documentElement &&
        !(marked as HTMLElement).lang.startsWith('zh')
      );
    };
    const shown: { where: string; text: string }[] = [{ where: 'title', text: document.title }];
    const otherLanguage = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (parent === null || text === '' || parent.closest(CODE) !== null || !visible(parent))
        continue;
      if (foreign(parent)) {
        otherLanguage.add(where(parent.closest('[lang]')!));
        continue;
      }
      shown.push({ where: where(parent), text });
    }
    for (const e of Array.from(document.body.querySelectorAll('*'))) {
      if (!visible(e) || e.closest(CODE) !== null) continue;
      for (const attribute of ['aria-label', 'alt', 'title', 'placeholder']) {
        const value = e.getAttribute(attribute);
        if (value === null || value.trim() === '') continue;
        if (foreign(e)) otherLanguage.add(where(e.closest('[lang]')!));
        else shown.push({ where: `${where(e)}[${attribute}]`, text: value });
      }
      if (e instanceof HTMLSelectElement) {
        for (const o of Array.from(e.options))
          shown.push({ where: `${where(e)} option`, text: o.text });
      }
    }
    return { shown, otherLanguage: [...otherLanguage] };
  });
}

describe('the page in Chinese, every view, in Chromium', { skip, timeout: 420_000 }, () => {
  let dir = '';
  let server: Running | undefined;
  let browser: Browser | undefined;
  let origin = '';
  const errors: string[] = [];
  const contexts: BrowserContext[] = [];

  before(async () => {
    ({ dir, server, origin, browser } = await openWebStage('fairdeal-zh-'));
  });

  after(async () => {
    for (const c of contexts) await c.close();
    await closeWebStage({ browser, server, dir });
  });

  /** A browser of its own, in English until its page switches. */
  async function person(): Promise<Page> {
    const context = await browser!.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
    });
    contexts.push(context);
    context.setDefaultTimeout(30_000);
    context.on('weberror', (e) => errors.push(e.error().message));
    const page = await context.newPage();
    page.on('console', (m) => {
      // Refusals the test provokes (404 a room code of no room, 422 the rules) are logged by
      // Chromium, and expected; so is what it logs about a pasted function the worker refuses.
      if (
        m.type() === 'error' &&
        !/status of (404|409|422)|Content Security Policy/.test(m.text())
      ) {
        errors.push(m.text());
      }
    });
    return page;
  }

  /** Opens `url` and switches to Chinese with the button, as a person would. */
  async function openInChinese(page: Page, url: string): Promise<void> {
    await page.goto(url);
    await page.waitForSelector('html[data-ready="true"]');
    if ((await page.getAttribute('html', 'lang')) !== 'zh-CN') await page.click('#lang');
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
    assert.equal(await page.textContent('#lang'), 'English');
  }

  /** Every Latin word the page shows now but may not (names the test used are `extra`). */
  async function assertChinese(page: Page, what: string, extra: readonly string[] = []) {
    const { shown, otherLanguage } = await shownText(page);
    assert.deepEqual(otherLanguage, ['button#lang'], `${what}: text marked as another language`);
    const left = shown
      .map((s) => ({ ...s, words: foreignWords(s.text, extra) }))
      .filter((s) => s.words.length > 0)
      .map((s) => `${s.where}: ${s.words.join(' ')} ← “${s.text}”`);
    assert.deepEqual(left, [], `${what}: Latin words on the Chinese page`);
    assert.ok(
      shown.some((s) => /[\u4e00-\u9fff]/.test(s.text)),
      `${what}: no Chinese at all`,
    );
  }

  test('deal: several games, their seats and counts, and the fair badge', async () => {
    const page = await person();
    // The page opens on the lobby: Chinese too; the deal is the next tab.
    await openInChinese(page, `${origin}/`);
    await page.waitForSelector('#view-play[data-ready="true"]', { state: 'attached' });
    await assertChinese(page, 'the lobby');
    await page.fill('#lobby-code', 'zzzz-zzzz');
    await page.click('#lobby-join-go');
    await page.waitForSelector('#lobby-error[data-code="ROOM_NOT_FOUND"]');
    await assertChinese(page, 'the lobby, no such room');
    await page.fill('#lobby-name', '张三');
    await page.check('#lobby-doubling');
    await page.click('#lobby-create-go');
    await page.waitForSelector('#lobby-room:not([hidden]) #lobby-seats li');
    await assertChinese(page, "a room's panel");
    await page.click('#tab-deal');
    await assertChinese(page, 'the deal view before a deal');
    await page.click('#deal-go');
    await page.waitForSelector('#deal-table .kitty');
    assert.match((await page.textContent('#deal-table .seat-0 h3')) ?? '', /^座位 1 — 17 张$/);
    assert.match((await page.textContent('#deal-badge')) ?? '', /^⚠ 已在本浏览器验证：/);
    await assertChinese(page, 'a fair Dou Dizhu deal');
    await page.uncheck('#deal-fair');
    for (const game of ['bridge', 'blackjack', 'skat', 'holdem']) {
      await page.selectOption('#deal-preset', game);
      await page.click('#deal-go');
      await page.waitForSelector('#deal-table .seat-1');
      await assertChinese(page, `a deal of ${game}`);
    }
    assert.equal(await page.textContent('#deal-table .seat-0 h3'), '座位 1 — 2 张');
    await page.close();
  });

  test('verify: a genuine, a tampered, a mis-announced and a malformed record, and a void v3 record', async () => {
    const page = await person();
    await openInChinese(page, `${origin}/#deal`);
    await page.click('#deal-go');
    await page.waitForSelector('#deal-fair-out:not([hidden])');
    const text = (await page.textContent('#deal-transcript')) ?? '';
    await page.click('#deal-to-verify');
    await page.waitForSelector('#verify-badge[data-ok="true"]');
    await assertChinese(page, 'a genuine record');

    const tampered = JSON.parse(text);
    [tampered.cards[5].card, tampered.cards[40].card] = [
      tampered.cards[40].card,
      tampered.cards[5].card,
    ];
    await page.fill('#verify-input', JSON.stringify(tampered));
    await page.click('#verify-go');
    await page.waitForSelector('#verify-badge[data-ok="false"]');
    const problems = await page.$$eval('#verify-problems li', (l) => l.map((x) => x.textContent));
    assert.match(problems[0] ?? '', /^cards\[5\] 第 5 个位置记录的是 \S+，种子放在那里的是 \S+。$/);
    await assertChinese(page, 'a tampered record');

    await page.fill('#verify-input', text);
    await page.fill('#verify-commitment', '0'.repeat(64));
    await page.click('#verify-go');
    await page.waitForSelector('#verify-problems li[data-code="not-announced-commitment"]');
    await assertChinese(page, 'a record held to another commitment');

    await page.fill('#verify-commitment', '');
    await page.fill('#verify-input', '{"algorithm": "fairdeal-v2", "table": ');
    await page.click('#verify-go');
    await page.waitForSelector('#verify-problems li[data-code="malformed"]');
    await assertChinese(page, 'a malformed record');

    const v3 = JSON.parse(readFileSync(new URL('../vectors/fair-v3.json', import.meta.url), 'utf8'))
      .transcripts as { kind: string; seats: { player: string }[] }[];
    const void3 = v3.find((t) => t.kind === 'void')!;
    await page.fill('#verify-input', JSON.stringify(void3));
    await page.click('#verify-go');
    await page.waitForSelector('#verify-badge[data-status="void"]');
    // The vector's players are named in Latin letters: their names are theirs.
    await assertChinese(
      page,
      'a void fairdeal-v3 record',
      void3.seats.map((s) => s.player),
    );
    await page.close();
  });

  test('audit: a biased shuffle with its details and sources, a broken one, and tests that cannot run', async () => {
    const page = await person();
    await openInChinese(page, `${origin}/#audit`);
    await page.waitForSelector('#audit-flawed button[data-algorithm="swap-any"]');
    await assertChinese(page, 'the audit view');
    await page.click('#audit-flawed button[data-algorithm="swap-any"]');
    await page.waitForSelector('#audit-verdict[data-verdict="biased"]', { timeout: 90_000 });
    const about = await page.$$eval('#audit-result p.note', (p) =>
      p.map((x) => x.textContent ?? ''),
    );
    assert.ok(
      about.some((p) => p.includes('原始文章 003《有趣的洗牌演算法》')),
      about.join('\n'),
    );
    assert.ok(!about.some((p) => /\.txt/.test(p)), 'a file name shown');
    await assertChinese(page, 'a biased shuffle');

    await page.selectOption('#audit-algorithm', 'code');
    await page.fill('#audit-n', '8');
    await page.fill('#audit-trials', '100');
    await page.fill('#audit-code', '(a) => a.slice(1)');
    await page.click('#audit-go');
    await page.waitForSelector('#audit-verdict[data-verdict="broken"]', { timeout: 30_000 });
    assert.match((await page.textContent('#audit-verdict')) ?? '', /它返回了 7 项，而不是 8 项/);
    await assertChinese(page, 'a broken shuffle');

    await page.fill('#audit-code', '(a) => a');
    await page.click('#audit-go');
    await page.waitForSelector('#audit-verdict[data-verdict]:not([data-verdict="broken"])', {
      timeout: 30_000,
    });
    await assertChinese(page, 'a run too short for some tests');
    await page.close();
  });

  test('a table: the host, the join form, the waiting screen, the deal, and refused plays', async () => {
    const host = await person();
    await openInChinese(host, `${origin}/#table`);
    await assertChinese(host, 'the form to open a table');
    // No names: the players choose theirs; until then a seat is named by its number.
    await host.click('#table-go');
    await host.waitForSelector('#table-links a');
    assert.deepEqual(await host.$$eval('#table-links a', (a) => a.map((x) => x.textContent)), [
      '座位 1 的邀请',
      '座位 2 的邀请',
      '座位 3 的邀请',
    ]);
    await assertChinese(host, "the host's page");
    const invites = await host.$$eval('#table-links a', (a) =>
      a.map((x) => (x as HTMLAnchorElement).href),
    );

    const names = ['520', '666', '888'];
    const players: Page[] = [];
    for (const [i, link] of invites.entries()) {
      const p = await person();
      await openInChinese(p, link);
      await p.waitForSelector('#table-join-form:not([hidden])');
      if (i === 0) await assertChinese(p, 'the join form');
      await p.fill('#table-join-name', names[i]!);
      await p.click('#table-join-go');
      await p.waitForFunction((k) => location.hash.endsWith(`/${k}`), i);
      if (i === 0) {
        await p.waitForSelector('#table-waiting:not([hidden])');
        assert.match((await p.textContent('#table-waiting-list')) ?? '', /座位 2 — 尚未加入/);
        await assertChinese(p, 'the waiting screen');
      }
      players.push(p);
    }
    for (const p of players) {
      await p.waitForFunction(
        () => document.querySelectorAll('#table-mine button[data-card]').length === 17,
      );
    }
    await assertChinese(players[1]!, 'a seat at the deal');
    await assertChinese(host, 'the host at the deal');

    // Seat 1 bids 3 and leads its highest card below the jokers, alone.
    const [p0, p1] = players as [Page, Page];
    await p0.waitForSelector('#table-bids:not([hidden])');
    await assertChinese(p0, 'the bid');
    await p0.click('#table-bids button[data-bid="3"]');
    await p0.waitForFunction(
      () => document.querySelectorAll('#table-mine button[data-card]').length === 20,
    );
    const order = '3456789TJQKA2';
    const mine = await p0.$$eval('#table-mine button[data-card]', (b) =>
      b.map((x) => (x as HTMLElement).dataset.card!),
    );
    const high = mine
      .filter((c) => c !== 'BJ' && c !== 'RJ')
      .sort((a, b) => order.indexOf(b[0]!) - order.indexOf(a[0]!))[0]!;
    await p0.waitForSelector('#table-plays:not([hidden])');
    await p0.click(`#table-mine button[data-card="${high}"]`, { position: { x: 8, y: 40 } });
    await p0.click('#table-play');
    await p1.waitForSelector(`#table-board .lead [data-card="${high}"]`);
    assert.match((await p1.textContent('#table-board .lead h3')) ?? '', /^桌上：520（单张）$/);

    // Seat 2 tries two cards of different ranks: refused, in words, the cards named as labelled.
    await p1.waitForSelector('#table-plays:not([hidden])');
    const hand = await p1.$$eval('#table-mine button[data-card]', (b) =>
      b.map((x) => (x as HTMLElement).dataset.card!),
    );
    const low = hand
      .filter((c) => c !== 'BJ' && c !== 'RJ')
      .sort((a, b) => order.indexOf(a[0]!) - order.indexOf(b[0]!));
    const other = low.find((c) => c[0] !== low[0]![0])!;
    for (const c of [low[0]!, other]) {
      await p1.click(`#table-mine button[data-card="${c}"]`, { position: { x: 8, y: 40 } });
    }
    await p1.click('#table-play');
    await p1.waitForSelector('#table-refusal[data-reason="not-a-combination"]');
    assert.match(
      (await p1.textContent('#table-refusal')) ?? '',
      /^错误：[黑红梅方]\S+、[黑红梅方]\S+：不是斗地主的牌型。$/,
    );
    await assertChinese(p1, 'a play that is no combination');

    // Then one card lower than the lead: it does not beat it.
    for (const c of [low[0]!, other]) {
      await p1.click(`#table-mine button[data-card="${c}"]`, { position: { x: 8, y: 40 } });
    }
    await p1.click(`#table-mine button[data-card="${low[0]}"]`, { position: { x: 8, y: 40 } });
    await p1.click('#table-play');
    await p1.waitForSelector('#table-refusal[data-reason="does-not-beat"]');
    assert.match(
      (await p1.textContent('#table-refusal')) ?? '',
      /^错误：[黑红梅方]\S+ 压不过 [黑红梅方]\S+（单张）：/,
    );
    await assertChinese(p1, 'a play that does not beat the lead');
    assert.deepEqual(errors, []);
  });
});
