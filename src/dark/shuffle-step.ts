import { FairdealError } from '../errors.ts';
import { chacha20 } from '../random/chacha20.ts';
import { bytesToHex } from '../random/hex.ts';
import { sha256 } from '../random/sha256.ts';
import { permutation } from '../shuffle/permutation.ts';
import { concat, pointHex, readPoint, refuser, str, u32 } from './bytes.ts';
import { contextBytes, type DarkContext } from './context.ts';
import { DST, hashScalar } from './hash.ts';
import type { DarkGroup, DarkPoint } from './load-group.ts';

/** An ElGamal ciphertext (A, B) = (r·G, M + r·H). */
export interface DarkCiphertext {
  readonly a: DarkPoint;
  readonly b: DarkPoint;
}

/** A ciphertext on the wire: [A, B] as lowercase hex of their encodings. */
export type DarkCiphertextJSON = readonly [string, string];

/** One shuffle step as published: the seat, its seed's commitment and its output deck. */
export interface DarkStepJSON {
  readonly seat: number;
  readonly commitment: string;
  readonly deck: readonly DarkCiphertextJSON[];
}

/**
 * The start deck: the public trivial encryption (identity, M_j) of every card, canonical order.
 *
 * @example
 * ```ts
 * const input = startDeck(group, darkDeck(group, 'doudizhu', 3).points); // seat 0's input
 * ```
 */
export function startDeck(group: DarkGroup, points: readonly DarkPoint[]): DarkCiphertext[] {
  return points.map((m) => ({ a: group.Point.ZERO, b: m }));
}

/**
 * A step's commitment: SHA-256(str("fairdeal-dark-v1 step commitment") ‖ ctx ‖ u32(seat) ‖ seed),
 * lowercase hex. Published with the step; the seed, revealed at the end, must match it.
 *
 * @example
 * ```ts
 * stepCommitment(context, 0, seed); // 64 hex characters
 * ```
 */
export function stepCommitment(context: DarkContext, seat: number, seed: Uint8Array): string {
  return bytesToHex(
    sha256(concat(str(DST.stepCommitment), contextBytes(context), u32(seat), seed)),
  );
}

/**
 * Re-randomizes and permutes a deck under the joint key H, all from one 32-byte step seed:
 * output[i] = (A + r_i·G, B + r_i·H) of input[p[i]], where p = permutation(n, chacha20(seed))
 * — fairdeal's own seeded shuffle (docs/RANDOM.md, shuffle v1) — and
 * r_i = H_s("fairdeal-dark-v1 shuffle scalar", seed ‖ u32(i)). Deterministic, so a revealed seed
 * replays it exactly (docs/DARK.md §5).
 *
 * @example
 * ```ts
 * const out = shuffleStep(group, H, deck, seed);
 * ```
 */
export function shuffleStep(
  group: DarkGroup,
  joint: DarkPoint,
  input: readonly DarkCiphertext[],
  seed: Uint8Array,
): DarkCiphertext[] {
  if (!(seed instanceof Uint8Array) || seed.length !== 32) {
    throw new FairdealError('BAD_SEED', 'a dark step seed must be 32 bytes');
  }
  const p = permutation(input.length, chacha20(seed));
  const G = group.Point.BASE;
  // H is multiplied 54 times: a window-6 table (about 8 ms, kept with the point) makes each
  // product about twice as fast. The r_i stay secret until the reveal, so the products are the
  // constant-time ones (noble's multiply), not multiplyUnsafe.
  joint.precompute(6, false);
  const out: DarkCiphertext[] = [];
  for (let i = 0; i < input.length; i++) {
    const r = hashScalar(group, DST.shuffleScalar, seed, u32(i));
    const c = input[p[i]!]!;
    // r = 0 has probability 2^-252; multiply refuses 0, whose products are the identity.
    const [rG, rH] =
      r === 0n ? [group.Point.ZERO, group.Point.ZERO] : [G.multiply(r), joint.multiply(r)];
    out.push({ a: c.a.add(rG), b: c.b.add(rH) });
  }
  return out;
}

/**
 * A deck as wire JSON: `[A, B]` hex pairs.
 *
 * @example
 * ```ts
 * const step = { seat: 0, commitment: stepCommitment(context, 0, seed), deck: deckToJSON(input) };
 * ```
 */
export function deckToJSON(deck: readonly DarkCiphertext[]): DarkCiphertextJSON[] {
  return deck.map((c) => [pointHex(c.a), pointHex(c.b)] as const);
}

/**
 * A step's output deck read from the wire: `n` canonical ciphertexts.
 *
 * @example
 * ```ts
 * const finalDeck = readStepDeck(group, step, 54);
 * ```
 *
 * @throws {FairdealError} `REVEAL_MISMATCH` naming the seat for a deck of the wrong length or an
 *   element that does not decode.
 */
export function readStepDeck(group: DarkGroup, step: DarkStepJSON, n: number): DarkCiphertext[] {
  const seat = step.seat;
  const deck = step.deck;
  if (!Array.isArray(deck) || deck.length !== n) {
    throw new FairdealError(
      'REVEAL_MISMATCH',
      `seat ${seat}'s shuffle step must hold ${n} ciphertexts`,
      { seat, check: 'shuffle' },
    );
  }
  return deck.map((pair, i) => {
    const refuse = refuser('REVEAL_MISMATCH', `seat ${seat}'s ciphertext ${i}`, {
      seat,
      position: i,
    });
    if (!Array.isArray(pair) || pair.length !== 2) refuse('is not a pair [A, B]');
    return { a: readPoint(group, pair[0], refuse), b: readPoint(group, pair[1], refuse) };
  });
}

/**
 * Replays a published step from its revealed seed: the seed must match the step's commitment,
 * and re-running {@link shuffleStep} on the step's input must give exactly its output.
 *
 * @example
 * ```ts
 * replayShuffleStep(group, context, H, input, step, revealedSeed); // or throws, naming step.seat
 * ```
 * @throws {FairdealError} `REVEAL_MISMATCH` naming the seat.
 */
export function replayShuffleStep(
  group: DarkGroup,
  context: DarkContext,
  joint: DarkPoint,
  input: readonly DarkCiphertext[],
  step: DarkStepJSON,
  seed: Uint8Array,
): void {
  const seat = step.seat;
  if (stepCommitment(context, seat, seed) !== step.commitment) {
    throw new FairdealError(
      'REVEAL_MISMATCH',
      `seat ${seat}'s revealed step seed does not match its commitment`,
      { seat, check: 'shuffle' },
    );
  }
  const expected = shuffleStep(group, joint, input, seed);
  const got = readStepDeck(group, step, input.length);
  for (let i = 0; i < expected.length; i++) {
    if (!expected[i]!.a.equals(got[i]!.a) || !expected[i]!.b.equals(got[i]!.b)) {
      throw new FairdealError(
        'REVEAL_MISMATCH',
        `seat ${seat}'s shuffle step is not what its revealed seed makes (ciphertext ${i} differs)`,
        { seat, position: i, check: 'shuffle' },
      );
    }
  }
}
