import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { playFair, seatedTable } from '../../../test/support/seated-table.ts';
import { testApp } from '../../../test/support/test-table.ts';
import { checkReceiptV3, verify } from '../../fair/index.ts';
import { openSqliteTableStore } from '../store/sqlite/table-store.ts';
import type { AudienceEvent, ChangeEvents } from '../store/table-store.ts';
import { eventText } from './event-data.ts';
import type { SealedTableDocument } from './sealed-table-doc.ts';
import { sealedTableStore } from './sealed-table-store.ts';
import { createSecretBox } from './secret-box.ts';
import type { TableDocument } from './table-doc.ts';

const MARK = '\u0001';
const key = (n: number) => new Uint8Array(32).fill(n);
const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
const own = (audience: string, data: string): AudienceEvent => ({
  audience,
  id: 1,
  type: 'state',
  data,
});

/** A real table's document, as the routes see it: Hold'em practice, its hand dealt (piles). */
async function dealtDoc(): Promise<TableDocument> {
  const t = testApp('a dealt table');
  const r = await t.openTable();
  return (await t.opened.readTable(r.json.tableId))!.doc;
}

test('sealed store: the document keeps its public fields, its hand state sealed, and reads back equal', async () => {
  const raw = openSqliteTableStore<SealedTableDocument>({ path: ':memory:' });
  const box = createSecretBox(key(1));
  const store = sealedTableStore(raw, box);
  const doc = await dealtDoc();
  assert.equal(await store.createTable('t', doc), true);
  const stored = (await raw.readTable('t'))!.doc.hand!;
  assert.match(String(stored.piles), new RegExp(`^v2\\.${box.keyId}\\.`));
  assert.equal(stored.game, null, 'nothing to seal stays null');
  assert.equal(stored.phase, 'playing');
  assert.deepEqual(stored.log, doc.hand!.log);
  assert.deepEqual((await store.readTable('t'))!.doc, doc);
  // Bound to its table and hand: a sealed stock copied into the next hand of the same table
  // stays shut.
  await raw.withTable('t', (row) => ({
    next: { ...row.doc, hand: { ...row.doc.hand!, n: row.doc.hand!.n + 1 } },
    result: null,
  }));
  const moved = (await store.readTable('t'))!.doc.hand!;
  assert.equal(moved.phase, 'playing', 'what is public reads without opening anything');
  for (let i = 0; i < 2; i++) {
    assert.throws(() => moved.piles, /moved from where it was sealed/, 'and refuses every time');
  }
});

test('sealed store: an event’s private part is sealed, bound to its audience and id; its change’s public part stays in clear', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-sealed-events-'));
  const path = join(dir, 't.db');
  const raw = openSqliteTableStore<SealedTableDocument>({ path });
  const box = createSecretBox(key(1));
  const store = sealedTableStore(raw, box);
  try {
    const doc = await dealtDoc();
    const events: ChangeEvents = {
      public: '{"board":["2C"],"n":1}',
      private: [
        own('seat:0', '{"you":0,"yourCards":["AS"]}'),
        own('seat:1', '{"you":1,"yourCards":["KD"]}'),
        own('host', '{"you":"host","yourCards":null}'),
      ],
    };
    await store.createTable('a', doc, events);
    for (const e of events.private) {
      const [stored] = (await raw.readEvents('a', e.audience, 0, 9)).events;
      assert.match(stored!.data, /^v2\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/, 'nothing of it in clear');
      assert.equal(stored!.public, events.public, 'what everyone sees is kept as it is');
      assert.deepEqual((await store.readEvents('a', e.audience, 0, 9)).events, [
        { ...e, public: events.public },
      ]);
    }
    // Someone who can write the database moves seat 0's part into seat 1's row: it does not
    // open there. And a part written in clear is never shown as a seat's own.
    const sql = new DatabaseSync(path);
    sql.exec(`UPDATE fd_table_events SET data = (SELECT data FROM fd_table_events
      WHERE table_id = 'a' AND audience = 'seat:0') WHERE table_id = 'a' AND audience = 'seat:1'`);
    sql.close();
    await assert.rejects(store.readEvents('a', 'seat:1', 0, 9), /moved from where it was sealed/);
    await raw.createTable('b', doc, { public: '{}', private: [own('seat:0', '{"you":0}')] });
    await assert.rejects(store.readEvents('b', 'seat:0', 0, 9));
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('sealed store: an event stored whole (before schema step 5) reads back whole — its sealed part opened, or refused when cut short', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-sealed-whole-'));
  const path = join(dir, 't.db');
  const raw = openSqliteTableStore<SealedTableDocument>({ path });
  const box = createSecretBox(key(1));
  const store = sealedTableStore(raw, box);
  try {
    await store.createTable('w', await dealtDoc());
    // As the codec of an earlier release wrote them: the text all audiences shared in clear,
    // the audience's own text sealed between two marks; one in clear (before sealing); one
    // whose end mark was cut off.
    const sealed = box.seal('0,"cards":["AS"]', 'fairdeal/table/w/event/seat:0/1');
    const sql = new DatabaseSync(path);
    const insert = sql.prepare(
      "INSERT INTO fd_table_events (table_id, audience, id, type, data, version) VALUES ('w', ?, ?, 'state', ?, NULL)",
    );
    insert.run('seat:0', 1, `{"n":1,"you":${MARK}${sealed}${MARK}}`);
    insert.run('seat:0', 2, '{"n":2,"you":0,"cards":["AS"]}');
    insert.run('seat:1', 1, `{"you":${MARK}${'x'.repeat(40)}`);
    sql.close();
    const whole = (await store.readEvents('w', 'seat:0', 0, 9)).events;
    assert.deepEqual(
      whole.map((e) => [e.data, e.public]),
      [
        ['{"n":1,"you":0,"cards":["AS"]}', null],
        ['{"n":2,"you":0,"cards":["AS"]}', null],
      ],
    );
    await assert.rejects(store.readEvents('w', 'seat:1', 0, 9), /cut short/);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('sealed store: rows stored before sealing still read, and the document is sealed at its next change', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-before-sealing-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 't.db');
  const old = testApp('before sealing', {
    tables: openSqliteTableStore<SealedTableDocument>({ path }),
  });
  const r = await old.openTable();
  const id = r.json.tableId;
  // Rewrite the table as an earlier release left it: document, events and answer in clear.
  const clear = (await old.opened.readTable(id))!.doc;
  // Events 1 … v are the table's creation and its claims; the one added in clear comes next.
  const v: number = r.json.table.version;
  const audiences = ['seat:0', 'seat:1', 'host'];
  await old.tables.withTable(id, () => ({
    next: { ...clear, eventSeq: Object.fromEntries(audiences.map((a) => [a, v + 1])) },
    answer: { key: 'k', request: '00'.repeat(32), status: 200, body: '{"ok":true,"cards":["AS"]}' },
    result: null,
  }));
  // Its events were whole (no version) and in clear.
  const sql = new DatabaseSync(path);
  for (const audience of audiences) {
    const first = (await old.opened.readEvents(id, audience, 0, 9)).events[0]!;
    sql
      .prepare(
        'INSERT INTO fd_table_events (table_id, audience, id, type, data, version) VALUES (?, ?, ?, ?, ?, NULL)',
      )
      .run(id, audience, v + 1, first.type, eventText(first));
  }
  sql.close();
  const inClear = (await old.tables.readEvents(id, 'seat:0', v, 9)).events[0]!;
  assert.ok(inClear.data.startsWith('{') && inClear.public === null);
  const raw = (await old.tables.readTable(id))!;
  assert.equal(typeof raw.doc.hand?.piles, 'object', 'in clear, as before');
  const seat = bearer(r.json.seatTokens[0]);
  const g = await old.call('GET', `/v1/tables/${id}`, undefined, seat);
  assert.equal(g.status, 200, g.text);
  assert.equal(g.json.table.hand.yourCards.length, 2);
  const polled = await old.call('GET', `/v1/tables/${id}/events?after=0`, undefined, seat);
  assert.equal(polled.status, 200, polled.text);
  assert.deepEqual(
    polled.json.events.map((e: { id: number }) => e.id),
    Array.from({ length: v + 1 }, (_, i) => i + 1),
  );
  const withAnswer = await old.opened.withTable(id, (row) => ({ next: null, result: row.answer }), {
    answerKey: 'k',
  });
  assert.deepEqual(withAnswer.found && withAnswer.value, {
    key: 'k',
    request: '00'.repeat(32),
    status: 200,
    body: '{"ok":true,"cards":["AS"]}',
  });
  const a = await old.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'draw', count: 1, version: g.json.table.version },
    seat,
  );
  assert.equal(a.status, 200, a.text);
  const sealedNow = (await old.tables.readTable(id))!.doc.hand;
  assert.match(String(sealedNow?.piles), /^v2\./);
});

test('sealed store: key rotation — the previous key opens what it sealed, every new write uses the new key, and without it old rows stay shut', async () => {
  const [k1, k2] = [createSecretBox(key(1)), createSecretBox(key(2), [key(1)])];
  const first = testApp('rotation', { box: k1 });
  const r = await first.openTable();
  const id = r.json.tableId;
  const seat = bearer(r.json.seatTokens[0]);
  const docKey = async () =>
    /^v2\.([0-9a-f]{8})\./.exec(String((await first.tables.readTable(id))!.doc.hand?.piles))![1];
  assert.equal(await docKey(), k1.keyId);

  // The same database, restarted with FAIRDEAL_SECRET_KEY=new and FAIRDEAL_SECRET_KEY_PREVIOUS=old.
  const rotated = testApp('rotation', { box: k2, tables: first.tables });
  const g = await rotated.call('GET', `/v1/tables/${id}`, undefined, seat);
  assert.equal(g.status, 200, g.text);
  const a = await rotated.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'draw', count: 1, version: g.json.table.version },
    seat,
  );
  assert.equal(a.status, 200, a.text);
  assert.equal(await docKey(), k2.keyId, 'the document is sealed again with the new key');
  const evs = await rotated.call('GET', `/v1/tables/${id}/events?after=0`, undefined, seat);
  assert.equal(evs.status, 200, 'events sealed with the old key still open');
  // The creation and the claims (old key), then the draw (new key).
  assert.equal(evs.json.events.length, r.json.table.version + 1);

  // The previous key dropped too early: the new rows open, the old ones do not (and say nothing).
  const without = testApp('rotation', { box: createSecretBox(key(2)), tables: first.tables });
  assert.equal((await without.call('GET', `/v1/tables/${id}`, undefined, seat)).status, 200);
  const old = await without.call('GET', `/v1/tables/${id}/events?after=0`, undefined, seat);
  assert.equal(old.status, 500);
  assert.equal(old.json.code, 'INTERNAL');
  const fresh = await without.call(
    'GET',
    `/v1/tables/${id}/events?after=${r.json.table.version}`,
    undefined,
    seat,
  );
  assert.equal(fresh.status, 200, fresh.text);
  // The hand's round was sealed with the old key when it opened: it cannot end without it.
  const end = await without.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'end-hand', version: a.json.table.version },
    seat,
  );
  assert.equal(end.status, 500);
  const ended = await rotated.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'end-hand', version: a.json.table.version },
    seat,
  );
  assert.equal(ended.status, 200, ended.text);
});

test("sealed store: key rotation during a fair hand — the old dealer key that announced it signs the rest of it; the next hand is the new key's", async () => {
  // Rotating the master key rotates the dealer key derived from it. A hand announced under the
  // old key names it, and its seats hold the service to it: its receipts, roster and record
  // must be signed by that key, or the record would not verify against what was announced.
  const [k1, k2] = [createSecretBox(key(1)), createSecretBox(key(2), [key(1)])];
  const first = testApp('fair rotation', { box: k1 });
  const s = await seatedTable(first.call, { preset: 'doudizhu' });
  const announced = s.table.hand.announcement;
  assert.equal(announced.dealer, k1.dealer.publicKey);
  const rotated = testApp('fair rotation', { box: k2, tables: first.tables });
  const dealer = (await rotated.call('GET', '/.well-known/fairdeal-key')).json.dealer;
  assert.equal(dealer, k2.dealer.publicKey);
  assert.notEqual(dealer, announced.dealer);
  const { table, seats } = await playFair(rotated.call, s);
  assert.equal(table.hand.phase, 'playing', table);
  for (const r of seats.flatMap((x) => x!.receipts)) {
    assert.equal(await checkReceiptV3(r, announced.dealer), true, 'signed by the old key');
  }
  // Three passes: a redeal, which ends the hand and publishes its record.
  let v = table.version;
  for (let i = 0; i < 3; i++) {
    const turn = (
      await rotated.call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.seatTokens[0]!))
    ).json.table.hand.game.turn;
    const r = await rotated.call(
      'POST',
      `/v1/tables/${s.id}/actions`,
      { type: 'bid', bid: 'pass', version: v },
      bearer(s.seatTokens[turn]!),
    );
    assert.equal(r.status, 200, r.text);
    v = r.json.table.version;
  }
  const record = (await rotated.call('GET', `/v1/tables/${s.id}/hands/1/transcript`)).json;
  const checked = verify(record.transcript, {
    commitment: announced.commitment,
    dealer: announced.dealer,
  });
  assert.ok(checked.ok, JSON.stringify(checked));
  assert.equal(checked.verdict.fairness, 'proven-fair');
  const next = await rotated.call(
    'POST',
    `/v1/tables/${s.id}/actions`,
    { type: 'next-hand', version: v },
    bearer(s.hostToken),
  );
  assert.equal(next.status, 200, next.text);
  assert.equal(next.json.table.hand.announcement.dealer, dealer, 'new hands: the new key');
  assert.equal(next.json.table.hand.announcement.prev, record.transcript.hash);
});

test('sealed store: with the key lost, a table keeps its public record, its tokens and its next hand; only the cards stay shut', async () => {
  const before = testApp('lost key', { box: createSecretBox(key(5)) });
  const r = await before.openTable();
  const id = r.json.tableId;
  const host = bearer(r.json.hostToken);
  const end = await before.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'end-hand', version: r.json.table.version },
    host,
  );
  assert.equal(end.status, 200, end.text);
  const pilesAsStored = async () => (await before.tables.readTable(id))!.doc.hand?.piles;
  const sealedPiles = await pilesAsStored();

  // Restarted with another key and no FAIRDEAL_SECRET_KEY_PREVIOUS.
  const after = testApp('lost key', { box: createSecretBox(key(6)), tables: before.tables });
  const seat = bearer(r.json.seatTokens[1]);
  assert.equal((await after.call('GET', `/v1/tables/${id}`, undefined, seat)).status, 500);
  for (const path of ['hands/1/transcript', 'chain', 'hands/1/commitment']) {
    const p = await after.call('GET', `/v1/tables/${id}/${path}`);
    assert.equal(p.status, 200, `${path}: ${p.text}`);
  }
  // The seat replaces its own token (under v3 the host never holds one).
  const reissued = await after.call('POST', `/v1/tables/${id}/seats/1/token`, {}, seat);
  assert.equal(reissued.status, 200, reissued.text);
  assert.equal(await pilesAsStored(), sealedPiles, 'cards nobody looked at are kept as stored');
  const next = await after.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'next-hand', version: end.json.table.version + 1 },
    host,
  );
  assert.equal(next.status, 200, next.text);
  const newSeat = bearer(reissued.json.seatToken);
  const g = await after.call('GET', `/v1/tables/${id}`, undefined, newSeat);
  assert.equal(g.status, 200, g.text);
  assert.equal(g.json.table.hand.n, 2);
  assert.equal(g.json.table.hand.yourCards.length, 2);
});
