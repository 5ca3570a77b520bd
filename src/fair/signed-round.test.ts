import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inspect } from 'node:util';
import { chacha20 } from '../random/chacha20.ts';
import { bytesToHex } from '../random/hex.ts';
import { sha256 } from '../random/sha256.ts';
import { dealerSigner } from './dealer-key.ts';
import { describeVerdict } from './describe-verdict.ts';
import { transcriptMessageV3 } from './messages-v3.ts';
import {
  checkAnnouncementV3,
  checkReceiptV3,
  checkRosterV3,
  commitAsSeat,
  createSeatKey,
  disputeVoidV3,
  revealAsSeat,
  type SeatKeyPair,
} from './seat-v3.ts';
import { type ReceiptV3, SignedRound, type SignedRoundSecretState } from './signed-round.ts';
import { type FairTranscriptV3, recordHashV3, type VoidRecordV3 } from './transcript-v3.ts';
import { verify, verifyAsync } from './verify.ts';

const bytes = (label: string) => sha256(new TextEncoder().encode(label));
const dealer = dealerSigner(bytes('dealer key'));
const evilDealer = dealerSigner(bytes('another dealer key'));
const players = ['alice', 'bob', 'carol'];

async function keys(label = 'seats'): Promise<SeatKeyPair[]> {
  const src = chacha20(label);
  return Promise.all(players.map(() => createSeatKey(src)));
}

function open(seatKeys: readonly SeatKeyPair[], o: { hand?: number; prev?: string | null } = {}) {
  return SignedRound.open({
    table: 'club-7',
    hand: o.hand ?? 1,
    prev: o.prev ?? null,
    preset: 'doudizhu',
    seats: seatKeys.map((k, i) => ({ player: players[i]!, key: k.publicKey })),
    dealer,
    at: 1_000,
    testOnlyServerSeed: bytes(`server seed ${o.hand ?? 1}`),
  });
}

/** A whole honest hand: every seat checks, commits, checks the roster, reveals. */
async function playHand(round: SignedRound, seatKeys: readonly SeatKeyPair[]) {
  const a = round.announcement;
  const mine = [];
  const receipts: ReceiptV3[] = [];
  for (let k = 0; k < seatKeys.length; k++) {
    await checkAnnouncementV3(a, {
      seat: k,
      publicKey: seatKeys[k]!.publicKey,
      dealer: dealer.publicKey,
    });
    const c = await commitAsSeat(
      a,
      k,
      `seed of ${players[k]}`,
      seatKeys[k]!,
      chacha20(`salt ${k}`),
    );
    mine.push(c);
    receipts.push(round.commit(k, c, 2_000 + k));
  }
  const roster = round.closeRoster(3_000);
  for (let k = 0; k < seatKeys.length; k++) {
    await checkRosterV3(roster, a, mine[k]!);
    receipts.push(round.reveal(k, await revealAsSeat(mine[k]!, roster, seatKeys[k]!), 4_000 + k));
  }
  return { mine, roster, receipts };
}

test('an honest three-seat hand is proven fair, by verify and verifyAsync alike', async () => {
  const seatKeys = await keys();
  const round = open(seatKeys);
  const { receipts } = await playHand(round, seatKeys);
  for (const r of receipts) assert.equal(await checkReceiptV3(r, dealer.publicKey), true);
  const { transcript, deal } = round.deal();
  assert.equal(deal.hands.length, 3);
  assert.equal(transcript.cards.length, 54);
  const text = JSON.stringify(transcript);
  const sync = verify(text, { dealer: dealer.publicKey, commitment: round.commitment });
  const async_ = await verifyAsync(text, { dealer: dealer.publicKey });
  assert.ok(sync.ok, JSON.stringify(sync));
  assert.deepEqual(async_, sync);
  assert.equal(sync.verdict.fairness, 'proven-fair');
  const words = describeVerdict(sync.verdict);
  assert.equal(words.green, true);
  assert.equal(words.exitCode, 0);
  assert.match(words.detail, /proven fair among 3 independently keyed seats/);
  // The transcript's times run in protocol order.
  assert.deepEqual(
    [transcript.server.at, ...transcript.commits.map((c) => c!.at), transcript.roster!.at],
    [1_000, 2_000, 2_001, 2_002, 3_000],
  );
});

test('the dealer cannot choose which reveals count: no deal without every seed', async () => {
  const seatKeys = await keys();
  const round = open(seatKeys);
  const a = round.announcement;
  const mine = await Promise.all(seatKeys.map((key, k) => commitAsSeat(a, k, `s${k}`, key)));
  mine.forEach((c, k) => {
    round.commit(k, c, 2_000);
  });
  const roster = round.closeRoster(3_000);
  for (const k of [0, 1])
    round.reveal(k, await revealAsSeat(mine[k]!, roster, seatKeys[k]!), 4_000);
  assert.throws(() => round.deal(), {
    code: 'PROTOCOL_ORDER',
    message: /waiting for seat 2 to reveal/,
  });
  // The only way on is to void the hand, naming exactly who withheld.
  const record = round.voidHand({ reason: 'withheld', at: 5_000 });
  assert.deepEqual(record.void.seats, [2]);
  const r = verify(JSON.stringify(record), { dealer: dealer.publicKey });
  assert.ok(r.ok, JSON.stringify(r));
  assert.equal(r.verdict.fairness, 'void');
  assert.deepEqual(r.verdict.missing, ['carol']);
  assert.match(
    describeVerdict(r.verdict).detail,
    /voided and never dealt: seat 3 \(carol\) withheld/,
  );
  assert.throws(() => round.deal(), { code: 'VOID_HAND' });
});

test("a forged dealt transcript without one seat's reveal does not verify", async () => {
  const seatKeys = await keys();
  const round = open(seatKeys);
  await playHand(round, seatKeys);
  const { transcript } = round.deal();
  const dropped = {
    ...transcript,
    reveals: transcript.reveals.map((x, k) => (k === 2 ? null : x)),
  };
  const r = verify(JSON.stringify(dropped));
  assert.equal(r.ok, false);
  assert.ok(
    !r.ok &&
      r.problems.some(
        (p) => p.field === 'reveals[2]' && /never revealed, yet the hand was dealt/.test(p.message),
      ),
  );
});

test('a dealer that drops a reveal it signed a receipt for is caught by the seat holding it', async () => {
  const seatKeys = await keys();
  const round = open(seatKeys);
  const a = round.announcement;
  const mine = await Promise.all(seatKeys.map((key, k) => commitAsSeat(a, k, `s${k}`, key)));
  mine.forEach((c, k) => {
    round.commit(k, c, 2_000);
  });
  const roster = round.closeRoster(3_000);
  for (const k of [0, 1])
    round.reveal(k, await revealAsSeat(mine[k]!, roster, seatKeys[k]!), 4_000);
  const before = round.exportSecretState();
  const receipt = round.reveal(2, await revealAsSeat(mine[2]!, roster, seatKeys[2]!), 4_500);
  // The cheat: go back to the state before carol's reveal and void the hand as "withheld".
  const rewound = SignedRound.restore(before, dealer);
  const record = rewound.voidHand({ reason: 'withheld', at: 5_000 });
  assert.ok(verify(JSON.stringify(record)).ok, 'the record itself is well-formed');
  const caught = await disputeVoidV3(record, [receipt]);
  assert.equal(caught.length, 1);
  assert.match(
    caught[0]!.message,
    /signed a receipt for the reveal of seat 2 .* yet recorded that seat as withheld: the dealer dropped it/,
  );
  // An honest void record is not disputed by a receipt of someone who did reveal.
  const honest = SignedRound.restore(before, dealer).voidHand({ reason: 'withheld', at: 5_000 });
  const fromBob = round.exportSecretState().reveals[1]!;
  assert.ok(fromBob !== null);
  assert.deepEqual(await disputeVoidV3(honest, []), []);
  // A receipt forged by someone else proves nothing.
  const forged = { ...receipt, signature: bytesToHex(evilDealer.sign(new Uint8Array(8))) };
  assert.deepEqual(await disputeVoidV3(record, [forged]), []);
});

test('nobody can commit or reveal for another seat, nor replay a message of another hand', async () => {
  const seatKeys = await keys();
  const round = open(seatKeys);
  const a = round.announcement;
  // Bob signs a commitment and sends it as seat 0: refused, the key is alice's.
  const bobs = await commitAsSeat(a, 1, 'bob', seatKeys[1]!);
  assert.throws(() => round.commit(0, bobs, 2_000), {
    code: 'BAD_SIGNATURE',
    message: /seat 0 \('alice'\)/,
  });
  // The host's own key (not seated) cannot commit anywhere.
  const hostKey = await createSeatKey(chacha20('host'));
  const host = await commitAsSeat(a, 0, 'host', hostKey);
  assert.throws(() => round.commit(0, host, 2_000), { code: 'BAD_SIGNATURE' });
  // Alice's commitment to another hand (another C_s) is not a commitment to this one.
  const other = open(seatKeys, { hand: 2, prev: 'ab'.repeat(32) });
  const replay = await commitAsSeat(other.announcement, 0, 'alice', seatKeys[0]!);
  assert.throws(() => round.commit(0, replay, 2_000), { code: 'BAD_SIGNATURE' });
  // Seats that exist only: a roster entry without a seat is impossible.
  const alice = await commitAsSeat(a, 0, 'alice', seatKeys[0]!);
  assert.throws(() => round.commit(3, alice, 2_000), {
    code: 'PROTOCOL_ORDER',
    message: /no seat 3/,
  });
  round.commit(0, alice, 2_000);
  assert.throws(() => round.commit(0, alice, 2_001), {
    code: 'PROTOCOL_ORDER',
    message: /committed already/,
  });
  // A reveal signed for another roster is refused.
  const b = await commitAsSeat(a, 1, 'b', seatKeys[1]!);
  const c = await commitAsSeat(a, 2, 'c', seatKeys[2]!);
  round.commit(1, b, 2_000);
  round.commit(2, c, 2_000);
  const roster = round.closeRoster(3_000);
  const wrongRoster = { ...roster, hash: 'cd'.repeat(32) };
  const badReveal = await revealAsSeat(alice, wrongRoster, seatKeys[0]!);
  assert.throws(() => round.reveal(0, badReveal, 4_000), {
    code: 'BAD_SIGNATURE',
    message: /for this roster/,
  });
  const mismatch = { ...(await revealAsSeat(alice, roster, seatKeys[0]!)), seed: 'not alice' };
  assert.throws(() => round.reveal(0, mismatch, 4_000), { code: 'REVEAL_MISMATCH' });
});

test('a seat refuses an announcement that seats someone else with its key, or is not signed', async () => {
  const seatKeys = await keys();
  const a = open(seatKeys).announcement;
  await assert.rejects(checkAnnouncementV3(a, { seat: 1, publicKey: seatKeys[0]!.publicKey }), {
    code: 'BAD_SIGNATURE',
    message: /does not hold your key/,
  });
  const edited = { ...a, options: { ...a.options, dealer: 0 } };
  await assert.rejects(
    checkAnnouncementV3(edited, { seat: 0, publicKey: seatKeys[0]!.publicKey }),
    {
      code: 'BAD_SIGNATURE',
      message: /not signed by the dealer/,
    },
  );
  await assert.rejects(
    checkAnnouncementV3(a, {
      seat: 0,
      publicKey: seatKeys[0]!.publicKey,
      dealer: evilDealer.publicKey,
    }),
    { message: /not from the dealer you trust/ },
  );
});

test("the header binds every seat and key: no seat added, none shared, none the dealer's", async () => {
  const seatKeys = await keys();
  assert.throws(
    () =>
      SignedRound.open({
        table: 't',
        hand: 1,
        preset: 'doudizhu',
        seats: [0, 1, 1].map((i, k) => ({ player: `p${k}`, key: seatKeys[i]!.publicKey })),
        dealer,
        at: 0,
      }),
    { code: 'BAD_OPTION', message: /used by another seat or by the dealer/ },
  );
  assert.throws(
    () =>
      SignedRound.open({
        table: 't',
        hand: 1,
        preset: 'doudizhu',
        seats: [
          { player: 'a', key: seatKeys[0]!.publicKey },
          { player: 'b', key: seatKeys[1]!.publicKey },
          { player: 'd', key: dealer.publicKey },
        ],
        dealer,
        at: 0,
      }),
    { code: 'BAD_OPTION', message: /used by another seat or by the dealer/ },
  );
  // A transcript with a seat added (or a key swapped) after the fact no longer matches C_s, and
  // the seat signatures no longer verify under the swapped key.
  const round = open(seatKeys);
  await playHand(round, seatKeys);
  const { transcript } = round.deal();
  const mallory = await createSeatKey(chacha20('mallory'));
  const swapped: FairTranscriptV3 = {
    ...transcript,
    seats: transcript.seats.map((s, k) =>
      k === 2 ? { player: 'mallory', key: mallory.publicKey } : s,
    ),
  };
  const r = verify(JSON.stringify(swapped));
  assert.ok(!r.ok && r.problems.some((p) => p.field === 'server.commitment'));
  const added = {
    ...transcript,
    seats: [...transcript.seats, { player: 'mallory', key: mallory.publicKey }],
  };
  assert.equal(verify(JSON.stringify(added)).ok, false);
});

test('a record re-signed by another dealer, or with a time moved, is refused', async () => {
  const seatKeys = await keys();
  const round = open(seatKeys);
  await playHand(round, seatKeys);
  const { transcript } = round.deal();
  const moved = { ...transcript, roster: { ...transcript.roster!, at: 500 } };
  const r = verify(JSON.stringify(moved));
  assert.ok(!r.ok);
  assert.ok(r.problems.some((p) => /before the hand was announced/.test(p.message)));
  const badSig = { ...transcript, signature: bytesToHex(evilDealer.sign(new Uint8Array(1))) };
  const s = verify(JSON.stringify(badSig));
  assert.ok(!s.ok && s.problems.some((p) => p.field === 'signature'));
  const bad = await verifyAsync(JSON.stringify(badSig));
  assert.deepEqual(bad, s);
  // Holding it to the dealer key you trust catches a whole transcript made by another dealer.
  assert.ok(!verify(JSON.stringify(transcript), { dealer: evilDealer.publicKey }).ok);
});

test('a practice hand and a single seat never read as proven fair', async () => {
  const practice = SignedRound.open({
    mode: 'practice',
    table: 't',
    hand: 1,
    preset: 'doudizhu',
    seats: players.map((player) => ({ player, key: null })),
    dealer,
    at: 1,
  });
  assert.throws(
    () => practice.commit(0, { commitment: '00'.repeat(32), signature: '00'.repeat(64) }, 2),
    {
      code: 'PROTOCOL_ORDER',
    },
  );
  const p = verify(JSON.stringify(practice.deal().transcript));
  assert.ok(p.ok, JSON.stringify(p));
  assert.equal(p.verdict.fairness, 'practice');
  assert.equal(describeVerdict(p.verdict).green, false);
  assert.equal(describeVerdict(p.verdict).exitCode, 3);

  const [key] = await keys('solo');
  const solo = SignedRound.open({
    table: 't',
    hand: 1,
    preset: 'custom',
    options: { seats: 1, handSize: 5 },
    seats: [{ player: 'solo', key: key!.publicKey }],
    dealer,
    at: 1,
  });
  const mine = await commitAsSeat(solo.announcement, 0, 'mine', key!);
  solo.commit(0, mine, 2);
  const roster = solo.closeRoster(3);
  solo.reveal(0, await revealAsSeat(mine, roster, key!), 4);
  const s = verify(JSON.stringify(solo.deal().transcript));
  assert.ok(s.ok);
  assert.equal(s.verdict.fairness, 'single-seat');
  assert.equal(describeVerdict(s.verdict).exitCode, 4);
});

test('kicking a seat voids the hand, even after it revealed, and says so', async () => {
  const seatKeys = await keys();
  const round = open(seatKeys);
  await playHand(round, seatKeys);
  const record: VoidRecordV3 = round.voidHand({ reason: 'kicked', seats: [1], at: 9_000 });
  const r = verify(JSON.stringify(record));
  assert.ok(r.ok, JSON.stringify(r));
  assert.match(describeVerdict(r.verdict).detail, /seat 2 \(bob\) was kicked by the host/);
  // The record cannot be turned into "withheld" by editing it: the hash and signature break.
  const edited = { ...record, void: { ...record.void, reason: 'withheld' } };
  assert.equal(verify(JSON.stringify(edited)).ok, false);
});

test('a round survives export and restore; an edited state is refused; no secret in its summary', async () => {
  const seatKeys = await keys();
  const round = open(seatKeys);
  const a = round.announcement;
  const mine = await Promise.all(seatKeys.map((key, k) => commitAsSeat(a, k, `s${k}`, key)));
  round.commit(0, mine[0]!, 2_000);
  const state = JSON.parse(JSON.stringify(round.exportSecretState())) as SignedRoundSecretState;
  const again = SignedRound.restore(state, dealer);
  again.commit(1, mine[1]!, 2_001);
  again.commit(2, mine[2]!, 2_002);
  assert.equal(again.closeRoster(3_000).commits.length, 3);
  assert.throws(() => SignedRound.restore({ ...state, phase: 'revealing' }, dealer), {
    code: 'BAD_TRANSCRIPT',
  });
  assert.throws(() => SignedRound.restore({ ...state, commitment: 'ee'.repeat(32) }, dealer), {
    code: 'BAD_TRANSCRIPT',
    message: /C_s/,
  });
  assert.throws(() => SignedRound.restore(state, evilDealer), { code: 'BAD_TRANSCRIPT' });
  const seed = state.serverSeed;
  for (const shown of [
    String(round),
    inspect(round),
    JSON.stringify(round),
    inspect(dealer),
    JSON.stringify(dealer),
  ]) {
    assert.ok(!shown.includes(seed), shown);
  }
});

test('restore: a forged seat signature in a state is refused; with checkSignatures: false only a state the caller sealed itself skips that check, never the hashes', async () => {
  const seatKeys = await keys();
  const round = open(seatKeys);
  const a = round.announcement;
  const mine = await Promise.all(seatKeys.map((key, k) => commitAsSeat(a, k, `s${k}`, key)));
  round.commit(0, mine[0]!, 2_000);
  const state = JSON.parse(JSON.stringify(round.exportSecretState())) as SignedRoundSecretState;
  // The cheater edits a state file: seat 0's commitment signed by nobody.
  const forged = {
    ...state,
    commits: state.commits.map((c, k) =>
      k === 0 && c !== null ? { ...c, signature: 'ab'.repeat(64) } : c,
    ),
  };
  assert.throws(() => SignedRound.restore(forged, dealer), {
    code: 'BAD_TRANSCRIPT',
    message: /not signed by the key of seat 0/,
  });
  // Skipping the signatures is for authenticated storage only; the hashes are still recomputed.
  assert.doesNotThrow(() => SignedRound.restore(forged, dealer, { checkSignatures: false }));
  assert.throws(
    () =>
      SignedRound.restore({ ...state, commitment: 'ee'.repeat(32) }, dealer, {
        checkSignatures: false,
      }),
    { code: 'BAD_TRANSCRIPT', message: /C_s/ },
  );
});

test('a round whose seats committed and revealed out of seat order restores with every time as it was', async () => {
  // Seats answer in any order while the clock runs; restoring replays the stored steps, and must
  // not move a step's time (a moved time changes the record's hash: the hand could never end).
  const seatKeys = await keys();
  const round = open(seatKeys);
  const a = round.announcement;
  const mine = await Promise.all(seatKeys.map((key, k) => commitAsSeat(a, k, `s${k}`, key)));
  const receipts = [2, 0, 1].map((k, i) => round.commit(k, mine[k]!, 2_000 + i));
  const committing = round.exportSecretState();
  assert.deepEqual(SignedRound.restore(committing, dealer).exportSecretState(), committing);
  const roster = round.closeRoster(3_000);
  for (const [i, k] of [1, 2, 0].entries()) {
    round.reveal(k, await revealAsSeat(mine[k]!, roster, seatKeys[k]!), 4_000 + i);
  }
  const { transcript } = round.deal();
  const dealt = round.exportSecretState();
  const again = SignedRound.restore(dealt, dealer);
  assert.deepEqual(again.exportSecretState(), dealt);
  assert.equal(again.record?.hash, transcript.hash);
  // The receipts' times are the record's.
  assert.deepEqual(
    receipts.map((r) => r.at),
    [2, 0, 1].map((k) => transcript.commits[k]!.at),
  );
});

test('the clock stepping back cannot reorder the record', async () => {
  const seatKeys = await keys();
  const round = open(seatKeys);
  const a = round.announcement;
  const mine = await Promise.all(seatKeys.map((key, k) => commitAsSeat(a, k, `s${k}`, key)));
  mine.forEach((c, k) => {
    round.commit(k, c, 500); // before the announcement at 1000
  });
  const roster = round.closeRoster(400);
  assert.equal(roster.at, 1_000);
  assert.deepEqual(
    roster.commits.map((c) => c.at),
    [1_000, 1_000, 1_000],
  );
});

test('a dealer that forges a seat signature and signs the record over it is caught by the seat check', async () => {
  const seatKeys = await keys();
  const round = open(seatKeys);
  await playHand(round, seatKeys);
  const { transcript } = round.deal();
  const sig = transcript.reveals[1]!.signature;
  const forgedBody = {
    ...transcript,
    reveals: transcript.reveals.map((r, k) =>
      k === 1 ? { ...r!, signature: (sig[0] === '0' ? '1' : '0') + sig.slice(1) } : r,
    ),
  };
  const hash = recordHashV3(forgedBody);
  const forged = {
    ...forgedBody,
    hash: bytesToHex(hash),
    signature: bytesToHex(dealer.sign(transcriptMessageV3(hash))),
  };
  const sync = verify(JSON.stringify(forged));
  assert.ok(!sync.ok);
  assert.deepEqual(
    sync.problems.map((p) => p.field),
    ['reveals[1].signature'],
  );
  assert.match(
    sync.problems[0]!.message,
    /reveal of seat 1 \('bob'\) is not signed by that seat's key/,
  );
  assert.deepEqual(await verifyAsync(JSON.stringify(forged)), sync);
});
