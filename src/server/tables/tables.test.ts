import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callerOf } from '../../../test/support/live-hands.ts';
import { bearer, playFair, seatedTable, seatKey } from '../../../test/support/seated-table.ts';
import { type Json, testApp } from '../../../test/support/test-table.ts';
import {
  type AnnouncementV3,
  checkAnnouncementV3,
  checkReceiptV3,
  type ReceiptV3,
  type RosterV3,
  revealAsSeat,
  verify,
  verifyChain,
} from '../../fair/index.ts';

const TOKEN = /fdt_[a-z]+_[A-Za-z0-9_-]{43}/g;

test("tables: server seeds never come from the app's seeded source, only from the secure one", async () => {
  // Whoever knows the seed of the app's `source` (it shuffles the Deck of Cards API and makes ids)
  // must not learn the server seeds: two apps on the same seeded source open the same table, its
  // seats claimed with the same keys, and their announcements commit to different server seeds.
  const body = { preset: 'doudizhu', players: ['alice', 'bob', 'carol'] };
  const commitment = async (t: ReturnType<typeof testApp>) => {
    const s = await seatedTable(t.call, body);
    return { id: s.id, keys: s.keys, c: s.table.hand.announcement.commitment };
  };
  const a = await commitment(testApp('known', { secureServerSeeds: true }));
  const b = await commitment(testApp('known', { secureServerSeeds: true }));
  assert.equal(a.id, b.id, 'same seeded source, same table id: the headers are the same');
  assert.deepEqual(a.keys, b.keys, 'and the same seat keys');
  assert.notEqual(a.c, b.c);
  // The control: under the test-only escape the same seeded source does give the same seed.
  const x = await commitment(testApp('known'));
  const y = await commitment(testApp('known'));
  assert.equal(x.c, y.c);
});

test('tables: create, claim, commit and reveal (signed), deal; each seat sees its own 17 cards; tokens and invites shown once, never again', async () => {
  const t = testApp('create');
  // Every answer after the one that handed a secret out, to look for it there.
  const answers: { what: string; text: string }[] = [];
  const call = async (
    method: string,
    path: string,
    body?: object,
    headers?: Record<string, string>,
  ) => {
    const r = await t.call(method, path, body, headers);
    answers.push({ what: `${method} ${path}`, text: r.text });
    return r;
  };
  const r = await call('POST', '/v1/tables', {
    preset: 'doudizhu',
    players: ['alice', 'bob', 'carol'],
  });
  assert.equal(r.status, 201, r.text);
  const id: string = r.json.tableId;
  assert.equal(r.json.seatTokens, undefined, 'the host is never handed a seat token');
  assert.equal(r.json.table.hand, null, 'no hand before every seat is claimed');
  const invites: string[] = r.json.invites.map((i: Json) => i.invite);
  assert.deepEqual(
    r.json.invites.map((i: Json) => i.seat),
    [0, 1, 2],
  );
  const issued = new Map<string, number>([[r.json.hostToken, 0]]);
  for (const i of invites) issued.set(i, 0);
  const seatTokens: string[] = [];
  const keys = [];
  for (const [seat, invite] of invites.entries()) {
    const key = await seatKey(`create ${seat}`);
    const claim = await call('POST', `/v1/tables/${id}/seats/${seat}/claim`, {
      invite,
      publicKey: key.publicKey,
    });
    assert.equal(claim.status, 201, claim.text);
    seatTokens.push(claim.json.seatToken);
    keys.push(key);
    issued.set(claim.json.seatToken, answers.length - 1);
  }
  for (const tok of [r.json.hostToken, ...seatTokens, ...invites]) {
    assert.match(tok, /^fdt_(seat|host|invite)_[A-Za-z0-9_-]{43}$/); // 32 bytes = 256 bits
    // The stored document keeps only its hash.
    assert.equal(JSON.stringify((await t.tables.readTable(id))!.doc).includes(tok), false);
  }
  const s = { id, hostToken: r.json.hostToken, seatTokens, keys, table: null };
  const { table } = await playFair(call, s);
  assert.equal(table.hand.phase, 'playing');
  assert.equal(table.hand.yourCards.length, 17);
  const seen = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const g = await call('GET', `/v1/tables/${id}`, undefined, bearer(seatTokens[i]!));
    assert.equal(g.status, 200);
    assert.equal(g.json.table.you.seat, i);
    assert.equal(g.json.table.seatKeys[i], keys[i]!.publicKey);
    for (const c of g.json.table.hand.yourCards) seen.add(c);
    assert.deepEqual(g.json.table.hand.counts.hands, [17, 17, 17]);
    assert.equal(g.json.table.hand.kitty, null);
  }
  assert.equal(seen.size, 51);
  const host = await call('GET', `/v1/tables/${id}`, undefined, bearer(r.json.hostToken));
  assert.equal(host.json.table.hand.yourCards, null);
  for (const token of [r.json.hostToken, ...seatTokens]) {
    assert.equal(
      (await call('GET', `/v1/tables/${id}/events`, undefined, bearer(token))).status,
      200,
    );
  }
  await call('GET', `/v1/tables/${id}/hands/1/commitment`);
  const none = await call('GET', `/v1/tables/${id}`);
  assert.equal(none.status, 401);
  const wrong = await call(
    'GET',
    `/v1/tables/${id}`,
    undefined,
    bearer('fdt_seat_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
  );
  assert.equal(wrong.status, 401);
  assert.equal(wrong.text.includes('AAAAAAAAAAAA'), false);
  // A used invite claims nothing more, and is not echoed.
  const reuse = await call('POST', `/v1/tables/${id}/seats/0/claim`, {
    invite: invites[0],
    publicKey: (await seatKey('late')).publicKey,
  });
  assert.equal(reuse.status, 409, reuse.text);
  // Each secret is in the one answer that handed it out, and in no other answer.
  assert.ok(answers.length > 20);
  for (const [secret, at] of issued) {
    answers.forEach((a, k) => {
      assert.equal(a.text.includes(secret), k === at, `${a.what} (answer ${k}) and a secret`);
    });
  }
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

test('tables: a Dou Dizhu hand end to end — bids, legal plays enforced, transcript proven fair here and at /v1/verify, chain', async () => {
  const t = testApp('ddz');
  const s = await seatedTable(t.call, { preset: 'doudizhu' });
  const id = s.id;
  const tokens = s.seatTokens;
  let { table } = await playFair(t.call, s);
  const announced = table.hand.announcement.commitment;
  const rosterHash = table.hand.roster.hash;
  const dealer = (await t.call('GET', '/.well-known/fairdeal-key')).json.dealer;
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
  const seatView = async (k: number) =>
    (await t.call('GET', `/v1/tables/${id}`, undefined, bearer(tokens[k]!))).json.table;
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
    const k = table.hand.game.turn as number;
    lv = await seatView(k);
    const mine: string[] = lv.hand.yourCards;
    let done = false;
    for (const c of [...mine].reverse()) {
      res = await act(k, { type: 'play', cards: [c] });
      if (res.status === 200) {
        done = true;
        break;
      }
      assert.equal(res.status, 422, res.text);
    }
    if (!done) res = await act(k, { type: 'pass' });
    assert.equal(res.status, 200, res.text);
    table = res.json.table;
  }
  assert.equal(table.hand.phase, 'ended');
  assert.ok(table.history[0].score !== null);
  const tr = await t.call('GET', `/v1/tables/${id}/hands/1/transcript`);
  assert.equal(tr.status, 200);
  assert.equal(tr.json.outcome, 'dealt');
  assert.equal(tr.json.transcript.algorithm, 'fairdeal-v3');
  // Held to what was published before the deal: the commitment, the roster, the dealer's key.
  const local = verify(tr.json.transcript, { commitment: announced, rosterHash, dealer });
  assert.ok(local.ok, JSON.stringify(local));
  assert.equal(local.verdict.fairness, 'proven-fair');
  const http = await t.call('POST', '/v1/verify', {
    transcript: tr.json.transcript,
    expected: { commitment: announced, rosterHash, dealer },
  });
  assert.equal(http.json.ok, true, http.text);
  assert.equal(http.json.status, 'proven-fair');
  assert.equal(http.json.green, true);
  // Held to another key (a dealer's look-alike), the same record is refused.
  const otherKey = (await seatKey('not the dealer')).publicKey;
  assert.equal(verify(tr.json.transcript, { dealer: otherKey }).ok, false);
  const forged = structuredClone(tr.json.transcript);
  forged.cards[0].to = forged.cards[0].to === 'kitty' ? 'hand:0' : 'kitty';
  const caught = await t.call('POST', '/v1/verify', { transcript: forged });
  assert.equal(caught.json.ok, false);
  assert.equal(caught.json.green, undefined, 'a refused record is never green');
  assert.ok(tr.json.score !== null && tr.json.log.some((a: Json) => a.type === 'play'));
  // Next hand chains to this one.
  res = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'next-hand', version: table.version },
    bearer(s.hostToken),
  );
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.table.hand.announcement.prev, tr.json.transcript.hash);
  const chain = await t.call('GET', `/v1/tables/${id}/chain`);
  assert.equal(chain.json.transcripts.length, 1);
  assert.deepEqual(chain.json.transcripts[0], tr.json.transcript);
  assert.equal(verifyChain(chain.json.transcripts).ok, true);
});

test('tables: a seat that never reveals — no deal without its seed; after the deadline the hand is void naming it, the next hand opens', async () => {
  // fairdeal-v2 dealt here without the silent seat ("missing"); v3 never deals with fewer seeds
  // (docs/FAIR.md §V3.1): the hand is void, the seat named, and a fresh hand opens.
  const t = testApp('missing');
  const s = await seatedTable(t.call, { preset: 'doudizhu', revealTimeoutSeconds: 60 });
  const id = s.id;
  const { table, seats } = await playFair(t.call, s, { silentReveal: [2] });
  assert.equal(table.hand.phase, 'revealing');
  assert.deepEqual(table.hand.waitingFor, [2]);
  // Seat 2 tries another seed than the one it committed to, signed: refused.
  const roster = table.hand.roster as RosterV3;
  const other = await revealAsSeat({ ...seats[2]!.mine, seed: 'other' }, roster, s.keys[2]!);
  const badReveal = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'reveal', version: table.version, ...other },
    bearer(s.seatTokens[2]!),
  );
  assert.equal(badReveal.status, 422, badReveal.text);
  assert.equal(badReveal.json.code, 'REVEAL_MISMATCH');
  const act = (type: string, token?: string) =>
    t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { type, version: table.version },
      token === undefined ? {} : bearer(token),
    );
  // Nobody — not the host, not a seat that revealed — deals or voids before the deadline.
  for (const token of [s.hostToken, s.seatTokens[0]!]) {
    const early = await act('void', token);
    assert.equal(early.status, 409, early.text);
    assert.equal(early.json.code, 'TOO_EARLY');
    assert.notEqual((await act('deal', token)).status, 200, 'there is no deal without every seed');
  }
  t.clock.t += 59_999;
  assert.equal((await act('void', s.hostToken)).json.code, 'TOO_EARLY');
  t.clock.t += 1;
  assert.equal((await act('void')).status, 401, 'a stranger voids nothing');
  const voided = await act('void', s.hostToken);
  assert.equal(voided.status, 200, voided.text);
  const next = voided.json.table;
  assert.equal(next.hand.n, 2, 'the next hand opened at once');
  assert.equal(next.hand.phase, 'committing');
  assert.deepEqual(next.hand.commits, [null, null, null]);
  assert.notEqual(next.hand.announcement.commitment, table.hand.announcement.commitment);
  assert.deepEqual(next.history.at(-1), {
    n: 1,
    transcriptHash: next.hand.announcement.prev,
    outcome: 'withheld',
    missing: ['seat-2'],
    score: null,
    // Who held each seat: the announcement's keys, cut to 16 hex digits.
    holders: table.hand.announcement.seats.map((seat: Json) => seat.key.slice(0, 16)),
  });
  const rec = await t.call('GET', `/v1/tables/${id}/hands/1/transcript`);
  assert.equal(rec.json.outcome, 'withheld');
  assert.deepEqual(rec.json.missing, ['seat-2']);
  assert.equal(rec.json.transcript.kind, 'void');
  assert.equal(rec.json.transcript.cards, undefined, 'never dealt');
  const v = verify(rec.json.transcript, {
    commitment: table.hand.announcement.commitment,
    rosterHash: roster.hash,
  });
  assert.ok(v.ok, JSON.stringify(v));
  assert.equal(v.verdict.fairness, 'void');
  assert.deepEqual(v.ok && v.verdict.version === 'fairdeal-v3' && v.verdict.void, {
    reason: 'withheld',
    seats: [2],
  });
  // The two seeds that were revealed are in the record; the withheld one is not.
  assert.deepEqual(
    rec.json.transcript.reveals.map((x: Json) => x?.seed ?? null),
    [seats[0]!.mine.seed, seats[1]!.mine.seed, null],
  );
  // Seat 2's late reveal for hand 1 is refused: hand 2 is another commitment.
  const late = await revealAsSeat(seats[2]!.mine, roster, s.keys[2]!);
  const refused = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'reveal', version: next.version, ...late },
    bearer(s.seatTokens[2]!),
  );
  assert.equal(refused.status, 409, refused.text);
  const chain = (await t.call('GET', `/v1/tables/${id}/chain`)).json.transcripts;
  assert.equal(verifyChain(chain).ok, true);
});

test('tables: a seat that never commits — the roster never closes; after the deadline the hand is void naming exactly it', async () => {
  // fairdeal-v2 dealt here from the dealer's seed alone; v3 voids the hand instead.
  const t = testApp('nocommit');
  const s = await seatedTable(t.call, { preset: 'doudizhu', revealTimeoutSeconds: 1 });
  const id = s.id;
  const { table, seats } = await playFair(t.call, s, { silent: [1] });
  assert.equal(table.hand.phase, 'committing');
  assert.equal(table.hand.roster, null);
  assert.deepEqual(table.hand.waitingFor, [1]);
  // Seat 0 cannot reveal early: no roster, no reveal (its seed must not go out before all commit).
  const reveal = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    {
      type: 'reveal',
      version: table.version,
      seed: seats[0]!.mine.seed,
      salt: seats[0]!.mine.salt,
      signature: seats[0]!.mine.signature,
    },
    bearer(s.seatTokens[0]!),
  );
  assert.equal(reveal.status, 409, reveal.text);
  const tooEarly = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'void', version: table.version },
    bearer(s.seatTokens[0]!),
  );
  assert.equal(tooEarly.json.code, 'TOO_EARLY');
  t.clock.t += 1000;
  const res = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'void', version: table.version },
    bearer(s.seatTokens[0]!),
  );
  assert.equal(res.status, 200, res.text);
  assert.equal(res.json.table.hand.n, 2);
  assert.equal(res.json.table.hand.yourCards, null, 'nothing was dealt');
  assert.notEqual(res.json.table.hand.announcement.commitment, table.hand.announcement.commitment);
  const rec = (await t.call('GET', `/v1/tables/${id}/hands/1/transcript`)).json;
  assert.equal(rec.outcome, 'withheld');
  const v = verify(rec.transcript);
  assert.ok(v.ok, JSON.stringify(v));
  assert.equal(v.verdict.fairness, 'void');
  assert.deepEqual(v.verdict.missing, ['seat-1']);
  assert.deepEqual(v.ok && v.verdict.version === 'fairdeal-v3' && v.verdict.void?.seats, [1]);
  // The others' signed commitments are in the record, so seat 1 alone is blamed.
  assert.deepEqual(
    rec.transcript.commits.map((c: Json) => c?.commitment ?? null),
    [seats[0]!.mine.commitment, null, seats[2]!.mine.commitment],
  );
  assert.equal(rec.transcript.roster, null);
});

test('tables: the host kicks (the token dies at once, the hand is void as kicked, the new invite claims); only the seat itself reissues its token', async () => {
  // fairdeal-v2 let the host reissue and revoke seat tokens. Under v3 the host never holds a
  // seat's token: revoking became kicking, and reissuing is the seat's own act.
  const t = testApp('tokens');
  const s = await seatedTable(t.call, { preset: 'doudizhu' });
  const id = s.id;
  const host = bearer(s.hostToken);
  const reissue = (seat: number, token: string) =>
    t.call('POST', `/v1/tables/${id}/seats/${seat}/token`, {}, bearer(token));
  // The host and another seat are refused a seat's new token; the seat's token still works.
  for (const token of [s.hostToken, s.seatTokens[0]!, s.seatTokens[2]!]) {
    const r = await reissue(1, token);
    assert.equal(r.status, 403, r.text);
    assert.equal(r.json.code, 'FORBIDDEN');
    assert.equal(r.json.seatToken, undefined);
  }
  assert.equal(
    (await reissue(1, 'fdt_seat_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status,
    401,
  );
  const old = s.seatTokens[1]!;
  assert.equal((await t.call('GET', `/v1/tables/${id}`, undefined, bearer(old))).status, 200);
  // The seat replaces its own token: the old one is dead at once, the new one is the seat.
  const re = await reissue(1, old);
  assert.equal(re.status, 200, re.text);
  assert.notEqual(re.json.seatToken, old);
  assert.equal((await t.call('GET', `/v1/tables/${id}`, undefined, bearer(old))).status, 401);
  assert.equal(
    (await t.call('GET', `/v1/tables/${id}`, undefined, bearer(re.json.seatToken))).json.table.you
      .seat,
    1,
  );
  // A seat cannot kick another.
  const bySeat = await t.call('POST', `/v1/tables/${id}/seats/2/kick`, undefined, bearer(old));
  assert.equal(bySeat.status, 401);
  const bySeat0 = await t.call(
    'POST',
    `/v1/tables/${id}/seats/2/kick`,
    undefined,
    bearer(s.seatTokens[0]!),
  );
  assert.equal(bySeat0.status, 403);
  // The host kicks seat 1 (DELETE …/token is the same as …/kick): its token dies at once.
  const commitment = s.table.hand.announcement.commitment;
  const kicked = await t.call('DELETE', `/v1/tables/${id}/seats/1/token`, undefined, host);
  assert.equal(kicked.status, 200, kicked.text);
  assert.match(kicked.json.invite, /^fdt_invite_/);
  const dead = await t.call('GET', `/v1/tables/${id}`, undefined, bearer(re.json.seatToken));
  assert.equal(dead.status, 401);
  const rec = (await t.call('GET', `/v1/tables/${id}/hands/1/transcript`)).json;
  assert.equal(rec.outcome, 'kicked');
  const v = verify(rec.transcript, { commitment });
  assert.ok(v.ok, JSON.stringify(v));
  assert.deepEqual(v.ok && v.verdict.version === 'fairdeal-v3' && v.verdict.void, {
    reason: 'kicked',
    seats: [1],
  });
  // Kicking an open seat again is refused; the new invite claims it (once), the next hand opens.
  const again = await t.call('POST', `/v1/tables/${id}/seats/1/kick`, undefined, host);
  assert.equal(again.status, 409);
  assert.equal(again.json.code, 'SEAT_OPEN');
  const newcomer = await seatKey('newcomer');
  const claim = await t.call('POST', `/v1/tables/${id}/seats/1/claim`, {
    invite: kicked.json.invite,
    publicKey: newcomer.publicKey,
  });
  assert.equal(claim.status, 201, claim.text);
  assert.equal(claim.json.table.you.seat, 1);
  assert.equal(claim.json.table.hand.n, 2);
  assert.equal(claim.json.table.hand.announcement.seats[1].key, newcomer.publicKey);
  assert.equal(claim.json.table.hand.announcement.prev, rec.transcript.hash);
  // The old token stays dead after the seat is taken again.
  assert.equal((await t.call('GET', `/v1/tables/${id}`, undefined, bearer(old))).status, 401);
  const reuse = await t.call('POST', `/v1/tables/${id}/seats/1/claim`, {
    invite: kicked.json.invite,
    publicKey: (await seatKey('third')).publicKey,
  });
  assert.equal(reuse.status, 409);
});

test('tables: commitments are signed — the announcement by the dealer key at /.well-known/fairdeal-key, and every receipt', async () => {
  const t = testApp('sign');
  const s = await seatedTable(t.call, { preset: 'doudizhu' });
  const k = await t.call('GET', '/.well-known/fairdeal-key');
  const dealer: string = k.json.dealer;
  // The raw key (base64url) and the hex key are the same key.
  assert.equal(Buffer.from(k.json.publicKey, 'base64url').toString('hex'), dealer);
  const c = await t.call('GET', `/v1/tables/${s.id}/hands/1/commitment`);
  assert.equal(c.status, 200, c.text);
  const a = c.json.announcement as AnnouncementV3;
  assert.equal(c.json.commitment, s.table.hand.announcement.commitment);
  assert.equal(a.dealer, dealer);
  for (let seat = 0; seat < 3; seat++) {
    await checkAnnouncementV3(a, { seat, publicKey: s.keys[seat]!.publicKey, dealer });
  }
  // Altered in any signed part, or held to another dealer, it is refused.
  for (const altered of [
    { ...a, commitment: '00'.repeat(32) },
    { ...a, at: a.at + 1 },
    { ...a, seats: [a.seats[1]!, a.seats[0]!, a.seats[2]!] },
  ]) {
    await assert.rejects(
      checkAnnouncementV3(altered, { seat: 2, publicKey: s.keys[2]!.publicKey, dealer }),
      /signed by the dealer|does not hold your key/,
    );
  }
  await assert.rejects(
    checkAnnouncementV3(a, {
      seat: 0,
      publicKey: s.keys[0]!.publicKey,
      dealer: (await seatKey('impostor')).publicKey,
    }),
    /not from the dealer you trust/,
  );
  // Every commit and reveal was answered with a receipt signed by the same key.
  const { seats } = await playFair(t.call, s);
  const receipts = seats.flatMap((x) => x!.receipts);
  assert.equal(receipts.length, 6);
  for (const r of receipts) assert.equal(await checkReceiptV3(r, dealer), true);
  const r0 = receipts[0] as ReceiptV3;
  assert.equal(await checkReceiptV3({ ...r0, seat: r0.seat + 1 }, dealer), false);
  assert.equal(await checkReceiptV3({ ...r0, kind: 'reveal' }, dealer), false);
  assert.equal(await checkReceiptV3(r0, (await seatKey('impostor')).publicKey), false);
});

test('tables: the server seed is stored sealed (AES-256-GCM), never in clear before the end', async () => {
  const t = testApp('sealed');
  for (const fair of [true, false]) {
    const r = fair
      ? await seatedTable(t.call, { preset: 'doudizhu' })
      : (await t.openTable({ preset: 'doudizhu', options: {}, fair: false })).json;
    const id = fair ? (r as Json).id : (r as Json).tableId;
    const row = await t.tables.readTable(id);
    const text = JSON.stringify(row!.doc);
    const doc = row!.doc;
    const secret = JSON.parse(t.box.open(doc.hand!.round));
    assert.match(secret.serverSeed, /^[0-9a-f]{64}$/);
    assert.equal(text.includes(secret.serverSeed), false);
    // One character changed inside (not the last, whose low bits may be padding): it no longer opens.
    const round = doc.hand!.round;
    const at = round.length - 10;
    const altered = `${round.slice(0, at)}${round[at] === 'A' ? 'B' : 'A'}${round.slice(at + 1)}`;
    assert.throws(() => t.box.open(altered));
  }
});

test('tables: two identical requests with one Idempotency-Key at once act once', async () => {
  const t = testApp('idem-race');
  const r = await t.openTable();
  const id = r.json.tableId;
  const version = r.json.table.version;
  const stock = r.json.table.hand.counts.stock;
  const send = () =>
    t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { type: 'draw', count: 3, version },
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
  assert.equal(after.json.table.version, version + 1);
  // The answer is a row of its own: the document, read and written by every action, stays small.
  assert.deepEqual((await t.tables.readTable(id))!.doc.idempotency, []);
  // The same key from another seat is another request (and here a stale one).
  const other = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    { type: 'draw', count: 3, version },
    {
      ...bearer(r.json.seatTokens[0]),
      'Idempotency-Key': 'same',
    },
  );
  assert.equal(other.status, 409);
});

test('tables: tokens, invites, seeds, salts and private keys never reach the log', async () => {
  const lines: string[] = [];
  const { createApp } = await import('../app.ts');
  const { openSqliteStore } = await import('../store/sqlite/deck-store.ts');
  const { openSqliteTableStore } = await import('../store/sqlite/table-store.ts');
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
  // Every secret any answer hands out (host and seat tokens, invites, tickets) is collected.
  const handedOut = new Set<string>();
  const raw = callerOf(async (path, init) => app.request(path, init));
  const call: typeof raw = async (...args) => {
    const r = await raw(...args);
    for (const m of r.text.matchAll(TOKEN)) handedOut.add(m[0]);
    return r;
  };
  const s = await seatedTable(call, { preset: 'doudizhu', revealTimeoutSeconds: 0 });
  const { table, seats } = await playFair(call, s, { silentReveal: [2] });
  // The host voids the hand (seat 2 withheld), seat 0 replaces its token, the host kicks seat 1.
  const v = await call(
    'POST',
    `/v1/tables/${s.id}/actions`,
    { type: 'void', version: table.version },
    bearer(s.hostToken),
  );
  assert.equal(v.status, 200, v.text);
  const re = await call('POST', `/v1/tables/${s.id}/seats/0/token`, {}, bearer(s.seatTokens[0]!));
  assert.equal(re.status, 200, re.text);
  const kick = await call(
    'POST',
    `/v1/tables/${s.id}/seats/1/kick`,
    undefined,
    bearer(s.hostToken),
  );
  assert.equal(kick.status, 200, kick.text);
  const tk = await call(`POST`, `/v1/tables/${s.id}/tickets`, {}, bearer(re.json.seatToken));
  await call('GET', `/v1/tables/${s.id}/events?ticket=${tk.json.ticket}`);
  // Secrets where a log could pick them up: as the request id, in the path, after a line break.
  for (const token of handedOut) {
    await app.request(`/v1/tables/${s.id}`, { headers: { 'X-Request-Id': token } });
  }
  await app.request(`/v1/tables/${s.id}/x%0A${s.hostToken}`, { headers: bearer(s.hostToken) });
  const log = lines.join('\n');
  // One JSON object a line (docs/DEPLOY.md, "Logs"): no field can start a forged record.
  for (const line of lines) assert.equal(typeof JSON.parse(line), 'object', line);
  assert.ok(lines.length >= 15, log);
  // Invites (3 + the kick's), host, 3 seats + 1 reissued, a ticket.
  assert.ok(handedOut.size >= 10, [...handedOut].join(' '));
  const secrets = [
    ...handedOut,
    ...s.keys.map((k) => k.privateKey),
    ...seats.flatMap((x) => [x!.mine.seed, x!.mine.salt]),
  ];
  for (const secret of secrets) assert.equal(log.includes(secret), false, secret);
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
  // A claim's body too: not JSON, too large, no invite — each refused, the seat still open.
  const made = await t.call('POST', '/v1/tables', { preset: 'doudizhu' });
  const claimPath = `/v1/tables/${made.json.tableId}/seats/0/claim`;
  const notJson = await t.app.request(claimPath, { method: 'POST', body: '{nope' });
  assert.equal(notJson.status, 400);
  assert.equal(((await notJson.json()) as Json).success, false);
  const key = (await seatKey('bodies')).publicKey;
  const huge = await t.call('POST', claimPath, {
    invite: made.json.invites[0].invite,
    publicKey: key,
    pad: 'x'.repeat(17_000),
  });
  assert.equal(huge.status, 413);
  assert.equal((await t.call('POST', claimPath, { publicKey: key })).status, 400);
  const g = await t.call(
    'GET',
    `/v1/tables/${made.json.tableId}`,
    undefined,
    bearer(made.json.hostToken),
  );
  assert.equal(g.json.table.seatKeys[0], null, 'no half-applied claim');
});

test('tables: four-player Dou Dizhu deals 25 each; house rules (rob the landlord) reach the rules', async () => {
  const t = testApp('ddz4');
  const four = await t.openTable({ preset: 'doudizhu-4p', options: {}, fair: false });
  const g = await t.call(
    'GET',
    `/v1/tables/${four.json.tableId}`,
    undefined,
    bearer(four.json.seatTokens[3]),
  );
  assert.deepEqual(g.json.table.hand.counts.hands, [25, 25, 25, 25]);
  assert.equal(g.json.table.hand.counts.kitty, 8);
  assert.equal(g.json.table.hand.yourCards.length, 25);
  // And at a fair table: four keyed seats, every seed, proven fair.
  const fair = await seatedTable(t.call, { preset: 'doudizhu-4p' });
  const played = await playFair(t.call, fair);
  assert.deepEqual(played.table.hand.counts.hands, [25, 25, 25, 25]);
  assert.equal(played.table.hand.announcement.seats.length, 4);
  const rob = await t.openTable({
    preset: 'doudizhu',
    options: {},
    fair: false,
    rules: { robLandlord: true },
  });
  const table = rob.json.table;
  assert.deepEqual(table.rules, { robLandlord: true });
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
  // A practice table: 23 hands dealt at once by the host (fair hands would add six signed
  // messages a hand and prove nothing more about the document or the chain).
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
  assert.equal(verifyChain(transcripts).ok, true);
  // A hand left out of the chain is noticed.
  assert.equal(verifyChain(transcripts.filter((_: Json, i: number) => i !== 5)).ok, false);
  const first = await t.call('GET', `/v1/tables/${id}/hands/1/transcript`);
  assert.equal(first.status, 200, first.text);
  assert.deepEqual(first.json.transcript, transcripts[0]);
  const past = await t.call('GET', `/v1/tables/${id}/hands/1/commitment`);
  assert.equal(past.status, 200);
  assert.equal(past.json.commitment, transcripts[0].server.commitment);
  assert.equal(past.json.dealer, transcripts[0].dealer);
  for (const bad of ['0', '99', 'x', '1.5']) {
    assert.equal((await t.call('GET', `/v1/tables/${id}/hands/${bad}/transcript`)).status, 404);
  }
});
