import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { testDatabase } from '../../../test/support/pg-database.ts';
import { openPostgresTableStore } from './postgres/table-store.ts';
import { POSTGRES_PURGE_SQL, SQLITE_PURGE_SQL } from './purge-sql.ts';
import { migrate } from './sqlite/migrate.ts';

// The purges run every hour on every table: each statement must find its rows through an index
// (schema step 7), not read every table, event, answer or ticket (docs/DEPLOY.md, "Purges").
// 2,000 rows of each, with statistics, so the planners choose as they would on a real database.

const db = await testDatabase();
after(() => db.drop());

test('SQLite purge statements: each searches an index, none scans a whole table', () => {
  const lite = new DatabaseSync(':memory:');
  migrate(lite);
  lite.exec(`
    WITH RECURSIVE i (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < 2000)
    INSERT INTO fd_tables (id, doc, version, created_at, updated_at) SELECT 't' || n, '{}', 1, n, n FROM i;
    INSERT INTO fd_table_events (table_id, audience, id, type, data)
      SELECT id, 'seat:0', 1, 'state', '{}' FROM fd_tables;
    INSERT INTO fd_table_answers (table_id, key, version, status, body, created_at)
      SELECT id, 'k', 1, 200, '{}', created_at FROM fd_tables;
    INSERT INTO fd_stream_tickets (hash, table_id, audience, expires_at)
      SELECT 'h' || id, id, 'seat:0', created_at FROM fd_tables;
    ANALYZE;`);
  const plan = (sql: string, ...args: (string | number)[]) =>
    lite
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...args)
      .map((r) => String((r as { detail: string }).detail))
      .join('\n');
  const plans = {
    idleTables: [plan(SQLITE_PURGE_SQL.idleTables, 5, 10), 'fd_tables_idle'],
    changedSince: [plan(SQLITE_PURGE_SQL.changedSince, 5, 5, 't5', 10), 'fd_tables_idle'],
    trimEvents: [plan(SQLITE_PURGE_SQL.trimEvents, 't5', 1000), 'PRIMARY KEY'],
    expireAnswers: [plan(SQLITE_PURGE_SQL.expireAnswers, 5, 10), 'fd_table_answers_created'],
    expireTickets: [plan(SQLITE_PURGE_SQL.expireTickets, 5, 10), 'fd_stream_tickets_expires'],
  } as const;
  for (const [name, [p, index]] of Object.entries(plans)) {
    assert.doesNotMatch(p, /\bSCAN (fd_|m\b)/, `${name} scans a whole table:\n${p}`);
    assert.match(p, new RegExp(index), `${name} does not use ${index}:\n${p}`);
  }
  lite.close();
});

test('PostgreSQL purge statements: each uses an index, none scans a whole table', {
  skip: db.skip,
}, async () => {
  const store = await openPostgresTableStore({ url: db.url!, poolSize: 1 });
  await store.close();
  const { Client } = (await import('pg')).default;
  const c = new Client({ connectionString: db.url! });
  await c.connect();
  try {
    await c.query(`INSERT INTO fd_tables (id, doc, version, created_at, updated_at)
      SELECT 't' || i, '{}', 1, i, i FROM generate_series(1, 2000) AS i`);
    await c.query(`INSERT INTO fd_table_events (table_id, audience, id, type, data)
      SELECT id, 'seat:' || a, e, 'state', '{}' FROM fd_tables, generate_series(0, 2) AS a,
        generate_series(1, 5) AS e`);
    await c.query(`INSERT INTO fd_table_answers (table_id, key, version, status, body, created_at)
      SELECT id, 'k', 1, 200, '{}', created_at FROM fd_tables`);
    await c.query(`INSERT INTO fd_stream_tickets (hash, table_id, audience, expires_at)
      SELECT 'h' || id, id, 'seat:0', created_at FROM fd_tables`);
    await c.query('ANALYZE');
    const plan = async (sql: string, args: unknown[]) =>
      (await c.query(`EXPLAIN ${sql}`, args)).rows.map((r) => r['QUERY PLAN'] as string).join('\n');
    const plans = {
      idleTables: [await plan(POSTGRES_PURGE_SQL.idleTables, [5, 10]), 'fd_tables_idle'],
      changedSince: [
        await plan(POSTGRES_PURGE_SQL.changedSince, [1990, 't5', 10]),
        'fd_tables_idle',
      ],
      trimEvents: [await plan(POSTGRES_PURGE_SQL.trimEvents, ['t5', 1000]), 'fd_table_events_pkey'],
      expireAnswers: [
        await plan(POSTGRES_PURGE_SQL.expireAnswers, [5, 10]),
        'fd_table_answers_created',
      ],
      expireTickets: [
        await plan(POSTGRES_PURGE_SQL.expireTickets, [5, 10]),
        'fd_stream_tickets_expires',
      ],
    } as const;
    for (const [name, [p, index]] of Object.entries(plans)) {
      assert.doesNotMatch(p, /Seq Scan/, `${name} scans a whole table:\n${p}`);
      assert.match(p, new RegExp(index), `${name} does not use ${index}:\n${p}`);
    }
  } finally {
    await c.end();
  }
});
