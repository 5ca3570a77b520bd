import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { testApp } from '../../../test/support/test-table.ts';

// Every stream read here is cancelled at the end, also when a test failed holding it open: its
// heartbeat timer would otherwise keep the process alive and the file would never finish.
const readers = new Set<ReadableStreamDefaultReader<Uint8Array>>();
after(async () => {
  for (const r of readers) await r.cancel().catch(() => {});
});

/** Reads a stream until `until` holds for what has arrived (bounded by a timeout). */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  until: (text: string) => boolean,
  sofar = '',
): Promise<string> {
  readers.add(reader);
  const dec = new TextDecoder();
  let text = sofar;
  const deadline = Date.now() + 3000;
  while (!until(text)) {
    if (Date.now() > deadline) throw new Error(`stream timed out; got: ${text.slice(0, 500)}`);
    const { value, done } = await reader.read();
    if (done) break;
    text += dec.decode(value);
  }
  return text;
}

const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));

test('events: SSE per seat — stored events, live updates, Last-Event-ID resume, heartbeat, cleanup', async () => {
  const t = testApp('sse');
  const r = await t.openTable();
  const id = r.json.tableId;
  // The table's creation and each seat's claim are events 1 … v, for every audience.
  const v: number = r.json.table.version;
  const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const auth = { Authorization: `Bearer ${r.json.seatTokens[0]}` };
  const ac = new AbortController();
  const res = await t.app.request(`/v1/tables/${id}/events`, {
    headers: { ...auth, Accept: 'text/event-stream' },
    signal: ac.signal,
  });
  assert.equal(res.headers.get('content-type'), 'text/event-stream');
  const reader = res.body!.getReader();
  let text = await readUntil(reader, (x) => ids(x).includes(v));
  assert.deepEqual(ids(text), upTo(v));
  assert.match(text, /event: state\ndata: \{"action":\{"type":"created"/);
  assert.match(text, /event: state\ndata: \{"action":\{"type":"seat-claimed","seat":1\}/);
  const draw = await t.call('POST', `/v1/tables/${id}/actions`, { type: 'draw', version: v }, auth);
  assert.equal(draw.status, 200);
  text = await readUntil(reader, (x) => ids(x).includes(v + 1), text);
  assert.deepEqual(ids(text), upTo(v + 1));
  text = await readUntil(reader, (x) => x.includes(': heartbeat'), text);
  assert.equal(t.listeners.live, 1);
  await reader.cancel();
  ac.abort();
  await new Promise((res) => setTimeout(res, 20));
  assert.equal(t.listeners.live, 0, 'the stream stopped listening when the client went');

  // Resume: only what came after the id the client had.
  await t.call('POST', `/v1/tables/${id}/actions`, { type: 'burn', version: v + 1 }, auth);
  const again = await t.app.request(`/v1/tables/${id}/events`, {
    headers: { ...auth, Accept: 'text/event-stream', 'Last-Event-ID': String(v + 1) },
  });
  const r2 = again.body!.getReader();
  const t2 = await readUntil(r2, (x) => ids(x).includes(v + 2));
  assert.deepEqual(ids(t2), [v + 2]);
  await r2.cancel();

  // Too old (pruned): a reset with a fresh view, then what follows.
  await t.tables.pruneEvents(id, 'seat:0', v + 1);
  const old = await t.app.request(`/v1/tables/${id}/events`, {
    headers: { ...auth, Accept: 'text/event-stream', 'Last-Event-ID': '1' },
  });
  const r3 = old.body!.getReader();
  const t3 = await readUntil(r3, (x) => x.includes('event: reset'));
  assert.match(t3, new RegExp(`id: ${v + 2}\\nevent: reset\\ndata: \\{"table":\\{`));
  await r3.cancel();
});

test('events: a ticket opens one stream once, for its seat only; never the token in the URL', async () => {
  const t = testApp('ticket');
  const r = await t.openTable({ preset: 'doudizhu', options: {}, fair: true });
  const id = r.json.tableId;
  const tk = await t.call(
    'POST',
    `/v1/tables/${id}/tickets`,
    {},
    {
      Authorization: `Bearer ${r.json.seatTokens[2]}`,
    },
  );
  assert.equal(tk.status, 200);
  const url = `/v1/tables/${id}/events?ticket=${encodeURIComponent(tk.json.ticket)}`;
  const first = await t.call('GET', url);
  assert.equal(first.status, 200);
  assert.equal(first.json.events[0].data.table.you.seat, 2);
  assert.equal((await t.call('GET', url)).status, 401);
  const noAuth = await t.call('GET', `/v1/tables/${id}/events`);
  assert.equal(noAuth.status, 401);
  const tk2 = await t.call(
    'POST',
    `/v1/tables/${id}/tickets`,
    {},
    {
      Authorization: `Bearer ${r.json.seatTokens[2]}`,
    },
  );
  t.clock.t += 31_000;
  assert.equal(
    (await t.call('GET', `/v1/tables/${id}/events?ticket=${tk2.json.ticket}`)).status,
    401,
  );
});

test('events: retention keeps the last events per seat; an older Last-Event-ID gets a reset', async () => {
  const t = testApp('retention', { retention: { every: 5, keep: 3 } });
  const r = await t.openTable();
  const id = r.json.tableId;
  const auth = { Authorization: `Bearer ${r.json.seatTokens[1]}` };
  // Versions 1 … 3 are the table's creation and its two claims.
  for (let v = r.json.table.version; v < 10; v++) {
    const a = await t.call('POST', `/v1/tables/${id}/actions`, { type: 'burn', version: v }, auth);
    assert.equal(a.status, 200, a.text);
  }
  // Version 10 pruned each audience to its last 3 events: 8, 9, 10.
  const page = await t.tables.readEvents(id, 'seat:1', 0, 100);
  assert.deepEqual(
    page.events.map((e) => e.id),
    [8, 9, 10],
  );
  const res = await t.app.request(`/v1/tables/${id}/events`, {
    headers: { ...auth, Accept: 'text/event-stream', 'Last-Event-ID': '2' },
  });
  const reader = res.body!.getReader();
  const text = await readUntil(reader, (x) => x.includes('event: reset'));
  assert.match(text, /id: 10\nevent: reset\ndata: \{"table":\{"id":"[a-z0-9]+","version":10,/);
  await reader.cancel();
});
