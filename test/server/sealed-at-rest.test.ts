// The thief who copies the data folder: a real service on a SQLite file, with the key where it
// now lives by default (the user's configuration, not the data folder), two live hands with
// idempotent actions and per-seat events; then every row of every table, and the files' raw
// bytes, are searched for every card a seat holds or the stock hides. The same search over what
// the service reads back (opened) finds them all, so it is able to. Then the folder is copied
// without the key, and stored values are altered or moved between seats.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { type ServerHandle, startServer } from '../../src/server/start.ts';
import { openSqliteTableStore } from '../../src/server/store/sqlite/table-store.ts';
import { loadMasterKeys } from '../../src/server/tables/master-key.ts';
import type { SealedTableDocument } from '../../src/server/tables/sealed-table-doc.ts';
import { sealedTableStore } from '../../src/server/tables/sealed-table-store.ts';
import { createSecretBox } from '../../src/server/tables/secret-box.ts';
import { cardIdsIn } from '../support/card-scan.ts';
import { dumpSqlite } from '../support/db-dump.ts';
import {
  callerOf,
  type LiveTable,
  liveSecrets,
  playLiveHands,
  type TableSecrets,
} from '../support/live-hands.ts';
import { type SeatedTable, seatedTable } from '../support/seated-table.ts';
import { assertNoHiddenCard, hiddenEverywhere } from '../support/thief-scan.ts';

const root = mkdtempSync(join(tmpdir(), 'fairdeal-at-rest-'));
// The keys' variables of whoever runs the tests must not choose the key here.
const KEY_VARS = [
  'FAIRDEAL_SECRET_KEY',
  'FAIRDEAL_KEY_FILE',
  'FAIRDEAL_SECRET_KEY_PREVIOUS',
  'XDG_CONFIG_HOME',
];
const saved = Object.fromEntries(KEY_VARS.map((k) => [k, process.env[k]]));
after(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  rmSync(root, { recursive: true, force: true });
});

/** A service on `db` whose key comes from the configuration folder `config` (or `env`). */
async function serve(db: string, env: Record<string, string>): Promise<ServerHandle> {
  for (const k of KEY_VARS) delete process.env[k];
  Object.assign(process.env, env);
  return startServer({
    config: { port: 0, host: '127.0.0.1', db, log: false, rateLimit: 0 },
    log: () => {},
  });
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const found = (text: string, hidden: Set<string>) =>
  [...cardIdsIn(text)].filter((c) => hidden.has(c));

test('a copy of the SQLite data folder shows no live hand, opens nothing without the key, and refuses altered or moved values', async () => {
  const data = join(root, 'data');
  const db = join(data, 'fairdeal.db');
  const config = join(root, 'config');
  let server = await serve(db, { XDG_CONFIG_HOME: config });
  assert.equal(server.keyFrom, join(config, 'fairdeal', 'secret.key'));
  const call = callerOf((p, i) => fetch(`${server.url}${p}`, i));
  let tables: LiveTable[];
  let secrets: Map<string, TableSecrets>;
  try {
    tables = await playLiveHands(call);
    // The operator's reading of the same file, with the key: what the service opens.
    const keys = loadMasterKeys({ XDG_CONFIG_HOME: config }, db);
    const store = openSqliteTableStore<SealedTableDocument>({ path: db });
    secrets = await liveSecrets(
      call,
      sealedTableStore(store, createSecretBox(keys.current)),
      tables,
    );
    await store.close();

    // The thief's dump: every row of every table.
    const dump = dumpSqlite(db);
    assertNoHiddenCard(dump, secrets);
    // What everyone sees stays readable (the card moved to the board, the plays): the rows are
    // searched for real; it is the hidden cards that are not there.
    const shared = cardIdsIn(JSON.stringify(dump.fd_event_public));
    assert.ok(tables.every((t) => [...secrets.get(t.id)!.shown].some((c) => shared.has(c))));
    // The files themselves, free pages and the write-ahead log included.
    const files = readdirSync(data);
    assert.deepEqual(
      files.filter((f) => f.endsWith('.key')),
      [],
      'no key file in the data folder',
    );
    const never = hiddenEverywhere(secrets);
    assert.ok(never.size > 30);
    for (const f of files) {
      const raw = readFileSync(join(data, f)).toString('latin1');
      assert.deepEqual(
        [...cardIdsIn(raw, true)].filter((c) => never.has(c)),
        [],
        `${f} holds hidden cards`,
      );
    }
  } finally {
    await server.close();
  }
  const hidden = hiddenEverywhere(secrets);

  // The folder copied without the key: a service on the copy makes a key of its own, and opens
  // nothing — no table, no event, no card in its errors.
  const copy = join(root, 'copy');
  cpSync(data, copy, { recursive: true });
  const copyDb = join(copy, 'fairdeal.db');
  server = await serve(copyDb, { XDG_CONFIG_HOME: join(root, 'thief-config') });
  try {
    for (const t of tables) {
      const seat = bearer(t.seatTokens[0]!);
      const g = await call('GET', `/v1/tables/${t.id}`, undefined, seat);
      assert.equal(g.status, 500, g.text);
      assert.equal(g.json.code, 'INTERNAL');
      const ev = await call('GET', `/v1/tables/${t.id}/events?after=0`, undefined, seat);
      assert.equal(ev.status, 500, ev.text);
      assert.deepEqual(found(g.text + ev.text, hidden), []);
    }
  } finally {
    await server.close();
  }
  assert.deepEqual(
    readdirSync(copy).filter((f) => f.endsWith('.key')),
    [],
    'the thief’s service made its key elsewhere',
  );

  // Someone who can write the copy: alters the sealed Dou Dizhu state, and moves seat 0's
  // latest Hold'em event into seat 1's row (to have the service show seat 1 seat 0's cards).
  const [ddz, holdem] = tables as [(typeof tables)[0], (typeof tables)[0]];
  const raw = new DatabaseSync(copyDb);
  const doc = (raw.prepare('SELECT doc FROM fd_tables WHERE id = ?').get(ddz.id) as { doc: string })
    .doc;
  const game = /"game":"(v2\.[0-9a-f]{8}\.)([A-Za-z0-9_-]+)"/.exec(doc)!;
  const body = game[2]!;
  const i = body.length >> 1;
  const flipped = `${body.slice(0, i)}${body[i] === 'A' ? 'B' : 'A'}${body.slice(i + 1)}`;
  raw.prepare('UPDATE fd_tables SET doc = ? WHERE id = ?').run(doc.replace(body, flipped), ddz.id);
  const last = Number(
    (
      raw
        .prepare(
          "SELECT max(id) AS m FROM fd_table_events WHERE table_id = ? AND audience = 'seat:0'",
        )
        .get(holdem.id) as { m: number }
    ).m,
  );
  raw
    .prepare(
      `UPDATE fd_table_events SET data = (SELECT data FROM fd_table_events
         WHERE table_id = ? AND audience = 'seat:0' AND id = ?)
       WHERE table_id = ? AND audience = 'seat:1' AND id = ?`,
    )
    .run(holdem.id, last, holdem.id, last);
  raw.close();
  server = await serve(copyDb, { XDG_CONFIG_HOME: config });
  try {
    const g = await call('GET', `/v1/tables/${ddz.id}`, undefined, bearer(ddz.seatTokens[0]!));
    assert.equal(g.status, 500, 'an altered sealed value does not open');
    const seat0Cards = cardIdsIn(
      (await call('GET', `/v1/tables/${holdem.id}`, undefined, bearer(holdem.seatTokens[0]!))).text,
    );
    assert.ok(seat0Cards.size > 0, 'with the key, the copy opens (the table was not altered)');
    const ev1 = await call(
      'GET',
      `/v1/tables/${holdem.id}/events?after=${last - 1}`,
      undefined,
      bearer(holdem.seatTokens[1]!),
    );
    assert.equal(ev1.status, 500, 'seat 0’s event does not open as seat 1’s');
    assert.deepEqual(found(ev1.text, hidden), []);
    const ev0 = await call(
      'GET',
      `/v1/tables/${holdem.id}/events?after=${last - 1}`,
      undefined,
      bearer(holdem.seatTokens[0]!),
    );
    assert.equal(ev0.status, 200, 'where it was sealed, it opens');
  } finally {
    await server.close();
  }
});

test('an old key file next to the database moves out of the data folder at start, and its tables go on', async () => {
  const data = join(root, 'old');
  const db = join(data, 'fairdeal.db');
  // What an earlier release did: the key beside the database.
  let server = await serve(db, { FAIRDEAL_KEY_FILE: `${db}.key` });
  const call = callerOf((p, i) => fetch(`${server.url}${p}`, i));
  let made: SeatedTable;
  let oldKey: string;
  try {
    // A practice table, its seats claimed (each by its own key): the hand is dealt at once.
    made = await seatedTable(call, { preset: 'holdem', options: { seats: 2 }, fair: false });
    oldKey = readFileSync(`${db}.key`, 'utf8');
  } finally {
    await server.close();
  }

  const config = join(root, 'old-config');
  server = await serve(db, { XDG_CONFIG_HOME: config });
  try {
    assert.deepEqual(
      readdirSync(data).filter((f) => f.endsWith('.key')),
      [],
    );
    assert.equal(readFileSync(join(config, 'fairdeal', 'secret.key'), 'utf8'), oldKey);
    const seat = bearer(made.seatTokens[0]!);
    const g = await call('GET', `/v1/tables/${made.id}`, undefined, seat);
    assert.equal(g.status, 200, g.text);
    assert.equal(g.json.table.hand.yourCards.length, 2);
    const a = await call(
      'POST',
      `/v1/tables/${made.id}/actions`,
      { type: 'draw', count: 1, version: g.json.table.version },
      seat,
    );
    assert.equal(a.status, 200, a.text);
  } finally {
    await server.close();
  }
});
