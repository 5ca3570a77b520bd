import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { labelled } from '../../test/support/dark-hand.ts';
import { FairdealError } from '../errors.ts';
import { darkDeck } from './card-points.ts';
import { jointKey } from './joint-key.ts';
import { loadDarkGroup } from './load-group.ts';
import { openCard } from './open-card.ts';
import { keyScalar } from './seat-key.ts';
import { checkShare, type DarkShareJSON, makeShare } from './share.ts';

const group = await loadDarkGroup();
const G = group.Point.BASE;
const context = { table: 'share-test', hand: 4, preset: 'doudizhu', seats: 3 };
const deck = darkDeck(group, 'doudizhu', 3);
const xs = [0, 1, 2].map((i) => keyScalar(group, labelled(`share test ${i}`)));
const hs = xs.map((x) => G.multiply(x));
const H = jointKey(group, hs);

/** An encryption of card j under the joint key with randomness r. */
const encrypt = (j: number, r: bigint) => ({
  a: G.multiply(r),
  b: deck.points[j]!.add(H.multiply(r)),
});
const scalar = fc.bigInt({ min: 1n, max: group.order - 1n });
const card = fc.integer({ min: 0, max: 53 });
const position = fc.integer({ min: 0, max: 53 });
const runs = { numRuns: 12 };

/** Refused with `code`, naming `seat`. */
const refused = (code: string, seat: number) => (e: unknown) =>
  e instanceof FairdealError && e.code === code && e.detail?.seat === seat;

test("decrypting with every seat's checked share gives the card", () => {
  fc.assert(
    fc.property(card, scalar, position, (j, r, p) => {
      const c = encrypt(j, r);
      const ds = xs.map((x, i) =>
        checkShare(group, context, hs[i]!, c.a, makeShare(group, context, i, x, hs[i]!, c.a, p)),
      );
      assert.equal(openCard(deck, c.b, ds, p), deck.ids[j]);
    }),
    runs,
  );
});

test("with any one share missing (or one seat's share twice), the ciphertext opens to no card", () => {
  fc.assert(
    fc.property(card, scalar, fc.integer({ min: 0, max: 2 }), (j, r, left) => {
      const c = encrypt(j, r);
      const ds = xs.map((x) => c.a.multiply(x));
      const some = ds.filter((_, i) => i !== left);
      assert.throws(() => openCard(deck, c.b, some, 0), { code: 'REVEAL_MISMATCH' });
      assert.throws(() => openCard(deck, c.b, [...some, some[0]!], 0), { code: 'REVEAL_MISMATCH' });
    }),
    runs,
  );
});

const flipHex = (hex: string, at: number) =>
  hex.slice(0, at) + (Number.parseInt(hex[at]!, 16) ^ 1).toString(16) + hex.slice(at + 1);

test('a tampered share, challenge or response is refused, naming the seat and position', () => {
  fc.assert(
    fc.property(
      card,
      scalar,
      fc.integer({ min: 0, max: 2 }),
      fc.constantFrom('share', 'c', 'z'),
      fc.integer({ min: 0, max: 63 }),
      (j, r, seat, field, at) => {
        const c = encrypt(j, r);
        const s = makeShare(group, context, seat, xs[seat]!, hs[seat]!, c.a, 9);
        const bad: DarkShareJSON =
          field === 'share'
            ? { ...s, share: flipHex(s.share, at) }
            : { ...s, proof: { ...s.proof, [field]: flipHex(s.proof[field as 'c' | 'z'], at) } };
        assert.throws(
          () => checkShare(group, context, hs[seat]!, c.a, bad),
          (e: unknown) =>
            refused('BAD_SIGNATURE', seat)(e) && (e as FairdealError).detail?.position === 9,
        );
      },
    ),
    runs,
  );
});

test('a share made for another ciphertext (a tampered A) does not check against this one', () => {
  fc.assert(
    fc.property(card, scalar, scalar, (j, r, r2) => {
      fc.pre(r !== r2);
      const c = encrypt(j, r);
      const s = makeShare(group, context, 1, xs[1]!, hs[1]!, c.a, 3);
      assert.throws(
        () => checkShare(group, context, hs[1]!, G.multiply(r2), s),
        refused('BAD_SIGNATURE', 1),
      );
    }),
    runs,
  );
});

test('a share replayed at another position, hand or table, or presented by another seat, is refused', () => {
  const c = encrypt(7, 12345n);
  const s = makeShare(group, context, 2, xs[2]!, hs[2]!, c.a, 10);
  checkShare(group, context, hs[2]!, c.a, s);
  assert.throws(
    () => checkShare(group, context, hs[2]!, c.a, { ...s, position: 11 }),
    refused('BAD_SIGNATURE', 2),
  );
  assert.throws(
    () => checkShare(group, { ...context, hand: 5 }, hs[2]!, c.a, s),
    refused('BAD_SIGNATURE', 2),
  );
  assert.throws(
    () => checkShare(group, { ...context, table: 'other' }, hs[2]!, c.a, s),
    refused('BAD_SIGNATURE', 2),
  );
  // Seat 1 hands in seat 2's share as its own: checked against seat 1's key, it fails, naming 1.
  assert.throws(
    () => checkShare(group, context, hs[1]!, c.a, { ...s, seat: 1 }),
    refused('BAD_SIGNATURE', 1),
  );
});

test('a wrong share with a proof made for it under another key is refused (no proof without x)', () => {
  const c = encrypt(3, 999n);
  // The seat uses a different secret than its published key's: its proof cannot verify.
  const wrongX = keyScalar(group, labelled('not seat 0'));
  const s = makeShare(group, context, 0, wrongX, hs[0]!, c.a, 4);
  assert.throws(() => checkShare(group, context, hs[0]!, c.a, s), refused('BAD_SIGNATURE', 0));
});

test('malformed hex and non-canonical encodings are refused, naming the seat', () => {
  const c = encrypt(1, 77n);
  const s = makeShare(group, context, 0, xs[0]!, hs[0]!, c.a, 0);
  for (const share of ['', s.share.toUpperCase(), `${s.share}00`, 'ff'.repeat(32)]) {
    assert.throws(
      () => checkShare(group, context, hs[0]!, c.a, { ...s, share }),
      refused('BAD_SIGNATURE', 0),
    );
  }
  // z ≥ ℓ: the same residue spelled differently must not verify.
  const order = group.order;
  const z = BigInt(`0x${s.proof.z.match(/../g)!.reverse().join('')}`) + order;
  const zHex = z.toString(16).padStart(64, '0').match(/../g)!.reverse().join('');
  assert.throws(
    () => checkShare(group, context, hs[0]!, c.a, { ...s, proof: { ...s.proof, z: zHex } }),
    refused('BAD_SIGNATURE', 0),
  );
});

test('no share is made or checked for a ciphertext that was never re-randomized (A = identity)', () => {
  assert.throws(() => makeShare(group, context, 0, xs[0]!, hs[0]!, group.Point.ZERO, 0), {
    code: 'REVEAL_MISMATCH',
  });
});
