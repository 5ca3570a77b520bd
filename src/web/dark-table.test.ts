import assert from 'node:assert/strict';
import { test } from 'node:test';
import { darkTable } from '../../test/support/dark-table.ts';
import { type Json, testApp } from '../../test/support/test-table.ts';
import type { TableAction, TableView } from '../client/index.ts';
import type { DarkCalls, DarkCallType, DarkRequest } from './dark-protocol.ts';
import { DarkSeatHost } from './dark-seat-host.ts';
import { DarkTable } from './dark-table.ts';
import { DarkRefusal } from './dark-worker-client.ts';

// The page's dark driver (dark-table.ts) against the real routes, each seat's worker an
// in-process DarkSeatHost: what the three pages send, from the views they are given, deals a
// whole hand; a cheating service's view and a reloaded page are each caught and said.

/** A worker in this process: the DarkSeatHost the real worker wraps. */
function inProcess() {
  const host = new DarkSeatHost();
  let id = 0;
  return {
    call: async <K extends DarkCallType>(type: K, take: DarkCalls[K]['take']) => {
      try {
        return (await host.handle({
          id: ++id,
          type,
          ...take,
        } as DarkRequest)) as DarkCalls[K]['give'];
      } catch (e) {
        const err = e as { code: string; message: string; detail?: Record<string, unknown> };
        throw new DarkRefusal({
          code: err.code,
          message: err.message,
          ...(err.detail === undefined ? {} : { detail: err.detail }),
        });
      }
    },
    terminate: () => {},
  };
}

async function table() {
  const t = testApp('page dark driver');
  const d = await darkTable(t);
  const sent: TableAction[][] = [[], [], []];
  const pages = [0, 1, 2].map(
    (seat): DarkTable =>
      new DarkTable(seat, d.keys[seat]!, {
        act: async (action) => {
          sent[seat]!.push(action);
          const r = await d.act(seat, action);
          assert.equal(r.status, 200, `seat ${seat} ${action.type}: ${r.text}`);
          pages[seat]!.accept(r.json.table as TableView);
        },
        changed: () => {},
        worker: inProcess,
      }),
  );
  /** Every page is given the newest view until none has anything more to send. */
  const settle = async () => {
    for (let round = 0; round < 20; round++) {
      const before = sent.flat().length;
      for (const [seat, page] of pages.entries()) {
        page.accept((await d.view(seat)) as TableView);
        await page.whenIdle();
      }
      if (sent.flat().length === before) return;
    }
    throw new Error('the pages do not settle');
  };
  return { d, pages, sent, settle };
}

test('three pages deal a dark hand by themselves, play it, and check it green', async () => {
  const { d, pages, sent, settle } = await table();
  await settle();
  let view = (await d.view(0)) as TableView;
  assert.equal(view.hand?.dark?.stage, 'bidding');
  const hands = await Promise.all(
    pages.map(async (p, seat) => p.cardsInHand((await d.view(seat)) as TableView)),
  );
  assert.deepEqual(
    hands.map((h) => h?.length),
    [17, 17, 17],
  );
  assert.equal(new Set(hands.flat()).size, 51);
  // What each page sent: its key, its step, its deal shares — nothing of the others'.
  assert.deepEqual(
    sent.map((list) => list.map((a) => a.type)),
    [0, 1, 2].map(() => ['dark-key', 'dark-step', 'dark-shares']),
  );
  // The service's view never holds a seat's cards: the page draws its own.
  assert.equal(view.hand?.yourCards ?? null, null);
  assert.deepEqual(pages[0]!.withCards(view).hand?.yourCards, hands[0]);

  // The seat to speak bids 3 and takes the kitty once every page sent its kitty shares.
  const landlord = view.hand!.game!.turn;
  const bid = await d.act(landlord, { type: 'bid', bid: 3 });
  assert.equal(bid.status, 200, bid.text);
  await settle();
  view = (await d.view(landlord)) as TableView;
  assert.equal(pages[landlord]!.cardsInHand(view)?.length, 20);

  // The play: the seat to act leads its lowest card or passes, through its page's shares.
  for (let i = 0; i < 200; i++) {
    view = (await d.view(0)) as TableView;
    if (view.hand?.dark?.stage !== 'play') break;
    const seat = view.hand.game!.turn;
    const mine = (await d.view(seat)) as TableView;
    pages[seat]!.accept(mine);
    await pages[seat]!.whenIdle();
    const cards = pages[seat]!.cardsInHand(mine)!;
    const action: TableAction =
      mine.hand!.game!.lead === null ? await pages[seat]!.play([cards.at(-1)!]) : { type: 'pass' };
    const r = await d.act(seat, action);
    assert.equal(r.status, 200, r.text);
  }
  await settle();
  view = (await d.view(0)) as TableView;
  assert.equal(view.hand?.dark?.stage, 'ended');
  for (const page of pages) {
    page.accept(view);
    await page.whenIdle();
    assert.equal(page.checks.get(view.hand!.n)?.kind, 'verified');
    assert.equal(page.trouble, null);
  }
});

test("a service that alters a seat's share in its view is caught: the page names that seat and stops", async () => {
  const { d, pages } = await table();
  // Keys and steps only: the deal shares are still to come.
  for (let round = 0; round < 6; round++) {
    for (const [seat, page] of pages.entries()) {
      const view = (await d.view(seat)) as TableView;
      if (view.hand?.dark?.stage === 'deal') break;
      page.accept(view);
      await page.whenIdle();
    }
  }
  // Seats 0 and 2 send their deal shares; the service then shows seat 1 one of seat 2's shares
  // for seat 1's own card with its proof altered.
  for (const seat of [0, 2]) {
    pages[seat]!.accept((await d.view(seat)) as TableView);
    await pages[seat]!.whenIdle();
  }
  const honest = (await d.view(1)) as Json;
  const at = honest.hand.dark.shares.findIndex(
    (s: { seat: number; position: number }) => s.seat === 2 && s.position % 3 === 1,
  );
  assert.ok(at >= 0);
  const z: string = honest.hand.dark.shares[at].proof.z;
  honest.hand.dark.shares[at].proof.z = (z[0] === '0' ? '1' : '0') + z.slice(1);
  pages[1]!.accept(honest as TableView);
  await pages[1]!.whenIdle();
  assert.deepEqual(pages[1]!.trouble, { kind: 'bad-message', seat: 2 });
  assert.equal(pages[1]!.cardsInHand(honest as TableView), null, 'no hand opened');
  // It sends nothing more for this hand, whatever it is shown.
  pages[1]!.accept((await d.view(1)) as TableView);
  await pages[1]!.whenIdle();
  const view = (await d.view(0)) as TableView;
  assert.ok(view.hand?.dark?.waitingFor.includes(1), 'seat 1 owes its deal shares still');
});

test('a page reloaded after its key went out knows it lost the seat’s secrets for that hand, and takes part in the next', async () => {
  const { d, pages } = await table();
  pages[0]!.accept((await d.view(0)) as TableView);
  await pages[0]!.whenIdle();
  const view = (await d.view(0)) as TableView;
  assert.notEqual(view.hand?.dark?.keys[0], null, 'seat 0 sent its key');
  const sent: TableAction[] = [];
  const reloaded = new DarkTable(0, d.keys[0]!, {
    act: async (action) => {
      sent.push(action);
    },
    changed: () => {},
    worker: inProcess,
  });
  reloaded.accept(view);
  await reloaded.whenIdle();
  assert.deepEqual(reloaded.trouble, { kind: 'lost' });
  assert.equal(sent.length, 0, 'a reloaded page sends no second key');
  // The next hand is its own again: it sends that hand's key, once, whatever views repeat.
  const next = structuredClone(view) as Json;
  next.hand.n += 1;
  next.hand.dark = {
    ...next.hand.dark,
    stage: 'keys',
    keys: [null, null, null],
    waitingFor: [0, 1, 2],
  };
  for (let i = 0; i < 3; i++) {
    reloaded.accept(next as TableView);
    await reloaded.whenIdle();
  }
  assert.equal(reloaded.trouble, null);
  assert.deepEqual(
    sent.map((a) => a.type),
    ['dark-key'],
  );
});
