// The thief with a PostgreSQL dump: two live hands (Dou Dizhu and Hold'em, idempotent actions,
// per-seat events) on a real database, then every row of every table is searched for every card
// a seat holds or the stock hides (tests/support/thief-scan.ts, which first shows the same search
// finding them all in what the service opens). Then the database is read with another key, and
// stored values are altered or moved between seats.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { chacha20 } from '../../../src/index.ts';
import { createApp } from '../../../src/server/app.ts';
import { createLocalNotifier } from '../../../src/server/local-notifier.ts';
import { loadPg } from '../../../src/server/store/postgres/load-pg.ts';
import { openPostgresTableStore } from '../../../src/server/store/postgres/table-store.ts';
import { openSqliteStore } from '../../../src/server/store/sqlite/deck-store.ts';
import type { TableStore } from '../../../src/server/store/table-store.ts';
import type { SealedTableDocument } from '../../../src/server/tables/sealed-table-doc.ts';
import { sealedTableStore } from '../../../src/server/tables/sealed-table-store.ts';
import { createSecretBox, type SecretBox } from '../../../src/server/tables/secret-box.ts';
import { cardIdsIn } from '../../support/card-scan.ts';
import { dumpPostgres } from '../../support/db-dump.ts';
import { callerOf, liveSecrets, playLiveHands } from '../../support/live-hands.ts';
import { testDatabase } from '../../support/pg-database.ts';
import { assertNoHiddenCard, hiddenEverywhere } from '../../support/thief-scan.ts';

const db = await testDatabase();
const stores: TableStore<SealedTableDocument>[] = [];
after(async () => {
  for (const s of stores) await s.close();
  await db.drop();
});

async function appOn(box: SecretBox) {
  const tables = await openPostgresTableStore<SealedTableDocument>({ url: db.url!, poolSize: 3 });
  stores.push(tables);
  const app = createApp({
    store: openSqliteStore({ path: ':memory:' }),
    source: chacha20('pg at rest'),
    config: { rateLimit: 0 },
    tables: { store: tables, notifier: createLocalNotifier(), box },
  });
  return { tables, call: callerOf(async (p, i) => app.request(p, i)) };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test('a PostgreSQL dump shows no live hand; another key opens nothing; altered or moved values do not open', {
  skip: db.skip,
}, async () => {
  const box = createSecretBox(new Uint8Array(32).fill(21));
  const { tables, call } = await appOn(box);
  const live = await playLiveHands(call);
  const secrets = await liveSecrets(call, sealedTableStore(tables, box), live);
  assertNoHiddenCard(await dumpPostgres(db.url!), secrets);
  const hidden = hiddenEverywhere(secrets);

  // The database with any other key — a dump and no key — opens no table and no event.
  const thief = await appOn(createSecretBox(new Uint8Array(32).fill(22)));
  for (const t of live) {
    const seat = bearer(t.seatTokens[0]!);
    const g = await thief.call('GET', `/v1/tables/${t.id}`, undefined, seat);
    assert.equal(g.status, 500, g.text);
    const ev = await thief.call('GET', `/v1/tables/${t.id}/events?after=0`, undefined, seat);
    assert.equal(ev.status, 500, ev.text);
    assert.deepEqual(
      [...cardIdsIn(g.text + ev.text)].filter((c) => hidden.has(c)),
      [],
    );
  }

  // Someone who can write the database alters the sealed Dou Dizhu state, and copies seat 0's
  // latest Hold'em event over seat 1's (so that seat 1 would be shown seat 0's cards).
  const [ddz, holdem] = live as [(typeof live)[0], (typeof live)[0]];
  const { Client } = await loadPg();
  const sql = new Client({ connectionString: db.url! });
  await sql.connect();
  try {
    const doc = (await sql.query('SELECT doc FROM fd_tables WHERE id = $1', [ddz.id])).rows[0]
      .doc as string;
    const body = /"game":"v2\.[0-9a-f]{8}\.([A-Za-z0-9_-]+)"/.exec(doc)![1]!;
    const i = body.length >> 1;
    const flipped = `${body.slice(0, i)}${body[i] === 'A' ? 'B' : 'A'}${body.slice(i + 1)}`;
    await sql.query('UPDATE fd_tables SET doc = $1 WHERE id = $2', [
      doc.replace(body, flipped),
      ddz.id,
    ]);
    const last = Number(
      (
        await sql.query(
          "SELECT max(id) AS m FROM fd_table_events WHERE table_id = $1 AND audience = 'seat:0'",
          [holdem.id],
        )
      ).rows[0].m,
    );
    await sql.query(
      `UPDATE fd_table_events SET data = (SELECT data FROM fd_table_events
         WHERE table_id = $1 AND audience = 'seat:0' AND id = $2)
       WHERE table_id = $1 AND audience = 'seat:1' AND id = $2`,
      [holdem.id, last],
    );
    const g = await call('GET', `/v1/tables/${ddz.id}`, undefined, bearer(ddz.seatTokens[0]!));
    assert.equal(g.status, 500, 'an altered sealed value does not open');
    const after = `/v1/tables/${holdem.id}/events?after=${last - 1}`;
    const ev1 = await call('GET', after, undefined, bearer(holdem.seatTokens[1]!));
    assert.equal(ev1.status, 500, 'seat 0’s event does not open as seat 1’s');
    assert.deepEqual(
      [...cardIdsIn(ev1.text)].filter((c) => hidden.has(c)),
      [],
    );
    const ev0 = await call('GET', after, undefined, bearer(holdem.seatTokens[0]!));
    assert.equal(ev0.status, 200, 'where it was sealed, it opens');
  } finally {
    await sql.end();
  }
});
