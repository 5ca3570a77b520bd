// axe-core on every view of the web page, in both languages, in Chromium against the real
// service: no serious or critical violation (docs/WEB.md, "Accessibility"). The views: the lobby
// (its forms, a refused code, a room's panel with its code and seats), deal (with
// a deal shown), verify, audit, the table form, the host's page and a seat's page at a dealt
// Dou Dizhu hand (three seats joined by their invite links, each in its own browser context).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { Running } from '../server/spawn-server.ts';
import { axeViolations } from '../support/axe-scan.ts';
import { chromiumSkip as skip } from '../support/chromium.ts';
import { openTableByForm } from '../support/table-form.ts';
import { closeWebStage, openWebStage } from '../support/web-stage.ts';

describe('accessibility: axe-core finds nothing serious on any view, in English or Chinese', {
  skip,
  timeout: 300_000,
}, () => {
  let dir = '';
  let server: Running | undefined;
  let browser: Browser | undefined;
  let origin = '';

  before(async () => {
    ({ dir, server, origin, browser } = await openWebStage('fairdeal-a11y-', ['--sweep-ms', '0']));
  });

  after(() => closeWebStage({ browser, server, dir }));

  async function open(
    url: string,
    language: 'en' | 'zh',
    viewport = { width: 1280, height: 800 },
  ): Promise<Page> {
    const context = await browser!.newContext({
      viewport,
      locale: language === 'en' ? 'en-US' : 'zh-CN',
    });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('html[data-ready="true"]');
    if (!(await page.getAttribute('html', 'lang'))?.startsWith(language)) {
      await page.click('#lang');
      await page.waitForSelector(`html[lang^="${language}"]`, { state: 'attached' });
    }
    return page;
  }

  const clean = async (page: Page, what: string) =>
    assert.deepEqual(await axeViolations(page), [], what);

  for (const language of ['en', 'zh'] as const) {
    test(`${language}: deal, verify and audit`, async () => {
      const page = await open(`${origin}/#deal`, language);
      await clean(page, `${language} deal, empty`);
      await page.fill('#deal-seed', 'words');
      await page.click('#deal-go');
      await page.waitForSelector('#deal-table .kitty');
      await clean(page, `${language} deal, dealt`);
      for (const view of ['verify', 'audit'] as const) {
        await page.click(`[data-view="${view}"]`);
        await page.waitForFunction((v) => location.hash === `#${v}`, view);
        await clean(page, `${language} ${view}`);
      }
      await page.context().close();
    });

    test(`${language}: the lobby, a refused code and a room's panel`, async () => {
      const page = await open(`${origin}/`, language);
      await page.waitForSelector('#view-play[data-ready="true"]', { state: 'attached' });
      await clean(page, `${language} lobby`);
      await page.fill('#lobby-code', 'nope');
      await page.click('#lobby-join-go');
      await page.waitForSelector('#lobby-error:not([hidden])');
      await clean(page, `${language} lobby, a refused code`);
      await page.fill('#lobby-name', language === 'zh' ? '张三' : 'ann');
      await page.click('#lobby-create-go');
      await page.waitForSelector('#lobby-room:not([hidden]) #lobby-seats li');
      await clean(page, `${language} a room's panel`);
      await page.context().close();
    });

    test(`${language}: the table form, the host's page and a seat's page at a dealt hand`, async () => {
      const host = await open(`${origin}/#table`, language);
      await clean(host, `${language} table form`);
      const links = await openTableByForm(host, { players: ['ann', 'bo', 'cy'] });
      await clean(host, `${language} host page`);
      const seats: Page[] = [];
      for (const link of links) seats.push(await open(link, language));
      for (const p of seats) {
        await p.waitForFunction(
          () => document.querySelectorAll('#table-mine button[data-card]').length === 17,
          undefined,
          { timeout: 60_000 },
        );
      }
      await clean(seats[0]!, `${language} a seat's page, dealt`);
      for (const p of [host, ...seats]) await p.context().close();
    });
  }

  // A phone held upright: nothing scrolls sideways, nothing sticks out of its panel.
  const PHONE = { width: 390, height: 844 };
  const fits = async (page: Page, what: string) => {
    const wide = await page.evaluate(() => {
      const out: string[] = [];
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth > width) {
        out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
      }
      for (const e of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
        const r = e.getBoundingClientRect();
        if (r.width > 0 && r.right > width + 1 && getComputedStyle(e).position !== 'fixed') {
          out.push(`${e.tagName.toLowerCase()}.${e.className} ends at ${Math.round(r.right)} px`);
        }
        // Content that spills out of a box that lets it (overflow visible) widens the page too.
        if (
          e.scrollWidth > e.clientWidth + 1 &&
          e.clientWidth > 0 &&
          getComputedStyle(e).overflowX === 'visible' &&
          r.left + e.scrollWidth > width + 1
        ) {
          out.push(
            `${e.tagName.toLowerCase()}.${e.className} spills to ${Math.round(r.left + e.scrollWidth)} px`,
          );
        }
      }
      return out.slice(0, 5);
    });
    assert.deepEqual(wide, [], `${what} at 390 px`);
    assert.deepEqual(await axeViolations(page), [], `${what} at 390 px`);
  };

  test('at 390×844: the lobby and a room, in both languages, fit the screen', async () => {
    for (const language of ['en', 'zh'] as const) {
      const page = await open(`${origin}/`, language, PHONE);
      await page.waitForSelector('#view-play[data-ready="true"]', { state: 'attached' });
      await fits(page, `${language} lobby`);
      await page.fill('#lobby-name', language === 'zh' ? '张三' : 'ann');
      await page.click('#lobby-create-go');
      await page.waitForSelector('#lobby-room:not([hidden]) #lobby-seats li');
      await fits(page, `${language} a room's panel`);
      await page.context().close();
    }
  });

  test('at 390×844: deal, verify, an audit with its result, and a seat at a dealt hand fit the screen', async () => {
    const page = await open(`${origin}/#deal`, 'en', PHONE);
    await page.fill('#deal-seed', 'words');
    await page.click('#deal-go');
    await page.waitForSelector('#deal-table .kitty');
    await fits(page, 'deal');
    await page.click('[data-view="verify"]');
    await page.waitForFunction(() => location.hash === '#verify');
    await fits(page, 'verify');
    await page.click('[data-view="audit"]');
    await page.waitForSelector('#audit-flawed button[data-algorithm="swap-any"]');
    await page.click('#audit-flawed button[data-algorithm="swap-any"]');
    await page.waitForSelector('#audit-verdict', { timeout: 60_000 });
    await fits(page, 'an audit result');
    await page.context().close();

    const host = await open(`${origin}/#table`, 'en');
    const links = await openTableByForm(host, { players: ['di', 'ed', 'fa'] });
    const seats: Page[] = [];
    for (const link of links) seats.push(await open(link, 'en', PHONE));
    for (const p of seats) {
      await p.waitForFunction(
        () => document.querySelectorAll('#table-mine button[data-card]').length === 17,
        undefined,
        { timeout: 60_000 },
      );
    }
    await fits(seats[0]!, "a seat's page, dealt");
    for (const p of [host, ...seats]) await p.context().close();
  });
});
