import assert from 'node:assert/strict';
import { test } from 'node:test';
import { labelled } from '../../test/support/dark-hand.ts';
import { FairdealError } from '../errors.ts';
import { pointHex } from './bytes.ts';
import { darkDeck } from './card-points.ts';
import { jointKey } from './joint-key.ts';
import { loadDarkGroup } from './load-group.ts';
import { checkSeatKey, keyScalar, makeSeatKey } from './seat-key.ts';

const group = await loadDarkGroup();
const G = group.Point.BASE;
const context = { table: 'key-test', hand: 2, preset: 'doudizhu', seats: 3 };
const secret = (i: number) => labelled(`key test ${i}`);
const keys = [0, 1, 2].map((i) => makeSeatKey(group, context, i, secret(i)));
const refused = (seat: number) => (e: unknown) =>
  e instanceof FairdealError &&
  e.code === 'BAD_SIGNATURE' &&
  e.detail?.seat === seat &&
  e.detail?.check === 'key';

test("each honest key checks, and is x·G for the seat's secret", () => {
  keys.forEach((k, i) => {
    const h = checkSeatKey(group, context, k);
    assert.ok(h.equals(G.multiply(keyScalar(group, secret(i)))));
  });
});

test('rogue key: the last seat publishing h = y·G − Σ others cannot prove it, so it never holds the joint key alone', () => {
  const hs = keys.slice(0, 2).map((k) => checkSeatKey(group, context, k));
  const y = keyScalar(group, labelled("the cheat's own secret"));
  const rogue = G.multiply(y).subtract(hs[0]!).subtract(hs[1]!);
  // Had the rogue key been taken, the joint key would be y·G: the cheat alone opens every card.
  const joint = jointKey(group, [...hs, rogue]);
  assert.ok(joint.equals(G.multiply(y)));
  const m = darkDeck(group, 'doudizhu', 3).points[0]!;
  const r = 424242n;
  assert.ok(m.add(joint.multiply(r)).subtract(G.multiply(r).multiply(y)).equals(m));
  // Its best try: a proof made with the secret it does know, attached to the rogue key.
  const attempt = {
    ...makeSeatKey(group, context, 2, labelled("the cheat's own secret")),
    key: pointHex(rogue),
  };
  assert.throws(() => checkSeatKey(group, context, attempt), refused(2));
});

test('a key copied from another seat, hand or table is refused, naming the seat that presents it', () => {
  assert.throws(() => checkSeatKey(group, context, { ...keys[0]!, seat: 1 }), refused(1));
  assert.throws(() => checkSeatKey(group, { ...context, hand: 3 }, keys[0]!), refused(0));
  assert.throws(
    () => checkSeatKey(group, { ...context, table: 'elsewhere' }, keys[0]!),
    refused(0),
  );
  assert.throws(() => checkSeatKey(group, { ...context, seats: 4 }, keys[0]!), refused(0));
});

test('the identity, a malformed key and a tampered proof are refused', () => {
  const k = keys[1]!;
  assert.throws(() => checkSeatKey(group, context, { ...k, key: '00'.repeat(32) }), refused(1));
  assert.throws(() => checkSeatKey(group, context, { ...k, key: 'zz'.repeat(32) }), refused(1));
  const flip = (h: string) => (h[0] === '0' ? '1' : '0') + h.slice(1);
  assert.throws(
    () => checkSeatKey(group, context, { ...k, proof: { ...k.proof, c: flip(k.proof.c) } }),
    refused(1),
  );
  assert.throws(
    () => checkSeatKey(group, context, { ...k, proof: { ...k.proof, z: flip(k.proof.z) } }),
    refused(1),
  );
});

test('a key secret must be 32 bytes', () => {
  assert.throws(() => keyScalar(group, new Uint8Array(31)), { code: 'BAD_SEED' });
});
