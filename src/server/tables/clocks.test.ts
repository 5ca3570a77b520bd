import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  bearer,
  playFair,
  type SeatedTable,
  seatedTable,
} from '../../../test/support/seated-table.ts';
import { type Json, testApp } from '../../../test/support/test-table.ts';
import { verify } from '../../fair/index.ts';
import { parseCard } from '../../index.ts';
import { rankIndex } from '../../rules/doudizhu/index.ts';
import { eventData } from './event-data.ts';
import { sweepDue } from './sweep-due.ts';
import { AWAY_TURN_MS } from './turn-clock.ts';

// Turn clocks (docs/TABLES.md, "Clocks"), on the test app's injected clock: the deadline of the
// seat to act is public and is the table's dueAt; when it passes the sweep (or a `timeout` from
// anyone) makes the documented default move, logged as a timeout, and marks the seat away; an
// away seat's turns are short until it acts again. Nobody can make a clock run out early, and the
// host cannot move for a seat.

type App = ReturnType<typeof testApp>;

const sweeper = (t: App) => () =>
  sweepDue({
    tables: t.tables,
    box: t.box,
    notifier: t.notifier,
    ctx: () => ({ now: t.clock.t, seal: t.box.seal, open: t.box.open, dealer: t.box.dealer }),
  });

/** A fair Dou Dizhu table, dealt (bidding). */
async function dealt(t: App, body: Record<string, unknown> = {}) {
  const s = await seatedTable(t.call, { preset: 'doudizhu', ...body });
  const { table } = await playFair(t.call, s);
  assert.equal(table.hand.phase, 'playing');
  return s;
}

function client(t: App, s: SeatedTable) {
  const read = async (who: number | 'host') => {
    const token = who === 'host' ? s.hostToken : s.seatTokens[who]!;
    const r = await t.call('GET', `/v1/tables/${s.id}`, undefined, bearer(token));
    assert.equal(r.status, 200, r.text);
    return r.json.table as Json;
  };
  const act = async (who: number | 'host', body: Record<string, unknown>) => {
    const token = who === 'host' ? s.hostToken : s.seatTokens[who]!;
    const version = (await read(who)).version;
    return t.call('POST', `/v1/tables/${s.id}/actions`, { ...body, version }, bearer(token));
  };
  return { read, act };
}

test('clocks: a Dou Dizhu table has a 30 s turn clock by default; the deadline of the seat to act is in every view and is when the table is due', async () => {
  const t = testApp('clock-default');
  const made = await t.call('POST', '/v1/tables', { preset: 'doudizhu' });
  assert.equal(made.json.table.turnSeconds, 30);
  assert.deepEqual(made.json.table.away, [false, false, false]);
  const s = await dealt(t);
  const c = client(t, s);
  const host = await c.read('host');
  // Hand 1: seat 0 bids first; the clock started at the deal (the test clock stands still).
  assert.deepEqual(host.hand.clock, { seat: 0, deadline: t.clock.t + 30_000, ms: 30_000 });
  for (const k of [0, 1, 2]) assert.deepEqual((await c.read(k)).hand.clock, host.hand.clock);
  assert.deepEqual(await t.tables.listDue(t.clock.t + 29_999, 10), []);
  assert.deepEqual(await t.tables.listDue(t.clock.t + 30_000, 10), [s.id]);
  // A move starts the next seat's clock from the move.
  t.clock.t += 10_000;
  assert.equal((await c.act(0, { type: 'bid', bid: 1 })).status, 200);
  assert.deepEqual((await c.read(2)).hand.clock, {
    seat: 1,
    deadline: t.clock.t + 30_000,
    ms: 30_000,
  });
  assert.deepEqual(await t.tables.listDue(t.clock.t + 30_000, 10), [s.id]);
});

test('clocks: turnSeconds 0 is no clock (never due); other games have none; bad values are refused', async () => {
  const t = testApp('clock-none');
  const s = await dealt(t, { turnSeconds: 0 });
  const c = client(t, s);
  assert.equal((await c.read(0)).turnSeconds, 0);
  assert.equal((await c.read(0)).hand.clock, null);
  assert.deepEqual(await t.tables.listDue(t.clock.t + 86_400_000, 10), []);
  const r = await c.act(1, { type: 'timeout' });
  assert.equal(r.status, 409, r.text);
  assert.equal(r.json.code, 'WRONG_PHASE');
  const holdem = await t.call('POST', '/v1/tables', { preset: 'holdem' });
  assert.equal(holdem.json.table.turnSeconds, 0);
  for (const turnSeconds of [-1, 3601, 1.5, '30', null]) {
    const bad = await t.call('POST', '/v1/tables', { preset: 'doudizhu', turnSeconds });
    assert.equal(bad.status, 400, bad.text);
    assert.equal(bad.json.code, 'BAD_REQUEST');
    assert.match(bad.json.error, /turnSeconds/);
  }
  const other = await t.call('POST', '/v1/tables', { preset: 'holdem', turnSeconds: 20 });
  assert.equal(other.status, 400, other.text);
  assert.match(other.json.error, /turnSeconds is a Dou Dizhu table option/);
});

test('clocks: when the clock runs out the sweep passes for the bidder — once, with two sweeps at once — logged as a timeout, and the seat is away', async () => {
  const t = testApp('clock-bid');
  const s = await dealt(t);
  const c = client(t, s);
  const sweep = sweeper(t);
  const before = await c.read(0);
  t.clock.t += 29_999;
  assert.equal(await sweep(), 0, 'not before the deadline');
  t.clock.t += 1;
  const counts = await Promise.all([sweep(), sweep()]);
  assert.equal(counts[0]! + counts[1]!, 1, 'exactly one timeout');
  assert.equal(await sweep(), 0);
  const after = await c.read(0);
  assert.equal(after.version, before.version + 1, 'one change');
  assert.deepEqual(after.hand.log.slice(-2), [
    { type: 'timeout', seat: 0 },
    { type: 'bid', seat: 0, bid: 'pass' },
  ]);
  assert.deepEqual(after.hand.game.bids, [{ seat: 0, bid: 'pass' }]);
  assert.deepEqual(after.away, [true, false, false]);
  assert.deepEqual(after.hand.clock, { seat: 1, deadline: t.clock.t + 30_000, ms: 30_000 });
  assert.deepEqual(after.hand.yourCards, before.hand.yourCards, 'a pass takes no card');
  // Every audience was told, by an event like any move's.
  for (const audience of ['seat:0', 'seat:1', 'seat:2', 'host']) {
    const last = eventData((await t.opened.readEvents(s.id, audience, 0, 100)).events.at(-1)!);
    assert.deepEqual(last.action, { type: 'bid', seat: 0, bid: 'pass' }, audience);
    assert.deepEqual(last.table.hand?.log.at(-2), { type: 'timeout', seat: 0 }, audience);
    assert.deepEqual(last.table.away, [true, false, false]);
  }
});

test('clocks: leading, the clock plays the lowest single; following, it passes; an away seat has a short turn until it is back', async () => {
  const t = testApp('clock-lead');
  const s = await dealt(t);
  const c = client(t, s);
  const sweep = sweeper(t);
  // Seat 0 bids 3: it is landlord, takes the kitty and leads — and walks away.
  assert.equal((await c.act(0, { type: 'bid', bid: 3 })).status, 200);
  const mine = (await c.read(0)).hand.yourCards as string[];
  assert.equal(mine.length, 20);
  const lowest = Math.min(...mine.map((id) => rankIndex(parseCard(id))));
  const expected = mine.find((id) => rankIndex(parseCard(id)) === lowest)!;
  t.clock.t += 30_000;
  assert.equal(await sweep(), 1);
  let tv = await c.read(0);
  assert.deepEqual(tv.hand.log.slice(-2), [
    { type: 'timeout', seat: 0 },
    { type: 'play', seat: 0, cards: [expected] },
  ]);
  assert.equal(tv.hand.yourCards.includes(expected), false);
  assert.equal(tv.hand.game.plays.at(-1).type, 'single');
  // Seats 1 and 2 let their clocks run out too: each passes (they follow seat 0's single).
  for (const k of [1, 2]) {
    assert.equal(tv.hand.clock.seat, k);
    assert.equal(tv.hand.clock.ms, 30_000);
    t.clock.t = tv.hand.clock.deadline;
    assert.equal(await sweep(), 1);
    tv = await c.read(0);
    assert.deepEqual(tv.hand.log.slice(-2), [
      { type: 'timeout', seat: k },
      { type: 'pass', seat: k },
    ]);
  }
  assert.deepEqual(tv.away, [true, true, true]);
  // Back to seat 0, away: its turn is short.
  assert.deepEqual(tv.hand.clock, {
    seat: 0,
    deadline: t.clock.t + AWAY_TURN_MS,
    ms: AWAY_TURN_MS,
  });
  // It comes back (`back`, the action that does nothing else): its clock restarts, full length.
  t.clock.t += 1_000;
  const back = await c.act(0, { type: 'back' });
  assert.equal(back.status, 200, back.text);
  assert.deepEqual(back.json.table.away, [false, true, true]);
  assert.deepEqual(back.json.table.hand.clock, {
    seat: 0,
    deadline: t.clock.t + 30_000,
    ms: 30_000,
  });
  assert.equal(back.json.table.version, tv.version + 1);
  const told = eventData((await t.opened.readEvents(s.id, 'seat:1', 0, 100)).events.at(-1)!);
  assert.deepEqual(told.action, { type: 'back', seat: 0 });
  // `back` from a seat that is not away changes nothing (no version, no event).
  const again = await c.act(0, { type: 'back' });
  assert.equal(again.status, 200, again.text);
  assert.equal(again.json.table.version, back.json.table.version);
  // The host has no seat to come back to.
  const host = await c.act('host', { type: 'back' });
  assert.equal(host.status, 403, host.text);
  assert.equal(host.json.code, 'FORBIDDEN');
  // Any accepted action of a seat brings it back: seat 0 plays; seat 1, away, gets 3 s …
  const lead = await c.read(0);
  const single = lead.hand.yourCards.at(-1);
  assert.equal((await c.act(0, { type: 'play', cards: [single] })).status, 200);
  tv = await c.read(1);
  assert.deepEqual(tv.hand.clock, {
    seat: 1,
    deadline: t.clock.t + AWAY_TURN_MS,
    ms: AWAY_TURN_MS,
  });
  // … and seat 1's own pass makes it present again before it moves.
  assert.equal((await c.act(1, { type: 'pass' })).status, 200);
  assert.deepEqual((await c.read(2)).away, [false, false, true]);
});

test('clocks (trust): no seat can make another seat’s clock run out early, and the host cannot skip a seat’s turn', async () => {
  const t = testApp('clock-trust');
  const s = await dealt(t);
  const c = client(t, s);
  const version = async () => (await c.read('host')).version;
  const refused = async (who: number | 'host', body: object, status: number, code: string) => {
    const v = await version();
    const r = await c.act(who, body as Record<string, unknown>);
    assert.equal(r.status, status, `${JSON.stringify(body)} by ${who}: ${r.text}`);
    assert.equal(r.json.code, code, r.text);
    assert.equal(await version(), v, 'a refusal changes nothing');
    return r;
  };
  t.clock.t += 29_999;
  // Seat 1 and seat 2, tired of waiting for seat 0, and the host: too early, one ms before.
  for (const who of [1, 2, 'host'] as const) {
    const r = await refused(who, { type: 'timeout' }, 409, 'TOO_EARLY');
    assert.match(r.json.error, /Seat 0's turn clock has not run out/);
  }
  // Seat 0 itself cannot time itself out early either (it would mark itself away for nothing).
  await refused(0, { type: 'timeout' }, 409, 'TOO_EARLY');
  // The host cannot move for a seat, nor void a dealt hand; another seat cannot move for it.
  await refused('host', { type: 'bid', bid: 'pass' }, 403, 'FORBIDDEN');
  await refused('host', { type: 'pass' }, 403, 'FORBIDDEN');
  await refused('host', { type: 'void' }, 409, 'WRONG_PHASE');
  await refused(1, { type: 'bid', bid: 'pass' }, 409, 'NOT_YOUR_TURN');
  await refused(1, { type: 'void' }, 409, 'WRONG_PHASE');
  const tv = await c.read('host');
  assert.deepEqual(tv.away, [false, false, false]);
  assert.equal(
    tv.hand.log.some((a: Json) => a.type === 'timeout'),
    false,
  );
  // Once it has run out, anyone may ask for what the sweep would do: seat 1 does. Exactly the
  // default move for seat 0, logged as the clock's; seat 1 is not the one marked away.
  t.clock.t += 1;
  const r = await c.act(1, { type: 'timeout' });
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(r.json.table.hand.log.slice(-2), [
    { type: 'timeout', seat: 0 },
    { type: 'bid', seat: 0, bid: 'pass' },
  ]);
  assert.deepEqual(r.json.table.away, [true, false, false]);
  // The next clock is seat 1's own, fresh: a second timeout is too early.
  await refused(2, { type: 'timeout' }, 409, 'TOO_EARLY');
  assert.equal(await sweeper(t)(), 0, 'and the sweep finds nothing due');
});

test('clocks: a hand played by the clocks alone (every seat away) ends, its log says which moves were the clock’s, and it verifies as proven fair', async () => {
  const t = testApp('clock-whole');
  const s = await dealt(t);
  const c = client(t, s);
  const sweep = sweeper(t);
  const announcement = (await c.read('host')).hand.announcement;
  // Seat 0 bids 3 and is gone; the others never act: all three are played by their clocks.
  assert.equal((await c.act(0, { type: 'bid', bid: 3 })).status, 200);
  let tv = await c.read('host');
  let timeouts = 0;
  while (tv.hand.phase === 'playing') {
    const clock = tv.hand.clock;
    assert.ok(timeouts < 200, 'the clocks end the hand');
    t.clock.t = clock.deadline - 1;
    assert.equal(await sweep(), 0);
    t.clock.t = clock.deadline;
    assert.equal(await sweep(), 1);
    timeouts++;
    const next = await c.read('host');
    // After its first timeout every seat's turn is the short one of a seat away.
    if (next.hand.clock !== null && timeouts >= 3) assert.equal(next.hand.clock.ms, AWAY_TURN_MS);
    tv = next;
  }
  assert.equal(tv.hand.phase, 'ended');
  assert.equal(tv.hand.clock, null);
  assert.deepEqual(await t.tables.listDue(t.clock.t + 86_400_000, 10), [], 'nothing left due');
  const record = (await t.call('GET', `/v1/tables/${s.id}/hands/1/transcript`)).json;
  // Every move after the bid is the clock's, each announced by its timeout for the same seat.
  const moves = record.log.slice(record.log.findIndex((a: Json) => a.type === 'kitty') + 1, -1);
  assert.equal(moves.length, timeouts * 2);
  for (let i = 0; i < moves.length; i += 2) {
    assert.equal(moves[i].type, 'timeout');
    assert.ok(['play', 'pass'].includes(moves[i + 1].type));
    assert.equal(moves[i + 1].seat, moves[i].seat);
  }
  assert.equal(record.log.at(-1).type, 'hand-ended');
  assert.ok(record.score !== null, 'a hand played out is scored');
  const v = verify(record.transcript, { commitment: announcement.commitment });
  assert.ok(v.ok, JSON.stringify(v));
  assert.equal(v.verdict.fairness, 'proven-fair');
});

test('clocks: every bidder timed out is a redeal like any all-pass; the next hand starts its own clock', async () => {
  const t = testApp('clock-redeal');
  const s = await dealt(t);
  const c = client(t, s);
  const sweep = sweeper(t);
  for (let k = 0; k < 3; k++) {
    t.clock.t = (await c.read('host')).hand.clock.deadline;
    assert.equal(await sweep(), 1);
  }
  const tv = await c.read('host');
  assert.equal(tv.hand.phase, 'ended');
  assert.equal(tv.hand.log.at(-1).type, 'redeal');
  assert.equal(tv.hand.log.filter((a: Json) => a.type === 'timeout').length, 3);
  assert.equal(tv.hand.clock, null);
  assert.deepEqual(tv.away, [true, true, true]);
  // The next hand: a seat opens it (and is back), the protocol runs, and at the deal seat 1
  // bids first — away, so on the short clock.
  const next = await c.act(2, { type: 'next-hand' });
  assert.equal(next.status, 200, next.text);
  assert.deepEqual(next.json.table.away, [true, true, false]);
  await playFair(t.call, s);
  const dealtAgain = await c.read('host');
  assert.equal(dealtAgain.hand.n, 2);
  // The protocol's commits and reveals are each seat's own actions: every seat is back.
  assert.deepEqual(dealtAgain.away, [false, false, false]);
  assert.deepEqual(dealtAgain.hand.clock, { seat: 1, deadline: t.clock.t + 30_000, ms: 30_000 });
});

test('clocks: a seat that comes back after its timeout reconnects with its token as before: the same cards, every event it missed, then `back`', async () => {
  const t = testApp('clock-reconnect');
  const s = await dealt(t);
  const c = client(t, s);
  const seen = await c.read(0);
  const lastEvent = (await t.opened.readEvents(s.id, 'seat:0', 0, 1000)).events.at(-1)!.id;
  // Seat 0's device drops; its clock runs out.
  t.clock.t = seen.hand.clock.deadline;
  assert.equal(await sweeper(t)(), 1);
  // It comes back with the token it had: its view is what it was, its clock's move included.
  const now = await c.read(0);
  assert.deepEqual(now.you, seen.you);
  assert.deepEqual(now.hand.yourCards, seen.hand.yourCards);
  assert.deepEqual(now.away, [true, false, false]);
  const missed = await t.call(
    'GET',
    `/v1/tables/${s.id}/events?after=${lastEvent}`,
    undefined,
    bearer(s.seatTokens[0]!),
  );
  assert.equal(missed.status, 200, missed.text);
  assert.deepEqual(
    missed.json.events.map((e: Json) => e.data.action),
    [{ type: 'bid', seat: 0, bid: 'pass' }],
  );
  assert.deepEqual(missed.json.events[0].data.table.hand.yourCards, seen.hand.yourCards);
  const back = await c.act(0, { type: 'back' });
  assert.equal(back.status, 200, back.text);
  assert.deepEqual(back.json.table.away, [false, false, false]);
});

test('clocks: a `timeout` is what the clock does, not a sign of presence — an away seat whose own page asks for it stays away', async () => {
  const t = testApp('clock-own');
  const s = await dealt(t);
  const c = client(t, s);
  // Seat 0 lets its clock run out and asks for the timeout itself (its page saw the deadline
  // pass): the clock's move is made and seat 0 is away.
  t.clock.t = (await c.read(0)).hand.clock.deadline;
  const own = await c.act(0, { type: 'timeout' });
  assert.equal(own.status, 200, own.text);
  assert.deepEqual(own.json.table.away, [true, false, false]);
  // Seat 1 bids 3 and leads; its clock runs out (seat 2 asks): the clock leads for it, and it
  // is away. Seats 2 and 0 pass (seat 0's own pass brings it back).
  assert.equal((await c.act(1, { type: 'bid', bid: 3 })).status, 200);
  let tv = await c.read(1);
  assert.equal(tv.hand.clock.seat, 1, 'the landlord leads');
  t.clock.t = tv.hand.clock.deadline;
  assert.equal((await c.act(2, { type: 'timeout' })).status, 200);
  assert.equal((await c.act(2, { type: 'pass' })).status, 200);
  assert.equal((await c.act(0, { type: 'pass' })).status, 200);
  tv = await c.read(1);
  assert.deepEqual(tv.away, [false, true, false]);
  // Seat 1 is on the short clock of a seat away; its own page asks for the timeout: still away.
  assert.deepEqual(tv.hand.clock, {
    seat: 1,
    deadline: t.clock.t + AWAY_TURN_MS,
    ms: AWAY_TURN_MS,
  });
  t.clock.t = tv.hand.clock.deadline;
  const again = await c.act(1, { type: 'timeout' });
  assert.equal(again.status, 200, again.text);
  assert.deepEqual(again.json.table.away, [false, true, false], 'still away');
  assert.deepEqual(again.json.table.hand.log.at(-2), { type: 'timeout', seat: 1 });
});
