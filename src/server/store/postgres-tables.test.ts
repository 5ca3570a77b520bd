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
