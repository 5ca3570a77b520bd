// The cheating-seat harness: one test per line of docs/DARK.md's threat model (§11), each a
// seat (or the relay) actively trying the cheat and the verifier or an honest seat refusing it,
// naming the seat at fault.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { copy, darkHand, labelled, seatSecrets } from '../../test/support/dark-hand.ts';
import { FairdealError } from '../errors.ts';
import { bytesToHex } from '../random/hex.ts';
import { darkDeck } from './card-points.ts';
import { DarkSeat } from './dark-seat.ts';
import { loadDarkGroup } from './load-group.ts';
import { keyScalar, makeSeatKey } from './seat-key.ts';
import { makeShare } from './share.ts';
import { readStepDeck, stepCommitment } from './shuffle-step.ts';
import type { DarkTranscript } from './transcript.ts';
import { verifyDarkTranscript } from './verify-dark.ts';

const group = await loadDarkGroup();
const { transcript, seats, context } = await darkHand({ label: 'harness', plays: 2 });
const deck = darkDeck(group, 'doudizhu', 3);

/** Rejects with `code`, naming `seat` (and `check`, when given). */
async function blames(t: DarkTranscript, code: string, seat: number, check?: string) {
  await assert.rejects(verifyDarkTranscript(t), (e: unknown) => {
    assert.ok(e instanceof FairdealError, String(e));
    assert.equal(e.code, code, e.message);
    assert.equal(e.detail?.seat, seat, e.message);
    if (check !== undefined) assert.equal(e.detail?.check, check, e.message);
    assert.match(e.message, new RegExp(`seat ${seat}`));
    return true;
  });
}

test('an honest hand verifies; the replayed deck is what each seat saw', async () => {
  const verdict = await verifyDarkTranscript(JSON.stringify(transcript));
  assert.equal(verdict.status, 'verified');
  for (const s of seats)
    for (const { position, card } of s.hand()) assert.equal(verdict.deck?.[position], card);
  assert.equal(new Set(verdict.deck).size, 54);
  for (const p of transcript.plays) assert.equal(verdict.opened[p.position], p.card);
});

test("each seat's hand is 17 of its own positions; the kitty goes to its seat", () => {
  const hands = seats.map((s) => s.hand());
  assert.equal(hands[0]!.length, 20);
  assert.equal(hands[1]!.length, 17);
  assert.ok(hands[1]!.every(({ position }) => position % 3 === 1 && position < 51));
  assert.equal(new Set(hands.flat().map((c) => c.card)).size, 54);
});

test('threat: a cheating seat publishes a rogue key (no proof of knowledge) → refused, seat named', async () => {
  const t = copy(transcript);
  const other = makeSeatKey(group, context, 2, labelled('rogue'));
  t.keys[2] = { ...t.keys[2]!, key: other.key };
  await blames(t, 'BAD_SIGNATURE', 2, 'key');
});

test('threat: a seat sends a wrong share (its proof then fails) → refused, seat named', async () => {
  const t = copy(transcript);
  const i = t.shares.findIndex((s) => s.seat === 1);
  const other = t.shares.find((s) => s.seat === 1 && s.position !== t.shares[i]!.position)!;
  (t.shares as { share: string }[])[i]!.share = other.share;
  await blames(t, 'BAD_SIGNATURE', 1, 'share');
  // and an honest seat receiving it live refuses it the same way
  const live = await DarkSeat.create({ ...context, seat: 0, ...seatSecrets('harness', 0) });
  live.acceptKeys(transcript.keys);
  live.acceptDeck(transcript.steps);
  assert.throws(() => live.acceptShares([t.shares[i]!]), { code: 'BAD_SIGNATURE' });
});

test("threat: a seat presents another seat's share as its own → refused, the presenter named", async () => {
  const t = copy(transcript);
  // seat 2's valid share for one of seat 0's positions, relabelled as seat 1's.
  const stolen = t.shares.find((s) => s.seat === 2 && deck.route[s.position] === 'hand:0')!;
  const i = t.shares.findIndex((s) => s.seat === 1 && s.position === stolen.position);
  (t.shares as object[])[i] = { ...stolen, seat: 1 };
  await blames(t, 'BAD_SIGNATURE', 1, 'share');
});

test('threat: a share for a position the seat must not open (its own unplayed card, the stock-like kitty before it is given) → refused', async () => {
  const seat = seats[2]!;
  const own = seat
    .hand()
    .find(({ position }) => !transcript.plays.some((p) => p.position === position))!;
  const x = keyScalar(group, seatSecrets('harness', 2).keySecret);
  const final = readStepDeck(group, transcript.steps[2]!, 54);
  const h = group.Point.BASE.multiply(x);
  const t = copy(transcript);
  (t.shares as object[]).push(
    makeShare(group, context, 2, x, h, final[own.position]!.a, own.position),
  );
  await blames(t, 'PROTOCOL_ORDER', 2, 'share');
  // The kitty's shares with no seat given the kitty.
  const shut = copy(transcript);
  (shut as { kittyTo: number | null }).kittyTo = null;
  (shut as { plays: unknown[] }).plays = transcript.plays.filter(
    (p) => deck.route[p.position] !== 'kitty',
  );
  await assert.rejects(verifyDarkTranscript(shut), { code: 'PROTOCOL_ORDER' });
  // A DarkSeat refuses to make either.
  assert.throws(() => seat.playShare(0), { code: 'ILLEGAL_PLAY' });
  const fresh = await DarkSeat.create({ ...context, seat: 1, ...seatSecrets('harness', 1) });
  fresh.acceptKeys(transcript.keys);
  fresh.acceptDeck(transcript.steps);
  assert.throws(() => fresh.kittyShares(), { code: 'PROTOCOL_ORDER' });
});

test('threat: a share replayed from another hand or another position → refused, seat named', async () => {
  const other = await darkHand({ label: 'harness', hand: 2, plays: 0 });
  const t = copy(transcript);
  const i = t.shares.findIndex((s) => s.seat === 0);
  const from = other.transcript.shares.find(
    (s) => s.seat === 0 && s.position === t.shares[i]!.position,
  )!;
  (t.shares as object[])[i] = from;
  await blames(t, 'BAD_SIGNATURE', 0, 'share');
  const u = copy(transcript);
  const j = u.shares.findIndex((s) => s.seat === 0 && s.position === 1);
  const k = u.shares.findIndex((s) => s.seat === 0 && s.position === 2);
  (u.shares as object[])[j] = { ...u.shares[k]!, position: 1 };
  await blames(u, 'BAD_SIGNATURE', 0, 'share');
  // The same share twice.
  const v = copy(transcript);
  (v.shares as object[]).push(v.shares[0]!);
  await blames(v, 'PROTOCOL_ORDER', v.shares[0]!.seat, 'share');
});

test('threat: a shuffle step whose revealed seed does not reproduce its output → refused, seat named', async () => {
  // Seat 1 swaps two ciphertexts after committing: every share still verifies during the hand,
  // and the replay at the end names it.
  const t = copy(transcript);
  const d = t.steps[1]!.deck as [string, string][];
  [d[0], d[1]] = [d[1]!, d[0]!];
  await blames(t, 'REVEAL_MISMATCH', 1, 'shuffle');
  // A revealed seed other than the committed one.
  const u = copy(transcript);
  (u.reveals as { seed: string }[])[2]!.seed = bytesToHex(labelled('other'));
  await blames(u, 'REVEAL_MISMATCH', 2, 'shuffle');
  // A commitment changed after the fact.
  const v = copy(transcript);
  (v.steps as { commitment: string }[])[0]!.commitment = stepCommitment(context, 0, labelled('x'));
  await blames(v, 'REVEAL_MISMATCH', 0, 'shuffle');
});

test('threat: the last shuffler deals itself chosen cards; it sees them, but the replay names it', async () => {
  // Seat 2 replaces its output with fresh encryptions of the jokers at two of its positions.
  const G = group.Point.BASE;
  const H = transcript.keys.map((k) => group.Point.fromHex(k.key)).reduce((a, b) => a.add(b));
  const t = copy(transcript);
  const d = t.steps[2]!.deck as [string, string][];
  for (const [position, card] of [
    [2, 52],
    [5, 53],
  ] as const) {
    const r = 1000n + BigInt(position);
    d[position] = [G.multiply(r).toHex(), deck.points[card]!.add(H.multiply(r)).toHex()];
  }
  await blames(t, 'REVEAL_MISMATCH', 2, 'shuffle');
});

test("threat: a card played that is not the card at its position, or not the player's position → refused", async () => {
  const t = copy(transcript);
  const play = t.plays[0]! as { card: string };
  play.card = play.card === 'RJ' ? 'BJ' : 'RJ';
  await blames(t, 'ILLEGAL_PLAY', t.plays[0]!.seat);
  const u = copy(transcript);
  const theirs = u.plays.find((p) => p.seat === 1)!;
  (u.plays as object[]).push({ ...theirs, seat: 2 });
  await blames(u, 'ILLEGAL_PLAY', 2);
});

test('threat: a seat that stops sending shares → the hand is void and who stopped is recorded', async () => {
  const t = copy(transcript) as { -readonly [K in keyof DarkTranscript]: DarkTranscript[K] };
  t.shares = transcript.shares.filter(
    (s) =>
      s.seat !== 2 &&
      deck.route[s.position]?.startsWith('hand:') &&
      deck.route[s.position] !== `hand:${s.seat}`,
  );
  t.plays = [];
  t.kittyTo = null;
  t.reveals = [];
  // As a whole hand it is incomplete…
  await assert.rejects(verifyDarkTranscript(t), { code: 'BAD_TRANSCRIPT' });
  // …recorded as void, everything present is still checked.
  t.void = { seat: 2, stage: 'share' };
  const verdict = await verifyDarkTranscript(t);
  assert.deepEqual(
    [verdict.status, verdict.void, verdict.deck],
    ['void', { seat: 2, stage: 'share' }, null],
  );
  const bad = copy(t);
  (bad.shares[0] as { share: string }).share = t.shares[1]!.share;
  await blames(bad, 'BAD_SIGNATURE', bad.shares[0]!.seat, 'share');
  // With no share from seat 2, seat 0 cannot open a single card of its hand.
  const stuck = await DarkSeat.create({ ...context, seat: 0, ...seatSecrets('harness', 0) });
  stuck.acceptKeys(transcript.keys);
  stuck.acceptDeck(transcript.steps);
  stuck.acceptShares(t.shares);
  assert.throws(
    () => stuck.hand(),
    (e: unknown) => (e as FairdealError).detail?.seat === 2,
  );
});

test("threat: a coalition of all seats but one opens none of that seat's cards", () => {
  // Seats 1 and 2 pool their keys: for seat 0's positions they still lack x_0.
  const final = readStepDeck(group, transcript.steps[2]!, 54);
  const xs = [1, 2].map((i) => keyScalar(group, seatSecrets('harness', i).keySecret));
  for (let position = 0; position < 51; position += 3) {
    const c = final[position]!;
    const m = xs.reduce((b, x) => b.subtract(c.a.multiply(x)), c.b);
    assert.equal(deck.cardOf(m.toHex()), undefined, `position ${position}`);
  }
});

test('any tampered ciphertext, share, proof, commitment or seed is caught and a seat named', async () => {
  const paths: [
    string,
    (t: DarkTranscript) => { obj: Record<string, unknown>; key: string; seat: number },
  ][] = [
    [
      'step deck',
      (t) => ({
        obj: t.steps[1]!.deck[7] as unknown as Record<string, unknown>,
        key: '1',
        seat: 1,
      }),
    ],
    [
      'share',
      (t) => ({
        obj: t.shares[20] as unknown as Record<string, unknown>,
        key: 'share',
        seat: t.shares[20]!.seat,
      }),
    ],
    [
      'proof c',
      (t) => ({
        obj: t.shares[33]!.proof as unknown as Record<string, unknown>,
        key: 'c',
        seat: t.shares[33]!.seat,
      }),
    ],
    [
      'proof z',
      (t) => ({
        obj: t.shares[70]!.proof as unknown as Record<string, unknown>,
        key: 'z',
        seat: t.shares[70]!.seat,
      }),
    ],
    [
      'commitment',
      (t) => ({
        obj: t.steps[2] as unknown as Record<string, unknown>,
        key: 'commitment',
        seat: 2,
      }),
    ],
    [
      'seed',
      (t) => ({ obj: t.reveals[0] as unknown as Record<string, unknown>, key: 'seed', seat: 0 }),
    ],
    [
      'key proof',
      (t) => ({ obj: t.keys[1]!.proof as unknown as Record<string, unknown>, key: 'z', seat: 1 }),
    ],
  ];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...paths),
      fc.integer({ min: 0, max: 63 }),
      fc.integer({ min: 1, max: 15 }),
      async ([, at], i, x) => {
        const t = copy(transcript);
        const { obj, key, seat } = at(t);
        const hex = obj[key] as string;
        obj[key] =
          hex.slice(0, i) + (Number.parseInt(hex[i]!, 16) ^ x).toString(16) + hex.slice(i + 1);
        await assert.rejects(verifyDarkTranscript(t), (e: unknown) => {
          const error = e as FairdealError;
          return (
            ['BAD_SIGNATURE', 'REVEAL_MISMATCH', 'PROTOCOL_ORDER'].includes(error.code) &&
            error.detail?.seat === seat
          );
        });
      },
    ),
    { numRuns: 8 },
  );
});

test('malformed transcripts are BAD_TRANSCRIPT naming the field, never a crash', async () => {
  const cases: [unknown, RegExp][] = [
    ['{"version":"fairdeal-dark-v1","version":"x"}', /duplicate key/],
    [{ ...transcript, extra: 1 }, /unknown field 'extra'/],
    [{ ...transcript, seats: 1 }, /seats/],
    [
      { ...transcript, keys: [transcript.keys[1], transcript.keys[0], transcript.keys[2]] },
      /keys\[0\]\.seat/,
    ],
    [
      { ...transcript, shares: [{ ...transcript.shares[0], position: -1 }] },
      /shares\[0\]\.position/,
    ],
    [{ ...transcript, void: { seat: 0, stage: 'lunch' } }, /void\.stage/],
    [{ ...transcript, reveals: transcript.reveals.slice(1) }, /step seed/],
    ['[', /JSON|position/],
  ];
  for (const [input, message] of cases) {
    await assert.rejects(verifyDarkTranscript(input), (e: unknown) => {
      assert.equal((e as FairdealError).code, 'BAD_TRANSCRIPT', String(e));
      assert.match((e as Error).message, message);
      return true;
    });
  }
});
