import assert from 'node:assert/strict';
import { test } from 'node:test';
import { darkHand, seatSecrets } from '../../test/support/dark-hand.ts';
import { FairdealError } from '../errors.ts';
import { bytesToHex } from '../random/hex.ts';
import { DarkSeat } from './dark-seat.ts';

const context = { table: 'seat-test', hand: 1, preset: 'doudizhu', seats: 3 };
const { seats, transcript } = await darkHand({ ...context, label: 'seat test', plays: 1 });

test('no secret leaves a seat before its reveal, and the key secret never does', () => {
  const { reveals, ...sent } = transcript;
  const text = JSON.stringify(sent);
  for (let seat = 0; seat < 3; seat++) {
    const { keySecret, stepSeed } = seatSecrets('seat test', seat);
    assert.ok(!text.includes(bytesToHex(keySecret)) && !text.includes(bytesToHex(stepSeed)));
    assert.ok(!JSON.stringify(reveals).includes(bytesToHex(keySecret)));
  }
});

test('a seat refuses a key list whose entry for it is not its own key', async () => {
  const other = await darkHand({ ...context, label: 'someone else', plays: 0, kittyTo: null });
  const seat = await DarkSeat.create({ ...context, seat: 0, ...seatSecrets('seat test', 0) });
  const keys = [other.transcript.keys[0]!, ...transcript.keys.slice(1)];
  assert.throws(
    () => seat.acceptKeys(keys),
    (e: unknown) => {
      return e instanceof FairdealError && e.code === 'BAD_SIGNATURE' && e.detail?.seat === 0;
    },
  );
});

test('steps out of order are refused: shuffling or sharing before the keys, opening before the shares', async () => {
  const seat = await DarkSeat.create({ ...context, seat: 1, ...seatSecrets('seat test', 1) });
  assert.throws(() => seat.shuffle(null), { code: 'PROTOCOL_ORDER' });
  assert.throws(() => seat.dealShares(), { code: 'PROTOCOL_ORDER' });
  seat.acceptKeys(transcript.keys);
  assert.throws(() => seat.shuffle(null), { code: 'PROTOCOL_ORDER' }); // seat 1 needs seat 0's deck
  seat.acceptDeck(transcript.steps);
  assert.throws(
    () => seat.open(1),
    (e: unknown) => (e as FairdealError).code === 'PROTOCOL_ORDER',
  );
});

test('a seat opens exactly its own cards; the others stay closed to it', () => {
  const mine = seats[1]!.hand();
  assert.equal(mine.length, 17);
  assert.throws(() => seats[1]!.open(3), { code: 'PROTOCOL_ORDER' }); // seat 0's unplayed card
  assert.equal(seats[1]!.open(0), transcript.plays[0]!.card); // seat 0's played card
});

test('a bad context or seat is refused before any key is made', async () => {
  await assert.rejects(DarkSeat.create({ ...context, table: '', seat: 0 }), { code: 'BAD_OPTION' });
  await assert.rejects(DarkSeat.create({ ...context, seat: 3 }), RangeError);
  await assert.rejects(DarkSeat.create({ ...context, preset: 'nope', seat: 0 }), {
    code: 'UNKNOWN_PRESET',
  });
});
