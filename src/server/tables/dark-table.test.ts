import assert from 'node:assert/strict';
import { test } from 'node:test';
import { darkTable } from '../../../test/support/dark-table.ts';
import { testApp } from '../../../test/support/test-table.ts';
import { loadDarkGroup, verifyDarkTranscript } from '../../dark/index.ts';
import { ApiError } from '../deck/api-error.ts';
import { groupOf } from './dark-hand.ts';

test('a dark hand from the keys to the verdict, through the routes', async () => {
  const t = testApp('dark whole hand');
  const d = await darkTable(t);
  const start = await d.view(0);
  assert.equal(start.dark, true);
  assert.equal(start.hand.phase, 'dark');
  assert.equal(start.hand.dark.stage, 'keys');
  const dealt = await d.settle();
  assert.equal(dealt.hand.dark.stage, 'bidding');
  assert.equal(dealt.hand.phase, 'playing');
  assert.deepEqual(dealt.hand.dark.counts, [17, 17, 17]);
  assert.equal(dealt.hand.yourCards, null, 'the service sends no seat its cards');
  for (let seat = 0; seat < 3; seat++) {
    const cards = await d.drivers[seat]!.hand(await d.view(seat));
    assert.equal(cards.length, 17, `seat ${seat} opens its 17 cards on its own device`);
  }
  const landlord = await d.bidLandlord();
  const opened = await d.view(0);
  assert.equal(opened.hand.dark.stage, 'play');
  assert.equal(opened.hand.kitty.length, 3);
  assert.equal(opened.hand.dark.counts[landlord], 20);
  const afterPlay = await d.playOut();
  assert.equal(afterPlay.hand.dark.stage, 'reveal');
  const ended = await d.settle();
  assert.equal(ended.hand.phase, 'ended');
  assert.equal(ended.hand.dark.verdict.status, 'verified');
  assert.equal(ended.history.at(-1).verdict.status, 'verified');
  assert.ok(ended.history.at(-1).score !== null, 'a verified hand is scored');
  const record = await t.call('GET', `/v1/tables/${d.id}/hands/1/transcript`);
  assert.equal(record.status, 200, record.text);
  assert.equal(record.json.transcript.version, 'fairdeal-dark-v1');
  assert.equal(record.json.verdict.status, 'verified');
  const verdict = await verifyDarkTranscript(record.json.transcript);
  assert.equal(verdict.status, 'verified');
  assert.equal(verdict.deck?.length, 54);
  // The next hand is asked for as at any table, and is dark too; its announcement binds the
  // dark transcript's hash as `prev`.
  const next = await d.act(1, { type: 'next-hand' });
  assert.equal(next.status, 200, next.text);
  assert.equal(next.json.table.hand.n, 2);
  assert.equal(next.json.table.hand.dark.stage, 'keys');
  assert.equal(next.json.table.hand.announcement.prev, ended.history.at(-1).transcriptHash);
});

test('a dark table is Dou Dizhu for three, fair, with no house bot and no show-hand', async () => {
  const t = testApp('dark options');
  const refusals: [Record<string, unknown>, RegExp][] = [
    [{ preset: 'doudizhu-4p' }, /doudizhu preset/],
    [{ preset: 'holdem', options: { seats: 2 } }, /doudizhu preset/],
    [{ preset: 'doudizhu', fair: false }, /fair/],
    [{ preset: 'doudizhu', bots: [2] }, /bot/],
    [{ preset: 'doudizhu', rules: { showHand: true } }, /showHand/],
  ];
  for (const [body, why] of refusals) {
    const r = await t.call('POST', '/v1/tables', { ...body, dark: true });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.json.code, 'BAD_REQUEST');
    assert.match(r.json.error, why);
  }
  const made = await t.call('POST', '/v1/tables', { preset: 'doudizhu', dark: true });
  assert.equal(made.status, 201, made.text);
  const bot = await t.call('POST', `/v1/tables/${made.json.tableId}/seats/1/bot`, undefined, {
    Authorization: `Bearer ${made.json.hostToken}`,
  });
  assert.equal(bot.status, 400, bot.text);
  assert.match(bot.json.error, /dark tables/);
});

test('without the group loaded (no @noble/curves) a dark step is 501 MISSING_PEER', async () => {
  assert.throws(
    () => groupOf({}),
    (e: unknown) => e instanceof ApiError && e.status === 501 && e.code === 'MISSING_PEER',
  );
  assert.ok(groupOf({ darkGroup: await loadDarkGroup() }));
});
