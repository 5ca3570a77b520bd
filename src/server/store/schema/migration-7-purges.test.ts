import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { testDatabase } from '../../../../test/support/pg-database.ts';
import { postgresAtStep, sqliteAtStep } from '../../../../test/support/schema-at.ts';
import { loadPg } from '../postgres/load-pg.ts';
import { migratePostgres } from '../postgres/migrate.ts';
import { migrate } from '../sqlite/migrate.ts';
import { MIGRATIONS } from './migrations.ts';

// What step 6 left: answers with no time of their own. After step 7 each has its table's last
// change (the latest it can have been written: none expires sooner than it would have), and an
// answer whose table is gone (never left by fairdeal: the rows cascade) has 0.
const SEED = [
  `INSERT INTO fd_tables (id, doc, version, created_at, updated_at) VALUES ('t', '{}', 5, 100, 7000)`,
  `INSERT INTO fd_tables (id, doc, version, created_at, updated_at) VALUES ('u', '{}', 2, 100, 9000)`,
  `INSERT INTO fd_table_answers (table_id, key, version, request, status, body) VALUES ('t', 'a', 4, 'r', 200, '{}')`,
  `INSERT INTO fd_table_answers (table_id, key, version, request, status, body) VALUES ('t', 'b', 5, 'r', 200, '{}')`,
  `INSERT INTO fd_table_answers (table_id, key, version, request, status, body) VALUES ('u', 'a', 2, 'r', 200, '{}')`,
];
const TIMES = 'SELECT table_id, key, created_at FROM fd_table_answers ORDER BY table_id, key';
const EXPECTED = [
  ['t', 'a', 7000],
  ['t', 'b', 7000],
  ['u', 'a', 9000],
];
const rows = (list: readonly Record<string, unknown>[]) =>
  list.map((r) => [r.table_id, r.key, Number(r.created_at)]);

test('migration 7 on SQLite: answers already stored take their table’s last change', () => {
  const db = new DatabaseSync(':memory:');
  sqliteAtStep(db, 6);
  for (const sql of SEED) db.exec(sql);
  migrate(db);
  assert.deepEqual(rows(db.prepare(TIMES).all()), EXPECTED);
  db.close();
});

const pg = await testDatabase();
after(() => pg.drop());

test('migration 7 on PostgreSQL: the same', { skip: pg.skip }, async () => {
  const { Client } = await loadPg();
  const c = new Client({ connectionString: pg.url! });
  await c.connect();
  try {
    await postgresAtStep(c, 6);
    for (const sql of SEED) await c.query(sql);
    assert.equal(await migratePostgres(c as never), MIGRATIONS.at(-1)!.version);
    assert.deepEqual(rows((await c.query(TIMES)).rows), EXPECTED);
  } finally {
    await c.end();
  }
});
