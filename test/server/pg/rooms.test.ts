import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { openPostgresTableStore } from '../../../src/server/store/postgres/table-store.ts';
import { DEFAULT_ROOM_TIMES } from '../../../src/server/tables/room-close.ts';
import type { SealedTableDocument } from '../../../src/server/tables/sealed-table-doc.ts';
import { sweepDue } from '../../../src/server/tables/sweep-due.ts';
import { testDatabase } from '../../support/pg-database.ts';
import { bearer, seatKey } from '../../support/seated-table.ts';
import { testApp } from '../../support/test-table.ts';

// Rooms on PostgreSQL, with two stores on one database (two processes as far as it knows): a
// code finds its room through either; an empty room, and an idle one, is closed exactly once
// when both sweep at the same instant, and its code finds nothing from then on, in either.
const db = await testDatabase();
after(() => db.drop());
const skip = db.skip === undefined ? {} : { skip: db.skip };

test('rooms on PostgreSQL: found by code through either store; empty and idle rooms closed once by two sweeps at once', {
  ...skip,
  timeout: 60_000,
}, async () => {
  // The stores' clock is the app's (updated_at, which the idle rule reads).
  let now = () => 0;
  const storeA = await openPostgresTableStore<SealedTableDocument>({
    url: db.url!,
    poolSize: 4,
    now: () => now(),
  });
  const storeB = await openPostgresTableStore<SealedTableDocument>({
    url: db.url!,
    poolSize: 4,
    now: () => now(),
  });
  try {
    const t = testApp('pg rooms', { tables: storeA });
    now = () => t.clock.t;
    const sweep = (tables: typeof storeA) =>
      sweepDue({
        tables,
        box: t.box,
        notifier: t.notifier,
        ctx: () => ({ now: t.clock.t, seal: t.box.seal, open: t.box.open, dealer: t.box.dealer }),
      });
    const room = async () => {
      const made = await t.call('POST', '/v1/tables', { preset: 'doudizhu', room: true });
      assert.equal(made.status, 201, made.text);
      return { id: made.json.tableId as string, code: made.json.room.code as string };
    };
    const empty = await room();
    const idle = await room();
    const opened = await t.call('POST', '/v1/rooms/open', { code: empty.code.toLowerCase() });
    assert.equal(opened.status, 200, opened.text);
    assert.equal(opened.json.tableId, empty.id);
    const key = await seatKey(`pg room ${idle.id}`);
    const claimed = await t.call('POST', `/v1/tables/${idle.id}/seats/0/claim`, {
      code: idle.code,
      publicKey: key.publicKey,
      name: '王五',
    });
    assert.equal(claimed.status, 201, claimed.text);
    // A held seat is held through the other store too.
    const taken = await t.call('POST', `/v1/tables/${idle.id}/seats/0/claim`, {
      code: idle.code,
      publicKey: (await seatKey('someone else')).publicKey,
    });
    assert.equal(taken.json.code, 'SEAT_TAKEN');

    t.clock.t += DEFAULT_ROOM_TIMES.emptyMs;
    const first = await Promise.all([sweep(storeA), sweep(storeB)]);
    assert.equal(first[0] + first[1], 1, 'the empty room, once');
    for (const code of [empty.code, idle.code]) {
      const o = await t.call('POST', '/v1/rooms/open', { code });
      assert.equal(o.status, code === empty.code ? 404 : 200, o.text);
    }
    assert.equal(await storeB.readTable(empty.id), undefined);

    t.clock.t += DEFAULT_ROOM_TIMES.idleMs;
    const second = await Promise.all([sweep(storeA), sweep(storeB)]);
    assert.equal(second[0] + second[1], 1, 'the idle room, once, a person in it or not');
    const gone = await t.call(
      'GET',
      `/v1/tables/${idle.id}`,
      undefined,
      bearer(claimed.json.seatToken),
    );
    assert.equal(gone.json.code, 'TABLE_NOT_FOUND');
    assert.equal(await storeA.findRoom('x'.repeat(64)), undefined);
    assert.deepEqual(await storeB.listIdleRooms(t.clock.t, 10), []);
  } finally {
    await storeA.close();
    await storeB.close();
  }
});
