import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commitClientSeed } from '../../fair/index.ts';
import { chacha20 } from '../../index.ts';
import { createLocalNotifier } from '../local-notifier.ts';
import { dealDue } from './void-due.ts';
import { type Json, testApp } from './test-table.ts';

const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

test('dealDue: a hand is dealt at its deadline without the silent seats, once, and wakes the seats', async () => {
  const t = testApp('due');
  const notifier = createLocalNotifier();
  const woken: string[] = [];
  const sweep = () =>
    dealDue({
      tables: t.tables,
      box: t.box,
      notifier,
      ctx: () => ({ now: t.clock.t, seal: t.box.seal, open: t.box.open }),
    });
  const r = await t.call('POST', '/v1/tables', { preset: 'doudizhu', revealTimeoutSeconds: 60 });
  assert.equal(r.status, 201, r.text);
  const id = r.json.tableId;
  notifier.listen(`table:${id}`, () => woken.push(id));
  // A table dealt at once (fair: false) is never due.
  const plain = await t.call('POST', '/v1/tables', { preset: 'doudizhu', fair: false });
  assert.equal(plain.json.table.hand.phase, 'playing');
  let table: Json = r.json.table;
  // Seat 0 commits; the others stay silent (the roster closes only when all have committed).
  const secret = commitClientSeed(table.hand.announcement, table.players[0], 's0', chacha20('m0'));
  const c = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'commit', version: table.version, commitment: secret.commitment },
    bearer(r.json.seatTokens[0]),
  );
  assert.equal(c.status, 200, c.text);
  table = c.json.table;

  t.clock.t += 59_999;
  assert.equal(await sweep(), 0, 'not before the deadline');
  assert.deepEqual(await t.tables.listDue(t.clock.t, 10), []);
  t.clock.t += 1;
  assert.deepEqual(await t.tables.listDue(t.clock.t, 10), [id]);
  assert.equal(await sweep(), 1);
  assert.deepEqual(woken, [id]);
  assert.equal(await sweep(), 0, 'dealt once');
  assert.deepEqual(await t.tables.listDue(t.clock.t + 1e9, 10), []);

  const seen = await t.call('GET', `/v1/tables/${id}`, undefined, bearer(r.json.seatTokens[1]));
  const hand = seen.json.table.hand;
  assert.equal(hand.phase, 'playing');
  assert.equal(seen.json.table.version, table.version + 1);
  assert.deepEqual(hand.missing, ['seat-0', 'seat-1', 'seat-2']);
  assert.equal(hand.yourCards.length, 17);
  // Every seat's stream got the deal, as from a seat's own forced deal.
  for (const audience of ['seat:0', 'seat:1', 'seat:2', 'host']) {
    const last = (await t.opened.readEvents(id, audience, 0, 100)).events.at(-1)!;
    assert.equal(JSON.parse(last.data).action.type, 'dealt', audience);
  }
  // The host sees the same dealt hand: bidding has begun.
  const ended = await t.call('GET', `/v1/tables/${id}`, undefined, bearer(r.json.hostToken));
  assert.equal(ended.json.table.hand.game.phase, 'bidding');
  await notifier.close();
});
