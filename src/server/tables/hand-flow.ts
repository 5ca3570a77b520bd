import { FairRound, type FairRoundSecretState } from '../../fair/index.ts';
import type { RandomSource } from '../../index.ts';
import { ApiError } from '../deck/api-error.ts';
import { scoreHandSafe, startDoudizhu } from './doudizhu-table.ts';
import { holdBackStreets } from './hold-back-streets.ts';
import {
  type HandDocument,
  type HandRecord,
  HISTORY_KEEP,
  type PublicAction,
  type TableDocument,
} from './table-doc.ts';

/** What the pure table steps need besides the document: time, the sealing key, randomness. */
export interface StepContext {
  readonly now: number;
  readonly seal: (plain: string) => string;
  readonly open: (sealed: string) => string;
  /**
   * TESTS ONLY: server seeds from this source (a seeded one, for reproducible hands). Without it
   * they come from the secure source: FairRound.open draws them, and refuses a predictable
   * source anywhere but here (docs/FAIR.md §3).
   */
  readonly testOnlySource?: RandomSource;
}

const conflict = (code: string, message: string) => new ApiError(409, code, message);

function restore(hand: HandDocument, ctx: StepContext): FairRound {
  return FairRound.restore(JSON.parse(ctx.open(hand.round)) as FairRoundSecretState);
}

function save(round: FairRound, ctx: StepContext): string {
  return ctx.seal(JSON.stringify(round.exportSecretState()));
}

/**
 * Opens the next hand: a fresh server seed, committed at once (the announcement binds table,
 * hand, previous transcript hash, preset, options and seating). In fair mode the seats commit
 * next; otherwise the roster closes empty and the dealer alone deals.
 *
 * @example
 * ```ts
 * doc = { ...doc, hand: openHand(doc, ctx) };
 * ```
 * @throws {ApiError} 409 `HAND_IN_PLAY` if the current hand has not ended.
 */
export function openHand(doc: TableDocument, ctx: StepContext): HandDocument {
  if (doc.hand !== null && doc.hand.phase !== 'ended') {
    throw conflict('HAND_IN_PLAY', 'The current hand has not ended.');
  }
  const n = (doc.hand?.n ?? 0) + 1;
  const prev = doc.history.at(-1)?.transcriptHash ?? null;
  const round = FairRound.open({
    table: doc.id,
    hand: n,
    preset: doc.preset,
    options: doc.options,
    seating: doc.players,
    prev,
    ...(ctx.testOnlySource === undefined ? {} : { testOnlySource: ctx.testOnlySource }),
  });
  const hand: HandDocument = {
    n,
    phase: 'committing',
    startedAt: ctx.now,
    deadline: ctx.now + doc.revealTimeoutMs,
    announcement: round.announcement,
    roster: null,
    committed: [],
    revealed: [],
    missing: [],
    round: save(round, ctx),
    piles: null,
    game: null,
    log: [{ type: 'hand-opened', seat: null }],
  };
  if (doc.fair) return hand;
  const roster = round.closeRoster();
  return dealHand(doc, { ...hand, roster, phase: 'revealing' }, round, false, ctx);
}

/**
 * A seat's commitment to its client seed. When every seat has committed the roster closes.
 *
 * @example
 * ```ts
 * hand = commitSeat(doc, hand, 0, 'ab12…', ctx);
 * ```
 * @throws {ApiError} 409 if the hand is not taking commitments; {FairdealError}
 *   `PROTOCOL_ORDER`, `BAD_TRANSCRIPT` (a malformed commitment).
 */
export function commitSeat(
  doc: TableDocument,
  hand: HandDocument,
  seat: number,
  commitment: string,
  ctx: StepContext,
): HandDocument {
  if (hand.phase !== 'committing') throw conflict('PROTOCOL_ORDER', 'The roster is closed.');
  const round = restore(hand, ctx);
  const player = doc.players[seat]!;
  round.commit(player, commitment);
  const committed = [...hand.committed, player];
  const log = [...hand.log, { type: 'committed', seat }];
  if (committed.length < doc.seats) {
    return { ...hand, committed, log, round: save(round, ctx) };
  }
  const roster = round.closeRoster();
  return { ...hand, committed, log, roster, phase: 'revealing', round: save(round, ctx) };
}

/**
 * A seat reveals its seed and salt; the deal happens when nobody is left to reveal.
 *
 * @example
 * ```ts
 * hand = revealSeat(doc, hand, 0, 'lucky7', saltHex, ctx);
 * ```
 * @throws {ApiError} 409 before the roster closes or after the deal; {FairdealError}
 *   `REVEAL_MISMATCH`, `PROTOCOL_ORDER`.
 */
export function revealSeat(
  doc: TableDocument,
  hand: HandDocument,
  seat: number,
  seed: string,
  salt: string,
  ctx: StepContext,
): HandDocument {
  if (hand.phase !== 'revealing') {
    throw conflict('PROTOCOL_ORDER', 'Reveals are taken after the roster closes, before the deal.');
  }
  const round = restore(hand, ctx);
  const player = doc.players[seat]!;
  round.reveal(player, seed, salt);
  const next: HandDocument = {
    ...hand,
    revealed: [...hand.revealed, player],
    log: [...hand.log, { type: 'revealed', seat }],
  };
  if (round.waitingFor.length > 0) return { ...next, round: save(round, ctx) };
  return dealHand(doc, next, round, false, ctx);
}

/**
 * After the deadline: closes the roster if needed and deals without the seats that did not
 * reveal (they are recorded as missing; docs/FAIR.md, "A seat that never reveals").
 *
 * @example
 * ```ts
 * hand = forceDeal(doc, hand, ctx);
 * ```
 * @throws {ApiError} 409 `TOO_EARLY` before the deadline, `PROTOCOL_ORDER` once dealt.
 */
export function forceDeal(doc: TableDocument, hand: HandDocument, ctx: StepContext): HandDocument {
  if (hand.phase !== 'committing' && hand.phase !== 'revealing') {
    throw conflict('PROTOCOL_ORDER', 'This hand was dealt already.');
  }
  if (ctx.now < hand.deadline) {
    throw conflict('TOO_EARLY', 'The deadline for commitments and reveals has not passed.');
  }
  const round = restore(hand, ctx);
  let next = hand;
  if (hand.phase === 'committing') {
    next = { ...hand, roster: round.closeRoster(), phase: 'revealing' };
  }
  return dealHand(doc, next, round, true, ctx);
}

function dealHand(
  doc: TableDocument,
  hand: HandDocument,
  round: FairRound,
  allowMissing: boolean,
  ctx: StepContext,
): HandDocument {
  // Missing: every seated player whose seed is not in the deal — in the roster but silent, or
  // never committed at all (the transcript shows only the first kind; the table records both).
  const missing = doc.fair ? doc.players.filter((p) => !hand.revealed.includes(p)) : [];
  const { deal } = round.deal({ allowMissing });
  const ids = (cards: readonly { readonly id: string }[]) => cards.map((c) => c.id);
  const base: HandDocument = {
    ...hand,
    phase: 'playing',
    missing,
    round: save(round, ctx),
    log: [...hand.log, { type: 'dealt', seat: null, count: missing.length }],
  };
  if (doc.preset === 'doudizhu' || doc.preset === 'doudizhu-4p') {
    // The first bidder turns with the hands, so no seat always opens (docs/TABLES.md).
    return { ...base, game: startDoudizhu(deal, (hand.n - 1) % doc.seats, doc.rules ?? {}) };
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
): { doc: TableDocument; record: HandRecord } {
  const hand = doc.hand;
  if (hand === null || hand.phase !== 'playing') {
    throw conflict('WRONG_PHASE', 'Only a dealt hand in play can end.');
  }
  // Restoring a dealt round deals again and checks the result against its transcript hash.
  const transcript = restore(hand, ctx).transcript;
  if (transcript === undefined) throw conflict('WRONG_PHASE', 'Only a dealt hand in play can end.');
  const record: HandRecord = {
    n: hand.n,
    transcript,
    transcriptHash: transcript.hash,
    missing: hand.missing,
    log: [...hand.log, action],
    score: hand.game === null ? null : scoreHandSafe(hand.game),
  };
  const summary = {
    n: record.n,
    transcriptHash: record.transcriptHash,
    missing: record.missing,
    score: record.score,
  };
  return {
    doc: {
      ...doc,
      hand: { ...hand, phase: 'ended', log: record.log },
      history: [...doc.history, summary].slice(-HISTORY_KEEP),
    },
    record,
  };
}

/**
 * When the table next needs the service's sweep (tables/deal-due.ts): the deadline of a hand
 * still waiting for commitments or reveals, else null.
 *
 * @example
 * ```ts
 * dueAt(doc); // e.g. 1700000060000 while seats commit, null once dealt
 * ```
 * @throws never.
 */
export function dueAt(doc: TableDocument): number | null {
  const h = doc.hand;
  return h !== null && (h.phase === 'committing' || h.phase === 'revealing') ? h.deadline : null;
}
