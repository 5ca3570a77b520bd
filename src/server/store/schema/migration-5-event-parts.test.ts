import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { testDatabase } from '../../../../test/support/pg-database.ts';
import { postgresAtStep, sqliteAtStep } from '../../../../test/support/schema-at.ts';
import { testApp } from '../../../../test/support/test-table.ts';
import { eventText } from '../../tables/event-data.ts';
import type { SealedTableDocument } from '../../tables/sealed-table-doc.ts';
import { sealedTableStore } from '../../tables/sealed-table-store.ts';
import { createSecretBox } from '../../tables/secret-box.ts';
import { loadPg } from '../postgres/load-pg.ts';
import { migratePostgres } from '../postgres/migrate.ts';
import { openPostgresTableStore } from '../postgres/table-store.ts';
import { openSqliteTableStore } from '../sqlite/table-store.ts';
import type { TableStore } from '../table-store.ts';
import { MIGRATIONS } from './migrations.ts';

// A database written by the code before this step (test/vectors/tables-step-4.json: its rows,
// made once with that code, and the events as that code read them back): a Hold'em table through
// its creation, two claims, streets, a burn, the hand's end and the next hand — every event
// split into a shared prefix and suffix (fd_event_bodies) and its audience's own part, sealed
// between marks. Upgraded, it must read back the same events, byte for byte, and go on.
interface Fixture {
  readonly key: string;
  readonly table: string;
  readonly seatTokens: readonly string[];
  readonly version: number;
  readonly rows: Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>;
  readonly events: Readonly<
    Record<string, readonly { readonly id: number; readonly type: string; readonly data: string }[]>
  >;
}
const fixture: Fixture = JSON.parse(
  readFileSync(new URL('../../../../test/vectors/tables-step-4.json', import.meta.url), 'utf8'),
);
const box = createSecretBox(Buffer.from(fixture.key, 'hex'));
const seat0 = { Authorization: `Bearer ${fixture.seatTokens[0]}` };

/** Every row of the fixture, as INSERT statements with their values (placeholders by `mark`). */
function inserts(mark: (i: number) => string): { sql: string; values: unknown[] }[] {
  return Object.entries(fixture.rows).flatMap(([table, rows]) =>
    rows.map((row) => {
      const cols = Object.keys(row);
      return {
        sql: `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => mark(i + 1)).join(', ')})`,
        values: cols.map((c) => row[c]),
      };
    }),
  );
}

/** The checks, on a store opened on the upgraded database. */
async function readsBackAndGoesOn(tables: TableStore<SealedTableDocument>): Promise<void> {
  const opened = sealedTableStore(tables, box);
  let n = 0;
  for (const [audience, events] of Object.entries(fixture.events)) {
    const page = await opened.readEvents(fixture.table, audience, 0, 1000);
    assert.deepEqual(
      page.events.map((e) => ({ id: e.id, type: e.type, data: eventText(e) })),
      events,
      audience,
    );
    assert.ok(
      page.events.every((e) => e.public === null),
      'stored whole: they were not cut into parts',
    );
    n += events.length;
  }
  assert.equal(n, 24);
  // The table goes on: seat 0 acts through a service on the upgraded database; the new event
  // comes in parts, and reads as the seat's view in the answer, after the old ones.
  const t = testApp('after step 5', { tables, box });
  const burn = await t.call(
    'POST',
    `/v1/tables/${fixture.table}/actions`,
    { type: 'burn', version: fixture.version },
    seat0,
  );
  assert.equal(burn.status, 200, burn.text);
  const polled = await t.call(
    'GET',
    `/v1/tables/${fixture.table}/events?after=0`,
    undefined,
    seat0,
  );
  assert.equal(polled.status, 200, polled.text);
  const got: { id: number; data: { table: unknown } }[] = polled.json.events;
  assert.deepEqual(
    got.map((e) => e.id),
    [...fixture.events['seat:0']!.map((e) => e.id), fixture.events['seat:0']!.length + 1],
  );
  assert.deepEqual(
    got.slice(0, -1).map((e) => JSON.stringify(e.data)),
    fixture.events['seat:0']!.map((e) => e.data),
  );
  assert.equal(JSON.stringify(got.at(-1)!.data.table), JSON.stringify(burn.json.table));
  const [last] = (await tables.readEvents(fixture.table, 'seat:0', fixture.version, 9)).events;
  assert.ok(last !== undefined && last.public !== null, 'a new event is kept in parts');
}

test('migration 5 on SQLite: the events stored before it read back the same, whole; the table goes on in parts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-step-5-'));
  const path = join(dir, 'fairdeal.db');
  try {
    const db = new DatabaseSync(path);
    sqliteAtStep(db, 4);
    for (const { sql, values } of inserts(() => '?')) {
      db.prepare(sql).run(...(values as (string | number | null)[]));
    }
    db.close();
    const tables = openSqliteTableStore<SealedTableDocument>({ path });
    try {
      const raw = new DatabaseSync(path, { readOnly: true });
      const folded = raw
        .prepare('SELECT count(*) AS n FROM fd_table_events WHERE version IS NULL')
        .get();
      const left = raw.prepare("SELECT name FROM sqlite_master WHERE name = 'fd_event_bodies'");
      assert.equal(folded?.n, 24);
      assert.equal(left.get(), undefined, 'the shared texts are folded back and their table gone');
      raw.close();
      await readsBackAndGoesOn(tables);
    } finally {
      await tables.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const pg = await testDatabase();
after(() => pg.drop());

test('migration 5 on PostgreSQL: the same', { skip: pg.skip }, async () => {
  const { Client } = await loadPg();
  const c = new Client({ connectionString: pg.url! });
  await c.connect();
  try {
    await postgresAtStep(c, 4);
    for (const { sql, values } of inserts((i) => `$${i}`)) await c.query(sql, values);
    assert.equal(await migratePostgres(c as never), MIGRATIONS.at(-1)!.version);
  } finally {
    await c.end();
  }
  const tables = await openPostgresTableStore<SealedTableDocument>({ url: pg.url!, poolSize: 2 });
  try {
    await readsBackAndGoesOn(tables);
  } finally {
    await tables.close();
  }
});
