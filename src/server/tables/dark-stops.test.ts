// Dark tables when a seat stops (docs/DARK.md §8, §11): a silent seat past its stage's deadline,
// a leader past its turn clock, a kicked seat — each hand is void and the seat that stopped is
// named, in the record, the history and the transcript; a seed revealed that does not replay is
// named by the verdict. And a share from a hand gone by does not serve in the next.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seatSecrets } from '../../../test/support/dark-hand.ts';
import { darkTable } from '../../../test/support/dark-table.ts';
import { type Json, testApp } from '../../../test/support/test-table.ts';
import {
  type DarkSeatContext,
  type DarkSeatLike,
  type DarkShareWire,
  darkDriver,
} from '../../client/index.ts';
import { DarkSeat, verifyDarkTranscript } from '../../dark/index.ts';
import type { StepContext } from './hand-flow.ts';
import { sweepDue } from './sweep-due.ts';

const TIMEOUT_MS = 120_000;

test('a seat silent at the deal: the sweep voids the hand naming it; its share does not serve in the next hand', async () => {
  const t = testApp('dark stops deal');
  const d = await darkTable(t);
  const table = await d.settle((v) => v.hand.dark.stage === 'deal');
  const oldShares = ((await d.drivers[0]!.owed(table)) as Json).shares as DarkShareWire[];
  for (const seat of [0, 2]) {
    assert.equal(
      (await d.act(seat, (await d.drivers[seat]!.owed(await d.view(seat)))!)).status,
      200,
    );
  }
  const waiting = await d.view(0);
  assert.deepEqual(waiting.hand.dark.waitingFor, [1]);
  const early = await d.act(0, { type: 'void' });
  assert.equal(early.status, 409, early.text);
  assert.equal(early.json.code, 'TOO_EARLY');
  t.clock.t += TIMEOUT_MS + 1;
  const ctx = (): StepContext => ({
    now: t.clock.t,
    seal: t.box.seal,
    open: t.box.open,
    dealer: t.box.dealer,
  });
  assert.equal(await sweepDue({ tables: t.tables, box: t.box, notifier: t.notifier, ctx }), 1);
  const after = await d.view(0);
  const last = after.history.at(-1);
  assert.equal(last.outcome, 'withheld');
  assert.deepEqual(last.missing, [after.players[1]]);
  assert.equal(last.verdict.status, 'void');
  assert.equal(last.verdict.seat, 1);
  const record = await t.call('GET', `/v1/tables/${d.id}/hands/1/transcript`);
  assert.deepEqual(record.json.transcript.void, { seat: 1, stage: 'share' });
  assert.equal((await verifyDarkTranscript(record.json.transcript)).status, 'void');
  // The next hand opened at once; its deal takes no share of hand 1, even signed anew.
  assert.equal(after.hand.n, 2);
  assert.equal(after.hand.dark.stage, 'keys');
  const hand2 = await d.settle((v) => v.hand.dark.stage === 'deal');
  const replay = await d.act(0, {
    type: 'dark-shares',
    shares: oldShares,
    signature: await d.sign(0, hand2, { kind: 'shares', shares: oldShares }),
  });
  assert.equal(replay.status, 422, replay.text);
  assert.equal(replay.json.code, 'BAD_SIGNATURE');
  assert.equal(replay.json.seat, 0);
  assert.equal(replay.json.check, 'share');
  // And hand 1's signature does not serve either: it signed hand 1's announcement.
  const resent = await d.act(0, {
    type: 'dark-shares',
    shares: oldShares,
    signature: await d.sign(0, table, { kind: 'shares', shares: oldShares }),
  });
  assert.equal(resent.status, 422, resent.text);
  assert.equal(resent.json.code, 'BAD_SIGNATURE');
});

test('a seat silent at the shuffle, then a kicked seat: each hand void, the seat named', async () => {
  const t = testApp('dark stops shuffle');
  const d = await darkTable(t);
  await d.settle((v) => v.hand.dark.stage === 'shuffle' && v.hand.dark.steps.length === 1);
  t.clock.t += TIMEOUT_MS + 1;
  const v = await d.act(2, { type: 'void' });
  assert.equal(v.status, 200, v.text);
  const record = await t.call('GET', `/v1/tables/${d.id}/hands/1/transcript`);
  assert.deepEqual(record.json.transcript.void, { seat: 1, stage: 'shuffle' });
  assert.deepEqual(record.json.missing, [v.json.table.players[1]]);
  // Hand 2: the host kicks seat 2 during the keys.
  assert.equal((await d.act(0, (await d.drivers[0]!.owed(await d.view(0)))!)).status, 200);
  const kick = await t.call('POST', `/v1/tables/${d.id}/seats/2/kick`, undefined, {
    Authorization: `Bearer ${d.hostToken}`,
  });
  assert.equal(kick.status, 200, kick.text);
  const second = await t.call('GET', `/v1/tables/${d.id}/hands/2/transcript`);
  assert.equal(second.json.outcome, 'kicked');
  assert.deepEqual(second.json.transcript.void, { seat: 2, stage: 'key' });
});

test('the turn clock at a dark table: a bidder is passed for; a leader that stops voids the hand, named', async () => {
  const t = testApp('dark stops clock');
  const d = await darkTable(t);
  const dealt = await d.settle();
  const first = dealt.hand.game.turn as number;
  assert.ok(dealt.hand.clock !== null && dealt.hand.clock.seat === first);
  const early = await d.act(0, { type: 'timeout' });
  assert.equal(early.json.code, 'TOO_EARLY');
  t.clock.t += 30_001;
  const passed = await d.act(0, { type: 'timeout' });
  assert.equal(passed.status, 200, passed.text);
  assert.deepEqual(passed.json.table.hand.log.slice(-2), [
    { type: 'timeout', seat: first },
    { type: 'bid', seat: first, bid: 'pass' },
  ]);
  assert.equal(passed.json.table.away[first], true);
  const landlord = await d.bidLandlord();
  const playing = await d.view(0);
  assert.equal(playing.hand.dark.stage, 'play');
  assert.equal(playing.hand.clock.seat, landlord);
  // The landlord leads and stops: the service cannot play a card it cannot open.
  t.clock.t += 30_001;
  const stopped = await d.act((landlord + 1) % 3, { type: 'timeout' });
  assert.equal(stopped.status, 200, stopped.text);
  const record = await t.call('GET', `/v1/tables/${d.id}/hands/1/transcript`);
  assert.equal(record.json.outcome, 'withheld');
  assert.deepEqual(record.json.transcript.void, { seat: landlord, stage: 'share' });
  assert.equal(record.json.verdict.status, 'void');
  assert.equal(stopped.json.table.hand.n, 2, 'the next hand opened');
});

test('a seed revealed that does not replay its step: the hand ends unscored, the verdict naming the seat', async () => {
  const t = testApp('dark stops liar');
  const d = await darkTable(t, {}, 'liar');
  // Seat 1 shuffles honestly with its seed, then reveals another one.
  d.drivers[1] = darkDriver({
    seat: 1,
    key: d.keys[1]!,
    newSeat: async (c: DarkSeatContext): Promise<DarkSeatLike> => {
      const honest = await DarkSeat.create({
        ...c,
        ...seatSecrets(`liar ${c.table} ${c.hand}`, 1),
      });
      return {
        keyMessage: () => honest.keyMessage(),
        acceptKeys: (k) => honest.acceptKeys(k),
        shuffle: (p) => honest.shuffle(p),
        acceptDeck: (s) => honest.acceptDeck(s),
        dealShares: () => honest.dealShares(),
        acceptShares: (s) => honest.acceptShares(s),
        hand: () => honest.hand(),
        giveKitty: (s) => honest.giveKitty(s),
        kittyShares: () => honest.kittyShares(),
        playShare: (p) => honest.playShare(p),
        reveal: () => ({ seat: 1, seed: 'ab'.repeat(32) }),
      };
    },
  });
  await d.settle();
  await d.bidLandlord();
  await d.playOut();
  const ended = await d.settle();
  assert.equal(ended.hand.phase, 'ended');
  const last = ended.history.at(-1);
  assert.equal(last.verdict.status, 'failed');
  assert.equal(last.verdict.seat, 1);
  assert.equal(last.verdict.code, 'REVEAL_MISMATCH');
  assert.equal(last.score, null, 'a hand that does not verify is not scored');
  const record = await t.call('GET', `/v1/tables/${d.id}/hands/1/transcript`);
  assert.equal(record.json.verdict.seat, 1);
  await assert.rejects(verifyDarkTranscript(record.json.transcript), /seat 1/);
});
