// The tables' purge (src/server/store/purge-tables.ts; docs/DEPLOY.md, "Purges") against the real
// routes: what it deletes is gone for everyone who held a token, what is still played on is kept,
// a client that resumes from a trimmed event gets a fresh view, and an expired answer never makes
// a retry act twice.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startServer } from '../../src/server/start.ts';
import { purgeTables, START_CURSOR } from '../../src/server/store/purge-tables.ts';
import { openSqliteTableStore } from '../../src/server/store/sqlite/table-store.ts';
import type { SealedTableDocument } from '../../src/server/tables/sealed-table-doc.ts';
import { testApp } from '../support/test-table.ts';

const DAY = 86_400_000;
const readers = new Set<ReadableStreamDefaultReader<Uint8Array>>();
after(async () => {
  for (const r of readers) await r.cancel().catch(() => {});
});

async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  until: (text: string) => boolean,
): Promise<string> {
  readers.add(reader);
  const dec = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 3000;
  while (!until(text)) {
    if (Date.now() > deadline) throw new Error(`stream timed out; got: ${text.slice(0, 500)}`);
    const { value, done } = await reader.read();
    if (done) break;
    text += dec.decode(value);
  }
  return text;
}

/** The app of test-table.ts on a SQLite store whose clock is the app's. */
function purgeApp(seed: string) {
  const clock = { t: 1_700_000_000_000 };
  const store = openSqliteTableStore<SealedTableDocument>({ path: ':memory:', now: () => clock.t });
  const t = testApp(seed, { tables: store });
  // One clock for the routes and the store.
  Object.defineProperty(t.clock, 't', { get: () => clock.t, set: (v: number) => (clock.t = v) });
  const run = (o: Partial<Parameters<typeof purgeTables>[1]> = {}) =>
    purgeTables(store, {
      now: clock.t,
      tableIdleMs: 30 * DAY,
      answerMs: DAY,
      keepEvents: 1000,
      limit: 100,
      cursor: START_CURSOR,
      onDeleted: (id) => t.notifier.notify(`table:${id}`),
      ...o,
    });
  return { t, store, clock, run };
}

test('purge: a table idle past the schedule is deleted with everything kept for it — every token then reads 404 and its open stream ends closed; a table still played on, and everything with 0 days, is kept', async () => {
  const { t, clock, run } = purgeApp('purge idle');
  const idle = await t.openTable();
  const live = await t.openTable();
  const idleId = idle.json.tableId as string;
  const seat = { Authorization: `Bearer ${idle.json.seatTokens[0]}` };
  const host = { Authorization: `Bearer ${idle.json.hostToken}` };
  const burn = await t.call(
    'POST',
    `/v1/tables/${idleId}/actions`,
    { type: 'burn', version: idle.json.table.version },
    { ...host, 'Idempotency-Key': 'k1' },
  );
  assert.equal(burn.status, 200, burn.text);
  clock.t += 31 * DAY;
  const liveId = live.json.tableId as string;
  const moved = await t.call(
    'POST',
    `/v1/tables/${liveId}/actions`,
    { type: 'burn', version: live.json.table.version },
    { Authorization: `Bearer ${live.json.hostToken}` },
  );
  assert.equal(moved.status, 200, moved.text);
  const res = await t.app.request(`/v1/tables/${idleId}/events`, {
    headers: { ...seat, Accept: 'text/event-stream' },
  });
  const reader = res.body!.getReader();
  await readUntil(reader, (x) => x.includes('event: state'));

  assert.equal((await run({ tableIdleMs: 0 })).tables, 0, '0 days: tables are kept forever');
  assert.equal((await t.call('GET', `/v1/tables/${idleId}`, undefined, seat)).status, 200);

  const r = await run();
  assert.equal(r.tables, 1);
  const closed = await readUntil(reader, (x) => x.includes('event: closed'));
  assert.match(closed, /event: closed\ndata: \{"success":false,.*"code":"TABLE_NOT_FOUND"\}/);
  for (const who of [seat, host]) {
    const gone = await t.call('GET', `/v1/tables/${idleId}`, undefined, who);
    assert.equal(gone.status, 404, gone.text);
    assert.equal(gone.json.code, 'TABLE_NOT_FOUND');
  }
  // The retry of the stored answer finds nothing to replay: the table is gone, not re-acted on.
  const retry = await t.call(
    'POST',
    `/v1/tables/${idleId}/actions`,
    { type: 'burn', version: idle.json.table.version },
    { ...host, 'Idempotency-Key': 'k1' },
  );
  assert.equal(retry.status, 404, retry.text);
  assert.deepEqual(await t.tables.readEvents(idleId, 'seat:0', 0, 10), { events: [], oldest: 0 });
  const kept = await t.call('GET', `/v1/tables/${liveId}`, undefined, {
    Authorization: `Bearer ${live.json.seatTokens[0]}`,
  });
  assert.equal(kept.status, 200, 'the table played on 31 days later is kept');
});

test('purge: bounded per run — the next run takes the rest', async () => {
  const { t, clock, run } = purgeApp('purge bounded');
  for (let i = 0; i < 3; i++) await t.openTable();
  clock.t += 31 * DAY;
  assert.equal((await run({ limit: 2 })).tables, 2);
  assert.equal((await run({ limit: 2 })).tables, 1);
  assert.equal((await run({ limit: 2 })).tables, 0);
});

test('purge: the events of a changed table are trimmed to the window; a client resuming from a trimmed id gets reset with a fresh view, and the cursor moves on', async () => {
  const { t, run } = purgeApp('purge trim');
  const r = await t.openTable();
  const id = r.json.tableId as string;
  const auth = { Authorization: `Bearer ${r.json.seatTokens[1]}` };
  // Far below the routes' own retention (every 100th version): nothing is pruned on the way.
  for (let v = r.json.table.version; v < 10; v++) {
    const a = await t.call('POST', `/v1/tables/${id}/actions`, { type: 'burn', version: v }, auth);
    assert.equal(a.status, 200, a.text);
  }
  assert.equal((await t.tables.readEvents(id, 'seat:1', 0, 100)).oldest, 1);
  const first = await run({ keepEvents: 3 });
  assert.ok(first.events > 0);
  const page = await t.tables.readEvents(id, 'seat:1', 0, 100);
  assert.deepEqual(
    page.events.map((e) => e.id),
    [8, 9, 10],
  );
  const again = await run({ keepEvents: 3, cursor: first.cursor });
  assert.equal(again.events, 0, 'the table did not change since: not trimmed again');
  assert.deepEqual(again.cursor, first.cursor);
  const res = await t.app.request(`/v1/tables/${id}/events`, {
    headers: { ...auth, Accept: 'text/event-stream', 'Last-Event-ID': '2' },
  });
  const text = await readUntil(res.body!.getReader(), (x) => x.includes('event: reset'));
  assert.match(text, /id: 10\nevent: reset\ndata: \{"table":\{"id":"[a-z0-9]+","version":10,/);
});

test('purge: an expired answer never makes a retry act twice — the retry carries a stale version and is refused with 409', async () => {
  const { t, clock, run } = purgeApp('purge answers');
  const r = await t.openTable();
  const id = r.json.tableId as string;
  const host = { Authorization: `Bearer ${r.json.hostToken}`, 'Idempotency-Key': 'draw-1' };
  const body = { type: 'burn', version: r.json.table.version };
  const first = await t.call('POST', `/v1/tables/${id}/actions`, body, host);
  assert.equal(first.status, 200, first.text);
  const replay = await t.call('POST', `/v1/tables/${id}/actions`, body, host);
  assert.equal(replay.text, first.text, 'within the day: the stored answer, byte for byte');
  assert.equal((await run()).answers, 0);
  clock.t += DAY + 1;
  assert.equal((await run()).answers, 1);
  const late = await t.call('POST', `/v1/tables/${id}/actions`, body, host);
  assert.equal(late.status, 409, late.text);
  assert.equal(late.json.code, 'STALE_VERSION');
  const view = await t.call('GET', `/v1/tables/${id}`, undefined, host);
  assert.equal(view.json.table.version, first.json.table.version, 'acted once');
});

test('the service purges at start: a table unchanged for longer than FAIRDEAL_TABLE_PURGE_DAYS is gone once it listens, a younger one stays; 0 keeps both', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-purge-start-'));
  process.env.XDG_CONFIG_HOME = join(dir, 'config');
  try {
    const db = join(dir, 'db.sqlite');
    const made = (ago: number) =>
      openSqliteTableStore<{ n: number }>({ path: db, now: () => Date.now() - ago });
    for (const [id, ago] of [
      ['old', 31 * DAY],
      ['young', 29 * DAY],
    ] as const) {
      const s = made(ago);
      assert.equal(await s.createTable(id, { n: 0 }), true);
      await s.close();
    }
    const ids = async () => {
      const s = made(0);
      const left = (await s.listIdleTables(Date.now(), 10)).map((t) => t.id);
      await s.close();
      return left;
    };
    const config = { port: 0, host: '127.0.0.1', db, log: false, sweepMs: 0 };
    const keep = await startServer({ config: { ...config, tablePurgeDays: 0 } });
    await keep.close();
    assert.deepEqual(await ids(), ['old', 'young']);
    const server = await startServer({ config });
    await server.close();
    assert.deepEqual(await ids(), ['young']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
