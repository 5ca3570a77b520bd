import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, seatedTable } from '../../../test/support/seated-table.ts';
import { testApp } from '../../../test/support/test-table.ts';
import { commitAsSeat } from '../../fair/index.ts';

// The cheater is a seat that reuses an Idempotency-Key: to get a second action answered as if it
// had happened, or to make one key act twice. A key names one request.

async function setup(seed: string) {
  const t = testApp(seed);
  const r = await t.openTable();
  const id: string = r.json.tableId;
  const token: string = r.json.seatTokens[0];
  // The version hand 1 was dealt at (after the table's creation and its claims).
  const v: number = r.json.table.version;
  /** Sends `body` as these exact bytes. */
  const send = async (body: string, key: string) => {
    const res = await t.app.request(`/v1/tables/${id}/actions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        'Idempotency-Key': key,
      },
      body,
    });
    return { status: res.status, text: await res.text() };
  };
  const state = async () => {
    const row = (await t.tables.readTable(id))!;
    const g = await t.call('GET', `/v1/tables/${id}`, undefined, {
      Authorization: `Bearer ${token}`,
    });
    return { version: row.version, stock: g.json.table.hand.counts.stock, mine: g.text };
  };
  return { send, state, v };
}

test('idempotency: a key reused with another body is refused with 422 and acts no second time; the same request still replays byte for byte', async () => {
  const { send, state, v } = await setup('idem-reuse');
  const first = await send(`{"type":"draw","count":1,"version":${v}}`, 'k-1');
  assert.equal(first.status, 200, first.text);
  const before = await state();
  assert.equal(before.version, v + 1);
  for (const other of [
    `{"type":"draw","count":5,"version":${v}}`, // more cards under the first answer
    `{"type":"burn","version":${v}}`, // another action
    `{"type":"draw","count":1,"version":${v + 1}}`, // the next version: a new action, an old key
    `{"type":"draw","version":${v},"count":1}`, // same fields, other bytes: refused too (request-hash.ts)
    '',
  ]) {
    const r = await send(other, 'k-1');
    assert.equal(r.status, 422, `${other}: ${r.text}`);
    assert.deepEqual(JSON.parse(r.text), {
      success: false,
      error:
        'That Idempotency-Key was used for another request: send a new key with a new request.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    assert.deepEqual(await state(), before, `${other}: nothing changed`);
  }
  // The first request, retried, is still answered from the store — the very same bytes.
  const again = await send(`{"type":"draw","count":1,"version":${v}}`, 'k-1');
  assert.equal(again.status, 200);
  assert.equal(again.text, first.text);
  assert.deepEqual(await state(), before);
  // A new key for the new request acts.
  const next = await send(`{"type":"draw","count":1,"version":${v + 1}}`, 'k-2');
  assert.equal(next.status, 200, next.text);
  assert.equal((await state()).version, v + 2);
});

test('idempotency: two requests with one key and different bodies at once: one acts, the other is refused', async () => {
  const { send, state, v } = await setup('idem-race');
  const stock = (await state()).stock;
  const [a, b] = await Promise.all([
    send(`{"type":"draw","count":1,"version":${v}}`, 'same'),
    send(`{"type":"draw","count":3,"version":${v}}`, 'same'),
  ]);
  assert.deepEqual([a.status, b.status].sort(), [200, 422], `${a.text} ${b.text}`);
  const after = await state();
  assert.equal(after.version, v + 1);
  const won = JSON.parse(a.status === 200 ? a.text : b.text);
  assert.equal(after.stock, won.table.hand.counts.stock);
  assert.ok(after.stock === stock - 1 || after.stock === stock - 3);
});

test('idempotency: a signed commit retried with its key is answered with the same receipt and commits once; the key with another commitment is refused', async () => {
  const t = testApp('idem-commit');
  const s = await seatedTable(t.call, { preset: 'doudizhu' });
  const a = s.table.hand.announcement;
  const mine = await commitAsSeat(a, 0, 'retried seed', s.keys[0]!);
  const other = await commitAsSeat(a, 0, 'another seed', s.keys[0]!);
  const commit = (c: typeof mine) =>
    t.call(
      'POST',
      `/v1/tables/${s.id}/actions`,
      {
        type: 'commit',
        version: s.table.version,
        commitment: c.commitment,
        signature: c.signature,
      },
      { ...bearer(s.seatTokens[0]!), 'Idempotency-Key': 'commit-1' },
    );
  const first = await commit(mine);
  assert.equal(first.status, 200, first.text);
  const again = await commit(mine);
  assert.equal(again.text, first.text, 'the same receipt, byte for byte');
  const switched = await commit(other);
  assert.equal(switched.status, 422, switched.text);
  assert.equal(switched.json.code, 'IDEMPOTENCY_KEY_REUSED');
  const now = (await t.call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.hostToken))).json
    .table;
  assert.equal(now.version, s.table.version + 1, 'one commit');
  assert.equal(now.hand.commits[0].commitment, mine.commitment);
  assert.equal(now.hand.receipts.length, 1);
});
