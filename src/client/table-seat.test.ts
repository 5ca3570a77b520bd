// A seat of fairdeal/client against the real service in process: three clients play a whole
// Dou Dizhu hand, each taking its own fairdeal-v3 steps and proving the hand fair on its own
// device; then a cheating dealer — answers forged by an injected fetch between the seat and the
// service — is caught by the seat with a clear message, and the seat takes no further step.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { claimAll, clientService, doudizhuMove, until } from '../../test/support/client-service.ts';
import type { FetchLike, TablesClient } from './index.ts';
import { SeatCheckError } from './seat-check-error.ts';
import { inMemorySeatMemory } from './seat-memory.ts';
import { type TableSeat, tableSeat } from './table-seat.ts';
import { type HandVerdict, verifyHand } from './verify-hand.ts';

// biome-ignore lint/suspicious/noExplicitAny: forged answers are edited as loose JSON.
type Json = any;

/** A fetch that records every request and lets a test rewrite the JSON answers it passes on. */
function forging(inner: FetchLike, edit: (path: string, method: string, body: Json) => Json) {
  const sent: { method: string; path: string; body: string; status?: number }[] = [];
  const fetch: FetchLike = async (url, init) => {
    const path = new URL(url).pathname;
    const method = init.method ?? 'GET';
    const entry: (typeof sent)[number] = {
      method,
      path,
      body: typeof init.body === 'string' ? init.body : '',
    };
    sent.push(entry);
    const res = await inner(url, init);
    entry.status = res.status;
    if (!(res.headers.get('content-type') ?? '').includes('application/json')) return res;
    const text = await res.text();
    const forged = JSON.stringify(edit(path, method, JSON.parse(text)));
    return new Response(forged, { status: res.status, headers: res.headers });
  };
  return { fetch, sent };
}

const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

/** Plays hand 1 to its end with three following seats; answers the seats and their verdicts. */
async function playHand(client: TablesClient, seats: TableSeat[]) {
  const verdicts: HandVerdict[][] = seats.map(() => []);
  const stop = new AbortController();
  const following = seats.map((t, k) =>
    t.follow({ signal: stop.signal, onVerdict: (v) => verdicts[k]!.push(v) }),
  );
  for (let moves = 0; moves < 300; moves++) {
    const k = await until('a seat to move, or the end', () => {
      if (seats.some((t) => t.table?.hand?.phase === 'ended')) return -1;
      const i = seats.findIndex((t) => doudizhuMove(t.table, t.seat) !== null);
      return i < 0 ? undefined : i;
    });
    if (k < 0) break;
    await seats[k]!.act(doudizhuMove(seats[k]!.table, k)!);
  }
  await until('every seat to check hand 1', () =>
    verdicts.every((v) => v.length > 0) ? true : undefined,
  );
  stop.abort();
  await Promise.all(following);
  void client;
  return verdicts.map((v) => v[0]!);
}

test('three clients play a whole Dou Dizhu hand; each seat takes its own fair steps and proves it fair on its own device', async () => {
  const s = clientService('client: a whole hand');
  const log = forging(s.fetch, (_p, _m, body) => body);
  const client = s.client(log.fetch);
  const { made, seats } = await claimAll(client, {
    preset: 'doudizhu',
    players: ['alice', 'bob', 'carol'],
  });
  const seated = seats.map((c) =>
    tableSeat({ client, tableId: made.tableId, seat: c.seat, token: c.token, key: c.key }),
  );
  const verdicts = await playHand(client, seated);
  for (const [k, v] of verdicts.entries()) {
    assert.equal(v.n, 1);
    assert.equal(v.outcome, 'dealt');
    assert.deepEqual(v.problems, []);
    assert.deepEqual(v.disputes, []);
    assert.equal(v.green, true, `seat ${k}`);
    assert.equal(v.words?.status, 'proven-fair');
    assert.equal(v.words?.headline, 'PROVEN FAIR');
    assert.match(v.words?.detail ?? '', /^proven fair among 3 independently keyed seats/);
    // The keys the record names are the ones each device made when it claimed its seat.
    assert.deepEqual(
      v.verdict?.version === 'fairdeal-v3' ? v.verdict.keys : [],
      seats.map((c) => c.key.publicKey),
    );
    assert.equal(seated[k]!.verdicts.get(1), v);
  }
  // The service's /v1/verify says the same words.
  const remote = await client.verify({ transcript: verdicts[0]!.transcript });
  assert.ok(remote.ok);
  assert.equal(remote.headline, verdicts[0]!.words?.headline);
  assert.equal(remote.detail, verdicts[0]!.words?.detail);
  // Each seat committed and revealed once, by itself (the seats commit at the same moment: a
  // stale version is refused and sent again); no private key or token left in a body or a URL.
  const steps = log.sent
    .filter((r) => r.path.endsWith('/actions') && r.status === 200)
    .map((r) => JSON.parse(r.body));
  for (const type of ['commit', 'reveal']) {
    assert.equal(steps.filter((b) => b.type === type).length, 3, type);
  }
  for (const r of log.sent) {
    for (const c of seats) {
      assert.ok(!r.body.includes(c.key.privateKey), 'a private key was sent');
      assert.ok(!r.path.includes(c.token), 'a token in a URL');
    }
  }
});

test('a cheating dealer: a forged announcement is refused and the seat never commits', async (t) => {
  const cases: [string, (a: Json, keys: string[]) => void, RegExp][] = [
    [
      'an altered signature',
      (a) => {
        a.signature = flip(a.signature);
      },
      /the announcement is not signed by the dealer's key/,
    ],
    [
      "another key at this seat (the dealer's own, to sit there itself)",
      (a, keys) => {
        a.seats[0].key = keys[1];
        a.seats[1].key = keys[0];
      },
      /seat 0 of this announcement does not hold your key: someone else sits there/,
    ],
    [
      'signed by another dealer',
      (a) => {
        a.dealer = flip(a.dealer);
      },
      /the announcement is not from the dealer you trust/,
    ],
    [
      'the announcement of another table',
      (a) => {
        a.table = 'elsewhere';
      },
      /it announces table elsewhere hand 1/,
    ],
  ];
  for (const [name, forge, why] of cases) {
    await t.test(name, async () => {
      const s = clientService(`client: forged announcement, ${name}`);
      const { made, seats } = await claimAll(s.client(), { preset: 'doudizhu' });
      const keys = seats.map((c) => c.key.publicKey);
      const log = forging(s.fetch, (path, method, body) => {
        if (method === 'GET' && path.startsWith('/v1/tables/'))
          forge(body.table.hand.announcement, keys);
        return body;
      });
      const c = seats[0]!;
      const seat = tableSeat({
        client: s.client(log.fetch),
        tableId: made.tableId,
        seat: 0,
        token: c.token,
        key: c.key,
      });
      await seat.refresh();
      await assert.rejects(seat.step(), (e: unknown) => {
        assert.ok(e instanceof SeatCheckError, String(e));
        assert.equal(e.check, 'announcement');
        assert.equal(e.hand, 1);
        assert.match(e.message, /^hand 1: the dealer's announcement failed this seat's check: /);
        assert.match(e.message, why);
        assert.match(e.message, /this seat will not commit$/);
        return true;
      });
      // Again: still refused, and nothing was ever sent.
      await assert.rejects(seat.step(), SeatCheckError);
      assert.deepEqual(
        log.sent.filter((r) => r.method === 'POST'),
        [],
      );
    });
  }
});

test("a cheating dealer: a forged receipt, or another seat's receipt, is caught; the seat does not reveal", async (t) => {
  const cases: [string, (r: Json, others: Json[]) => Json, RegExp][] = [
    [
      'an altered signature',
      (r) => ({ ...r, signature: flip(r.signature) }),
      /the receipt for this seat's commit is not signed by the dealer's key/,
    ],
    [
      "another seat's receipt",
      (_r, others) => others[0],
      /the receipt is not for this seat's commit/,
    ],
    ['no receipt at all', () => undefined, /no receipt came with the answer to this seat's commit/],
  ];
  for (const [name, forge, why] of cases) {
    await t.test(name, async () => {
      const s = clientService(`client: forged receipt, ${name}`);
      const honest = s.client();
      const { made, seats } = await claimAll(honest, { preset: 'doudizhu' });
      // Seats 1 and 2 commit honestly first; their receipts are public in the view.
      for (const k of [1, 2]) {
        const other = tableSeat({
          client: honest,
          tableId: made.tableId,
          seat: k,
          token: seats[k]!.token,
          key: seats[k]!.key,
        });
        await other.refresh();
        await other.step();
      }
      const log = forging(s.fetch, (path, method, body) => {
        if (method === 'POST' && path.endsWith('/actions') && body.receipt !== undefined) {
          const others = body.table.hand.receipts.filter((r: Json) => r.seat !== 0);
          const receipt = forge(body.receipt, others);
          return { ...body, receipt };
        }
        return body;
      });
      const c = seats[0]!;
      const seat = tableSeat({
        client: s.client(log.fetch),
        tableId: made.tableId,
        seat: 0,
        token: c.token,
        key: c.key,
      });
      await seat.refresh();
      await assert.rejects(seat.step(), (e: unknown) => {
        assert.ok(e instanceof SeatCheckError, String(e));
        assert.equal(e.check, 'receipt');
        assert.match(e.message, /^hand 1: the dealer's receipt failed this seat's check: /);
        assert.match(e.message, why);
        return true;
      });
      // Its commit closed the roster: a reveal is owed, and it is not sent.
      assert.equal(seat.table?.hand?.phase, 'revealing');
      await assert.rejects(seat.step(), SeatCheckError);
      assert.deepEqual(
        log.sent.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body).type),
        ['commit'],
      );
    });
  }
});

test('a cheating dealer: a published receipt it did not sign is caught', async () => {
  const s = clientService('client: forged published receipt');
  const honest = s.client();
  const { made, seats } = await claimAll(honest, { preset: 'doudizhu' });
  const one = tableSeat({
    client: honest,
    tableId: made.tableId,
    seat: 1,
    token: seats[1]!.token,
    key: seats[1]!.key,
  });
  await one.refresh();
  await one.step();
  const log = forging(s.fetch, (path, method, body) => {
    if (method === 'GET' && path.startsWith('/v1/tables/')) {
      const r = body.table.hand.receipts[0];
      r.at += 1; // the dealer's signature no longer covers what it says
    }
    return body;
  });
  const seat = tableSeat({
    client: s.client(log.fetch),
    tableId: made.tableId,
    seat: 0,
    token: seats[0]!.token,
    key: seats[0]!.key,
  });
  await seat.refresh();
  await assert.rejects(
    seat.step(),
    /hand 1: the dealer's receipt failed this seat's check: the published receipt for the commit of seat 1 is not signed by the dealer's key/,
  );
  assert.deepEqual(
    log.sent.filter((r) => r.method === 'POST'),
    [],
  );
});

test("a cheating dealer: a roster that alters another seat's commitment is refused before the reveal", async () => {
  const s = clientService('client: forged roster');
  const honest = s.client();
  const { made, seats } = await claimAll(honest, { preset: 'doudizhu' });
  const log = forging(s.fetch, (path, method, body) => {
    const roster = body?.table?.hand?.roster;
    if (roster != null && (method === 'GET' || path.endsWith('/actions'))) {
      roster.commits[2].commitment = flip(roster.commits[2].commitment);
    }
    return body;
  });
  const memory = inMemorySeatMemory();
  const seat = tableSeat({
    client: s.client(log.fetch),
    tableId: made.tableId,
    seat: 0,
    token: seats[0]!.token,
    key: seats[0]!.key,
    memory,
  });
  await seat.refresh();
  await seat.step(); // commits honestly
  for (const k of [1, 2]) {
    const other = tableSeat({
      client: honest,
      tableId: made.tableId,
      seat: k,
      token: seats[k]!.token,
      key: seats[k]!.key,
    });
    await other.refresh();
    await other.step();
  }
  await seat.refresh();
  assert.equal(seat.table?.hand?.phase, 'revealing');
  await assert.rejects(seat.step(), (e: unknown) => {
    assert.ok(e instanceof SeatCheckError);
    assert.equal(e.check, 'roster');
    assert.match(
      e.message,
      /^hand 1: the dealer's roster failed this seat's check: the commitment of seat 2 is not signed by that seat's key; this seat will not reveal$/,
    );
    return true;
  });
  assert.deepEqual(
    log.sent.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body).type),
    ['commit'],
  );
  // The seed stays in the seat's memory (the hand voids at its deadline; nothing was revealed).
  assert.notEqual(memory.secret(1), null);
});

test('a cheating dealer: a record that does not re-deal as published fails verification on the device', async () => {
  const s = clientService('client: forged record');
  const client = s.client();
  const { made, seats } = await claimAll(client, { preset: 'doudizhu' });
  const memory = inMemorySeatMemory();
  const seated = seats.map((c) =>
    tableSeat({
      client,
      tableId: made.tableId,
      seat: c.seat,
      token: c.token,
      key: c.key,
      ...(c.seat === 0 ? { memory } : {}),
    }),
  );
  const [honest] = await playHand(client, seated);
  assert.equal(honest?.green, true);
  const log = forging(s.fetch, (path, _m, body) => {
    if (path.endsWith('/transcript')) {
      const cards = body.transcript.cards;
      const j = cards.findIndex((c: Json) => c.to !== cards[0].to);
      [cards[0].card, cards[j].card] = [cards[j].card, cards[0].card];
    }
    return body;
  });
  const v = await verifyHand(s.client(log.fetch), made.tableId, 1, {
    dealer: await seated[0]!.dealer(),
    kept: memory.kept(1),
  });
  assert.equal(v.green, false);
  assert.equal(v.verdict, null);
  assert.ok(v.problems.length > 0);
  assert.ok(
    v.problems.some((p) => /cards|hash/.test(p.field) && (p.code === 'card' || p.code === 'hash')),
    JSON.stringify(v.problems),
  );
});
