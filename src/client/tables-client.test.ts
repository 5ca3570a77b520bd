// fairdeal/client's requests against the real service in process: a lost answer to an action —
// no answer, a 5xx, a timeout, each AFTER the service acted — is asked again with the same
// Idempotency-Key and the same bytes, and the action is applied once; refusals come back as
// TableClientError with the service's code; a claim makes its key on this device.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { claimAll, clientService } from '../../test/support/client-service.ts';
import type { FetchLike } from './index.ts';
import { TableClientError } from './table-client-error.ts';

interface Sent {
  readonly path: string;
  readonly key: string | null;
  readonly body: string;
}

/**
 * A fetch whose first answer to an action is lost AFTER the service acted on it: the network
 * fails, a proxy answers 502, or nothing comes before the client's timeout.
 */
function losing(inner: FetchLike, how: 'network' | '5xx' | 'timeout') {
  const sent: Sent[] = [];
  let lost = false;
  const fetch: FetchLike = async (url, init) => {
    const path = new URL(url).pathname;
    if (!path.endsWith('/actions')) return inner(url, init);
    sent.push({
      path,
      key: new Headers(init.headers).get('idempotency-key'),
      body: String(init.body),
    });
    const res = await inner(url, init);
    await res.text(); // the service has acted, and answered
    if (lost) return res.status === 200 ? inner(url, init) : res;
    lost = true;
    if (how === 'network') throw new TypeError('fetch failed: other side closed');
    if (how === '5xx') return new Response('<h1>502 Bad Gateway</h1>', { status: 502 });
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  };
  return { fetch, sent };
}

test('a lost answer to an action is asked again with the same key and bytes: the action is applied once', async (t) => {
  for (const how of ['network', '5xx', 'timeout'] as const) {
    await t.test(how, async () => {
      const s = clientService(`client: lost answer, ${how}`);
      const honest = s.client();
      // A practice table is dealt at once: the bid is the first action.
      const { made, seats } = await claimAll(honest, { preset: 'doudizhu', fair: false });
      const before = await honest.getTable(made.tableId, seats[0]!.token);
      assert.equal(before.hand?.game?.turn, 0);
      const lossy = losing(s.fetch, how);
      const client = s.client(lossy.fetch, { timeoutMs: 200 });
      const answer = await client.act(
        made.tableId,
        seats[0]!.token,
        { type: 'bid', bid: 2 },
        { version: before.version },
      );
      assert.equal(answer.table.version, before.version + 1);
      // Sent twice, as one request: the same key, the same bytes.
      assert.equal(lossy.sent.length, 2);
      assert.match(lossy.sent[0]!.key ?? '', /^act-[0-9a-f]{32}$/);
      assert.equal(lossy.sent[1]!.key, lossy.sent[0]!.key);
      assert.equal(lossy.sent[1]!.body, lossy.sent[0]!.body);
      // Applied once: one bid, one version on.
      const after = await honest.getTable(made.tableId, seats[1]!.token);
      assert.equal(after.version, before.version + 1);
      assert.deepEqual(after.hand?.game?.bids, [{ seat: 0, bid: 2 }]);
      assert.equal(after.hand?.game?.turn, 1);
      assert.equal(after.hand?.log.filter((a) => a.type === 'bid').length, 1);
    });
  }
});

test('no answer at all, ever: the client gives up after its attempts, every one with the same key', async () => {
  const s = clientService('client: no answer');
  const { made, seats } = await claimAll(s.client(), { preset: 'doudizhu', fair: false });
  const keys: (string | null)[] = [];
  const client = s.client(async (_url, init) => {
    keys.push(new Headers(init.headers).get('idempotency-key'));
    throw new TypeError('fetch failed');
  });
  await assert.rejects(
    client.act(made.tableId, seats[0]!.token, { type: 'pass' }, { version: 4 }),
    (e: unknown) => {
      assert.ok(e instanceof TableClientError);
      assert.equal(e.code, 'NETWORK');
      assert.equal(e.status, 0);
      assert.match(
        e.message,
        /^No answer from http:\/\/fairdeal\.test \(POST \/v1\/tables\/\w+\/actions, 4 attempts\)\.$/,
      );
      assert.ok(!e.message.includes(seats[0]!.token));
      return true;
    },
  );
  assert.equal(keys.length, 4);
  assert.equal(new Set(keys).size, 1);
  // Two actions are two requests: two keys.
  await assert.rejects(client.act(made.tableId, seats[0]!.token, { type: 'pass' }, { version: 4 }));
  assert.equal(new Set(keys).size, 2);
});

test("refusals are TableClientErrors with the service's code, status, words and extras, asked once", async () => {
  const s = clientService('client: refusals');
  let calls = 0;
  const client = s.client((url, init) => {
    calls++;
    return s.fetch(url, init);
  });
  const { made, seats } = await claimAll(client, { preset: 'doudizhu', fair: false });
  const tv = await client.getTable(made.tableId, seats[0]!.token);
  calls = 0;
  const refused = async (p: Promise<unknown>, code: string, status: number) => {
    try {
      await p;
    } catch (e) {
      assert.ok(e instanceof TableClientError, String(e));
      assert.equal(e.code, code);
      assert.equal(e.status, status);
      return e;
    }
    assert.fail(`not refused: ${code}`);
  };
  const stale = await refused(
    client.act(made.tableId, seats[0]!.token, { type: 'pass' }, { version: tv.version - 1 }),
    'STALE_VERSION',
    409,
  );
  assert.equal(stale.body.version, tv.version);
  const illegal = await refused(
    client.act(made.tableId, seats[0]!.token, { type: 'bid', bid: 'rob' }, { version: tv.version }),
    'BAD_BID',
    422,
  );
  assert.match(illegal.message, / — /, 'the rules give their reason');
  assert.equal(typeof illegal.reason, 'string');
  await refused(
    client.getTable(made.tableId, 'fdt_seat_not-a-real-token-at-all'),
    'UNAUTHORIZED',
    401,
  );
  await refused(client.kick(made.tableId, seats[0]!.token, 1), 'FORBIDDEN', 403);
  await refused(client.transcript(made.tableId, 9), 'HAND_NOT_FOUND', 404);
  await refused(
    client.claimSeat(made.tableId, 1, { invite: made.invites[1]!.invite }),
    'SEAT_TAKEN',
    409,
  );
  // A refusal is an answer: never asked again.
  assert.equal(calls, 6);
  // Not JSON where JSON was due: a clear error, not a parse crash.
  const html = s.client(async () => new Response('<html>', { status: 200 }));
  await refused(html.dealerKey(), 'BAD_ANSWER', 200);
});

test('a claim makes the seat key on this device and sends only its public half; the host never holds a seat token', async () => {
  const s = clientService('client: claim');
  const bodies: string[] = [];
  const client = s.client((url, init) => {
    if (typeof init.body === 'string') bodies.push(init.body);
    return s.fetch(url, init);
  });
  const made = await client.createTable({ preset: 'doudizhu', players: ['a', 'b', 'c'] });
  assert.match(made.hostToken, /^fdt_host_/);
  const claimed = await client.claimSeat(made.tableId, 2, { invite: made.invites[2]!.invite });
  assert.equal(claimed.seat, 2);
  assert.match(claimed.token, /^fdt_seat_/);
  assert.match(claimed.key.privateKey, /^[0-9a-f]{64}$/);
  assert.equal(claimed.table.seatKeys[2], claimed.key.publicKey);
  assert.deepEqual(JSON.parse(bodies.at(-1)!), {
    invite: made.invites[2]!.invite,
    publicKey: claimed.key.publicKey,
  });
  assert.ok(bodies.every((b) => !b.includes(claimed.key.privateKey)));
  const hostView = await client.getTable(made.tableId, made.hostToken);
  assert.equal(hostView.you, 'host');
  assert.ok(!JSON.stringify(hostView).includes(claimed.token));
  const key = await client.dealerKey();
  assert.match(key.dealer, /^[0-9a-f]{64}$/);
});

test("the Date header tells how far this clock is from the service's", async () => {
  const at = Date.parse('2030-01-01T00:00:10Z');
  const client = clientService('client: clock').client(
    async () =>
      new Response('{"ok":true,"table":{}}', {
        headers: { date: new Date(at).toUTCString(), 'content-type': 'application/json' },
      }),
    { now: () => at - 60_000 },
  );
  assert.equal(client.clockSkewMs, null);
  await client.getTable('t', 'fdt_seat_xxxxxxxxxxxxxxxxxxxx');
  assert.equal(client.clockSkewMs, 60_500);
});

test('addBot: the host seats the house’s bot at a free seat (seat 2 becomes house-bot-2); a seat may not, and a held seat is refused', async () => {
  const s = clientService('client: add a bot');
  const client = s.client();
  const made = await client.createTable({ preset: 'doudizhu', bots: [1] });
  assert.deepEqual(
    made.invites.map((i) => i.seat),
    [0, 2],
  );
  const alice = await client.claimSeat(made.tableId, 0, { invite: made.invites[0]!.invite });
  const no = await client.addBot(made.tableId, alice.token, 2).catch((e: unknown) => e);
  assert.ok(no instanceof TableClientError && no.code === 'FORBIDDEN' && no.status === 403);
  const held = await client.addBot(made.tableId, made.hostToken, 1).catch((e: unknown) => e);
  assert.ok(held instanceof TableClientError && held.code === 'SEAT_TAKEN' && held.status === 409);
  const ok = await client.addBot(made.tableId, made.hostToken, 2);
  assert.equal(ok.seat, 2);
  assert.deepEqual(ok.table.bots, [1, 2]);
  assert.deepEqual(
    ok.table.hand?.announcement.seats.map((x) => x.player),
    ['seat-0', 'house-bot-1', 'house-bot-2'],
  );
});
