import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commitClientSeed, verify } from '../../fair/index.ts';
import { chacha20 } from '../../index.ts';
import { type Json, testApp } from './test-table.ts';

const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

async function fairHand(t: ReturnType<typeof testApp>, created: Json, seeds: string[]) {
  const id = created.tableId;
  const tokens: string[] = created.seatTokens;
  let table = created.table;
  const secrets = seeds.map((seed, i) =>
    commitClientSeed(table.hand.announcement, table.players[i], seed, chacha20(`salt-${seed}`)),
  );
  for (let i = 0; i < tokens.length; i++) {
    const r = await t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { type: 'commit', version: table.version, commitment: secrets[i]!.commitment },
      bearer(tokens[i]!),
    );
    assert.equal(r.status, 200, r.text);
    table = r.json.table;
  }
  assert.equal(table.hand.phase, 'revealing');
  for (let i = 0; i < tokens.length; i++) {
    const r = await t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { type: 'reveal', version: table.version, seed: secrets[i]!.seed, salt: secrets[i]!.salt },
      bearer(tokens[i]!),
    );
    assert.equal(r.status, 200, r.text);
    table = r.json.table;
  }
  return { table, secrets };
}

test("tables: server seeds never come from the app's seeded source, only from the secure one", async () => {
  // Whoever knows the seed of the app's `source` (it shuffles the Deck of Cards API and makes ids)
  // must not learn the server seeds: two apps on the same seeded source open the same table, and
  // their announcements commit to different server seeds.
  const body = { preset: 'doudizhu', players: ['alice', 'bob', 'carol'] };
  const commitment = async (t: ReturnType<typeof testApp>) => {
    const r = await t.call('POST', '/v1/tables', body);
    assert.equal(r.status, 201, r.text);
    return { id: r.json.tableId, c: r.json.table.hand.announcement.commitment };
  };
  const a = await commitment(testApp('known', { secureServerSeeds: true }));
  const b = await commitment(testApp('known', { secureServerSeeds: true }));
  assert.equal(a.id, b.id, 'same seeded source, same table id: the headers are the same');
  assert.notEqual(a.c, b.c);
  // The control: under the test-only escape the same seeded source does give the same seed.
  const x = await commitment(testApp('known'));
  const y = await commitment(testApp('known'));
  assert.equal(x.c, y.c);
});

test('tables: create, commit, reveal, deal; each seat sees its own 17 cards; tokens shown once', async () => {
  const t = testApp('create');
  const r = await t.call('POST', '/v1/tables', {
    preset: 'doudizhu',
    players: ['alice', 'bob', 'carol'],
  });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.json.seatTokens.length, 3);
  for (const tok of [r.json.hostToken, ...r.json.seatTokens]) {
    assert.match(tok, /^fdt_(seat|host)_[A-Za-z0-9_-]{43}$/); // 32 bytes = 256 bits
    assert.equal((await t.tables.readTable(r.json.tableId))!.doc.toString().includes(tok), false);
    assert.equal(
      JSON.stringify((await t.tables.readTable(r.json.tableId))!.doc).includes(tok),
      false,
    );
  }
  const { table } = await fairHand(t, r.json, ['a-seed', 'b-seed', 'c-seed']);
  assert.equal(table.hand.phase, 'playing');
  assert.equal(table.hand.yourCards.length, 17);
  const seen = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const g = await t.call(
      'GET',
      `/v1/tables/${r.json.tableId}`,
      undefined,
      bearer(r.json.seatTokens[i]),
    );
    assert.equal(g.status, 200);
    assert.equal(g.json.table.you.seat, i);
    for (const c of g.json.table.hand.yourCards) seen.add(c);
    assert.deepEqual(g.json.table.hand.counts.hands, [17, 17, 17]);
    assert.equal(g.json.table.hand.kitty, null);
  }
  assert.equal(seen.size, 51);
  const host = await t.call(
    'GET',
    `/v1/tables/${r.json.tableId}`,
    undefined,
    bearer(r.json.hostToken),
  );
  assert.equal(host.json.table.hand.yourCards, null);
  const none = await t.call('GET', `/v1/tables/${r.json.tableId}`);
  assert.equal(none.status, 401);
  const wrong = await t.call(
    'GET',
    `/v1/tables/${r.json.tableId}`,
    undefined,
    bearer('fdt_seat_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
  );
  assert.equal(wrong.status, 401);
  assert.equal(wrong.text.includes('AAAAAAAAAAAA'), false);
});

test('tables: stale version 409, idempotent retry does not draw twice, wrong seat 403/409', async () => {
  const t = testApp('versions');
  const r = await t.openTable();
  const id = r.json.tableId;
  let table = r.json.table;
  assert.equal(table.hand.phase, 'playing');
  const stock = table.hand.counts.stock;
  const draw = (version: number, key?: string) =>
    t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { type: 'draw', version, count: 2 },
      {
        ...bearer(r.json.seatTokens[0]),
        ...(key === undefined ? {} : { 'Idempotency-Key': key }),
      },
    );
  const a = await draw(table.version, 'k1');
  assert.equal(a.status, 200, a.text);
  const b = await draw(table.version, 'k1');
  assert.equal(b.status, 200);
  assert.equal(b.text, a.text);
  table = a.json.table;
  assert.equal(table.hand.counts.stock, stock - 2);
  assert.equal(table.hand.yourCards.length, 4);
  const stale = await draw(table.version - 1);
  assert.equal(stale.status, 409);
  assert.equal(stale.json.code, 'STALE_VERSION');
  const missing = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'draw' },
    bearer(r.json.seatTokens[0]),
  );
  assert.equal(missing.status, 400);
  const other = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'draw', to: 1, version: table.version },
    bearer(r.json.seatTokens[0]),
  );
  assert.equal(other.status, 403);
  // A card seat 0 does not hold cannot be played.
  const g1 = await t.call('GET', `/v1/tables/${id}`, undefined, bearer(r.json.seatTokens[1]));
  const bad = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'play', version: table.version, cards: [g1.json.table.hand.yourCards[0]] },
    bearer(r.json.seatTokens[0]),
  );
  assert.equal(bad.status, 422);
  assert.equal(bad.json.code, 'NOT_HELD');
});

test('tables: a Dou Dizhu hand end to end — bids, legal plays enforced, transcript verifies, chain', async () => {
  const t = testApp('ddz');
  const r = await t.call('POST', '/v1/tables', { preset: 'doudizhu' });
  const id = r.json.tableId;
  const tokens: string[] = r.json.seatTokens;
  let { table } = await fairHand(t, r.json, ['x', 'y', 'z']);
  const announced = table.hand.announcement.commitment;
  const rosterHash = table.hand.roster.rosterHash;
  const early = await t.call('GET', `/v1/tables/${id}/hands/1/transcript`);
  assert.equal(early.status, 409);
  const act = (seat: number, body: object) =>
    t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { ...body, version: table.version },
      bearer(tokens[seat]!),
    );
  const first = table.hand.game.turn as number;
  const wrongTurn = await act((first + 1) % 3, { type: 'bid', bid: 1 });
  assert.equal(wrongTurn.status, 409);
  const badBid = await act(first, { type: 'bid', bid: 7 });
  assert.equal(badBid.status, 422);
  assert.equal(badBid.json.code, 'BAD_BID');
  let res = await act(first, { type: 'bid', bid: 3 });
  assert.equal(res.status, 200, res.text);
  table = res.json.table;
  assert.equal(table.hand.game.landlord, first);
  assert.equal(table.hand.kitty.length, 3); // shown to all
  // Play: the landlord leads a single; an illegal combination is refused with its reason.
  const seatView = async (s: number) =>
    (await t.call('GET', `/v1/tables/${id}`, undefined, bearer(tokens[s]!))).json.table;
  let lv = await seatView(first);
  const cards: string[] = lv.hand.yourCards;
  const illegal = await act(first, { type: 'play', cards: [cards[0], cards.at(-1)] });
  if (illegal.status !== 200) {
    assert.equal(illegal.status, 422);
    assert.equal(illegal.json.code, 'ILLEGAL_PLAY');
    assert.equal(typeof illegal.json.reason, 'string');
  } else table = illegal.json.table;
  // Play to the end: each seat plays its lowest single if it can beat, else passes.
  for (let guard = 0; guard < 200 && table.hand.phase === 'playing'; guard++) {
    const s = table.hand.game.turn as number;
    lv = await seatView(s);
    const mine: string[] = lv.hand.yourCards;
    let done = false;
    for (const c of [...mine].reverse()) {
      res = await act(s, { type: 'play', cards: [c] });
      if (res.status === 200) {
        done = true;
        break;
      }
      assert.equal(res.status, 422, res.text);
    }
    if (!done) res = await act(s, { type: 'pass' });
    assert.equal(res.status, 200, res.text);
    table = res.json.table;
  }
  assert.equal(table.hand.phase, 'ended');
  assert.ok(table.history[0].score !== null);
  const tr = await t.call('GET', `/v1/tables/${id}/hands/1/transcript`);
  assert.equal(tr.status, 200);
  const local = verify(tr.json.transcript, { commitment: announced, rosterHash });
  assert.equal(local.ok, true);
  assert.equal(local.ok && local.verdict.fairness, 'players-contributed');
  const http = await t.call('POST', '/v1/verify', {
    transcript: tr.json.transcript,
    expected: { commitment: announced },
  });
  assert.equal(http.json.ok, true);
  const forged = structuredClone(tr.json.transcript);
  forged.cards[0].to = forged.cards[0].to === 'kitty' ? 'hand:0' : 'kitty';
  assert.equal((await t.call('POST', '/v1/verify', { transcript: forged })).json.ok, false);
  assert.ok(tr.json.score !== null && tr.json.log.some((a: Json) => a.type === 'play'));
  // Next hand chains to this one.
  res = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'next-hand', version: table.version },
    bearer(r.json.hostToken),
  );
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.table.hand.announcement.prev, tr.json.transcript.hash);
  const chain = await t.call('GET', `/v1/tables/${id}/chain`);
  assert.equal(chain.json.transcripts.length, 1);
});

test('tables: a seat that never reveals — forced deal only after the deadline, recorded missing', async () => {
  const t = testApp('missing');
  const r = await t.call('POST', '/v1/tables', { preset: 'doudizhu', revealTimeoutSeconds: 60 });
  const id = r.json.tableId;
  let table = r.json.table;
  const secrets = [0, 1, 2].map((i) =>
    commitClientSeed(table.hand.announcement, table.players[i], `s${i}`, chacha20(`m${i}`)),
  );
  for (let i = 0; i < 3; i++) {
    const x = await t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { type: 'commit', version: table.version, commitment: secrets[i]!.commitment },
      bearer(r.json.seatTokens[i]),
    );
    table = x.json.table;
  }
  for (let i = 0; i < 2; i++) {
    const x = await t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { type: 'reveal', version: table.version, seed: secrets[i]!.seed, salt: secrets[i]!.salt },
      bearer(r.json.seatTokens[i]),
    );
    table = x.json.table;
  }
  const badReveal = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'reveal', version: table.version, seed: 'other', salt: secrets[2]!.salt },
    bearer(r.json.seatTokens[2]),
  );
  assert.equal(badReveal.status, 422);
  assert.equal(badReveal.json.code, 'REVEAL_MISMATCH');
  const tooEarly = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'deal', version: table.version },
    bearer(r.json.hostToken),
  );
  assert.equal(tooEarly.status, 409);
  t.clock.t += 60_000;
  const forced = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'deal', version: table.version },
    bearer(r.json.hostToken),
  );
  assert.equal(forced.status, 200, forced.text);
  assert.deepEqual(forced.json.table.hand.missing, ['seat-2']);
});

test('tables: tokens can be revoked and reissued by the host only', async () => {
  const t = testApp('tokens');
  const r = await t.call('POST', '/v1/tables', { preset: 'doudizhu' });
  const id = r.json.tableId;
  const old = r.json.seatTokens[1];
  assert.equal(
    (await t.call('POST', `/v1/tables/${id}/seats/1/token`, {}, bearer(old))).status,
    403,
  );
  const re = await t.call('POST', `/v1/tables/${id}/seats/1/token`, {}, bearer(r.json.hostToken));
  assert.equal(re.status, 200);
  assert.equal((await t.call('GET', `/v1/tables/${id}`, undefined, bearer(old))).status, 401);
  assert.equal(
    (await t.call('GET', `/v1/tables/${id}`, undefined, bearer(re.json.seatToken))).json.table.you
      .seat,
    1,
  );
  await t.call('DELETE', `/v1/tables/${id}/seats/1/token`, undefined, bearer(r.json.hostToken));
  assert.equal(
    (await t.call('GET', `/v1/tables/${id}`, undefined, bearer(re.json.seatToken))).status,
    401,
  );
});

test('tables: commitments are signed with Ed25519; the key is at /.well-known/fairdeal-key', async () => {
  const t = testApp('sign');
  const r = await t.call('POST', '/v1/tables', { preset: 'doudizhu' });
  const s = await t.call('GET', `/v1/tables/${r.json.tableId}/hands/1/commitment`);
  assert.equal(s.json.commitment, r.json.table.hand.announcement.commitment);
  const k = await t.call('GET', '/.well-known/fairdeal-key');
  const key = await crypto.subtle.importKey(
    'raw',
    Buffer.from(k.json.publicKey, 'base64url'),
    { name: 'Ed25519' },
    false,
    ['verify'],
  );
  const ok = await crypto.subtle.verify(
    { name: 'Ed25519' },
    key,
    Buffer.from(s.json.signature, 'base64url'),
    new TextEncoder().encode(s.json.message),
  );
  assert.equal(ok, true);
  const other = await crypto.subtle.verify(
    { name: 'Ed25519' },
    key,
    Buffer.from(s.json.signature, 'base64url'),
    new TextEncoder().encode(s.json.message.replace(/.$/, '0')),
  );
  assert.equal(other && !s.json.message.endsWith('0'), false);
});

test('tables: the server seed is stored sealed (AES-256-GCM), never in clear before the end', async () => {
  const t = testApp('sealed');
  const r = await t.call('POST', '/v1/tables', { preset: 'doudizhu', fair: false });
  const row = await t.tables.readTable(r.json.tableId);
  const text = JSON.stringify(row!.doc);
  const doc = row!.doc as Json;
  const secret = JSON.parse(t.box.open(doc.hand.round));
  assert.equal(secret.serverSeed.length, 64);
  assert.equal(text.includes(secret.serverSeed), false);
  // One character changed inside (not the last, whose low bits may be padding): it no longer opens.
  const round: string = doc.hand.round;
  const at = round.length - 10;
  const altered = `${round.slice(0, at)}${round[at] === 'A' ? 'B' : 'A'}${round.slice(at + 1)}`;
  assert.throws(() => t.box.open(altered));
});

test('tables: a seat that never commits is recorded missing too; the others’ seeds still count', async () => {
  const t = testApp('nocommit');
  const r = await t.call('POST', '/v1/tables', { preset: 'doudizhu', revealTimeoutSeconds: 1 });
  const id = r.json.tableId;
  let table = r.json.table;
  const secrets = [0, 1].map((i) =>
    commitClientSeed(table.hand.announcement, table.players[i], `n${i}`, chacha20(`n${i}`)),
  );
  for (const i of [0, 1]) {
    table = (
      await t.call(
        'POST',
        `/v1/tables/${id}/actions`,
        { type: 'commit', version: table.version, commitment: secrets[i]!.commitment },
        bearer(r.json.seatTokens[i]),
      )
    ).json.table;
  }
  t.clock.t += 1000;
  let res = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'deal', version: table.version },
    bearer(r.json.seatTokens[0]),
  );
  // The forced deal closes the roster (two commitments) and deals at once: nobody revealed, so
  // every seat is missing — and the transcript is the dealer's alone (docs/FAIR.md §16).
  assert.equal(res.status, 200, res.text);
  table = res.json.table;
  assert.equal(table.hand.phase, 'playing');
  assert.deepEqual(table.hand.missing, ['seat-0', 'seat-1', 'seat-2']);
  res = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'reveal', version: table.version, seed: 'n0', salt: secrets[0]!.salt },
    bearer(r.json.seatTokens[0]),
  );
  assert.equal(res.status, 409, 'no reveal after the deal');
});

test('tables: two identical requests with one Idempotency-Key at once act once', async () => {
  const t = testApp('idem-race');
  const r = await t.call('POST', '/v1/tables', {
    preset: 'holdem',
    options: { seats: 2 },
    fair: false,
  });
  const id = r.json.tableId;
  const stock = r.json.table.hand.counts.stock;
  const send = () =>
    t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { type: 'draw', count: 3, version: 1 },
      {
        ...bearer(r.json.seatTokens[1]),
        'Idempotency-Key': 'same',
      },
    );
  const [a, b] = await Promise.all([send(), send()]);
  assert.equal(a.status, 200);
  assert.equal(a.text, b.text);
  const after = await t.call('GET', `/v1/tables/${id}`, undefined, bearer(r.json.seatTokens[1]));
  assert.equal(after.json.table.hand.counts.stock, stock - 3);
  assert.equal(after.json.table.version, 2);
  // The answer is a row of its own: the document, read and written by every action, stays small.
  assert.deepEqual((await t.tables.readTable(id))!.doc.idempotency, []);
  // The same key from another seat is another request (and here a stale one).
  const other = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'draw', count: 3, version: 1 },
    {
      ...bearer(r.json.seatTokens[0]),
      'Idempotency-Key': 'same',
    },
  );
  assert.equal(other.status, 409);
});

test('tables: tokens, seeds and salts never reach the log', async () => {
  const lines: string[] = [];
  const { createApp } = await import('../app.ts');
  const { openSqliteStore } = await import('../store/sqlite.ts');
  const { openSqliteTableStore } = await import('../store/sqlite-tables.ts');
  const { createLocalNotifier } = await import('../local-notifier.ts');
  const { createSecretBox } = await import('./secret-box.ts');
  const box = createSecretBox(new Uint8Array(32).fill(1));
  const app = createApp({
    store: openSqliteStore({ path: ':memory:' }),
    log: (l) => lines.push(l),
    tables: {
      store: openSqliteTableStore({ path: ':memory:' }),
      notifier: createLocalNotifier(),
      box,
    },
  });
  const call = async (path: string, body: object | undefined, token?: string) => {
    const res = await app.request(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? bearer(token) : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as Json;
  };
  const made = await call('/v1/tables', { preset: 'doudizhu', revealTimeoutSeconds: 0 });
  const c = commitClientSeed(made.table.hand.announcement, 'seat-0', 'secret-seed-xyz');
  const v1 = await call(
    `/v1/tables/${made.tableId}/actions`,
    { type: 'commit', version: 1, commitment: c.commitment },
    made.seatTokens[0],
  );
  await call(
    `/v1/tables/${made.tableId}/actions`,
    { type: 'deal', version: v1.table.version },
    made.hostToken,
  );
  const tk = await call(`/v1/tables/${made.tableId}/tickets`, {}, made.seatTokens[0]);
  await call(`/v1/tables/${made.tableId}/events?ticket=${tk.ticket}`, undefined);
  const log = lines.join('\n');
  assert.ok(lines.length >= 5);
  for (const secret of [made.hostToken, ...made.seatTokens, tk.ticket, 'secret-seed-xyz', c.salt]) {
    assert.equal(log.includes(secret), false);
  }
});

test('tables: bodies — not JSON 400, too large 413 (verify takes a shoe-sized transcript)', async () => {
  const t = testApp('bodies');
  const bad = await t.app.request('/v1/tables', { method: 'POST', body: '{nope' });
  assert.equal(bad.status, 400);
  const big = await t.call('POST', '/v1/tables', { preset: 'doudizhu', pad: 'x'.repeat(17_000) });
  assert.equal(big.status, 413);
  const verifyBig = await t.call('POST', '/v1/verify', {
    transcript: { pad: 'x'.repeat(100_000) },
  });
  assert.equal(verifyBig.status, 200);
  assert.equal(verifyBig.json.ok, false);
  assert.equal(
    (await t.call('POST', '/v1/tables', { preset: 'no-such-game' })).json.code,
    'UNKNOWN_PRESET',
  );
  assert.equal(
    (await t.call('POST', '/v1/tables', { preset: 'doudizhu', players: ['a', 'a', 'b'] })).status,
    400,
  );
});

test('tables: four-player Dou Dizhu deals 25 each; house rules (rob the landlord) reach the rules', async () => {
  const t = testApp('ddz4');
  const four = await t.call('POST', '/v1/tables', { preset: 'doudizhu-4p', fair: false });
  assert.equal(four.status, 201, four.text);
  const g = await t.call(
    'GET',
    `/v1/tables/${four.json.tableId}`,
    undefined,
    bearer(four.json.seatTokens[3]),
  );
  assert.deepEqual(g.json.table.hand.counts.hands, [25, 25, 25, 25]);
  assert.equal(g.json.table.hand.counts.kitty, 8);
  const rob = await t.call('POST', '/v1/tables', {
    preset: 'doudizhu',
    fair: false,
    rules: { robLandlord: true },
  });
  assert.equal(rob.status, 201, rob.text);
  const table = rob.json.table;
  const first = table.hand.game.turn;
  const classic = await t.call(
    'POST',
    `/v1/tables/${rob.json.tableId}/actions`,
    { type: 'bid', bid: 3, version: table.version },
    bearer(rob.json.seatTokens[first]),
  );
  assert.equal(classic.status, 422, 'a 1-2-3 bid is not a bid when robbing');
  const call = await t.call(
    'POST',
    `/v1/tables/${rob.json.tableId}/actions`,
    { type: 'bid', bid: 'call', version: table.version },
    bearer(rob.json.seatTokens[first]),
  );
  assert.equal(call.status, 200, call.text);
  assert.equal(
    (await t.call('POST', '/v1/tables', { preset: 'doudizhu', rules: { noSuchRule: true } }))
      .status,
    400,
  );
  assert.equal(
    (await t.call('POST', '/v1/tables', { preset: 'holdem', rules: { robLandlord: true } })).status,
    400,
  );
});

test('tables: a long table — the document keeps the last 20 hands, the chain and every transcript stay whole', async () => {
  const t = testApp('long table');
  const r = await t.openTable();
  const id = r.json.tableId;
  const host = bearer(r.json.hostToken);
  let version = r.json.table.version;
  const act = async (type: string) => {
    const res = await t.call('POST', `/v1/tables/${id}/actions`, { type, version }, host);
    assert.equal(res.status, 200, res.text);
    version = res.json.table.version;
    return res.json.table;
  };
  const HANDS = 23;
  const sizes: number[] = [];
  let table: Json;
  for (let n = 1; n <= HANDS; n++) {
    table = await act('end-hand');
    sizes.push(JSON.stringify((await t.tables.readTable(id))!.doc).length);
    if (n < HANDS) await act('next-hand');
  }
  assert.deepEqual(
    table.history.map((h: Json) => h.n),
    Array.from({ length: 20 }, (_, i) => HANDS - 19 + i),
  );
  // The stored document grows by a short summary a hand (it grew by a whole transcript, ~5 kB),
  // and not at all once it holds 20 of them.
  assert.ok(sizes[19]! - sizes[0]! < 19 * 200, `document sizes ${sizes.join(', ')}`);
  assert.ok(sizes.at(-1)! - sizes[19]! < 10, `document sizes ${sizes.join(', ')}`);
  const chain = await t.call('GET', `/v1/tables/${id}/chain`);
  const transcripts = chain.json.transcripts;
  assert.deepEqual(
    transcripts.map((x: Json) => x.hand),
    Array.from({ length: HANDS }, (_, i) => i + 1),
  );
  for (let i = 1; i < HANDS; i++) assert.equal(transcripts[i].prev, transcripts[i - 1].hash);
  assert.equal(transcripts[HANDS - 1].hash, table.history.at(-1).transcriptHash);
  const first = await t.call('GET', `/v1/tables/${id}/hands/1/transcript`);
  assert.equal(first.status, 200, first.text);
  assert.deepEqual(first.json.transcript, transcripts[0]);
  assert.equal((await t.call('GET', `/v1/tables/${id}/hands/1/commitment`)).status, 200);
  for (const bad of ['0', '99', 'x', '1.5']) {
    assert.equal((await t.call('GET', `/v1/tables/${id}/hands/${bad}/transcript`)).status, 404);
  }
});
