import assert from 'node:assert/strict';
import { test } from 'node:test';
import { copy, darkHand } from '../../test/support/dark-hand.ts';
import { FairdealError } from '../errors.ts';
import { DarkHand } from './dark-hand.ts';
import { verifyDarkTranscript } from './verify-dark.ts';

const context = { table: 'hand-test', hand: 7, preset: 'doudizhu', seats: 3 };
const { transcript, seats } = await darkHand({
  ...context,
  label: 'hand test',
  plays: 1,
  kittyTo: null,
});
const refused = (code: string, seat: number) => (e: unknown) =>
  e instanceof FairdealError && e.code === code && e.detail?.seat === seat;

/** A DarkHand fed the honest messages of `transcript` up to the deal. */
async function dealt(): Promise<DarkHand> {
  const hand = await DarkHand.open(context);
  for (const k of transcript.keys) hand.addKey(k);
  for (const s of transcript.steps) hand.addStep(s);
  const played = new Set(transcript.plays.map((p) => `${p.seat}:${p.position}`));
  for (const s of transcript.shares) if (!played.has(`${s.seat}:${s.position}`)) hand.addShare(s);
  return hand;
}

test('a whole hand fed message by message gives a transcript that verifies', async () => {
  const hand = await dealt();
  hand.giveKitty(2);
  for (const seat of seats) seat.giveKitty(2);
  const kitty = seats.flatMap((s) => s.kittyShares());
  const opened = kitty.map((s) => hand.addShare(s)).filter((c) => c !== null);
  assert.equal(opened.length, 3, 'the kitty opens when its last share arrives');
  for (const p of transcript.plays) {
    const share = transcript.shares.find((s) => s.seat === p.seat && s.position === p.position)!;
    assert.equal(hand.addPlay(share), p.card);
    assert.equal(hand.opened(p.position), p.card);
  }
  const kittyPlay = kitty.find((s) => s.seat === 2)!;
  assert.equal(hand.addPlay(kittyPlay), hand.opened(kittyPlay.position));
  for (const r of transcript.reveals) hand.addReveal(r);
  const verdict = await verifyDarkTranscript(JSON.stringify(hand.transcript()));
  assert.equal(verdict.status, 'verified');
});

test('messages out of turn are refused, and nothing is recorded', async () => {
  const hand = await DarkHand.open(context);
  assert.throws(() => hand.addKey(transcript.keys[1]!), refused('PROTOCOL_ORDER', 1));
  hand.addKey(transcript.keys[0]!);
  assert.throws(() => hand.addStep(transcript.steps[0]!), refused('PROTOCOL_ORDER', 0));
  assert.throws(() => hand.addShare(transcript.shares[0]!), { code: 'PROTOCOL_ORDER' });
  assert.deepEqual(hand.transcript().keys, [transcript.keys[0]]);
  assert.deepEqual(hand.waitingFor, { stage: 'key', seat: 1 });
});

test('a bad key, step, share, play or reveal is refused naming its seat; the hand goes on', async () => {
  const hand = await DarkHand.open(context);
  const badKey = copy(transcript.keys[0]!);
  badKey.proof.z = transcript.keys[1]!.proof.z;
  assert.throws(() => hand.addKey(badKey), refused('BAD_SIGNATURE', 0));
  for (const k of transcript.keys) hand.addKey(k);
  const badStep = copy(transcript.steps[0]!);
  badStep.deck[5]![0] = 'ff'.repeat(32);
  assert.throws(() => hand.addStep(badStep), refused('REVEAL_MISMATCH', 0));
  for (const s of transcript.steps) hand.addStep(s);
  const share = copy(transcript.shares.find((s) => s.seat === 1)!);
  const good = transcript.shares.find((s) => s.seat === 1 && s.position !== share.position)!;
  assert.throws(() => hand.addShare({ ...share, share: good.share }), refused('BAD_SIGNATURE', 1));
  hand.addShare(share);
  assert.throws(() => hand.addShare(share), refused('PROTOCOL_ORDER', 1));
  // A seat's own card goes only through addPlay, and only once every other share is in.
  const own = transcript.shares.find((s) => s.position % 3 === s.seat && s.position < 51)!;
  assert.throws(() => hand.addShare(own), refused('PROTOCOL_ORDER', own.seat));
  assert.throws(() => hand.addPlay(own), refused('ILLEGAL_PLAY', own.seat));
  assert.throws(
    () => hand.addPlay({ ...own, seat: (own.seat + 1) % 3 }),
    refused('ILLEGAL_PLAY', (own.seat + 1) % 3),
  );
  assert.throws(
    () => hand.addReveal({ seat: 1, seed: transcript.reveals[0]!.seed }),
    refused('REVEAL_MISMATCH', 1),
  );
  hand.addReveal(transcript.reveals[1]!);
  assert.equal(hand.transcript().shares.length, 1);
});

test('a seat that stops: the hand is void, who stopped is recorded, and it verifies as void', async () => {
  const hand = await DarkHand.open(context);
  hand.addKey(transcript.keys[0]!);
  hand.addKey(transcript.keys[1]!);
  hand.stop(2, 'key');
  assert.deepEqual(hand.waitingFor, { stage: 'void', seat: null });
  assert.throws(() => hand.addKey(transcript.keys[2]!), refused('PROTOCOL_ORDER', 2));
  const verdict = await verifyDarkTranscript(hand.transcript());
  assert.deepEqual([verdict.status, verdict.void], ['void', { seat: 2, stage: 'key' }]);
});
