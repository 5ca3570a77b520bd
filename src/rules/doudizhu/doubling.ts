import { FairdealError } from '../../errors.ts';
import type { DoubleChoice, DoudizhuState } from './state.ts';

const CHOICES: readonly DoubleChoice[] = ['double', 'no-double'];

/**
 * One seat's choice in the doubling round (加倍, the `doubling` rule), in turn: `double` (加倍)
 * or `no-double` (不加倍). The round follows the bidding: the farmers in the order of play from
 * the landlord's successor, then the landlord. A farmer's double doubles what it and the landlord
 * settle; the landlord's doubles what it settles with every farmer (`scoreHand`). After the last
 * choice the play starts: the landlord leads.
 *
 * @example
 * ```ts
 * let s = startBidding(deal('doudizhu', { seed: 'x' }), { rules: { doubling: true } });
 * s = bid(s, 0, 3);            // seat 0 is landlord: s.phase is 'doubling', s.turn is 1
 * s = double(s, 1, 'double');  // seat 1 plays for twice the stake
 * s = double(s, 2, 'no-double');
 * s = double(s, 0, 'no-double'); // s.phase is 'playing', s.doubled is [false, true, false]
 * ```
 * @throws {FairdealError} `WRONG_PHASE` outside the doubling round (also when the rules have no
 *   doubling: the round never starts), `NOT_YOUR_TURN` for another seat, `BAD_BID` with
 *   `detail.reason` `unknown-double` for a choice other than `double` or `no-double`.
 */
export function double(state: DoudizhuState, seat: number, choice: DoubleChoice): DoudizhuState {
  if (state.phase !== 'doubling') {
    throw new FairdealError('WRONG_PHASE', `no doubling now: the hand is ${state.phase}`, {
      phase: state.phase,
    });
  }
  if (seat !== state.turn) {
    throw new FairdealError('NOT_YOUR_TURN', `seat ${state.turn} chooses now, not seat ${seat}`, {
      turn: state.turn,
      seat,
    });
  }
  if (!CHOICES.includes(choice)) {
    throw new FairdealError('BAD_BID', `${String(choice)} is not one of double, no-double`, {
      reason: 'unknown-double',
    });
  }
  const doubled = state.doubled.map((d, i) => (i === seat ? choice === 'double' : d));
  const toDouble = state.toDouble.slice(1);
  if (toDouble.length > 0) return { ...state, doubled, toDouble, turn: toDouble[0]! };
  return { ...state, doubled, toDouble, phase: 'playing', turn: state.landlord! };
}

/**
 * The choices of the seat to act in the doubling round (`double`, `no-double`); empty outside
 * it. A table's turn clock that runs out picks `no-double` (docs/DOUDIZHU.md).
 *
 * @example
 * ```ts
 * const s = bid(startBidding(deal('doudizhu', { seed: 'x' }), { rules: { doubling: true } }), 0, 3);
 * legalDoubles(s); // ['double', 'no-double']: s.phase is 'doubling'
 * ```
 * @throws never for a state made by this module.
 */
export function legalDoubles(state: DoudizhuState): DoubleChoice[] {
  return state.phase === 'doubling' ? [...CHOICES] : [];
}
