import type { Card } from '../../cards/index.ts';
import { FairdealError } from '../../errors.ts';
import { beats } from './beats.ts';
import { classifyCounts } from './classify.ts';
import { legalPlaysFromCounts } from './legal-plays.ts';
import type { PlayRecord } from './play-record.ts';
import type { Play } from './play-types.ts';
import { formatPlay, PASS, PLAY_TYPE_NAMES } from './play-types.ts';
import { rankCounts } from './ranks.ts';
import { scoreHand } from './score.ts';
import type { DoudizhuState } from './state.ts';

function checkTurn(state: DoudizhuState, seat: number): void {
  if (state.phase !== 'playing') {
    throw new FairdealError('WRONG_PHASE', `no playing now: the hand is ${state.phase}`, {
      phase: state.phase,
    });
  }
  if (seat !== state.turn) {
    throw new FairdealError('NOT_YOUR_TURN', `seat ${state.turn} plays now, not seat ${seat}`, {
      turn: state.turn,
      seat,
    });
  }
}

function illegal(reason: string, message: string): FairdealError {
  return new FairdealError('ILLEGAL_PLAY', message, { reason });
}

/**
 * The seat to act lays `cards`: they must be in its hand, form a combination (`classify`), and
 * beat the play to beat (`beats`), if any. Returns the next state: the cards leave the hand, the
 * turn passes on; a bomb or rocket doubles the score; a seat that empties its hand ends it and
 * the state carries the score.
 *
 * @example
 * ```ts
 * const next = play(state, state.turn, cardsFor(state.hands[state.turn]!, legalMoves(state)[0]!));
 * ```
 * @throws {FairdealError} `WRONG_PHASE` outside the play, `NOT_YOUR_TURN` for another seat.
 * @throws {FairdealError} `ILLEGAL_PLAY` with `detail.reason` `empty` (use `pass`),
 *   `not-in-hand` (a card the seat does not hold, or one card twice), `not-a-combination`, or
 *   `does-not-beat`; the message says why in words.
 */
export function play(state: DoudizhuState, seat: number, cards: readonly Card[]): DoudizhuState {
  checkTurn(state, seat);
  if (!Array.isArray(cards)) throw new TypeError('cards must be an array of Cards');
  if (cards.length === 0) throw illegal('empty', 'a play needs cards; to pass, pass');
  const hand = state.hands[seat]!;
  const held = new Set(hand.map((c) => c.id));
  const used = new Set<string>();
  for (const card of cards) {
    if (card === null || typeof card !== 'object' || typeof card.id !== 'string') {
      throw new TypeError('cards must be an array of Cards');
    }
    if (!held.has(card.id) || used.has(card.id)) {
      throw illegal(
        'not-in-hand',
        `seat ${seat} does not hold ${card.id}${used.has(card.id) ? ' twice' : ''}`,
      );
    }
    used.add(card.id);
  }
  const combination = classifyCounts(rankCounts(cards), state.rules);
  if (combination === null) {
    throw illegal('not-a-combination', `${describe(cards)} is not a Dou Dizhu combination`);
  }
  const previous = state.lead?.play ?? null;
  if (!beats(combination, previous)) {
    const what = PLAY_TYPE_NAMES[previous!.type].en;
    throw illegal(
      'does-not-beat',
      `${formatPlay(combination)} does not beat ${formatPlay(previous!)}: play a higher ${what}` +
        `${previous!.length > 1 ? ` of the same length` : ''}, a bomb or the rocket, or pass`,
    );
  }
  const record: PlayRecord = { seat, play: combination, cards: [...cards] };
  const hands = state.hands.map((h, i) => (i === seat ? h.filter((c) => !used.has(c.id)) : h));
  const plays = [...state.plays, record];
  const bombs =
    state.bombs + (combination.type === 'bomb' || combination.type === 'rocket' ? 1 : 0);
  if (hands[seat]!.length === 0) {
    const score = scoreHand({
      seats: state.seats,
      landlord: state.landlord!,
      winner: seat,
      base: state.base,
      plays,
      doubled: state.doubled,
      shown: state.shown,
    });
    return {
      ...state,
      hands,
      plays,
      bombs,
      lead: record,
      passes: 0,
      phase: 'finished',
      turn: -1,
      winner: seat,
      score,
    };
  }
  return { ...state, hands, plays, bombs, lead: record, passes: 0, turn: (seat + 1) % state.seats };
}

/**
 * The seat to act passes (不要). Not allowed when it leads. When every other seat has passed in
 * a row, the lead returns to the seat that played last, which plays anything.
 *
 * @example
 * ```ts
 * const next = pass(state, state.turn);
 * ```
 * @throws {FairdealError} `WRONG_PHASE`, `NOT_YOUR_TURN`, or `ILLEGAL_PLAY` (`detail.reason`
 *   `must-lead`) when the seat leads.
 */
export function pass(state: DoudizhuState, seat: number): DoudizhuState {
  checkTurn(state, seat);
  if (state.lead === null) throw illegal('must-lead', `seat ${seat} leads and must play`);
  const plays = [...state.plays, { seat, play: PASS, cards: [] }];
  const passes = state.passes + 1;
  const turn = (seat + 1) % state.seats;
  if (passes === state.seats - 1) return { ...state, plays, passes: 0, lead: null, turn };
  return { ...state, plays, passes, turn };
}

/**
 * Every legal play of the seat to act (see `legalPlays`), the pass included when it may pass;
 * empty outside the play.
 *
 * @example
 * ```ts
 * legalMoves(state).some((p) => p.type === 'pass'); // false when leading
 * ```
 * @throws never for a state made by this module.
 */
export function legalMoves(state: DoudizhuState): Play[] {
  if (state.phase !== 'playing') return [];
  return legalPlaysFromCounts(
    rankCounts(state.hands[state.turn]!),
    state.lead?.play ?? null,
    state.rules,
  );
}

function describe(cards: readonly Card[]): string {
  return cards.map((c) => c.code).join(' ');
}
