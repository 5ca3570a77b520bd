import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { testDatabase } from '../../../../test/support/pg-database.ts';
import { postgresAtStep, sqliteAtStep } from '../../../../test/support/schema-at.ts';
import { loadPg } from '../postgres/load-pg.ts';
import { migratePostgres } from '../postgres/migrate.ts';
import { migrate } from '../sqlite/migrate.ts';
import { MIGRATIONS } from './migrations.ts';

// What step 5 left: tables, none of them a room. After step 6 they are still no room (room_code
// NULL, never listed idle), and one code can name one room only.
const SEED = [
  `INSERT INTO fd_tables (id, doc, version, created_at, updated_at) VALUES ('t', '{"id":"t"}', 5, 0, 0)`,
  `INSERT INTO fd_tables (id, doc, version, created_at, updated_at) VALUES ('u', '{"id":"u"}', 1, 0, 0)`,
];
const ROOM = `UPDATE fd_tables SET room_code = 'h' WHERE id = 't'`;
const CLASH = `UPDATE fd_tables SET room_code = 'h' WHERE id = 'u'`;
const ROOMS = 'SELECT id FROM fd_tables WHERE room_code IS NOT NULL AND updated_at <= 0';

test('migration 6 on SQLite: old tables are no rooms; a code is unique among rooms', () => {
  const db = new DatabaseSync(':memory:');
  sqliteAtStep(db, 5);
  for (const sql of SEED) db.exec(sql);
  migrate(db);
  assert.deepEqual(db.prepare(ROOMS).all(), []);
  db.exec(ROOM);
  assert.throws(() => db.exec(CLASH), /UNIQUE/);
  assert.deepEqual(
    db
      .prepare(ROOMS)
      .all()
      .map((r) => r.id),
    ['t'],
  );
  db.close();
});

const pg = await testDatabase();
after(() => pg.drop());

test('migration 6 on PostgreSQL: the same', { skip: pg.skip }, async () => {
  const { Client } = await loadPg();
  const c = new Client({ connectionString: pg.url! });
  await c.connect();
  try {
    await postgresAtStep(c, 5);
    for (const sql of SEED) await c.query(sql);
    assert.equal(await migratePostgres(c as never), MIGRATIONS.at(-1)!.version);
    assert.deepEqual((await c.query(ROOMS)).rows, []);
    await c.query(ROOM);
    await assert.rejects(c.query(CLASH), /unique/);
    assert.deepEqual((await c.query(ROOMS)).rows, [{ id: 't' }]);
  } finally {
    await c.end();
  }
});
