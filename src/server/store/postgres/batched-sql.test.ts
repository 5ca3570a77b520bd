import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { testDatabase } from '../../../../test/support/pg-database.ts';
import { READ_DECKS_SQL, READ_SQL, WRITE_DECKS_SQL, WRITE_SQL } from './batched-sql.ts';
import { openPostgresTableStore } from './table-store.ts';

const db = await testDatabase();
after(() => db.drop());

const WRITE_TYPES = [
  'text[]',
  'bigint[]',
  'text[]',
  'boolean[]',
  'bigint[]',
  'bigint',
  'text[]',
  ...['text[]', 'text[]'],
  ...['text[]', 'text[]', 'bigint[]', 'text[]', 'text[]'],
  ...['text[]', 'text[]', 'text[]', 'bigint[]', 'text[]'],
  ...['text[]', 'bigint[]', 'text[]'],
  'text[]',
].join(', ');

test('PostgreSQL stores: the batched reads and writes find tables and decks by primary key in the plan made once for every batch', {
  skip: db.skip,
}, async () => {
  // Migrate, then give the planner its statistics for 2,000 tables: without `= ANY` in the
  // statements, it scanned all of them (a hash join) for every batch at that size.
  const store = await openPostgresTableStore({ url: db.url!, poolSize: 1 });
  await store.close();
  const { Client } = (await import('pg')).default;
  const c = new Client({ connectionString: db.url! });
  await c.connect();
  try {
    await c.query(
      `INSERT INTO fd_tables (id, doc, version, created_at, updated_at)
       SELECT 't' || i, '{}', 1, 0, 0 FROM generate_series(1, 2000) AS i`,
    );
    await c.query(
      `INSERT INTO decks (id, version, created_at, touched_at, base_version, dealt)
       SELECT 'd' || i, 1, 0, 0, 1, 0 FROM generate_series(1, 2000) AS i`,
    );
    await c.query(`INSERT INTO deck_cards (id, cards) SELECT id, '[]' FROM decks`);
    await c.query(`INSERT INTO fd_table_bases (table_id, base) SELECT id, '{}' FROM fd_tables`);
    await c.query(`INSERT INTO deck_bases (id, state) SELECT id, '{}' FROM decks`);
    await c.query('ANALYZE fd_tables, fd_table_bases, decks, deck_cards, deck_bases');
    // The generic plan is the one a prepared statement keeps after its first executions.
    await c.query('SET plan_cache_mode = force_generic_plan');
    await c.query(`PREPARE r (text[], text[], bigint[]) AS ${READ_SQL}`);
    await c.query(`PREPARE w (${WRITE_TYPES}) AS ${WRITE_SQL}`);
    const plan = async (sql: string) =>
      (await c.query(`EXPLAIN ${sql}`)).rows.map((r) => r['QUERY PLAN'] as string).join('\n');
    const read = await plan(
      `EXECUTE r (ARRAY['t5', 't9'], ARRAY[NULL, NULL]::text[], ARRAY[1, -1]::bigint[])`,
    );
    const write = await plan(
      `EXECUTE w (ARRAY['t5'], ARRAY[1]::bigint[], ARRAY['{}'], ARRAY[false], ARRAY[NULL]::bigint[], 7,
        '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}',
        ARRAY['{}'])`,
    );
    await c.query(`PREPARE rd (text[], bigint[]) AS ${READ_DECKS_SQL}`);
    await c.query(`PREPARE wd (text[], bigint[], bigint[], text[], bigint) AS ${WRITE_DECKS_SQL}`);
    const readDecks = await plan(`EXECUTE rd (ARRAY['d5', 'd9'], ARRAY[1, -1]::bigint[])`);
    const writeDecks = await plan(
      `EXECUTE wd (ARRAY['d5'], ARRAY[1]::bigint[], ARRAY[1]::bigint[], ARRAY['{}'], 7)`,
    );
    for (const [name, p, table] of [
      ['read', read, 'fd_tables'],
      ['write', write, 'fd_tables'],
      ['deck read', readDecks, 'decks'],
      ['deck write', writeDecks, 'decks'],
    ] as const) {
      assert.doesNotMatch(p, new RegExp(`Seq Scan on ${table} `), `${name} scans every row:\n${p}`);
      assert.match(p, new RegExp(`${table}_pkey`), `${name} does not use the primary key:\n${p}`);
    }
    assert.doesNotMatch(readDecks, /Seq Scan on deck_(cards|bases)/, readDecks);
    assert.doesNotMatch(writeDecks, /Seq Scan on deck_bases/, writeDecks);
    // And the statements do what they say on one table: a write at the read version lands.
    await c.query('RESET plan_cache_mode');
    const before = await c.query(
      `EXECUTE r (ARRAY['t5', 'nope'], ARRAY[NULL, NULL]::text[], ARRAY[-1, -1]::bigint[])`,
    );
    assert.deepEqual(
      before.rows.map((r) => [Number(r.n), Number(r.version)]),
      [[1, 1]],
    );
    const wrote = await c.query(
      `EXECUTE w (ARRAY['t5', 't6'], ARRAY[1, 2]::bigint[], ARRAY['{"a":1}', '{"b":2}'],
        ARRAY[false, false], ARRAY[NULL, NULL]::bigint[], 7,
        '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}',
        ARRAY['{"h":1}', NULL])`,
    );
    // t6 is at version 1, not 2: only t5 is written.
    assert.deepEqual(
      wrote.rows.map((r) => r.id),
      ['t5'],
    );
    // t5's base is replaced with its write, at the version the write made.
    const base5 = await c.query(
      `SELECT t.base_version, b.base FROM fd_tables AS t JOIN fd_table_bases AS b ON b.table_id = t.id WHERE t.id = 't5'`,
    );
    assert.deepEqual(
      base5.rows.map((r) => [Number(r.base_version), r.base]),
      [[2, '{"h":1}']],
    );
    const after5 = await c.query(`SELECT doc, version FROM fd_tables WHERE id IN ('t5', 't6')`);
    assert.deepEqual(after5.rows.map((r) => [r.doc, Number(r.version)]).sort(), [
      ['{"a":1}', 2],
      ['{}', 1],
    ]);
  } finally {
    await c.end();
  }
});
