import { FairdealError } from '../errors.ts';
import {
  concat,
  encode,
  pointHex,
  readPoint,
  readScalar,
  refuser,
  scalarHex,
  u32,
} from './bytes.ts';
import { contextBytes, type DarkContext } from './context.ts';
import { DST, hashScalar, scalarBytes } from './hash.ts';
import type { DarkGroup, DarkPoint } from './load-group.ts';

/** A Fiat–Shamir proof: challenge c and response z, scalars in lowercase hex. */
export interface DarkProofJSON {
  readonly c: string;
  readonly z: string;
}

/** A seat's public key share h = x·G with its proof of knowledge of x (docs/DARK.md §4). */
export interface DarkKeyJSON {
  readonly seat: number;
  readonly key: string;
  readonly proof: DarkProofJSON;
}

/** x = H_s("fairdeal-dark-v1 key secret", secret): a seat's key from its 32 secret bytes. */
export function keyScalar(group: DarkGroup, secret: Uint8Array): bigint {
  if (!(secret instanceof Uint8Array) || secret.length !== 32) {
    throw new FairdealError('BAD_SEED', 'a dark key secret must be 32 bytes');
  }
  const x = hashScalar(group, DST.keySecret, secret);
  // Probability 2^-252: a zero key would publish the identity, which checkSeatKey refuses.
  if (x === 0n) throw new FairdealError('BAD_SEED', 'this key secret gives the zero key');
  return x;
}

function keyMessage(context: DarkContext, seat: number, h: DarkPoint): Uint8Array {
  return concat(contextBytes(context), u32(seat), encode(h));
}

/**
 * A seat's key share and its Schnorr proof of knowledge, bound to the hand and the seat:
 * without it the last seat to publish could choose h = y·G − Σ others' h and hold the whole
 * joint key alone (the rogue-key attack). The nonce is derived from x and the message (as
 * Ed25519 does, RFC 8032 §5.1.6), so a broken random source cannot leak x.
 *
 * @example
 * ```ts
 * const group = await loadDarkGroup();
 * const context = { table: 't1', hand: 1, preset: 'doudizhu', seats: 3 };
 * const key = makeSeatKey(group, context, 0, new Uint8Array(32).fill(7));
 * checkSeatKey(group, context, key); // the point h
 * ```
 */
export function makeSeatKey(
  group: DarkGroup,
  context: DarkContext,
  seat: number,
  secret: Uint8Array,
): DarkKeyJSON {
  const { Point, order } = group;
  const x = keyScalar(group, secret);
  const h = Point.BASE.multiply(x);
  const msg = keyMessage(context, seat, h);
  const k = hashScalar(group, DST.nonce, scalarBytes(group, x), msg);
  const t = Point.BASE.multiply(k === 0n ? 1n : k);
  const c = hashScalar(group, DST.keyProof, msg, t.toBytes());
  const z = ((k === 0n ? 1n : k) + c * x) % order;
  return { seat, key: pointHex(h), proof: { c: scalarHex(group, c), z: scalarHex(group, z) } };
}

/**
 * Checks a seat's key share: a canonical element other than the identity, whose proof verifies
 * for this context and seat (T = z·G − c·h; c = H_s(key proof, ctx ‖ seat ‖ h ‖ T)).
 *
 * @example
 * ```ts
 * const h = checkSeatKey(group, context, { seat: 1, key: '…', proof: { c: '…', z: '…' } });
 * ```
 * @throws {FairdealError} `BAD_SIGNATURE` naming the seat.
 */
export function checkSeatKey(group: DarkGroup, context: DarkContext, key: DarkKeyJSON): DarkPoint {
  const seat = key.seat;
  const refuse = refuser('BAD_SIGNATURE', `seat ${seat}'s key`, { seat, check: 'key' });
  const h = readPoint(group, key.key, refuse);
  if (h.is0()) refuse('is the identity element');
  const c = readScalar(
    group,
    key.proof?.c,
    refuser('BAD_SIGNATURE', `seat ${seat}'s key proof c`, { seat, check: 'key' }),
  );
  const z = readScalar(
    group,
    key.proof?.z,
    refuser('BAD_SIGNATURE', `seat ${seat}'s key proof z`, { seat, check: 'key' }),
  );
  const t = group.Point.BASE.multiplyUnsafe(z).subtract(h.multiplyUnsafe(c));
  const msg = keyMessage(context, seat, h);
  if (hashScalar(group, DST.keyProof, msg, t.toBytes()) !== c) {
    refuse('proof does not verify: this seat does not show it knows its key');
  }
  return h;
}
