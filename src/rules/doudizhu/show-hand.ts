import { FairdealError } from '../../errors.ts';
import type { DoudizhuState } from './state.ts';

/**
 * Whether the seat to act may show its hand now (明牌, the `showHand` rule): only the landlord,
 * once it holds the kitty, before its first play, and once. Declining is simply playing.
 *
 * @example
 * ```ts
 * const s = bid(startBidding(deal('doudizhu', { seed: 'x' }), { rules: { showHand: true } }), 0, 3);
 * canShowHand(s); // true: the landlord's opening turn
 * ```
 * @throws never for a state made by this module.
 */
export function canShowHand(state: DoudizhuState): boolean {
  return (
    state.rules.showHand === true &&
    state.phase === 'playing' &&
    state.turn === state.landlord &&
    state.plays.length === 0 &&
    state.shown !== true
  );
}

/**
 * The landlord shows its hand face up (明牌): from now on every seat may see its cards (a table
 * shows them to all), and the hand's score doubles. It stays the landlord's turn: it leads next.
 *
 * @example
 * ```ts
 * let s = bid(startBidding(deal('doudizhu', { seed: 'x' }), { rules: { showHand: true } }), 0, 3);
 * s = showHand(s, 0); // s.shown is true; s.turn is still 0
 * ```
 * @throws {FairdealError} `WRONG_PHASE` outside the play, `NOT_YOUR_TURN` for another seat,
 *   `BAD_BID` with `detail.reason` `no-show-hand` (the rules have no show-hand) or
 *   `too-late-to-show` (not the landlord's opening turn, or shown already).
 */
export function showHand(state: DoudizhuState, seat: number): DoudizhuState {
  if (state.phase !== 'playing') {
    throw new FairdealError('WRONG_PHASE', `no showing now: the hand is ${state.phase}`, {
      phase: state.phase,
    });
  }
  if (seat !== state.turn) {
    throw new FairdealError('NOT_YOUR_TURN', `seat ${state.turn} acts now, not seat ${seat}`, {
      turn: state.turn,
      seat,
    });
  }
  if (state.rules.showHand !== true) {
    throw new FairdealError('BAD_BID', 'these rules have no show-hand (明牌)', {
      reason: 'no-show-hand',
    });
  }
  if (!canShowHand(state)) {
    throw new FairdealError(
      'BAD_BID',
      'only the landlord shows its hand, once, before its first play',
      { reason: 'too-late-to-show' },
    );
  }
  return { ...state, shown: true };
}
