import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { openPostgresStore } from '../../../src/server/store/postgres/deck-store.ts';
import { openSqliteStore } from '../../../src/server/store/sqlite/deck-store.ts';
import { openMemoryStore } from '../../support/memory-store.ts';
import { testDatabase } from '../../support/pg-database.ts';
import { deckStoreConformance } from './deck-store-conformance.ts';

// The deck-store contract (src/server/store/store.ts), case by case, on every implementation:
// SQLite (a file two stores open, as two processes would), PostgreSQL (when FAIRDEAL_TEST_PG
// names a server; skipped with the reason otherwise) and the in-memory store of the tests.
const dir = mkdtempSync(join(tmpdir(), 'fairdeal-conformance-'));
const pg = await testDatabase();
after(async () => {
  rmSync(dir, { recursive: true, force: true });
  await pg.drop();
});

deckStoreConformance('SQLite', {
  open: async (now) => openSqliteStore({ path: join(dir, 'c.db'), now }),
  shared: true,
});
deckStoreConformance('PostgreSQL', {
  open: async (now) => openPostgresStore({ url: pg.url!, now, poolSize: 5 }),
  shared: true,
  skip: pg.skip,
});
deckStoreConformance('in-memory', { open: async (now) => openMemoryStore({ now }), shared: false });
