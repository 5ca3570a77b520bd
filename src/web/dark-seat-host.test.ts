import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type DarkCaller, relayDeal, relayRest } from '../../test/support/dark-relay.ts';
import { type DarkShareJSON, stepCommitment } from '../dark/index.ts';
import type { DarkCalls, DarkCallType, DarkRequest } from './dark-protocol.ts';
import { DarkSeatHost } from './dark-seat-host.ts';

// The dark worker's logic, driven as the page drives the worker: three seats, one hand.
const context = { table: 'host-test', hand: 1, preset: 'doudizhu', seats: 3 };
const answers: string[][] = [[], [], []];

function seatsOf(hosts: DarkSeatHost[], log?: string[][]): DarkCaller[] {
  let id = 0;
  return hosts.map(
    (host, seat) =>
      (async <K extends DarkCallType>(type: K, take: DarkCalls[K]['take']) => {
        const answer = await host.handle({ id: ++id, type, ...take } as DarkRequest);
        log?.[seat]?.push(JSON.stringify(answer));
        return answer as DarkCalls[K]['give'];
      }) as DarkCaller,
  );
}

const hosts = [0, 1, 2].map(() => new DarkSeatHost());
const seats = seatsOf(hosts, answers);
const deal = await relayDeal(context, seats);

test('three workers deal a whole deck: 17 cards each, every card once, the kitty shut', () => {
  assert.deepEqual(
    deal.hands.map((h) => h.length),
    [17, 17, 17],
  );
  const cards = deal.hands.flat().map((c) => c.card);
  assert.equal(new Set(cards).size, 51);
  // Each seat's positions are those the deal routes to it (position i to seat i mod 3).
  deal.hands.forEach((hand, seat) => {
    assert.ok(hand.every((c) => c.position % 3 === seat && c.position < 51));
  });
});

test("no answer holds a seat's step seed before its reveal; the reveal is the seed that replays its step", async () => {
  const reveals = await Promise.all(seats.map((call) => call('reveal', {})));
  reveals.forEach(({ reveal }, seat) => {
    assert.equal(reveal.seat, seat);
    const before = answers[seat]!.slice(0, -1).join('\n');
    assert.ok(!before.includes(reveal.seed), `seat ${seat}'s seed was in an earlier answer`);
    const seed = Uint8Array.from(Buffer.from(reveal.seed, 'hex'));
    assert.equal(stepCommitment(context, seat, seed), deal.steps[seat]!.commitment);
  });
});

test('start for the same hand gives the same key again (a re-render never announces two); a new hand, a new key', async () => {
  const again = await seats[0]!('start', { context, seat: 0 });
  assert.deepEqual(again.key, deal.keys[0]);
  const host = new DarkSeatHost();
  const [call] = seatsOf([host]);
  const first = await call!('start', { context, seat: 0 });
  const next = await call!('start', { context: { ...context, hand: 2 }, seat: 0 });
  assert.notEqual(next.key.key, first.key.key);
});

const tamper = (s: DarkShareJSON): DarkShareJSON => {
  const z = s.proof.z;
  return { ...s, proof: { ...s.proof, z: (z[0] === '0' ? '1' : '0') + z.slice(1) } };
};

test("a seat that sends a bad share for another seat's card is named at once", async () => {
  const fresh = [0, 1, 2].map(() => new DarkSeatHost());
  const calls = seatsOf(fresh);
  const d = await relayDeal({ ...context, hand: 2 }, calls);
  // Seat 2 cheats on a share of seat 0's card (position 0).
  const bad = tamper(d.shares.find((s) => s.seat === 2 && s.position === 0)!);
  await assert.rejects(calls[0]!('shares', { shares: [bad] }), (e: unknown) => {
    const err = e as { code: string; detail?: { seat?: number } };
    return err.code === 'BAD_SIGNATURE' && err.detail?.seat === 2;
  });
  // Kept for later, then refused when the card it opens is played: seat 1 holds seat 2's bad
  // share for seat 0's card until seat 0 plays it.
  await calls[1]!('shares', { shares: [bad] });
  const { shares: played } = await calls[0]!('play', { positions: [0] });
  await calls[1]!('shares', { shares: played });
  await assert.rejects(calls[1]!('open', { positions: [0] }), (e: unknown) => {
    const err = e as { code: string; detail?: { seat?: number } };
    return err.code === 'BAD_SIGNATURE' && err.detail?.seat === 2;
  });
});

test("a played card opens to every seat, a kitty share sent early waits for the kitty's seat, and a seat cannot play another's card", async () => {
  const fresh = [0, 1, 2].map(() => new DarkSeatHost());
  const calls = seatsOf(fresh);
  const d = await relayDeal({ ...context, hand: 3 }, calls);
  // Seat 1 plays its first card; seats 0 and 2 open it with every share they were given.
  const mine = d.hands[1]![0]!;
  const { shares } = await calls[1]!('play', { positions: [mine.position] });
  for (const s of [0, 2]) {
    await calls[s]!('shares', { shares });
    const { cards } = await calls[s]!('open', { positions: [mine.position] });
    assert.deepEqual(cards, [mine]);
  }
  // An unplayed card of seat 1 stays shut to seat 0.
  await assert.rejects(calls[0]!('open', { positions: [d.hands[1]![1]!.position] }), {
    code: 'PROTOCOL_ORDER',
  });
  // Seat 0 cannot make the share that plays seat 1's card.
  await assert.rejects(calls[0]!('play', { positions: [mine.position] }), {
    code: 'ILLEGAL_PLAY',
  });
  // The kitty goes to seat 2: seat 0's kitty shares reach seat 1 before seat 1 heard of it.
  const { shares: early } = await calls[0]!('kitty', { seat: 2 });
  await calls[1]!('shares', { shares: early });
  const { shares: own2 } = await calls[2]!('kitty', { seat: 2 });
  const { shares: own1 } = await calls[1]!('kitty', { seat: 2 });
  await calls[1]!('shares', { shares: own2 });
  await calls[2]!('shares', { shares: [...early, ...own1] });
  const kitty = [51, 52, 53];
  const seen1 = await calls[1]!('open', { positions: kitty });
  const hand2 = await calls[2]!('hand', {});
  assert.equal(hand2.cards.length, 20);
  assert.deepEqual(
    seen1.cards,
    hand2.cards.filter((c) => c.position >= 51),
  );
});

test('a request before start is refused in order', async () => {
  const [call] = seatsOf([new DarkSeatHost()]);
  await assert.rejects(call!('deal-shares', {}), { code: 'PROTOCOL_ORDER' });
});

test('a whole hand verifies in a worker that holds no seat, which gives each seat its cards as dealt', async () => {
  const fresh = [0, 1, 2].map(() => new DarkSeatHost());
  const calls = seatsOf(fresh);
  const ctx = { ...context, hand: 4 };
  const d = await relayDeal(ctx, calls);
  const transcript = await relayRest(ctx, calls, d, 1);
  const [verifier] = seatsOf([new DarkSeatHost()]);
  const { verdict, dealt } = await verifier!('verify', { transcript });
  assert.equal(verdict.status, 'verified');
  assert.deepEqual(
    dealt?.seats.map((cards) => [...cards].sort()),
    d.hands.map((h) => h.map((c) => c.card).sort()),
  );
  assert.equal(dealt?.kitty.length, 3);
  // A play naming a card its position does not open is caught, naming the seat.
  const first = transcript.plays[0]!;
  const forged = {
    ...transcript,
    plays: [{ ...first, card: first.card === 'RJ' ? 'BJ' : 'RJ' }, ...transcript.plays.slice(1)],
  };
  await assert.rejects(verifier!('verify', { transcript: forged }), (e: unknown) => {
    const err = e as { code: string; detail?: { seat?: number } };
    return err.code === 'ILLEGAL_PLAY' && err.detail?.seat === first.seat;
  });
});
