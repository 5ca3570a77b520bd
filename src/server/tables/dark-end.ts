import { createHash } from 'node:crypto';
import type { DarkVerdictView } from '../../client/index.ts';
import {
  type DarkGroup,
  type DarkTranscript,
  type DarkVoidJSON,
  verifyDarkTranscriptSync,
} from '../../dark/index.ts';
import type { VoidReasonV3 } from '../../fair/index.ts';
import { FairdealError } from '../../index.ts';
import { darkContext } from './dark-hand.ts';
import type { DarkHand } from './dark-state.ts';
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

/**
 * The dark hand's transcript (docs/DARK.md §9) from what the seats posted: keys and steps in seat
 * order (a void hand's keys up to the first one missing), every share, the kitty's seat, the
 * plays, the reveals.
 *
 * @example
 * ```ts
 * const t = darkTranscript(doc, doc.hand, null);
 * ```
 * @throws never.
 */
export function darkTranscript(
  doc: TableDocument,
  hand: HandDocument,
  stopped: DarkVoidJSON | null,
): DarkTranscript {
  const dark = hand.dark!;
  const firstMissing = dark.keys.indexOf(null);
  const keys = (firstMissing < 0 ? dark.keys : dark.keys.slice(0, firstMissing)).map((k) => k!);
  return {
    version: 'fairdeal-dark-v1',
    ...darkContext(doc, hand),
    keys,
    // Steps need every key (the joint key): a hand void before that has none to show.
    steps: keys.length === doc.seats ? [...dark.steps] : [],
    shares: [...dark.shares],
    kittyTo: dark.kittyTo,
    plays: [...dark.plays],
    reveals: dark.reveals.flatMap((r) => (r === null ? [] : [r])),
    void: stopped,
  };
}

/** What verifying a transcript says, as the history shows it; never throws. */
function verdictOf(
  group: DarkGroup | undefined,
  transcript: DarkTranscript,
  stopped: DarkVoidJSON | null,
): DarkVerdictView {
  if (group === undefined) {
    return { status: 'failed', seat: null, code: 'MISSING_PEER', message: 'not verified' };
  }
  try {
    const v = verifyDarkTranscriptSync(group, transcript);
    return { status: v.status, seat: stopped?.seat ?? null, code: null, message: null };
  } catch (error) {
    if (!(error instanceof FairdealError)) throw error;
    const seat = typeof error.detail?.seat === 'number' ? error.detail.seat : null;
    return { status: 'failed', seat, code: error.code, message: error.message };
  }
}

const hashOf = (transcript: DarkTranscript) =>
  createHash('sha256').update(JSON.stringify(transcript)).digest('hex');

function holdersOf(hand: HandDocument): (string | null)[] {
  return hand.announcement.seats.map((seat) => seat.key?.slice(0, HOLDER_HEX) ?? null);
}

/**
 * The last reveal is in: the service verifies the whole transcript (`verifyDarkTranscript`:
 * every key, every shuffle replayed from its seed, every share, every play), stores the hand's
 * record with it, and ends the hand. A hand that verifies is scored as a fair one, from its
 * public plays (the rules library's score, times the stakes); one that does not is recorded
 * unscored, with the verdict naming the seat at fault.
 *
 * @example
 * ```ts
 * const { next, ended } = finishDarkHand(doc, hand, group);
 * ended.verdict.status; // 'verified'
 * ```
 * @throws never for a hand whose every message was checked.
 */
export function finishDarkHand(
  doc: TableDocument,
  hand: HandDocument,
  group: DarkGroup,
): { next: TableDocument; action: PublicAction; ended: HandRecord } {
  const transcript = darkTranscript(doc, hand, null);
  const verdict = verdictOf(group, transcript, null);
  const game = hand.game;
  const score =
    verdict.status === 'verified' && game !== null && game.phase === 'finished'
      ? stakedScore(game.score, doc.stakes)
      : null;
  const action: PublicAction = {
    type: 'hand-ended',
    seat: game?.winner ?? null,
    pile: verdict.status,
  };
  const log = [...hand.log, action];
  const record: HandRecord = {
    n: hand.n,
    transcript,
    transcriptHash: hashOf(transcript),
    missing: [],
    log,
    score,
    outcome: 'dealt',
    verdict,
    commitment: hand.announcement.commitment,
  };
  const summary: HandSummary = {
    n: hand.n,
    transcriptHash: record.transcriptHash,
    missing: [],
    score,
    holders: holdersOf(hand),
    outcome: 'dealt',
    verdict,
  };
  const dark: DarkHand = { ...hand.dark!, stage: 'ended', verdict };
  return {
    next: {
      ...doc,
      hand: { ...hand, phase: 'ended', dark, log, clock: null },
      history: [...doc.history, summary].slice(-HISTORY_KEEP),
    },
    action,
    ended: record,
  };
}

/** The stage a seat stopped at, in the transcript's words (docs/DARK.md §8). */
function stageOf(dark: DarkHand): DarkVoidJSON['stage'] {
  switch (dark.stage) {
    case 'keys':
      return 'key';
    case 'shuffle':
      return 'shuffle';
    case 'reveal':
      return 'reveal';
    default:
      return 'share';
  }
}

/**
 * Voids a dark hand (docs/DARK.md §8): a seat stopped sending — past the deadline of a stage that
 * awaits it, or, leading in the play, past its turn clock — or was kicked. The record names the
 * first seat that stopped and the stage (`void` in the transcript) and every seat that owed a
 * message (`missing`); what was posted is verified as a void transcript; at a table with a
 * `withholdPenalty` each stopping seat pays it to every other seat, as a withholder does.
 *
 * @example
 * ```ts
 * const { doc: next, record } = voidDarkHand(doc, ctx, 'withheld', [1], null);
 * ```
 * @throws never.
 */
export function voidDarkHand(
  doc: TableDocument,
  // The step's context (hand-flow.ts's StepContext): only the group is needed, to verify.
  ctx: { readonly darkGroup?: DarkGroup | undefined },
  reason: VoidReasonV3,
  seats: readonly number[],
  by: number | null,
): { doc: TableDocument; record: HandRecord; action: PublicAction } {
  const hand = doc.hand!;
  const dark = hand.dark!;
  const blamed = [...seats].sort((a, b) => a - b);
  const stopped: DarkVoidJSON = { seat: blamed[0] ?? 0, stage: stageOf(dark) };
  const transcript = darkTranscript(doc, hand, stopped);
  const verdict = verdictOf(ctx.darkGroup, transcript, stopped);
  const missing = blamed.map((k) => doc.players[k]!);
  const penalty =
    reason === 'withheld' && doc.withholdPenalty > 0
      ? { withheld: blamed, points: doc.withholdPenalty }
      : null;
  const action: PublicAction = { type: 'hand-void', seat: by, pile: reason, to: blamed.join(',') };
  const log = [...hand.log, action];
  const record: HandRecord = {
    n: hand.n,
    transcript,
    transcriptHash: hashOf(transcript),
    missing,
    log,
    score: penalty,
    outcome: reason,
    verdict,
    commitment: hand.announcement.commitment,
  };
  const summary: HandSummary = {
    n: hand.n,
    transcriptHash: record.transcriptHash,
    missing,
    score: penalty,
    holders: holdersOf(hand),
    outcome: reason,
    verdict,
  };
  return {
    doc: {
      ...doc,
      hand: {
        ...hand,
        phase: 'void',
        void: { reason, seats: blamed },
        dark: { ...dark, stage: 'void', void: stopped, verdict },
        clock: null,
        log,
      },
      history: [...doc.history, summary].slice(-HISTORY_KEEP),
    },
    record,
    action,
  };
}
