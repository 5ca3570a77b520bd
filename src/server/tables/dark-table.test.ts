import assert from 'node:assert/strict';
import { test } from 'node:test';
import { darkTable } from '../../../test/support/dark-table.ts';
import { testApp } from '../../../test/support/test-table.ts';
import { verifyDarkTranscript } from '../../dark/index.ts';

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
});
