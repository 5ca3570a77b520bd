import { FairdealError } from '../errors.ts';
import { chacha20 } from '../random/chacha20.ts';
import { permutation } from '../shuffle/permutation.ts';
import { readBytes32, refuser } from './bytes.ts';
import { darkDeck } from './card-points.ts';
import { checkContext } from './context.ts';
import { jointKey } from './joint-key.ts';
import { type DarkGroup, type DarkPoint, loadDarkGroup } from './load-group.ts';
import { mayShare, ownerOf } from './may-share.ts';
import { openCard } from './open-card.ts';
import { checkSeatKey } from './seat-key.ts';
import { checkShare } from './share.ts';
import { type DarkCiphertext, readStepDeck, replayShuffleStep, startDeck } from './shuffle-step.ts';
import { type DarkTranscript, type DarkVoidJSON, parseDarkTranscript } from './transcript.ts';

/** What a dark transcript proves once every check has passed. */
export interface DarkVerdict {
  /** `verified`: a whole hand; `void`: a hand that stopped, everything present checked. */
  readonly status: 'verified' | 'void';
  readonly void: DarkVoidJSON | null;
  /** The card at each position of the final deck, when every step seed was revealed. */
  readonly deck: readonly string[] | null;
  /** The positions opened to everyone (plays, kitty, board) and their cards. */
  readonly opened: Readonly<Record<number, string>>;
}

const missing = (where: string, why: string): never => {
  throw new FairdealError('BAD_TRANSCRIPT', `transcript ${where} ${why}`, { field: where });
};

/**
 * Replays a whole dark hand (docs/DARK.md §10): every key proof, every shuffle step from its
 * revealed seed, every share's proof and whether its seat may open that position, and every
 * card played against the cards its position opens to. The first failure is thrown, naming the
 * seat at fault; a void hand verifies what it holds and reports who stopped.
 *
 * @example
 * ```ts
 * const verdict = await verifyDarkTranscript(text);
 * verdict.status; // 'verified'
 * ```
 * @throws {FairdealError} `BAD_TRANSCRIPT` (shape, or a part missing from a whole hand),
 *   `BAD_SIGNATURE`, `REVEAL_MISMATCH`, `BAD_SIGNATURE`, `ILLEGAL_PLAY` (each with
 *   `detail.seat`), `REVEAL_MISMATCH`; `MISSING_PEER` without @noble/curves.
 */
export async function verifyDarkTranscript(input: unknown): Promise<DarkVerdict> {
  const t = parseDarkTranscript(input);
  return verifyParsed(await loadDarkGroup(), t);
}

/** {@link verifyDarkTranscript} on a parsed transcript with the group loaded (verify-dark-sync.ts). */
export function verifyParsed(group: DarkGroup, t: DarkTranscript): DarkVerdict {
  const context = checkContext(t);
  const deck = darkDeck(group, t.preset, t.seats);
  const n = deck.ids.length;
  const whole = t.void === null;
  if (whole && t.keys.length !== t.seats) missing('keys', `must hold all ${t.seats} keys`);
  const keys = t.keys.map((k) => checkSeatKey(group, context, k));
  if (t.steps.length > 0 && keys.length !== t.seats) missing('steps', 'come before every key');
  if (whole && t.steps.length !== t.seats) missing('steps', `must hold all ${t.seats} steps`);
  const joint = jointKey(group, keys);

  // Shuffle steps: each replays from the published deck before it, so one step whose seed is
  // missing (a void hand) does not stop the others from being checked.
  const seeds = new Map<number, Uint8Array>();
  for (const r of t.reveals) {
    if (seeds.has(r.seat)) missing(`reveals`, `hold seat ${r.seat}'s seed twice`);
    if (r.seat >= t.steps.length)
      missing('reveals', `hold a seed of seat ${r.seat}, which made no step`);
    seeds.set(
      r.seat,
      readBytes32(
        r.seed,
        refuser('REVEAL_MISMATCH', `seat ${r.seat}'s revealed seed`, {
          seat: r.seat,
          check: 'shuffle',
        }),
      ),
    );
  }
  let input: DarkCiphertext[] = startDeck(group, deck.points);
  const order = deck.ids.map((_, j) => j);
  let replayed = true;
  for (const step of t.steps) {
    const seed = seeds.get(step.seat);
    const output = readStepDeck(group, step, n);
    if (seed === undefined) {
      if (whole) missing('reveals', `lack seat ${step.seat}'s step seed`);
      replayed = false;
    } else {
      replayShuffleStep(group, context, joint, input, step, seed);
      const p = permutation(n, chacha20(seed));
      const before = order.slice();
      for (let i = 0; i < n; i++) order[i] = before[p[i]!]!;
    }
    input = output;
  }
  const final = input;
  if (t.shares.length > 0 && t.steps.length !== t.seats)
    missing('shares', 'come before the last shuffle step');

  // Shares: proofs, duplicates and who may open what.
  const played = new Set(t.plays.map((p) => `${p.seat}:${p.position}`));
  const byPosition = new Map<number, Map<number, DarkPoint>>();
  for (const s of t.shares) {
    const detail = { seat: s.seat, position: s.position, check: 'share' };
    if (s.position >= n) {
      throw new FairdealError(
        'PROTOCOL_ORDER',
        `seat ${s.seat}'s share is for position ${s.position}, past the deck's ${n}`,
        detail,
      );
    }
    const state = { played: played.has(`${s.seat}:${s.position}`), kittyGiven: t.kittyTo !== null };
    if (!mayShare(deck.route[s.position], s.seat, state)) {
      throw new FairdealError(
        'PROTOCOL_ORDER',
        `seat ${s.seat} shared position ${s.position} (${deck.route[s.position]}), which it must not open`,
        detail,
      );
    }
    const got = byPosition.get(s.position) ?? new Map<number, DarkPoint>();
    if (got.has(s.seat)) {
      throw new FairdealError(
        'PROTOCOL_ORDER',
        `seat ${s.seat} shared position ${s.position} twice`,
        detail,
      );
    }
    got.set(s.seat, checkShare(group, context, keys[s.seat]!, final[s.position]!.a, s));
    byPosition.set(s.position, got);
  }

  // Opened positions: every complete one must be a card; plays must be what they claim.
  const opened: Record<number, string> = {};
  for (const [position, got] of byPosition) {
    if (got.size === t.seats)
      opened[position] = openCard(deck, final[position]!.b, [...got.values()], position);
  }
  const once = new Set<number>();
  for (const p of t.plays) {
    const detail = { seat: p.seat, position: p.position, reason: 'not-in-hand' };
    const to = deck.route[p.position];
    const mine = ownerOf(to) === p.seat || (to === 'kitty' && t.kittyTo === p.seat);
    if (!mine) {
      throw new FairdealError(
        'ILLEGAL_PLAY',
        `seat ${p.seat} played position ${p.position}, which is not in its hand`,
        detail,
      );
    }
    if (once.has(p.position)) {
      throw new FairdealError(
        'ILLEGAL_PLAY',
        `seat ${p.seat} played position ${p.position} twice`,
        detail,
      );
    }
    once.add(p.position);
    const card = opened[p.position];
    if (card === undefined) {
      throw new FairdealError(
        'ILLEGAL_PLAY',
        `seat ${p.seat} played position ${p.position} without every seat's share for it`,
        detail,
      );
    }
    if (card !== p.card) {
      throw new FairdealError(
        'ILLEGAL_PLAY',
        `seat ${p.seat} claimed ${p.card} at position ${p.position}, which holds ${card}`,
        detail,
      );
    }
  }
  if (whole) {
    // A whole hand dealt every seat its cards: each hand position has every other seat's share.
    for (let position = 0; position < n; position++) {
      const owner = ownerOf(deck.route[position]);
      if (owner === null) continue;
      const got = byPosition.get(position);
      for (let s = 0; s < t.seats; s++) {
        if (s !== owner && !got?.has(s))
          missing(
            'shares',
            `lack seat ${s}'s share for position ${position} (dealt to seat ${owner})`,
          );
      }
    }
  }
  return {
    status: whole ? 'verified' : 'void',
    void: t.void,
    deck: replayed && t.steps.length === t.seats ? order.map((j) => deck.ids[j]!) : null,
    opened,
  };
}
