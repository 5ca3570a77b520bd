import type { DarkGroup } from '../../dark/index.ts';
import {
  type DealerSigner,
  type ReceiptV3,
  type SeatCommitMessage,
  type SeatRevealMessage,
  SignedRound,
  type SignedRoundSecretState,
  type VoidReasonV3,
} from '../../fair/index.ts';
import type { RandomSource } from '../../index.ts';
import { ApiError } from '../deck/api-error.ts';
import { botCommit, botReveal } from './bot-seeds.ts';
import { voidDarkHand } from './dark-end.ts';
import { darkWaitingFor, newDarkHand } from './dark-state.ts';
import { scoreHandSafe, startDoudizhu } from './doudizhu-table.ts';
import { holdBackStreets } from './hold-back-streets.ts';
import { roomDueAt } from './room-close.ts';
import { stakedScore } from './staked-score.ts';
import {
  type HandDocument,
  type HandRecord,
  type HandSummary,
  HISTORY_KEEP,
  HOLDER_HEX,
  type PublicAction,
  type TableDocument,
} from './table-doc.ts';
import { startClock } from './turn-clock.ts';

/** What the pure table steps need besides the document: time, the keys, randomness. */
export interface StepContext {
  readonly now: number;
  readonly seal: (plain: string) => string;
  readonly open: (sealed: string) => string;
  /** The service's dealer key: signs announcements, receipts, rosters and records. */
  readonly dealer: DealerSigner;
  /** The dealer keys before a key rotation: each finishes the hands it announced. */
  readonly previousDealers?: readonly DealerSigner[];
  /**
   * TESTS ONLY: server seeds from this source (a seeded one, for reproducible hands). Without it
   * they come from the secure source, which SignedRound draws from itself (docs/FAIR.md §3).
   */
  readonly testOnlySource?: RandomSource;
  /**
   * The group of dark deals (@noble/curves' ristretto255), loaded before the change by the
   * caller: a dark table's steps check proofs with it (undefined: not loaded, or not installed).
   */
  readonly darkGroup?: DarkGroup | undefined;
}

const conflict = (
  code: 'HAND_IN_PLAY' | 'SEATS_OPEN' | 'TOO_EARLY' | 'WRONG_PHASE' | 'PROTOCOL_ORDER',
  message: string,
) => new ApiError(409, code, message);

function restore(hand: HandDocument, ctx: StepContext): SignedRound {
  const state = JSON.parse(ctx.open(hand.round)) as SignedRoundSecretState;
  // A hand announced before a key rotation is finished by the key that announced it: its seats
  // checked that key, and a record signed by another would not verify against the announcement.
  const dealer =
    ctx.previousDealers?.find((d) => d.publicKey === state.header?.dealer) ?? ctx.dealer;
  // The state opened from this table's sealed round (AES-GCM under the master key, bound to its
  // hand): every signature in it was checked when it arrived.
  return SignedRound.restore(state, dealer, { checkSignatures: false });
}

function save(round: SignedRound, ctx: StepContext): string {
  return ctx.seal(JSON.stringify(round.exportSecretState()));
}

/** Whether every seat has been claimed (with its key): only then can a hand open. */
export function seatsFull(doc: TableDocument): boolean {
  return doc.seatKeys.every((k) => k !== null);
}

function testSeed(ctx: StepContext): { testOnlyServerSeed?: Uint8Array } {
  if (ctx.testOnlySource === undefined) return {};
  const words = new Uint32Array(8);
  ctx.testOnlySource.fillUint32(words);
  // Each word little-endian, as freshSeed writes them, on any machine (a Uint32Array's own bytes
  // follow the machine's order).
  const bytes = new Uint8Array(32);
  const view = new DataView(bytes.buffer);
  words.forEach((w, i) => {
    view.setUint32(i * 4, w, true);
  });
  return { testOnlyServerSeed: bytes };
}

/**
 * Opens the next hand as a fairdeal-v3 round: a fresh server seed, committed and announced at
 * once, signed by the dealer; the header binds every seat's player and key. At a fair table the
 * seats commit next — the house's bots at once, in this change (docs/TABLES.md, "Bots"); at a
 * practice table the dealer alone deals at once (labelled so).
 *
 * @example
 * ```ts
 * doc = { ...doc, hand: openHand(doc, ctx) };
 * ```
 * @throws {ApiError} 409 `HAND_IN_PLAY` if the current hand has not ended or been voided,
 *   `SEATS_OPEN` while a seat is unclaimed.
 */
export function openHand(doc: TableDocument, ctx: StepContext): HandDocument {
  if (doc.hand !== null && doc.hand.phase !== 'ended' && doc.hand.phase !== 'void') {
    throw conflict('HAND_IN_PLAY', 'The current hand has not ended.');
  }
  if (!seatsFull(doc)) {
    throw conflict('SEATS_OPEN', 'Every seat must be claimed before a hand opens.');
  }
  const n = (doc.hand?.n ?? 0) + 1;
  const prev = doc.history.at(-1)?.transcriptHash ?? null;
  const round = SignedRound.open({
    mode: doc.fair ? 'fair' : 'practice',
    table: doc.id,
    hand: n,
    preset: doc.preset,
    options: doc.options,
    seats: doc.players.map((player, k) => ({ player, key: doc.seatKeys[k]! })),
    prev,
    dealer: ctx.dealer,
    at: ctx.now,
    ...testSeed(ctx),
  });
  const hand: HandDocument = {
    n,
    phase: 'committing',
    startedAt: ctx.now,
    deadline: ctx.now + doc.revealTimeoutMs,
    announcement: round.announcement,
    commits: doc.fair ? doc.players.map(() => null) : [],
    roster: null,
    reveals: [],
    receipts: [],
    void: null,
    round: save(round, ctx),
    piles: null,
    game: null,
    log: [{ type: 'hand-opened', seat: null }],
  };
  if (doc.dark === true) {
    // A dark hand: the seats deal among themselves (docs/DARK.md §8); the signed announcement
    // binds their seat keys, under which they sign every message. The service deals nothing:
    // its round is never dealt, and no seat commits a seed to it.
    return { ...hand, phase: 'dark', commits: [], dark: newDarkHand(doc.seats) };
  }
  return doc.fair ? botsCommit(doc, hand, ctx) : dealHand(doc, hand, round, ctx);
}

const withBotSeed = (
  doc: TableDocument,
  hand: HandDocument,
  seat: number,
  sealed: string | null,
): HandDocument => ({
  ...hand,
  botSeeds: doc.players.map((_, k) => (k === seat ? sealed : (hand.botSeeds?.[k] ?? null))),
});

// The house's bots commit as soon as the hand is announced, each through commitSeat — the very
// checks a person's commitment passes (its key, its signature, the order) — in the change that
// opened the hand, so no request and no timer is needed (docs/TABLES.md, "Bots").
function botsCommit(doc: TableDocument, hand: HandDocument, ctx: StepContext): HandDocument {
  let h = hand;
  for (const seat of doc.bots ?? []) {
    if (h.phase !== 'committing' || h.commits[seat] !== null) continue;
    const c = botCommit(doc, h, seat, ctx);
    h = commitSeat(doc, withBotSeed(doc, h, seat, c.sealed), seat, c.message, ctx).hand;
  }
  return h;
}

// The bots reveal as soon as the roster closes (every seat committed: nobody can commit knowing a
// bot's seed), each through revealSeat; the last reveal deals, a person's or a bot's.
function botsReveal(doc: TableDocument, hand: HandDocument, ctx: StepContext): HandDocument {
  let h = hand;
  for (const seat of doc.bots ?? []) {
    if (h.phase !== 'revealing' || h.reveals[seat] !== null) continue;
    const message = botReveal(doc, h, seat, ctx);
    h = withBotSeed(doc, revealSeat(doc, h, seat, message, ctx).hand, seat, null);
  }
  return h;
}

/**
 * A seat's signed commitment: checked against the seat's key, answered by a signed receipt and
 * published to every seat. When every seat has committed the roster closes, signed, and the
 * house's bots reveal at once (the last reveal deals).
 *
 * @example
 * ```ts
 * const { hand, receipt } = commitSeat(doc, doc.hand, 0, { commitment, signature }, ctx);
 * ```
 * @throws {ApiError} 409 if the hand is not taking commitments; {FairdealError}
 *   `PROTOCOL_ORDER`, `BAD_SIGNATURE`, `BAD_TRANSCRIPT` (malformed hex).
 */
export function commitSeat(
  doc: TableDocument,
  hand: HandDocument,
  seat: number,
  message: SeatCommitMessage,
  ctx: StepContext,
): { hand: HandDocument; receipt: ReceiptV3 } {
  if (hand.phase !== 'committing' || !doc.fair) {
    throw conflict('PROTOCOL_ORDER', 'This hand is not taking commitments.');
  }
  const round = restore(hand, ctx);
  const receipt = round.commit(seat, message, ctx.now);
  const state = round.exportSecretState();
  const next: HandDocument = {
    ...hand,
    commits: state.commits,
    receipts: [...hand.receipts, receipt],
    log: [...hand.log, { type: 'committed', seat }],
  };
  if (round.waitingFor.length > 0) return { hand: { ...next, round: save(round, ctx) }, receipt };
  const roster = round.closeRoster(ctx.now);
  const closed: HandDocument = {
    ...next,
    roster,
    reveals: doc.players.map(() => null),
    phase: 'revealing',
    round: save(round, ctx),
    log: [...next.log, { type: 'roster-closed', seat: null }],
  };
  return { hand: botsReveal(doc, closed, ctx), receipt };
}

/**
 * A seat's signed reveal: checked against its commitment and key, answered by a signed receipt
 * and published to every seat. The deal happens when every seat has revealed — never before.
 *
 * @example
 * ```ts
 * const { hand, receipt } = revealSeat(doc, doc.hand, 0, { seed, salt, signature }, ctx);
 * ```
 * @throws {ApiError} 409 before the roster closes or after the deal; {FairdealError}
 *   `REVEAL_MISMATCH`, `BAD_SIGNATURE`, `PROTOCOL_ORDER`.
 */
export function revealSeat(
  doc: TableDocument,
  hand: HandDocument,
  seat: number,
  message: SeatRevealMessage,
  ctx: StepContext,
): { hand: HandDocument; receipt: ReceiptV3 } {
  if (hand.phase !== 'revealing') {
    throw conflict('PROTOCOL_ORDER', 'Reveals are taken after the roster closes, before the deal.');
  }
  const round = restore(hand, ctx);
  const receipt = round.reveal(seat, message, ctx.now);
  const next: HandDocument = {
    ...hand,
    reveals: round.exportSecretState().reveals,
    receipts: [...hand.receipts, receipt],
    log: [...hand.log, { type: 'revealed', seat }],
  };
  if (round.waitingFor.length > 0) return { hand: { ...next, round: save(round, ctx) }, receipt };
  return { hand: dealHand(doc, next, round, ctx), receipt };
}

function dealHand(
  doc: TableDocument,
  hand: HandDocument,
  round: SignedRound,
  ctx: StepContext,
): HandDocument {
  const { deal } = round.deal();
  const ids = (cards: readonly { readonly id: string }[]) => cards.map((c) => c.id);
  const base: HandDocument = {
    ...hand,
    phase: 'playing',
    round: save(round, ctx),
    log: [...hand.log, { type: 'dealt', seat: null }],
  };
  if (doc.preset === 'doudizhu' || doc.preset === 'doudizhu-4p') {
    // The first bidder turns with the hands, so no seat always opens (docs/TABLES.md).
    const game = startDoudizhu(deal, (hand.n - 1) % doc.seats, doc.rules ?? {});
    return { ...base, game, clock: startClock(doc, game, ctx.now) };
  }
  // Hold'em and Omaha hold their board back for `deal-street`: a seat must not see the river
  // before the first betting round. The fair deal itself is unchanged (docs/TABLES.md, "Streets").
  const { board, burns, streets } = holdBackStreets(doc.preset, ids(deal.board), ids(deal.burns));
  return {
    ...base,
    piles: {
      hands: deal.hands.map(ids),
      stock: ids(deal.stock),
      board,
      discard: [],
      burns,
      kitty: ids(deal.kitty),
      ...(streets.length === 0 ? {} : { streets }),
    },
  };
}

/**
 * Voids the current hand — `withheld` once the deadline has passed with a seat silent (a seat,
 * the host or the service's sweep asks), or `kicked` when the host removes seats — and records
 * it: the signed void record joins the chain, the seats are named publicly, and at a Dou Dizhu
 * table with a `withholdPenalty` each withholder pays it to every other seat. Never a deal with
 * fewer seeds. A hand already dealt and in play that loses a kicked seat ends unscored instead
 * (its deal was fair; its record is the dealt transcript).
 *
 * @example
 * ```ts
 * const { doc: next, record } = voidCurrentHand(doc, ctx, 'withheld', [], null);
 * ```
 * @throws {ApiError} 409 `TOO_EARLY` before the deadline (withheld), `WRONG_PHASE` with no hand
 *   to void.
 */
export function voidCurrentHand(
  doc: TableDocument,
  ctx: StepContext,
  reason: VoidReasonV3,
  seats: readonly number[],
  by: number | null,
): { doc: TableDocument; record: HandRecord; action: PublicAction } {
  const hand = doc.hand;
  if (hand === null || hand.phase === 'ended' || hand.phase === 'void') {
    throw conflict('WRONG_PHASE', 'There is no hand in progress to void.');
  }
  if (reason === 'withheld') {
    if (hand.phase === 'playing') throw conflict('WRONG_PHASE', 'This hand was dealt already.');
    if (ctx.now < hand.deadline) {
      throw conflict('TOO_EARLY', 'The deadline for commitments and reveals has not passed.');
    }
  }
  if (hand.dark !== undefined) {
    // A dark hand names the seats that owe the stage its message (or the kicked ones).
    const owing = seats.length > 0 ? seats : darkWaitingFor(hand.dark);
    return voidDarkHand(doc, ctx, reason, owing, by);
  }
  const round = restore(hand, ctx);
  if (hand.phase === 'playing') {
    const action: PublicAction = { type: 'hand-abandoned', seat: by, to: seats.join(',') };
    const { doc: next, record } = endHand(doc, ctx, action, { outcome: reason, seats });
    return { doc: next, record, action };
  }
  const v = round.voidHand({ reason, seats, at: ctx.now });
  const missing = v.void.seats.map((k) => doc.players[k]!);
  const penalty =
    reason === 'withheld' && doc.withholdPenalty > 0
      ? { withheld: [...v.void.seats], points: doc.withholdPenalty }
      : null;
  const action: PublicAction = {
    type: 'hand-void',
    seat: by,
    pile: reason,
    to: v.void.seats.join(','),
  };
  const log = [...hand.log, action];
  const record: HandRecord = {
    n: hand.n,
    transcript: v,
    transcriptHash: v.hash,
    missing,
    log,
    score: penalty,
    outcome: reason,
  };
  const summary: HandSummary = {
    n: hand.n,
    transcriptHash: v.hash,
    missing,
    score: penalty,
    holders: holdersOf(hand),
    outcome: reason,
  };
  return {
    doc: {
      ...doc,
      hand: {
        ...hand,
        phase: 'void',
        void: { reason, seats: [...v.void.seats] },
        round: save(round, ctx),
        log,
      },
      history: [...doc.history, summary].slice(-HISTORY_KEEP),
    },
    record,
    action,
  };
}

/**
 * Ends the hand: the transcript (server seed included) becomes public and joins the table's
 * chain, with the public log and, for Dou Dizhu, the score. The record is returned apart, for the
 * store to keep as a row of its own; the document keeps a summary of the last hands.
 *
 * @example
 * ```ts
 * const { doc: next, record } = endHand(doc, ctx, { type: 'hand-ended', seat: 0 });
 * ```
 * @throws {ApiError} 409 if no hand has been dealt.
 */
export function endHand(
  doc: TableDocument,
  ctx: StepContext,
  action: PublicAction,
  abandoned?: { readonly outcome: VoidReasonV3; readonly seats: readonly number[] },
): { doc: TableDocument; record: HandRecord } {
  const hand = doc.hand;
  if (hand === null || hand.phase !== 'playing') {
    throw conflict('WRONG_PHASE', 'Only a dealt hand in play can end.');
  }
  // Restoring a dealt round deals again and checks the result against its record's hash.
  const transcript = restore(hand, ctx).record;
  if (transcript === undefined) throw conflict('WRONG_PHASE', 'Only a dealt hand in play can end.');
  const missing = abandoned === undefined ? [] : abandoned.seats.map((k) => doc.players[k]!);
  const record: HandRecord = {
    n: hand.n,
    transcript,
    transcriptHash: transcript.hash,
    missing,
    log: [...hand.log, action],
    // An abandoned hand (a seat kicked mid-play) is not scored.
    score:
      hand.game === null || abandoned !== undefined
        ? null
        : stakedScore(scoreHandSafe(hand.game), doc.stakes),
    outcome: abandoned?.outcome ?? 'dealt',
  };
  const summary: HandSummary = {
    n: record.n,
    transcriptHash: record.transcriptHash,
    missing: record.missing,
    score: record.score,
    holders: holdersOf(hand),
    outcome: record.outcome ?? 'dealt',
  };
  return {
    doc: {
      ...doc,
      hand: { ...hand, phase: 'ended', log: record.log, clock: null },
      history: [...doc.history, summary].slice(-HISTORY_KEEP),
    },
    record,
  };
}

/**
 * When the table next needs the service's sweep (tables/sweep-due.ts): the deadline of a hand
 * still waiting for commitments or reveals; in play, the deadline of the turn clock of the seat
 * to act (tables/turn-clock.ts); an empty room's closing time (tables/room-close.ts), if sooner;
 * else null. Every change stores it beside the document (the indexed `due_at`), so the sweep
 * finds what is due without reading a document, and a timer survives a restart.
 *
 * @example
 * ```ts
 * dueAt(doc); // e.g. 1700000060000 while seats commit; the turn clock's deadline in play
 * ```
 * @throws never.
 */
export function dueAt(doc: TableDocument): number | null {
  const room = roomDueAt(doc);
  const hand = handDueAt(doc);
  return room === null ? hand : hand === null ? room : Math.min(room, hand);
}

function handDueAt(doc: TableDocument): number | null {
  const h = doc.hand;
  if (h === null) return null;
  if (h.phase === 'committing' || h.phase === 'revealing' || h.phase === 'dark') return h.deadline;
  return h.phase === 'playing' ? (h.clock?.deadline ?? null) : null;
}

/**
 * After a void, the next hand opens by itself under a fresh server commitment, if every seat is
 * still claimed (a kicked seat must be claimed again first).
 *
 * @example
 * ```ts
 * doc = openNextIfSeated(doc, ctx);
 * ```
 * @throws as {@link openHand}.
 */
export function openNextIfSeated(doc: TableDocument, ctx: StepContext): TableDocument {
  if (!seatsFull(doc)) return doc;
  if (doc.hand !== null && doc.hand.phase !== 'void') return doc;
  return { ...doc, hand: openHand(doc, ctx) };
}

/** Who held each seat in `hand`, as its summary keeps it (`HandSummary.holders`). */
function holdersOf(hand: HandDocument): (string | null)[] {
  return hand.announcement.seats.map((seat) => seat.key?.slice(0, HOLDER_HEX) ?? null);
}
