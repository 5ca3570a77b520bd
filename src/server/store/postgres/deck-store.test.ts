import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { testDatabase } from '../../../../test/support/pg-database.ts';
import { MIGRATIONS } from '../schema/migrations.ts';
import { openPostgresStore } from './deck-store.ts';
import { loadPg } from './load-pg.ts';
import { toPostgres } from './migrate.ts';

const db = await testDatabase();
after(() => db.drop());
const skip = db.skip === undefined ? {} : { skip: db.skip };

// The deck-store contract's cases run against PostgreSQL in test/server/store/deck-store.test.ts.

test('toPostgres: 64-bit integers, SQLite-only table options dropped, the rest unchanged', () => {
  assert.equal(
    toPostgres('CREATE TABLE t (\n a INTEGER NOT NULL, -- INTEGERS\n b TEXT\n) STRICT;'),
    'CREATE TABLE t (\n a BIGINT NOT NULL, -- INTEGERS\n b TEXT\n);',
  );
  assert.equal(
    toPostgres('CREATE TABLE u (k TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;'),
    'CREATE TABLE u (k TEXT PRIMARY KEY);',
  );
  assert.equal(toPostgres('CREATE TABLE v (k TEXT) WITHOUT ROWID;'), 'CREATE TABLE v (k TEXT);');
  for (const step of MIGRATIONS)
    assert.doesNotMatch(toPostgres(step.sql), /STRICT|ROWID|\bINTEGER\b/);
});

test(
  'PostgreSQL: four processes starting at once migrate once, to the last step, with the same columns as SQLite',
  skip,
  async () => {
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => openPostgresStore({ url: db.url!, poolSize: 1 })),
    );
    await Promise.all(stores.map((s) => s.close()));
    const { Client } = await loadPg();
    const c = new Client({ connectionString: db.url! });
    await c.connect();
    try {
      const versions = await c.query<{ version: number }>(
        'SELECT version FROM fairdeal_schema ORDER BY version',
      );
      assert.deepEqual(
        versions.rows.map((r) => r.version),
        MIGRATIONS.map((m) => m.version),
      );
      // The same columns as SQLite, table by table: read from an in-memory SQLite that ran the
      // very same steps (INTEGER is BIGINT there, TEXT is TEXT).
      const lite = new DatabaseSync(':memory:');
      for (const step of MIGRATIONS) lite.exec(step.sql);
      const tables = lite
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all()
        .map((r) => String(r.name));
      assert.ok(tables.includes('decks') && tables.includes('deck_cards'), tables.join());
      for (const table of tables) {
        const want = lite
          .prepare(`SELECT name, type FROM pragma_table_info('${table}') ORDER BY cid`)
          .all()
          .map(
            (r) =>
              `${String(r.name)} ${r.type === 'INTEGER' ? 'bigint' : String(r.type).toLowerCase()}`,
          );
        const cols = await c.query<{ column_name: string; data_type: string }>(
          'SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position',
          [table],
        );
        assert.deepEqual(
          cols.rows.map((r) => `${r.column_name} ${r.data_type}`),
          want,
          table,
        );
      }
      lite.close();
    } finally {
      await c.end();
    }
  },
);

test(
  'PostgreSQL: an unreachable server fails the open with the driver’s error, quickly',
  skip,
  async () => {
    const url = new URL(db.url!);
    url.port = '1'; // nothing listens on port 1
    await assert.rejects(openPostgresStore({ url: url.toString() }), /ECONNREFUSED|connect/);
  },
);
