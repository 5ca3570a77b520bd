import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createSeatKey } from '../../../src/fair/index.ts';
import { chacha20 } from '../../../src/index.ts';
import { testDatabase } from '../../support/pg-database.ts';
import { type Running, spawnServer } from '../spawn-server.ts';

// Revocation across processes: a seat's token dies through one `fairdeal serve` process — the
// host kicks the seat, or the seat replaces its own token (fairdeal-v3: the host never holds or
// reissues a seat's token) — while the seat holds its event stream open on ANOTHER, on one
// PostgreSQL. The stream learns of it only through LISTEN/NOTIFY and its check of the credential
// generation.
const db = await testDatabase();
const running: Running[] = [];
const streams: AbortController[] = [];
after(async () => {
  for (const s of streams) s.abort();
  for (const r of running) r.child.kill('SIGKILL');
  await Promise.all(running.map((r) => r.exited));
  await db.drop();
});
const skip = db.skip === undefined ? {} : { skip: db.skip };

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies are read freely in tests.
type Json = any;

/** An event stream read in the background: its text so far, and whether the server ended it. */
interface Held {
  text: string;
  ended: boolean;
}

async function hold(url: string, headers: Record<string, string> = {}): Promise<Held> {
  const ac = new AbortController();
  streams.push(ac);
  const res = await fetch(url, {
    headers: { ...headers, Accept: 'text/event-stream' },
    signal: ac.signal,
  });
  assert.equal(res.status, 200);
  const held: Held = { text: '', ended: false };
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          held.ended = true;
          return;
        }
        held.text += value;
      }
    } catch {
      // aborted at the end of the test
    }
  })();
  return held;
}

const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));

/** Polls `ok` every 20 ms; fails after `ms` with `what`. */
async function waitFor(ok: () => boolean, ms: number, what: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) assert.fail(`timed out: ${what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('two service processes on one PostgreSQL: a seat kicked or its token reissued on one ends its streams on the other, refuses its tickets there, and a reused Idempotency-Key is refused on either', {
  ...skip,
  timeout: 120_000,
}, async () => {
  process.env.DATABASE_URL = db.url!;
  process.env.FAIRDEAL_SECRET_KEY = 'ef'.repeat(32);
  const [a, b] = await Promise.all([spawnServer('unused.db'), spawnServer('unused.db')]);
  running.push(a, b);
  const call = async (
    base: string,
    method: string,
    path: string,
    body?: object | string,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, text: await res.text() };
  };
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const made = await call(a.url, 'POST', '/v1/tables', {
    preset: 'holdem',
    options: { seats: 3 },
    fair: false,
  });
  assert.equal(made.status, 201, made.text);
  const m: Json = JSON.parse(made.text);
  const id: string = m.tableId;
  const host = bearer(m.hostToken);
  // Each seat claims its seat with a key of its own (seat 1 on B); the last claim deals hand 1
  // (practice: at once).
  const claim = async (base: string, seat: number, invite: string, label: string) => {
    const key = await createSeatKey(chacha20(`revocation ${label}`));
    const r = await call(base, 'POST', `/v1/tables/${id}/seats/${seat}/claim`, {
      invite,
      publicKey: key.publicKey,
    });
    assert.equal(r.status, 201, r.text);
    return JSON.parse(r.text).seatToken as string;
  };
  const t0 = await claim(a.url, 0, m.invites[0].invite, 'seat 0');
  const t1 = await claim(b.url, 1, m.invites[1].invite, 'seat 1');
  const t2 = await claim(a.url, 2, m.invites[2].invite, 'seat 2');
  const events = `/v1/tables/${id}/events`;
  const ticket = async (base: string, token: string) =>
    JSON.parse((await call(base, 'POST', `/v1/tables/${id}/tickets`, {}, bearer(token))).text)
      .ticket as string;

  // Seat 0 listens on B twice (token, and a ticket minted on B); it also keeps a ticket minted on
  // A for later. Seat 1 listens on A; seat 2 on B, and is never touched. Each has 4 events so far:
  // the table made, and three claims.
  const s0 = await hold(`${b.url}${events}`, bearer(t0));
  const s0t = await hold(`${b.url}${events}?ticket=${await ticket(b.url, t0)}`);
  const spare = await ticket(a.url, t0);
  const s1 = await hold(`${a.url}${events}`, bearer(t1));
  const s2 = await hold(`${b.url}${events}`, bearer(t2));
  for (const s of [s0, s0t, s1, s2]) {
    await waitFor(
      () => ids(s.text).includes(4),
      10_000,
      () => s.text,
    );
  }

  // The host kicks seat 0 on A (DELETE …/token, the same as POST …/kick; v3's revocation — the
  // host can no longer hand a seat a new token): both of seat 0's streams on B end with the
  // revoked event, without the kick's own event (written with the revocation, read after it).
  const kicked = await call(a.url, 'DELETE', `/v1/tables/${id}/seats/0/token`, {}, host);
  assert.equal(kicked.status, 200, kicked.text);
  const invite = JSON.parse(kicked.text).invite as string;
  assert.match(invite, /^fdt_invite_/);
  for (const s of [s0, s0t]) {
    await waitFor(
      () => s.ended,
      10_000,
      () => `seat 0's stream on B still open: ${s.text.slice(-200)}`,
    );
    assert.match(
      s.text,
      /event: revoked\ndata: \{"success":false,"error":"[^"]+","code":"UNAUTHORIZED"\}\n\n$/,
    );
    assert.deepEqual(ids(s.text), [1, 2, 3, 4]);
  }
  // Its ticket minted on A, within its 30 s, opens nothing on B; its token polls nothing there.
  const late = await call(b.url, 'GET', `${events}?ticket=${spare}`);
  assert.equal(late.status, 401, late.text);
  assert.equal((await call(b.url, 'GET', events, undefined, bearer(t0))).status, 401);
  assert.equal((await call(a.url, 'GET', `/v1/tables/${id}`, undefined, bearer(t0))).status, 401);
  // Seat 1 (on A) saw the kick: its event 5.
  await waitFor(
    () => ids(s1.text).includes(5),
    10_000,
    () => s1.text,
  );

  // Seat 1 replaces its own token on B (v3: only the seat itself can; the host is refused): its
  // stream on A ends; the new token works on A, the old one nowhere.
  const byHost = await call(b.url, 'POST', `/v1/tables/${id}/seats/1/token`, {}, host);
  assert.equal(byHost.status, 403, byHost.text);
  const re = await call(b.url, 'POST', `/v1/tables/${id}/seats/1/token`, {}, bearer(t1));
  assert.equal(re.status, 200, re.text);
  await waitFor(
    () => s1.ended,
    10_000,
    () => `seat 1's stream on A still open: ${s1.text.slice(-200)}`,
  );
  assert.match(s1.text, /event: revoked\n/);
  const t1new: string = JSON.parse(re.text).seatToken;
  assert.equal(
    (await call(a.url, 'GET', `/v1/tables/${id}`, undefined, bearer(t1new))).status,
    200,
  );
  assert.equal((await call(a.url, 'GET', `/v1/tables/${id}`, undefined, bearer(t1))).status, 401);

  // A new player claims seat 0 on B with the host's fresh invite, and the host opens hand 2 on
  // A. Then seat 2 draws, on A: seat 2's stream on B gets every one of these; the ended ones got
  // nothing after their revoked event.
  await claim(b.url, 0, invite, 'newcomer');
  const v1 = JSON.parse((await call(a.url, 'GET', `/v1/tables/${id}`, undefined, host)).text).table
    .version as number;
  const next = await call(
    a.url,
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'next-hand', version: v1 },
    host,
  );
  assert.equal(next.status, 200, next.text);
  const v = JSON.parse((await call(a.url, 'GET', `/v1/tables/${id}`, undefined, bearer(t2))).text)
    .table.version as number;
  const draw = `{"type":"draw","count":1,"version":${v}}`;
  const key = { ...bearer(t2), 'Idempotency-Key': 'one-draw' };
  const drawn = await call(a.url, 'POST', `/v1/tables/${id}/actions`, draw, key);
  assert.equal(drawn.status, 200, drawn.text);
  await waitFor(
    () => ids(s2.text).includes(8),
    10_000,
    () => s2.text,
  );
  assert.equal(s2.ended, false);
  assert.deepEqual(ids(s2.text), [1, 2, 3, 4, 5, 6, 7, 8]);
  for (const s of [s0, s0t]) assert.deepEqual(ids(s.text), [1, 2, 3, 4]);
  assert.deepEqual(ids(s1.text), [1, 2, 3, 4, 5]);

  // The draw's key, retried on B: the same bytes get the same answer; other bytes get 422.
  const retry = await call(b.url, 'POST', `/v1/tables/${id}/actions`, draw, key);
  assert.equal(retry.status, 200);
  assert.equal(retry.text, drawn.text);
  const more = draw.replace('"count":1', '"count":4');
  const reused = await call(b.url, 'POST', `/v1/tables/${id}/actions`, more, key);
  assert.equal(reused.status, 422, reused.text);
  assert.equal(JSON.parse(reused.text).code, 'IDEMPOTENCY_KEY_REUSED');
  const after = JSON.parse(
    (await call(b.url, 'GET', `/v1/tables/${id}`, undefined, bearer(t2!))).text,
  );
  assert.equal(after.table.version, v + 1, 'the reused key acted no second time');
  assert.equal(after.table.hand.yourCards.length, 3);
  for (const r of [a, b]) assert.doesNotMatch(r.stderr(), /postgres:\/\//);
});
