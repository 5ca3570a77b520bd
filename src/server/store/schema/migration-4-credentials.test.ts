import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { testDatabase } from '../../../../test/support/pg-database.ts';
import { postgresAtStep, sqliteAtStep } from '../../../../test/support/schema-at.ts';
import { loadPg } from '../postgres/load-pg.ts';
import { migratePostgres } from '../postgres/migrate.ts';
import { migrate } from '../sqlite/migrate.ts';
import { MIGRATIONS } from './migrations.ts';

// What step 3 left: a table, a ticket minted without a generation, an answer without a request
// fingerprint. After step 4 the table's generations are empty (every audience at 0), and the
// ticket and the answer are gone: neither can be checked, so neither may be honoured.
const SEED = [
  `INSERT INTO fd_tables (id, doc, version, created_at, updated_at) VALUES ('t', '{"id":"t"}', 5, 0, 0)`,
  `INSERT INTO fd_stream_tickets (hash, table_id, audience, expires_at) VALUES ('h', 't', 'seat:0', 9000000000000)`,
  `INSERT INTO fd_table_answers (table_id, key, version, status, body) VALUES ('t', 'k', 5, 200, '{}')`,
];

test('migration 4 on SQLite: generations start empty; unchecked tickets and answers are dropped', () => {
  const db = new DatabaseSync(':memory:');
  sqliteAtStep(db, 3);
  for (const sql of SEED) db.exec(sql);
  migrate(db);
  assert.deepEqual(
    { ...db.prepare('SELECT token_generations, version FROM fd_tables').get() },
    { token_generations: '{}', version: 5 },
  );
  assert.equal(db.prepare('SELECT count(*) AS n FROM fd_stream_tickets').get()!.n, 0);
  assert.equal(db.prepare('SELECT count(*) AS n FROM fd_table_answers').get()!.n, 0);
  db.close();
});

const pg = await testDatabase();
after(() => pg.drop());

test('migration 4 on PostgreSQL: the same', { skip: pg.skip }, async () => {
  const { Client } = await loadPg();
  const c = new Client({ connectionString: pg.url! });
  await c.connect();
  try {
    await postgresAtStep(c, 3);
    for (const sql of SEED) await c.query(sql);
    assert.equal(await migratePostgres(c as never), MIGRATIONS.at(-1)!.version);
    const t = await c.query('SELECT token_generations, version FROM fd_tables');
    assert.deepEqual(t.rows, [{ token_generations: '{}', version: '5' }]);
    assert.equal((await c.query('SELECT 1 FROM fd_stream_tickets')).rowCount, 0);
    assert.equal((await c.query('SELECT 1 FROM fd_table_answers')).rowCount, 0);
  } finally {
    await c.end();
  }
});
