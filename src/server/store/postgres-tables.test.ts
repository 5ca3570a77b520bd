import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { type TestDatabase, testDatabase } from '../../../test/support/pg-database.ts';
import { tableStoreSharedConformance } from './conformance-tables.ts';
import { openPostgresTableStore } from './postgres-tables.ts';
import { tableStoreConformance } from './table-store-conformance.ts';

const db = await testDatabase();
const extra: TestDatabase[] = [];
after(async () => {
  await Promise.all(extra.map((d) => d.drop()));
  await db.drop();
});

// The tables' own suite wants an empty store per case: a fresh database each time.
if (db.skip === undefined) {
  tableStoreConformance('PostgreSQL', async () => {
    const fresh = await testDatabase();
    extra.push(fresh);
    return openPostgresTableStore({ url: fresh.url!, poolSize: 5 });
  });
} else {
  test('PostgreSQL table store: the cases of table-store-conformance.ts', {
    skip: db.skip,
  }, () => {});
}

tableStoreSharedConformance('PostgreSQL', {
  open: (now) => openPostgresTableStore({ url: db.url!, now, poolSize: 5 }),
  shared: true,
  skip: db.skip,
});

test('PostgreSQL table store: a saved change wakes table:<id> in every process at commit; a refused one does not', {
  skip: db.skip,
}, async () => {
  const fresh = await testDatabase();
  extra.push(fresh);
  const store = await openPostgresTableStore({ url: fresh.url!, poolSize: 2 });
  const { Client } = (await import('pg')).default;
  const listener = new Client({ connectionString: fresh.url! });
  await listener.connect();
  try {
    assert.equal(store.notifiesOnChange, true);
    const heard: string[] = [];
    listener.on('notification', (m) => heard.push(m.channel));
    await listener.query('LISTEN "table:w1"');
    await store.createTable('w1', { n: 0 }, []);
    await store.withTable('w1', () => ({ doc: null, events: [], result: 0 }));
    await assert.rejects(
      store.withTable('w1', () => {
        throw new RangeError('refused');
      }),
    );
    await store.withTable('w1', (row) => ({
      doc: { n: (row.doc.n as number) + 1 },
      events: [],
      result: 0,
    }));
    // A round trip on the listening connection: notifications committed before it have arrived.
    await listener.query('SELECT 1');
    assert.deepEqual(heard, ['table:w1']);
  } finally {
    await listener.end();
    await store.close();
  }
});
