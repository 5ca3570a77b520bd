import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { bearer, seatKey } from '../../../test/support/seated-table.ts';
import { type Json, type StoredTables, testApp } from '../../../test/support/test-table.ts';

// The cheater here is a player the host kicked, or the old holder of a token its seat replaced
// (it was lent, leaked, or its device lost), trying to keep seeing that seat's cards through what
// it opened before: an event stream, a ticket, a poll. (fairdeal-v2's host revoked and reissued
// seat tokens; under v3 the host never holds a seat's token — revoking became the host's kick,
// reissuing the seat's own act.)
const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));

// Every stream a test opens is cancelled at the end, also when the test failed holding it open
// (its heartbeat timer would otherwise keep the process alive).
const opened: Stream[] = [];
after(async () => {
  for (const s of opened) await s.reader.cancel().catch(() => {});
});

/** An open SSE response's reader, with what it has read so far and whether it has ended. */
interface Stream {
  text: string;
  ended: boolean;
  readonly reader: ReadableStreamDefaultReader<Uint8Array>;
}

async function openStream(
  t: ReturnType<typeof testApp>,
  path: string,
  headers: Record<string, string> = {},
): Promise<Stream> {
  const res = await t.app.request(path, { headers: { ...headers, Accept: 'text/event-stream' } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/event-stream');
  const s = { text: '', ended: false, reader: res.body!.getReader() };
  opened.push(s);
  return s;
}

/** Reads until `until` holds or the stream ends; fails after 3 s. */
async function readUntil(s: Stream, until: (text: string) => boolean): Promise<void> {
  const dec = new TextDecoder();
  const deadline = Date.now() + 3000;
  while (!s.ended && !until(s.text)) {
    const left = deadline - Date.now();
    if (left <= 0) assert.fail(`stream timed out; got: ${s.text.slice(-500)}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((r) => {
      timer = setTimeout(() => r('timeout'), left);
    });
    const next = await Promise.race([s.reader.read(), timeout]);
    clearTimeout(timer);
    if (next === 'timeout') continue;
    if (next.done) s.ended = true;
    else s.text += dec.decode(next.value);
  }
}

/** The `revoked` event a stream ends with, parsed; fails if there is none. */
function revokedEvent(text: string): Json {
  const m = /^event: revoked\ndata: (.*)$/m.exec(text);
  assert.ok(m !== null, `no revoked event in: ${text.slice(-300)}`);
  return JSON.parse(m[1]!);
}

/**
 * Host actions that end the hand (unless a kick ended it already) and deal the next one
 * (fair: false deals at once).
 */
async function nextDeal(t: ReturnType<typeof testApp>, id: string, host: string): Promise<void> {
  const playing = (await t.opened.readTable(id))!.doc.hand;
  for (const type of playing?.phase === 'playing' ? ['end-hand', 'next-hand'] : ['next-hand']) {
    const v = (await t.opened.readTable(id))!.version;
    const r = await t.call('POST', `/v1/tables/${id}/actions`, { type, version: v }, bearer(host));
    assert.equal(r.status, 200, r.text);
  }
}

/** A new player claims the kicked seat with the invite the kick returned; its seat token. */
async function claimAgain(
  t: ReturnType<typeof testApp>,
  id: string,
  seat: number,
  invite: string,
): Promise<string> {
  const key = await seatKey(`newcomer ${id} ${seat}`);
  const c = await t.call('POST', `/v1/tables/${id}/seats/${seat}/claim`, {
    invite,
    publicKey: key.publicKey,
  });
  assert.equal(c.status, 201, c.text);
  return c.json.seatToken;
}

/** The cards seat `seat` holds now, from the stored document (ground truth, not the view). */
async function storedHand(t: ReturnType<typeof testApp>, id: string, seat: number) {
  const doc = (await t.opened.readTable(id))!.doc;
  return doc.hand!.piles!.hands[seat]!;
}

for (const how of ['kicked', 'reissued'] as const) {
  const when = how === 'kicked' ? 'the host kicks its player' : 'the seat replaces its token';
  test(`revocation: a seat's open stream ends with event: revoked when ${when}; the next deal never reaches it`, async () => {
    const t = testApp(`stream-${how}`);
    const r = await t.openTable();
    const id: string = r.json.tableId;
    const host: string = r.json.hostToken;
    // Events 1 … v: the table's creation and its claims.
    const v: number = r.json.table.version;
    const before = Array.from({ length: v }, (_, i) => i + 1);
    const s0 = await openStream(t, `/v1/tables/${id}/events`, bearer(r.json.seatTokens[0]));
    const s1 = await openStream(t, `/v1/tables/${id}/events`, bearer(r.json.seatTokens[1]));
    await readUntil(s0, (x) => ids(x).includes(v));
    await readUntil(s1, (x) => ids(x).includes(v));

    const change =
      how === 'kicked'
        ? await t.call('POST', `/v1/tables/${id}/seats/0/kick`, undefined, bearer(host))
        : await t.call(
            'POST',
            `/v1/tables/${id}/seats/0/token`,
            undefined,
            bearer(r.json.seatTokens[0]),
          );
    assert.equal(change.status, 200, change.text);
    await readUntil(s0, () => false);
    assert.equal(s0.ended, true, 'the stream closed');
    assert.deepEqual(revokedEvent(s0.text), {
      success: false,
      error: 'The token this stream was opened with was revoked or reissued: the stream has ended.',
      code: 'UNAUTHORIZED',
    });
    assert.ok(s0.text.trimEnd().endsWith('"code":"UNAUTHORIZED"}'), 'revoked is the last thing');
    assert.equal(t.listeners.live, 1, 'the ended stream stopped listening; seat 1 still listens');

    // The seat's holder now: a new player with the kick's invite, or the seat's new token.
    const holder =
      how === 'kicked' ? await claimAgain(t, id, 0, change.json.invite) : change.json.seatToken;
    // The next hand is dealt: seat 0's new cards are stored for seat 0 …
    await nextDeal(t, id, host);
    const cards = await storedHand(t, id, 0);
    const stored = (await t.opened.readEvents(id, 'seat:0', v, 10)).events;
    const last = stored.at(-1)!;
    assert.ok(stored.length >= 2);
    assert.ok(cards.every((c) => last.data.includes(`"${c}"`)));
    // … but the ended stream got nothing after its revoked event; seat 1's stream goes on.
    assert.deepEqual(ids(s0.text), before);
    await readUntil(s1, (x) => ids(x).includes(last.id));
    assert.equal(s1.ended, false);
    // The holder opens a stream of its own and gets the seat's events.
    const fresh = await openStream(t, `/v1/tables/${id}/events?after=${v}`, bearer(holder));
    await readUntil(fresh, (x) => ids(x).includes(last.id));
    assert.ok(cards.every((c) => fresh.text.includes(`"${c}"`)));
    await fresh.reader.cancel();
    await s1.reader.cancel();
  });
}

test('revocation: a stream whose wake-up reads events written after the revocation sends none of them', async () => {
  // The revocation and the next deal both commit while the stream is reading (here: at the
  // moment it asks the store for its events). What it read must not be sent: the credential is
  // checked AFTER each read, never only before.
  let during: (() => Promise<void>) | undefined;
  const wrap = (s: StoredTables): StoredTables => ({
    ...s,
    readEvents: async (...args) => {
      const hook = during;
      during = undefined;
      await hook?.();
      return s.readEvents(...args);
    },
  });
  const t = testApp('stream-race', { wrapStore: wrap });
  const r = await t.openTable();
  const id: string = r.json.tableId;
  const host: string = r.json.hostToken;
  const v: number = r.json.table.version;
  const s0 = await openStream(t, `/v1/tables/${id}/events`, bearer(r.json.seatTokens[0]));
  await readUntil(s0, (x) => ids(x).includes(v));
  let cards: readonly string[] = [];
  during = async () => {
    // Kicked (DELETE …/token is the kick), the seat claimed again, the next hand dealt to it.
    const d = await t.call('DELETE', `/v1/tables/${id}/seats/0/token`, undefined, bearer(host));
    assert.equal(d.status, 200);
    await claimAgain(t, id, 0, d.json.invite);
    await nextDeal(t, id, host);
    cards = await storedHand(t, id, 0);
  };
  await t.notifier.notify(`table:${id}`); // any wake-up: a heartbeat's worth of nothing
  await readUntil(s0, () => false);
  assert.equal(s0.ended, true);
  revokedEvent(s0.text);
  assert.equal(cards.length, 2, 'the next hand was dealt during the read');
  assert.deepEqual(
    ids(s0.text),
    Array.from({ length: v }, (_, i) => i + 1),
    'no event read after the revocation was sent',
  );
  const there = (await t.opened.readEvents(id, 'seat:0', v, 10)).events;
  assert.equal(there.length, 3, 'they were there to send: the kick, the claim, the deal');
  assert.ok(cards.every((c) => there.at(-1)!.data.includes(`"${c}"`)));
});

test('revocation: a host stream ends the same way if the host token ever changes; seats are untouched', async () => {
  // There is no host-token rotation: the generation is bumped by hand, as a rotation would.
  const t = testApp('host-stream');
  const r = await t.openTable();
  const id: string = r.json.tableId;
  const hs = await openStream(t, `/v1/tables/${id}/events`, bearer(r.json.hostToken));
  const s1 = await openStream(t, `/v1/tables/${id}/events`, bearer(r.json.seatTokens[1]));
  const v0: number = r.json.table.version;
  await readUntil(hs, (x) => ids(x).includes(v0));
  await readUntil(s1, (x) => ids(x).includes(v0));
  await t.tables.withTable(id, (row) => {
    const tokenGenerations = { host: 1 };
    return { next: { ...row.doc, tokenGenerations }, tokenGenerations, result: null };
  });
  await t.notifier.notify(`table:${id}`);
  await readUntil(hs, () => false);
  assert.equal(hs.ended, true);
  assert.equal(revokedEvent(hs.text).code, 'UNAUTHORIZED');
  const v = (await t.opened.readTable(id))!.version;
  const burn = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'burn', version: v },
    bearer(r.json.seatTokens[1]),
  );
  assert.equal(burn.status, 200, burn.text);
  await readUntil(s1, (x) => ids(x).includes(v0 + 1));
  assert.equal(s1.ended, false);
  await s1.reader.cancel();
});

test('revocation: a ticket minted before a revocation or reissue is refused after it, within its 30 s', async () => {
  const t = testApp('tickets');
  const r = await t.openTable({ options: { seats: 3 } });
  const id: string = r.json.tableId;
  const host = bearer(r.json.hostToken);
  const mint = async (token: string) => {
    const k = await t.call('POST', `/v1/tables/${id}/tickets`, {}, bearer(token));
    assert.equal(k.status, 200, k.text);
    return k.json.ticket as string;
  };
  const use = (ticket: string, sse = false) =>
    t.app.request(`/v1/tables/${id}/events?ticket=${encodeURIComponent(ticket)}`, {
      headers: sse ? { Accept: 'text/event-stream' } : {},
    });
  const refused = async (res: Response, ticket: string) => {
    if (res.status !== 401) await res.body?.cancel(); // a stream opened by mistake: close it
    assert.equal(res.status, 401);
    const text = await res.text();
    assert.equal(JSON.parse(text).code, 'UNAUTHORIZED');
    assert.equal(text.includes(ticket), false, 'the ticket is not repeated');
  };
  // Seat 0: two tickets, then its player kicked. Neither opens anything, JSON or SSE.
  const a = await mint(r.json.seatTokens[0]);
  const b = await mint(r.json.seatTokens[0]);
  const keep = await mint(r.json.seatTokens[2]);
  assert.equal((await t.call('DELETE', `/v1/tables/${id}/seats/0/token`, {}, host)).status, 200);
  await refused(await use(a), a);
  await refused(await use(b, true), b);
  // Seat 1: replaces its own token. The old ticket is refused; one minted with the new token works.
  const c = await mint(r.json.seatTokens[1]);
  const re = await t.call(
    'POST',
    `/v1/tables/${id}/seats/1/token`,
    {},
    bearer(r.json.seatTokens[1]),
  );
  assert.equal(re.status, 200, re.text);
  await refused(await use(c, true), c);
  const fresh = await use(await mint(re.json.seatToken));
  assert.equal(fresh.status, 200);
  assert.equal(((await fresh.json()) as Json).events[0].data.table.you.seat, 1);
  // Another seat's ticket is not touched by either.
  assert.equal((await use(keep)).status, 200);
  // The refusals did not come from the clock: all of this was within the 30 s.
  assert.equal(t.clock.t, 1_700_000_000_000);
});

test('revocation: a ticket the revocation could not delete (minted in the same instant) is refused by its generation', async () => {
  // The cheater asks for a ticket while the host revokes: the ticket route has read the table
  // (token valid) but not yet stored the ticket when the revocation commits and drops the
  // seat's tickets. The ticket stored after that is only stopped by the generation it carries.
  let during: (() => Promise<void>) | undefined;
  const wrap = (s: StoredTables): StoredTables => ({
    ...s,
    createTicket: async (...args) => {
      const hook = during;
      during = undefined;
      await hook?.();
      return s.createTicket(...args);
    },
  });
  const t = testApp('ticket-race', { wrapStore: wrap });
  const r = await t.openTable();
  const id: string = r.json.tableId;
  during = async () => {
    const d = await t.call(
      'DELETE',
      `/v1/tables/${id}/seats/0/token`,
      {},
      bearer(r.json.hostToken),
    );
    assert.equal(d.status, 200);
  };
  const k = await t.call('POST', `/v1/tables/${id}/tickets`, {}, bearer(r.json.seatTokens[0]));
  assert.equal(k.status, 200, 'minted: the route read the table before the revocation');
  assert.equal(during, undefined, 'the revocation ran in between');
  // Refused at the door: no stream is opened with it (not even one that would end at once).
  const used = await t.app.request(`/v1/tables/${id}/events?ticket=${k.json.ticket}`, {
    headers: { Accept: 'text/event-stream' },
  });
  if (used.status !== 401) await used.body?.cancel(); // a stream opened by mistake: close it
  assert.equal(used.status, 401);
  assert.deepEqual(await used.json(), {
    success: false,
    error: 'That ticket was made with a token that has since been revoked or reissued.',
    code: 'UNAUTHORIZED',
  });
});

test('revocation: a stream opened with a ticket ends too', async () => {
  const t = testApp('ticket-stream');
  const r = await t.openTable();
  const id: string = r.json.tableId;
  const k = await t.call('POST', `/v1/tables/${id}/tickets`, {}, bearer(r.json.seatTokens[1]));
  const s = await openStream(t, `/v1/tables/${id}/events?ticket=${k.json.ticket}`);
  await readUntil(s, (x) => ids(x).includes(r.json.table.version));
  const kick = await t.call('POST', `/v1/tables/${id}/seats/1/kick`, {}, bearer(r.json.hostToken));
  assert.equal(kick.status, 200, kick.text);
  await readUntil(s, () => false);
  assert.equal(s.ended, true);
  revokedEvent(s.text);
});

for (const how of ['kicked', 'reissued'] as const) {
  test(`revocation: the old token (${how}) cannot poll events, mint a ticket, read the table, act or get a new token`, async () => {
    const t = testApp(`poll-${how}`);
    const r = await t.openTable();
    const id: string = r.json.tableId;
    const old = bearer(r.json.seatTokens[0]);
    assert.equal((await t.call('GET', `/v1/tables/${id}/events`, undefined, old)).status, 200);
    const change =
      how === 'kicked'
        ? await t.call(
            'DELETE',
            `/v1/tables/${id}/seats/0/token`,
            undefined,
            bearer(r.json.hostToken),
          )
        : await t.call('POST', `/v1/tables/${id}/seats/0/token`, undefined, old);
    assert.equal(change.status, 200, change.text);
    const v = (await t.opened.readTable(id))!.version;
    for (const [method, path, body] of [
      ['GET', `/v1/tables/${id}/events`, undefined],
      ['GET', `/v1/tables/${id}/events?after=0`, undefined],
      ['POST', `/v1/tables/${id}/tickets`, {}],
      ['GET', `/v1/tables/${id}`, undefined],
      ['POST', `/v1/tables/${id}/actions`, { type: 'draw', version: v }],
      ['POST', `/v1/tables/${id}/seats/0/token`, {}],
    ] as const) {
      const res = await t.call(method, path, body, old);
      assert.equal(res.status, 401, `${method} ${path}: ${res.text}`);
      assert.equal(res.json.code, 'UNAUTHORIZED');
      assert.equal(res.text.includes(r.json.seatTokens[0]), false);
    }
    assert.equal((await t.opened.readTable(id))!.version, v, 'nothing acted');
  });
}

test('revocation: a poll whose read comes after a revocation that committed mid-request is refused', async () => {
  let during: (() => Promise<void>) | undefined;
  const wrap = (s: StoredTables): StoredTables => ({
    ...s,
    readEvents: async (...args) => {
      const hook = during;
      during = undefined;
      await hook?.();
      return s.readEvents(...args);
    },
  });
  const t = testApp('poll-race', { wrapStore: wrap });
  const r = await t.openTable();
  const id: string = r.json.tableId;
  during = async () => {
    const d = await t.call(
      'DELETE',
      `/v1/tables/${id}/seats/0/token`,
      {},
      bearer(r.json.hostToken),
    );
    assert.equal(d.status, 200, d.text);
    await claimAgain(t, id, 0, d.json.invite);
    await nextDeal(t, id, r.json.hostToken);
  };
  const poll = await t.call(
    'GET',
    `/v1/tables/${id}/events?after=${r.json.table.version}`,
    undefined,
    bearer(r.json.seatTokens[0]),
  );
  assert.equal(during, undefined, 'the revocation and the deal ran in between');
  assert.equal(poll.status, 401, poll.text);
  assert.equal(poll.json.code, 'UNAUTHORIZED');
});
