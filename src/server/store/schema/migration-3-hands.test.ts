import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { testDatabase } from '../../../../test/support/pg-database.ts';
import { postgresAtStep, sqliteAtStep } from '../../../../test/support/schema-at.ts';
import { loadPg } from '../postgres/load-pg.ts';
import { migratePostgres } from '../postgres/migrate.ts';
import { migrate } from '../sqlite/migrate.ts';
import { MIGRATIONS } from './migrations.ts';

// A table as step 2 left it: every finished hand's whole record inside the document, keys in the
// order JSON.stringify wrote them (the move must keep a transcript's text as it was).
const records = [
  {
    n: 1,
    transcript: { version: 'x', hash: 'aa', server: { commitment: 'c1' }, b: 1, a: 2 },
    transcriptHash: 'aa',
    missing: ['p2'],
    log: [{ type: 'hand-ended', seat: null }],
    score: null,
  },
  {
    n: 2,
    transcript: { version: 'x', hash: 'bb', server: { commitment: 'c2' } },
    transcriptHash: 'bb',
    missing: [],
    log: [],
    score: { landlord: 1, points: [2, -1, -1] },
  },
];
const legacy = { format: 'fairdeal/table-1', id: 'old', history: records, eventSeq: { host: 3 } };
const fresh = { format: 'fairdeal/table-1', id: 'new', history: [], eventSeq: {} };
const summaries = records.map(({ n, transcriptHash, missing, score }) => ({
  n,
  transcriptHash,
  missing,
  score,
}));

test('migration 3 on SQLite: finished hands move to rows of their own, the document keeps summaries', () => {
  const db = new DatabaseSync(':memory:');
  sqliteAtStep(db, 2);
  const put = db.prepare(
    'INSERT INTO fd_tables (id, doc, version, created_at, updated_at) VALUES (?, ?, 7, 0, 0)',
  );
  put.run('old', JSON.stringify(legacy));
  put.run('new', JSON.stringify(fresh));
  migrate(db);
  const rows = db.prepare('SELECT table_id, n, record FROM fd_table_hands ORDER BY n').all();
  assert.deepEqual(
    rows.map((r) => [r.table_id, r.n, r.record]),
    records.map((r) => ['old', r.n, JSON.stringify(r)]),
  );
  const doc = (id: string) =>
    JSON.parse(String(db.prepare('SELECT doc FROM fd_tables WHERE id = ?').get(id)!.doc));
  assert.deepEqual(doc('old'), { ...legacy, history: summaries });
  assert.deepEqual(doc('new'), fresh);
  db.close();
});

const pg = await testDatabase();
after(() => pg.drop());

test('migration 3 on PostgreSQL: the same move, the records’ text unchanged', {
  skip: pg.skip,
}, async () => {
  const { Client } = await loadPg();
  const c = new Client({ connectionString: pg.url! });
  await c.connect();
  try {
    await postgresAtStep(c, 2);
    const put =
      'INSERT INTO fd_tables (id, doc, version, created_at, updated_at) VALUES ($1, $2, 7, 0, 0)';
    await c.query(put, ['old', JSON.stringify(legacy)]);
    await c.query(put, ['new', JSON.stringify(fresh)]);
    assert.equal(await migratePostgres(c as never), MIGRATIONS.at(-1)!.version);
    const rows = await c.query<{ table_id: string; n: string; record: string }>(
      'SELECT table_id, n, record FROM fd_table_hands ORDER BY n',
    );
    assert.deepEqual(
      rows.rows.map((r) => [r.table_id, Number(r.n), r.record]),
      records.map((r) => ['old', r.n, JSON.stringify(r)]),
    );
    const doc = async (id: string) =>
      JSON.parse(
        (await c.query<{ doc: string }>('SELECT doc FROM fd_tables WHERE id = $1', [id])).rows[0]!
          .doc,
      );
    assert.deepEqual(await doc('old'), { ...legacy, history: summaries });
    assert.deepEqual(await doc('new'), fresh);
    // The JSON columns (of the last step's schema: step 5 replaced fd_event_bodies with
    // fd_event_public, step 10 added step 9's bases): no statistics, and lz4 where this server
    // has it.
    const lz4 = await c.query(
      "SELECT 'lz4' = ANY (enumvals) AS yes FROM pg_settings WHERE name = 'default_toast_compression'",
    );
    const cols = await c.query<{ attname: string; attstattarget: number; attcompression: string }>(
      `SELECT attname, attstattarget, attcompression FROM pg_attribute
       WHERE (attrelid, attname) IN (('fd_tables'::regclass, 'doc'),
         ('fd_table_events'::regclass, 'data'), ('fd_table_hands'::regclass, 'record'),
         ('fd_event_public'::regclass, 'body'), ('fd_table_answers'::regclass, 'body'),
         ('fd_table_bases'::regclass, 'base'))`,
    );
    assert.equal(cols.rows.length, 6);
    for (const col of cols.rows) {
      assert.equal(Number(col.attstattarget), 0, col.attname);
      assert.equal(col.attcompression, lz4.rows[0]?.yes ? 'l' : '', col.attname);
    }
  } finally {
    await c.end();
  }
});
