import assert from 'node:assert/strict';
import type { TableView } from '../../src/client/index.ts';
import { doudizhuMove } from './client-service.ts';
import type { Caller } from './live-hands.ts';
import { bearer, playFair, type SeatedTable } from './seated-table.ts';

/**
 * Plays the current hand of a seated Dou Dizhu table to its end, fairly (a hand that ended is
 * followed first by `next-hand`, sent by the host): every seat checks the
 * announcement, commits, checks the roster and reveals ({@link playFair}), then the seats bid and
 * play as {@link doudizhuMove} says (the first bidder takes it at 3, a leader plays its first legal
 * play, a follower passes), each move sent by the seat whose turn it is, with its own token and
 * the version it last saw. Returns the number of the hand played.
 *
 * @example
 * ```ts
 * const s = await seatedTable(call, { preset: 'doudizhu' });
 * const n = await playDoudizhuHand(call, s); // 1; hand 2 is open
 * ```
 * @throws an AssertionError when the service refuses a move or the hand does not end.
 */
export async function playDoudizhuHand(call: Caller, s: SeatedTable): Promise<number> {
  const host = (await call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.hostToken))).json.table;
  if (host.hand?.phase === 'ended') {
    const next = await call(
      'POST',
      `/v1/tables/${s.id}/actions`,
      { type: 'next-hand', version: host.version },
      bearer(s.hostToken),
    );
    assert.equal(next.status, 200, next.text);
  }
  const { table } = await playFair(call, s);
  assert.equal(table.hand.phase, 'playing');
  return playDoudizhuMoves(call, s, table.hand.n as number);
}

/**
 * The bids and plays of hand `n` (dealt) to its end, as {@link playDoudizhuHand} plays them.
 *
 * @example
 * ```ts
 * await playDoudizhuMoves(call, s, 2); // hand 2, dealt before a restart, played out after it
 * ```
 * @throws an AssertionError when the service refuses a move or the hand does not end.
 */
export async function playDoudizhuMoves(call: Caller, s: SeatedTable, n: number): Promise<number> {
  for (let moves = 0; moves < 200; moves++) {
    const host = (await call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.hostToken))).json
      .table;
    if (host.hand === null || host.hand.n !== n || host.hand.phase !== 'playing') return n;
    const turn = host.hand.game.turn as number;
    const mine = (await call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.seatTokens[turn]!)))
      .json.table as TableView;
    const move = doudizhuMove(mine, turn);
    if (move === null) return n;
    const r = await call(
      'POST',
      `/v1/tables/${s.id}/actions`,
      { ...move, version: mine.version },
      bearer(s.seatTokens[turn]!),
    );
    assert.equal(r.status, 200, r.text);
  }
  throw new assert.AssertionError({ message: `hand ${n} did not end in 200 moves` });
}
