import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { type TestDatabase, testDatabase } from '../../../../test/support/pg-database.ts';
import { openPostgresTableStore } from './table-store.ts';

/** The documents these tests store. */
interface Doc {
  readonly n?: number;
  readonly by?: readonly string[];
  readonly moves?: readonly number[];
}

const db = await testDatabase();
const extra: TestDatabase[] = [];
after(async () => {
  await Promise.all(extra.map((d) => d.drop()));
  await db.drop();
});

// The table-store contract's cases run against PostgreSQL in test/server/store/table-store.test.ts.

/** A store on a fresh database, and a plain connection to it standing for another process. */
async function storeAndClient() {
  const fresh = await testDatabase();
  extra.push(fresh);
  const store = await openPostgresTableStore<Doc>({ url: fresh.url!, poolSize: 2 });
  const { Client } = (await import('pg')).default;
  const client = new Client({ connectionString: fresh.url! });
  await client.connect();
  return { store, client };
}

test('PostgreSQL table store: a saved change wakes table:<id> in every process at commit; a refused one does not', {
  skip: db.skip,
}, async () => {
  const { store, client: listener } = await storeAndClient();
  try {
    assert.equal(store.notifiesOnChange, true);
    const heard: string[] = [];
    listener.on('notification', (m) => heard.push(m.channel));
    await listener.query('LISTEN "table:w1"');
    await store.createTable('w1', { n: 0 });
    await store.withTable('w1', () => ({ next: null, result: 0 }));
    await assert.rejects(
      store.withTable('w1', () => {
        throw new RangeError('refused');
      }),
    );
    await store.withTable('w1', (row) => ({
      next: { n: (row.doc.n ?? 0) + 1 },
      result: 0,
    }));
    // A round trip on the listening connection: notifications committed before it have arrived.
    await listener.query('SELECT 1');
    assert.deepEqual(heard, ['table:w1']);
  } finally {
    await listener.end();
    await store.close();
  }
});

test('PostgreSQL table store: a write that loses the race to another process runs its change again on the fresh row', {
  skip: db.skip,
}, async () => {
  const { store, client: other } = await storeAndClient();
  try {
    await store.createTable('race', { n: 1, by: [] });
    // Another process changes the row and holds it uncommitted: the store reads version 1 …
    await other.query('BEGIN');
    await other.query(
      `UPDATE fd_tables SET doc = '{"n":10,"by":["other"]}', version = 2 WHERE id = 'race'`,
    );
    const seen: number[] = [];
    const pending = store.withTable('race', (row) => {
      seen.push(row.version);
      const { n = 0, by = [] } = row.doc;
      return { next: { n: n + 1, by: [...by, 'store'] }, result: n };
    });
    // … its writes skip the row another transaction holds (a lost race each, no wait), and
    // after three the locked path waits on the row lock; the other process then commits.
    for (let i = 0; i < 100; i++) {
      const w = await other.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
      );
      if (w.rows[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await other.query('COMMIT');
    const r = await pending;
    // The optimistic runs read version 1 and wrote nothing; the locked run ran on the
    // committed row.
    assert.deepEqual(seen, [1, 1, 1, 2]);
    assert.deepEqual(r, { found: true, value: 10, version: 3 });
    assert.deepEqual(await store.readTable('race'), {
      doc: { n: 11, by: ['other', 'store'] },
      version: 3,
    });
  } finally {
    await other.end();
    await store.close();
  }
});

test('PostgreSQL table store: concurrent changes of many tables from two processes share statements, and every one lands whole', {
  skip: db.skip,
}, async () => {
  const fresh = await testDatabase();
  extra.push(fresh);
  // A clock that ticks at each call: a write statement reads it once for all its changes.
  let tick = 1000;
  const clock = () => tick++;
  const a = await openPostgresTableStore<Doc>({ url: fresh.url!, poolSize: 3, now: clock });
  const b = await openPostgresTableStore<Doc>({ url: fresh.url!, poolSize: 3, now: clock });
  const { Client } = (await import('pg')).default;
  const check = new Client({ connectionString: fresh.url! });
  await check.connect();
  try {
    const ids = Array.from({ length: 24 }, (_, i) => `m${i}`);
    for (const id of ids) await a.createTable(id, { moves: [] });
    const startTick = tick;
    // Each table is changed 3 times, alternately through each process, all at once.
    const runs = ids.flatMap((id, t) =>
      [0, 1, 2].map((k) =>
        ((t + k) % 2 ? a : b).withTable(id, (row) => {
          const moves = [...(row.doc.moves ?? []), k];
          return {
            next: { moves },
            events: {
              public: `{"table":"${id}","moves":${JSON.stringify(moves)}}`,
              private: ['seat:0', 'seat:1'].map((audience) => ({
                audience,
                id: row.version,
                type: 'table',
                data: `{"for":"${audience}"}`,
              })),
            },
            hands: [{ n: row.version, record: `hand ${row.version} of ${id}` }],
            answer: { key: `${id}/${k}`, request: `r${k}`, status: 200, body: `answer ${k}` },
            result: k,
          };
        }),
      ),
    );
    const results = await Promise.all(runs);
    assert.ok(results.every((r) => r.found));
    for (const id of ids) {
      const row = await a.readTable(id);
      assert.ok(row !== undefined, id);
      assert.equal(row.version, 4, id);
      const moves = row.doc.moves ?? [];
      assert.deepEqual([...moves].sort(), [0, 1, 2], id);
      const page = await b.readEvents(id, 'seat:1', 0, 10);
      assert.deepEqual(
        page.events.map((e) => e.id),
        [1, 2, 3],
      );
      // Each event comes back with its change's public part (stored once per change).
      assert.deepEqual(page.events[2], {
        audience: 'seat:1',
        id: 3,
        type: 'table',
        data: '{"for":"seat:1"}',
        public: `{"table":"${id}","moves":${JSON.stringify(moves)}}`,
      });
      assert.deepEqual(
        (await a.readHands(id, 0, 10)).map((h) => h.record),
        [1, 2, 3].map((v) => `hand ${v} of ${id}`),
      );
      const answers = await check.query('SELECT key FROM fd_table_answers WHERE table_id = $1', [
        id,
      ]);
      assert.equal(answers.rowCount, 3);
    }
    // The clock is read once per write statement: 72 changes (and their lost races) took far
    // fewer statements than one per change.
    const statements = tick - startTick;
    assert.ok(statements < 72, `${statements} write statements for 72 changes`);
  } finally {
    await check.end();
    await a.close();
    await b.close();
  }
});

test('PostgreSQL table store: only a statement the server refused counts as rolled back', async () => {
  const { refusedByServer } = await import('./pool.ts');
  const server = (code: string) => Object.assign(new Error('x'), { severity: 'ERROR', code });
  assert.equal(refusedByServer(server('23505')), true);
  assert.equal(refusedByServer(server('40P01')), true);
  assert.equal(refusedByServer(server('08006')), false, 'connection failure');
  assert.equal(refusedByServer(Object.assign(new Error('x'), { code: 'EPIPE' })), false);
  assert.equal(refusedByServer(new Error('Connection terminated unexpectedly')), false);
  assert.equal(refusedByServer(null), false);
});

test('PostgreSQL table store: a change the server refuses fails alone; the changes batched with it land', {
  skip: db.skip,
}, async () => {
  const { store, client } = await storeAndClient();
  try {
    for (const id of ['ok1', 'bad', 'ok2']) await store.createTable(id, { n: 0 });
    // An event id used twice violates the primary key: the server refuses that change.
    await store.withTable('bad', () => ({
      next: { n: 1 },
      events: { public: '{}', private: [{ audience: 'seat:0', id: 1, type: 't', data: '{}' }] },
      result: null,
    }));
    const change = (id: string) =>
      store.withTable(id, (row) => ({
        next: { n: (row.doc.n ?? 0) + 1 },
        events: {
          public: '{}',
          private: [{ audience: 'seat:0', id: 1, type: 't', data: `{"${id}":1}` }],
        },
        result: id,
      }));
    const results = await Promise.allSettled(['ok1', 'bad', 'ok2'].map(change));
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.equal(((results[1] as PromiseRejectedResult).reason as { code: string }).code, '23505');
    const versions = await client.query('SELECT id, version FROM fd_tables ORDER BY id');
    assert.deepEqual(
      versions.rows.map((r) => [r.id, Number(r.version)]),
      [
        ['bad', 2],
        ['ok1', 2],
        ['ok2', 2],
      ],
    );
  } finally {
    await client.end();
    await store.close();
  }
});
