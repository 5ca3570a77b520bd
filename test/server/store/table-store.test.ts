import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { openPostgresTableStore } from '../../../src/server/store/postgres/table-store.ts';
import { openSqliteTableStore } from '../../../src/server/store/sqlite/table-store.ts';
import { openMemoryTableStore } from '../../support/memory-table-store.ts';
import { type TestDatabase, testDatabase } from '../../support/pg-database.ts';
import { type SuiteDoc, tableStoreConformance } from './table-store-conformance.ts';

// The table-store contract (src/server/store/table-store.ts), case by case, on every
// implementation: SQLite (a file per case, which two stores open as two processes would),
// PostgreSQL (a database per case, when FAIRDEAL_TEST_PG names a server; skipped with the reason
// otherwise) and the in-memory store of the tests.
const dir = mkdtempSync(join(tmpdir(), 'fairdeal-table-conformance-'));
const pg = await testDatabase();
const databases: TestDatabase[] = [];
after(async () => {
  rmSync(dir, { recursive: true, force: true });
  await Promise.all(databases.map((d) => d.drop()));
  await pg.drop();
});

let files = 0;
tableStoreConformance('SQLite', {
  fresh: async () => {
    const path = join(dir, `t${files++}.db`);
    return { open: async (now) => openSqliteTableStore<SuiteDoc>({ path, now }), shared: true };
  },
});
tableStoreConformance('PostgreSQL', {
  fresh: async () => {
    const db = await testDatabase();
    databases.push(db);
    return {
      open: (now) => openPostgresTableStore<SuiteDoc>({ url: db.url!, now, poolSize: 5 }),
      shared: true,
    };
  },
  skip: pg.skip,
});
// The same contract with the document kept as a base and the rest (store/doc-parts.ts): the
// suite's documents change `by` and `name` (base fields) in some cases and the counter alone in
// others, so both a written and a kept base go through every case.
const SUITE_PARTS = { top: ['name', 'by'], nested: { nested: ['a'] } };
tableStoreConformance('SQLite with parts', {
  fresh: async () => {
    const path = join(dir, `t${files++}.db`);
    return {
      open: async (now) => openSqliteTableStore<SuiteDoc>({ path, now }, SUITE_PARTS),
      shared: true,
    };
  },
});
tableStoreConformance('PostgreSQL with parts', {
  fresh: async () => {
    const db = await testDatabase();
    databases.push(db);
    return {
      open: (now) =>
        openPostgresTableStore<SuiteDoc>({ url: db.url!, now, poolSize: 5 }, SUITE_PARTS),
      shared: true,
    };
  },
  skip: pg.skip,
});
tableStoreConformance('in-memory', {
  fresh: async () => ({
    open: async (now) => openMemoryTableStore<SuiteDoc>({ now }),
    shared: false,
  }),
});
