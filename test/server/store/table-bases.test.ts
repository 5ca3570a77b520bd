// A table kept as a base and the rest (store/doc-parts.ts, schema step 9), on SQLite and on
// PostgreSQL: the base is written only by a change that replaced one of its fields, read only by
// a process that does not hold it, and never taken from a change that did not commit.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import type { DocParts } from '../../../src/server/store/doc-parts.ts';
import { loadPg } from '../../../src/server/store/postgres/load-pg.ts';
import { openPostgresTableStore } from '../../../src/server/store/postgres/table-store.ts';
import { openSqliteTableStore } from '../../../src/server/store/sqlite/table-store.ts';
import type { TablePurging, TableStore } from '../../../src/server/store/table-store.ts';
import { type TestDatabase, testDatabase } from '../../support/pg-database.ts';

interface Doc {
  readonly n: number;
  readonly name?: string;
  readonly hand?: { readonly phase: string; readonly record?: readonly string[] } | null;
}
const PARTS: DocParts = { top: ['name'], nested: { hand: ['record'] } };

/** A backend: stores on one database, and the raw rows of a table as stored. */
interface Backend {
  open(): Promise<TableStore<Doc> & TablePurging>;
  row(id: string): Promise<{ doc: string; base_version: number; base: string | null }>;
  /** Runs raw SQL (a row as a release before step 9 wrote it). */
  exec(sql: string): Promise<void>;
}

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-table-bases-'));
const pg = await testDatabase();
const databases: TestDatabase[] = [];
after(async () => {
  rmSync(dir, { recursive: true, force: true });
  await Promise.all(databases.map((d) => d.drop()));
  await pg.drop();
});

let files = 0;
const ROW = `SELECT t.doc, t.base_version, b.base FROM fd_tables AS t
  LEFT JOIN fd_table_bases AS b ON b.table_id = t.id WHERE t.id = `;
const backends: [string, () => Promise<Backend>, string | undefined][] = [
  [
    'SQLite',
    async () => {
      const path = join(dir, `b${files++}.db`);
      const raw = () => new DatabaseSync(path);
      return {
        open: async () => openSqliteTableStore<Doc>({ path }, PARTS),
        row: async (id) => {
          const db = raw();
          try {
            const r = db.prepare(`${ROW}?`).get(id) as Record<string, unknown>;
            return {
              doc: String(r.doc),
              base_version: Number(r.base_version),
              base: r.base === null ? null : String(r.base),
            };
          } finally {
            db.close();
          }
        },
        exec: async (sql) => {
          const db = raw();
          try {
            db.exec(sql);
          } finally {
            db.close();
          }
        },
      };
    },
    undefined,
  ],
  [
    'PostgreSQL',
    async () => {
      const db = await testDatabase();
      databases.push(db);
      const { Client } = await loadPg();
      const query = async (sql: string, values: unknown[] = []) => {
        const c = new Client({ connectionString: db.url! });
        await c.connect();
        try {
          return (await c.query(sql, values)).rows;
        } finally {
          await c.end();
        }
      };
      return {
        open: () => openPostgresTableStore<Doc>({ url: db.url!, poolSize: 2 }, PARTS),
        row: async (id) => {
          const r = (await query(`${ROW}$1`, [id]))[0]!;
          return { doc: r.doc, base_version: Number(r.base_version), base: r.base };
        },
        exec: async (sql) => {
          await query(sql);
        },
      };
    },
    pg.skip,
  ],
];

for (const [name, make, skip] of backends) {
  const options = skip === undefined ? {} : { skip };

  test(
    `${name} table bases: a play-like change writes the rest alone; a change of a base field writes the base at its version`,
    options,
    async () => {
      const b = await make();
      const s = await b.open();
      try {
        const hand = { phase: 'playing', record: ['announced'] };
        await s.createTable('t', { n: 0, name: 'club', hand });
        const made = await b.row('t');
        assert.equal(made.base_version, 1);
        assert.deepEqual(JSON.parse(made.base!), { name: 'club', 'hand.record': ['announced'] });
        assert.deepEqual(JSON.parse(made.doc), { n: 0, hand: { phase: 'playing' } });
        // The counter alone, the hand's record kept as read: the base stays as it was.
        for (let i = 0; i < 3; i++) {
          await s.withTable('t', (row) => ({
            next: { ...row.doc, n: row.doc.n + 1, hand: { ...row.doc.hand!, phase: `p${i}` } },
            result: null,
          }));
        }
        const kept = await b.row('t');
        assert.equal(kept.base_version, 1, 'no base written by the three plays');
        assert.equal(kept.base, made.base);
        assert.deepEqual(JSON.parse(kept.doc), { n: 3, hand: { phase: 'p2' } });
        // The hand's record replaced: the base is written, at the version this change made (5).
        await s.withTable('t', (row) => ({
          next: { ...row.doc, hand: { ...row.doc.hand!, record: [...row.doc.hand!.record!, 'x'] } },
          result: null,
        }));
        const moved = await b.row('t');
        assert.equal(moved.base_version, 5);
        assert.deepEqual(JSON.parse(moved.base!)['hand.record'], ['announced', 'x']);
        assert.deepEqual((await s.readTable('t'))!.doc, {
          n: 3,
          name: 'club',
          hand: { phase: 'p2', record: ['announced', 'x'] },
        });
        // The hand gone (null): its base fields go with it, the table's stay.
        await s.withTable('t', (row) => ({ next: { ...row.doc, hand: null }, result: null }));
        assert.deepEqual((await s.readTable('t'))!.doc, { n: 3, name: 'club', hand: null });
      } finally {
        await s.close();
      }
    },
  );

  test(
    `${name} table bases: a process holding an old base is sent the new one another process wrote`,
    options,
    async () => {
      const b = await make();
      const [one, two] = [await b.open(), await b.open()];
      try {
        await one.createTable('t', { n: 0, name: 'first' });
        // Both hold base 1 parsed after a read.
        assert.equal((await one.readTable('t'))!.doc.name, 'first');
        assert.equal((await two.readTable('t'))!.doc.name, 'first');
        await two.withTable('t', (row) => ({ next: { ...row.doc, name: 'second' }, result: null }));
        // `one` must not answer from the base it holds: the stored one is newer.
        assert.deepEqual((await one.readTable('t'))!.doc, { n: 0, name: 'second' });
        const r = await one.withTable('t', (row) => ({
          next: { ...row.doc, n: row.doc.n + 1 },
          result: row.doc.name,
        }));
        assert.deepEqual(r, { found: true, value: 'second', version: 3 });
        assert.deepEqual((await two.readTable('t'))!.doc, { n: 1, name: 'second' });
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    },
  );

  test(
    `${name} table bases: a change that failed leaves no base behind to stand for another process's at its version`,
    options,
    async () => {
      const b = await make();
      const [one, two] = [await b.open(), await b.open()];
      try {
        await one.createTable('t', { n: 0, name: 'first' });
        await one.withTable('t', (row) => ({
          next: { ...row.doc, n: 1 },
          hands: [{ n: 1, record: '{}' }],
          result: null,
        }));
        // `one` renames the table with a hand number used already: the change fails whole.
        await assert.rejects(
          one.withTable('t', (row) => ({
            next: { ...row.doc, name: 'lost' },
            hands: [{ n: 1, record: '{}' }],
            result: null,
          })),
        );
        // `two` makes version 3 with another base; `one` reads that one, never 'lost'.
        await two.withTable('t', (row) => ({ next: { ...row.doc, name: 'kept' }, result: null }));
        assert.equal((await b.row('t')).base_version, 3);
        assert.deepEqual((await one.readTable('t'))!.doc, { n: 1, name: 'kept' });
        const seen = await one.withTable('t', (row) => ({ next: null, result: row.doc.name }));
        assert.deepEqual(seen, { found: true, value: 'kept', version: 3 });
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    },
  );

  test(
    `${name} table bases: a table stored whole (before schema step 9) reads as it is and is split at its next change`,
    options,
    async () => {
      const b = await make();
      const s = await b.open();
      try {
        await b.exec(
          `INSERT INTO fd_tables (id, doc, version, created_at, updated_at) VALUES ('old', '{"n":4,"name":"before","hand":{"phase":"playing","record":["r"]}}', 7, 0, 0)`,
        );
        const whole = { n: 4, name: 'before', hand: { phase: 'playing', record: ['r'] } };
        assert.deepEqual(await s.readTable('old'), { doc: whole, version: 7 });
        await s.withTable('old', (row) => ({ next: { ...row.doc, n: 5 }, result: null }));
        const split = await b.row('old');
        assert.equal(split.base_version, 8);
        assert.deepEqual(JSON.parse(split.doc), { n: 5, hand: { phase: 'playing' } });
        assert.deepEqual((await s.readTable('old'))!.doc, { ...whole, n: 5 });
        // Deleting the table takes its base with it.
        assert.equal(await s.deleteTable('old', 8), true);
        await assert.rejects(b.row('old'));
      } finally {
        await s.close();
      }
    },
  );
}
