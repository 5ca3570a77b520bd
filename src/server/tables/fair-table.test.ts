// fairdeal-v3 at a service table, played by the people who would try to cheat at it: the host who
// would hold a seat, a stranger with a guessed invite, a second claimer, a seat that withholds,
// the host kicking an honest seat, and a dealer that would drop a reveal. Every hand is checked by
// the library's verifier and by /v1/verify, and their words must agree.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { bearer, playFair, seatedTable } from '../../../test/support/seated-table.ts';
import { type Json, testApp } from '../../../test/support/test-table.ts';
import {
  checkReceiptV3,
  createSeatKey,
  describeVerdict,
  disputeVoidV3,
  type VoidRecordV3,
  verify,
} from '../../fair/index.ts';
import { chacha20 } from '../../index.ts';
import { openSqliteTableStore } from '../store/sqlite/table-store.ts';
import type { SealedTableDocument } from './sealed-table-doc.ts';

const call = (t: ReturnType<typeof testApp>) => t.call;

test('v3 table: the host gets invites, never a seat token; the hand opens when every seat is claimed', async () => {
  const t = testApp('v3-open');
  const made = await t.call('POST', '/v1/tables', { preset: 'doudizhu' });
  assert.equal(made.status, 201, made.text);
  assert.equal(made.json.seatTokens, undefined, 'no seat token goes to the host');
  assert.equal(made.json.invites.length, 3);
  assert.equal(made.json.table.hand, null, 'no hand before the seats are claimed');
  const host = bearer(made.json.hostToken);
  const id = made.json.tableId;
  const keys = await Promise.all([0, 1, 2].map((k) => createSeatKey(chacha20(`k${k}`))));
  const claim = (seat: number, body: Json) =>
    t.call('POST', `/v1/tables/${id}/seats/${seat}/claim`, body);
  // A stranger guessing an invite, or using seat 1's invite for seat 0: refused.
  const guess = await claim(0, {
    invite: `fdt_invite_${'A'.repeat(43)}`,
    publicKey: keys[0]!.publicKey,
  });
  assert.equal(guess.status, 401);
  assert.equal(guess.json.code, 'BAD_INVITE');
  assert.equal(
    (await claim(0, { invite: made.json.invites[1].invite, publicKey: keys[0]!.publicKey })).json
      .code,
    'BAD_INVITE',
  );
  const first = await claim(0, {
    invite: made.json.invites[0].invite,
    publicKey: keys[0]!.publicKey,
  });
  assert.equal(first.status, 201, first.text);
  assert.match(first.json.seatToken, /^fdt_seat_/);
  assert.equal(first.json.table.you.seat, 0);
  // A second claim of the same seat — even with the same invite — is refused; the seat stays.
  const again = await claim(0, {
    invite: made.json.invites[0].invite,
    publicKey: keys[1]!.publicKey,
  });
  assert.equal(again.status, 409);
  assert.equal(again.json.code, 'SEAT_TAKEN');
  // One key cannot hold two seats: that would be one party counted twice.
  const twice = await claim(1, {
    invite: made.json.invites[1].invite,
    publicKey: keys[0]!.publicKey,
  });
  assert.equal(twice.json.code, 'KEY_IN_USE');
  const dealerKey = (await t.call('GET', '/.well-known/fairdeal-key')).json.dealer;
  assert.equal(
    (await claim(1, { invite: made.json.invites[1].invite, publicKey: dealerKey })).json.code,
    'KEY_IN_USE',
  );
  assert.equal(
    (await claim(1, { invite: made.json.invites[1].invite, publicKey: 'zz' })).status,
    400,
  );
  assert.equal(
    (await claim(1, { invite: made.json.invites[1].invite, publicKey: keys[1]!.publicKey })).status,
    201,
  );
  const last = await claim(2, {
    invite: made.json.invites[2].invite,
    publicKey: keys[2]!.publicKey,
  });
  assert.equal(last.status, 201);
  const hand = last.json.table.hand;
  assert.equal(hand.n, 1);
  assert.equal(hand.announcement.algorithm, 'fairdeal-v3');
  assert.deepEqual(
    hand.announcement.seats.map((s: Json) => s.key),
    keys.map((k) => k.publicKey),
  );
  assert.equal(hand.announcement.dealer, dealerKey);
  assert.deepEqual(hand.waitingFor, [0, 1, 2]);
  // The host's token reads the table as the host, never as a seat, and cannot act for one.
  const asHost = await t.call(
    'POST',
    `/v1/tables/${id}/actions`,
    {
      type: 'commit',
      version: last.json.table.version,
      commitment: '00'.repeat(32),
      signature: '00'.repeat(64),
    },
    host,
  );
  assert.equal(asHost.status, 403, asHost.text);
  assert.equal(
    (await t.call('GET', `/v1/tables/${id}`, undefined, host)).json.table.hand.yourCards,
    null,
  );
  // Nothing in any answer names a token or an invite.
  const view = await t.call('GET', `/v1/tables/${id}`, undefined, host);
  for (const secret of [
    made.json.hostToken,
    first.json.seatToken,
    ...made.json.invites.map((i: Json) => i.invite),
  ]) {
    assert.equal(view.text.includes(secret), false);
  }
});

test('v3 table: commits and reveals are public as they arrive, with receipts; only every seed deals; it is proven fair', async () => {
  const t = testApp('v3-fair');
  const s = await seatedTable(call(t), { preset: 'doudizhu' });
  const { table, seats } = await playFair(call(t), s);
  assert.equal(table.hand.phase, 'playing');
  assert.equal(table.hand.yourCards.length, 17);
  // Every seat saw every commit and reveal (they are in each seat's view), and kept its receipts.
  const bob = (await t.call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.seatTokens[1]!))).json
    .table;
  assert.equal(bob.hand.commits.filter((c: Json) => c !== null).length, 3);
  assert.equal(bob.hand.reveals.filter((r: Json) => r !== null).length, 3);
  assert.equal(bob.hand.receipts.length, 6);
  const dealer = (await t.call('GET', '/.well-known/fairdeal-key')).json.dealer;
  for (const seat of seats) {
    for (const r of seat!.receipts) assert.equal(await checkReceiptV3(r, dealer), true);
  }
  // Play is over when a seat empties its hand; here the host asks for the record after a redeal
  // or a finish — instead, read the chain at the end of a short table: end the hand by all-pass.
  let v = table.version;
  for (let i = 0; i < 3; i++) {
    const turn = (await t.call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.seatTokens[0]!)))
      .json.table.hand.game.turn;
    const r = await t.call(
      'POST',
      `/v1/tables/${s.id}/actions`,
      { type: 'bid', bid: 'pass', version: v },
      bearer(s.seatTokens[turn]!),
    );
    assert.equal(r.status, 200, r.text);
    v = r.json.table.version;
  }
  const rec = await t.call('GET', `/v1/tables/${s.id}/hands/1/transcript`);
  assert.equal(rec.status, 200, rec.text);
  const local = verify(rec.json.transcript, { dealer });
  assert.ok(local.ok, JSON.stringify(local));
  assert.equal(local.verdict.fairness, 'proven-fair');
  const remote = await t.call('POST', '/v1/verify', {
    transcript: rec.json.transcript,
    expected: { dealer },
  });
  assert.equal(remote.json.status, 'proven-fair');
  assert.equal(remote.json.green, true);
  assert.equal(
    remote.json.detail,
    describeVerdict(local.verdict).detail,
    'the service and the library use the same words',
  );
});

test('v3 table: a seat that withholds voids the hand after the deadline — never a deal without it — and the next hand opens', async () => {
  const t = testApp('v3-void');
  const s = await seatedTable(call(t), {
    preset: 'doudizhu',
    revealTimeoutSeconds: 60,
    withholdPenalty: 2,
  });
  const { table } = await playFair(call(t), s, { silentReveal: [2] });
  assert.equal(table.hand.phase, 'revealing');
  assert.deepEqual(table.hand.waitingFor, [2]);
  // The dealer (here: anyone) cannot deal without seat 2's seed, and cannot void early.
  const early = await t.call(
    'POST',
    `/v1/tables/${s.id}/actions`,
    { type: 'void', version: table.version },
    bearer(s.seatTokens[0]!),
  );
  assert.equal(early.status, 409);
  assert.equal(early.json.code, 'TOO_EARLY');
  const deal = await t.call(
    'POST',
    `/v1/tables/${s.id}/actions`,
    { type: 'deal', version: table.version },
    bearer(s.hostToken),
  );
  assert.notEqual(deal.status, 200, 'there is no deal without every seed');

  t.clock.t += 61_000;
  const voided = await t.call(
    'POST',
    `/v1/tables/${s.id}/actions`,
    { type: 'void', version: table.version },
    bearer(s.seatTokens[0]!),
  );
  assert.equal(voided.status, 200, voided.text);
  const next = voided.json.table;
  assert.equal(next.hand.n, 2, 'the next hand opened at once');
  assert.notEqual(next.hand.announcement.commitment, table.hand.announcement.commitment);
  assert.deepEqual(next.history.at(-1), {
    n: 1,
    transcriptHash: next.hand.announcement.prev,
    outcome: 'withheld',
    missing: [s.table.players[2]],
    score: { withheld: [2], points: 2 },
    holders: table.hand.announcement.seats.map((seat: { key: string }) => seat.key.slice(0, 16)),
  });
  const rec = await t.call('GET', `/v1/tables/${s.id}/hands/1/transcript`);
  assert.equal(rec.json.outcome, 'withheld');
  const v = verify(rec.json.transcript);
  assert.ok(v.ok, JSON.stringify(v));
  assert.equal(v.verdict.fairness, 'void');
  assert.equal(describeVerdict(v.verdict).green, false);
  assert.match(describeVerdict(v.verdict).detail, /seat 3 \(seat-2\) withheld its seed/);
});

test('v3 table: a dealer that drops a reveal it acknowledged is caught by the seat holding the receipt', async () => {
  const t = testApp('v3-drop');
  const s = await seatedTable(call(t), { preset: 'doudizhu', revealTimeoutSeconds: 60 });
  const { table, seats } = await playFair(call(t), s, { silentReveal: [1] });
  // The honest service voids with exactly seat 1 named: no receipt of seat 1's reveal exists.
  t.clock.t += 61_000;
  const r = await t.call(
    'POST',
    `/v1/tables/${s.id}/actions`,
    { type: 'void', version: table.version },
    bearer(s.hostToken),
  );
  assert.equal(r.status, 200, r.text);
  const record = (await t.call('GET', `/v1/tables/${s.id}/hands/1/transcript`)).json
    .transcript as VoidRecordV3;
  const held = seats.flatMap((x) => x?.receipts ?? []);
  assert.deepEqual(await disputeVoidV3(record, held), [], 'an honest void is not disputed');
  // A dealer claiming seat 0 withheld (it did not) would be contradicted by seat 0's receipt.
  const forged = {
    ...record,
    reveals: record.reveals.map((x, k) => (k === 0 ? null : x)),
    void: { ...record.void, seats: [0, 1] },
  };
  const caught = await disputeVoidV3(forged, held);
  assert.equal(caught.length, 1);
  assert.match(caught[0]!.message, /the dealer dropped it/);
});

test('v3 table: the host kicks a seat — the hand is void as kicked (never "did not reveal"), the token dies, a new player claims', async () => {
  const t = testApp('v3-kick');
  const s = await seatedTable(call(t), { preset: 'doudizhu' });
  await playFair(call(t), s, { silentReveal: [0, 1, 2] });
  // A seat cannot kick, nor replace another seat's token.
  const bySeat = await t.call(
    'POST',
    `/v1/tables/${s.id}/seats/2/kick`,
    undefined,
    bearer(s.seatTokens[0]!),
  );
  assert.equal(bySeat.status, 403);
  const steal = await t.call(
    'POST',
    `/v1/tables/${s.id}/seats/2/token`,
    undefined,
    bearer(s.seatTokens[0]!),
  );
  assert.equal(steal.status, 403);
  const hostReissue = await t.call(
    'POST',
    `/v1/tables/${s.id}/seats/2/token`,
    undefined,
    bearer(s.hostToken),
  );
  assert.equal(hostReissue.status, 403, 'the host never gets a seat token, not even by reissue');
  const kicked = await t.call(
    'POST',
    `/v1/tables/${s.id}/seats/2/kick`,
    undefined,
    bearer(s.hostToken),
  );
  assert.equal(kicked.status, 200, kicked.text);
  assert.match(kicked.json.invite, /^fdt_invite_/);
  assert.equal(
    (await t.call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.seatTokens[2]!))).status,
    401,
  );
  const rec = await t.call('GET', `/v1/tables/${s.id}/hands/1/transcript`);
  assert.equal(rec.json.outcome, 'kicked');
  const v = verify(rec.json.transcript);
  assert.ok(v.ok && v.verdict.fairness === 'void');
  assert.equal(v.ok && v.verdict.void?.reason, 'kicked');
  assert.match(
    describeVerdict(v.ok ? v.verdict : (undefined as never)).detail,
    /was kicked by the host/,
  );
  // The seat is open: no hand until someone claims it with the new invite.
  const view = (await t.call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.hostToken))).json
    .table;
  assert.equal(view.hand.phase, 'void');
  assert.equal(view.seatKeys[2], null);
  const key = await createSeatKey(chacha20('newcomer'));
  const claim = await t.call('POST', `/v1/tables/${s.id}/seats/2/claim`, {
    invite: kicked.json.invite,
    publicKey: key.publicKey,
  });
  assert.equal(claim.status, 201, claim.text);
  assert.equal(claim.json.table.hand.n, 2);
  assert.equal(claim.json.table.hand.announcement.seats[2].key, key.publicKey);
});

test('v3 table: a practice table deals at once and never reads as fair', async () => {
  const t = testApp('v3-practice');
  const s = await t.openTable({ preset: 'doudizhu', options: {}, fair: false });
  assert.equal(s.json.table.mode, 'practice');
  assert.equal(s.json.table.hand.phase, 'playing');
  assert.equal(s.json.table.hand.announcement.mode, 'practice');
});

test('v3 table: a table of an older fairdeal (fairdeal-v2 hands, host-held seat tokens) is not played on, and the sweep leaves it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-old-table-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 't.db');
  const t = testApp('v3-old', { tables: openSqliteTableStore<SealedTableDocument>({ path }) });
  const old = {
    format: 'fairdeal/table-1',
    id: 'old1',
    seats: 3,
    hostToken: '00'.repeat(32),
    seatTokens: ['11'.repeat(32)],
    hand: { phase: 'committing', deadline: 1 },
    history: [],
    eventSeq: {},
  };
  // Written by an older release (this release's document type does not describe it), due at 1.
  const sql = new DatabaseSync(path);
  sql
    .prepare(
      "INSERT INTO fd_tables (id, doc, version, created_at, updated_at, due_at) VALUES ('old1', ?, 1, 0, 0, 1)",
    )
    .run(JSON.stringify(old));
  sql.close();
  const r = await t.call('GET', '/v1/tables/old1', undefined, bearer(`fdt_seat_${'A'.repeat(43)}`));
  assert.equal(r.status, 409);
  assert.equal(r.json.code, 'TABLE_TOO_OLD');
  const act = await t.call(
    'POST',
    '/v1/tables/old1/actions',
    { type: 'void', version: 1 },
    bearer(`fdt_seat_${'A'.repeat(43)}`),
  );
  assert.equal(act.json.code, 'TABLE_TOO_OLD');
  const { sweepDue } = await import('./sweep-due.ts');
  const ctx = () => ({ now: t.clock.t, seal: t.box.seal, open: t.box.open, dealer: t.box.dealer });
  assert.equal(await sweepDue({ tables: t.tables, box: t.box, notifier: t.notifier, ctx }), 0);
  assert.deepEqual(await t.tables.listDue(t.clock.t, 10), [], 'never due again');
});
