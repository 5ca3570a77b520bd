import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, playFair, seatedTable } from '../../../test/support/seated-table.ts';
import { type Json, testApp } from '../../../test/support/test-table.ts';
import { verify } from '../../fair/index.ts';
import { cardsFor, legalMoves } from '../../rules/doudizhu/index.ts';

// A service table with the doubling (加倍) and show-hand (明牌) house rules plays them through
// its actions: each seat doubles for itself, in turn, once; only the landlord shows, once,
// before its first play; the shown hand is every viewer's; the score says who doubled and that
// the hand was shown; the record still verifies.

type App = ReturnType<typeof testApp>;

async function table(t: App, rules: Record<string, boolean>) {
  const s = await seatedTable(t.call, { preset: 'doudizhu', rules, turnSeconds: 0 });
  await playFair(t.call, s);
  const read = async (who: number | 'host') => {
    const token = who === 'host' ? s.hostToken : s.seatTokens[who]!;
    const r = await t.call('GET', `/v1/tables/${s.id}`, undefined, bearer(token));
    assert.equal(r.status, 200, r.text);
    return r.json.table as Json;
  };
  const act = async (who: number | 'host', body: Record<string, unknown>) => {
    const token = who === 'host' ? s.hostToken : s.seatTokens[who]!;
    const version = (await read('host')).version;
    return t.call('POST', `/v1/tables/${s.id}/actions`, { ...body, version }, bearer(token));
  };
  const refused = async (
    who: number | 'host',
    body: Record<string, unknown>,
    status: number,
    code: string,
    reason?: string,
  ) => {
    const before = (await read('host')).version;
    const r = await act(who, body);
    assert.equal(r.status, status, `${JSON.stringify(body)} by ${who}: ${r.text}`);
    assert.equal(r.json.success, false);
    assert.equal(r.json.code, code, r.text);
    if (reason !== undefined) assert.equal(r.json.reason, reason, r.text);
    assert.equal((await read('host')).version, before, 'a refused action changes nothing');
  };
  return { s, read, act, refused };
}

test('house rules: a table with doubling and showHand plays a whole hand — doubles, a show seen by every viewer — scored and proven fair', async () => {
  const t = testApp('house-rules whole');
  const { s, read, act, refused } = await table(t, { doubling: true, showHand: true });
  const announcement = (await read('host')).hand.announcement;
  // Hand 1: seat 0 bids first; its 3 makes it landlord, and the doubling round opens.
  assert.equal((await act(0, { type: 'bid', bid: 3 })).status, 200);
  let host = await read('host');
  assert.equal(host.hand.game.phase, 'doubling');
  assert.equal(host.hand.game.turn, 1);
  assert.deepEqual(host.hand.game.toDouble, [1, 2, 0]);
  assert.deepEqual(host.hand.game.doubled, [false, false, false]);
  // Out of turn, by the host, a choice that is not one, a show before the play: refused.
  await refused(2, { type: 'double', choice: 'double' }, 409, 'NOT_YOUR_TURN');
  await refused(0, { type: 'double', choice: 'double' }, 409, 'NOT_YOUR_TURN');
  await refused('host', { type: 'double', choice: 'double' }, 403, 'FORBIDDEN');
  await refused(1, { type: 'double', choice: 'triple' }, 400, 'BAD_REQUEST');
  await refused(1, { type: 'double' }, 400, 'BAD_REQUEST');
  await refused(0, { type: 'show-hand' }, 409, 'WRONG_PHASE');
  // A seat cannot double for another: the body's seat is not read, the token's seat acts.
  await refused(2, { type: 'double', choice: 'double', seat: 1 }, 409, 'NOT_YOUR_TURN');

  const d1 = await act(1, { type: 'double', choice: 'double' });
  assert.equal(d1.status, 200, d1.text);
  assert.deepEqual(d1.json.table.hand.log.at(-1), { type: 'double', seat: 1, choice: 'double' });
  // Seat 1 cannot double twice: it is seat 2's turn now.
  await refused(1, { type: 'double', choice: 'double' }, 409, 'NOT_YOUR_TURN');
  assert.equal((await act(2, { type: 'double', choice: 'no-double' })).status, 200);
  host = await read('host');
  assert.equal(host.hand.game.turn, 0);
  assert.deepEqual(host.hand.game.doubled, [false, true, false]);
  assert.equal((await act(0, { type: 'double', choice: 'double' })).status, 200);
  await refused(0, { type: 'double', choice: 'no-double' }, 409, 'WRONG_PHASE');
  host = await read('host');
  assert.equal(host.hand.game.phase, 'playing');
  assert.deepEqual(host.hand.game.doubled, [true, true, false]);
  assert.equal(host.hand.game.shown, false);
  assert.equal(host.hand.game.shownHand, null, 'nobody sees the landlord’s hand before a show');

  // Only the landlord shows, on its turn.
  await refused(1, { type: 'show-hand' }, 409, 'NOT_YOUR_TURN');
  const landlordCards = (await read(0)).hand.yourCards;
  assert.equal(landlordCards.length, 20);
  const shown = await act(0, { type: 'show-hand' });
  assert.equal(shown.status, 200, shown.text);
  assert.deepEqual(shown.json.table.hand.log.at(-1), {
    type: 'show-hand',
    seat: 0,
    cards: landlordCards,
  });
  for (const who of [1, 2, 'host'] as const) {
    const v = await read(who);
    assert.equal(v.hand.game.shown, true);
    assert.deepEqual(v.hand.game.shownHand, landlordCards, `${who} sees the shown hand`);
  }
  await refused(0, { type: 'show-hand' }, 422, 'BAD_BID', 'too-late-to-show');

  // Play it out: each seat its own legal move (the largest, so the hand ends sooner).
  for (let turns = 0; (await read('host')).hand.phase === 'playing'; turns++) {
    assert.ok(turns < 200, 'the hand ends');
    const game = (await t.opened.readTable(s.id))!.doc.hand!.game!;
    const move = legalMoves(game).at(-1)!;
    const seat = game.turn;
    const body =
      move.type === 'pass'
        ? { type: 'pass' }
        : { type: 'play', cards: cardsFor(game.hands[seat]!, move).map((c) => c.id) };
    const r = await act(seat, body);
    assert.equal(r.status, 200, r.text);
    if (r.json.table.hand.phase === 'playing') {
      // What the landlord still holds is what every viewer is shown.
      const left = (await t.opened.readTable(s.id))!.doc.hand!.game!.hands[0]!.map((c) => c.id);
      assert.deepEqual(r.json.table.hand.game.shownHand, left);
    }
  }
  const record = (await t.call('GET', `/v1/tables/${s.id}/hands/1/transcript`)).json;
  assert.equal(record.log.at(-1).type, 'hand-ended');
  assert.deepEqual(record.score.doubled, [true, true, false]);
  assert.equal(record.score.shown, true);
  assert.equal(record.score.stakes.length, 3);
  // The landlord's double counts for both farmers; seat 1's own doubles its stake again.
  assert.equal(record.score.stakes[1], 2 * record.score.stakes[2]);
  assert.equal(record.score.stakes[0], record.score.stakes[1] + record.score.stakes[2]);
  const history = (await read('host')).history;
  assert.deepEqual(history.at(-1).score, record.score, 'the history carries the same score');
  const v = verify(record.transcript, { commitment: announcement.commitment });
  assert.ok(v.ok, JSON.stringify(v));
  assert.equal(v.verdict.fairness, 'proven-fair');
});

test('house rules: without the rules, double and show-hand are refused with their reasons', async () => {
  const t = testApp('house-rules off');
  const { act, refused } = await table(t, {});
  await refused(0, { type: 'double', choice: 'double' }, 409, 'WRONG_PHASE');
  assert.equal((await act(0, { type: 'bid', bid: 3 })).status, 200);
  // No doubling round: the landlord plays at once; and it may not show.
  await refused(1, { type: 'double', choice: 'double' }, 409, 'WRONG_PHASE');
  await refused(0, { type: 'show-hand' }, 422, 'BAD_BID', 'no-show-hand');
});

test('house rules: a doubling round’s turn clock runs out to no-double, logged as the clock’s', async () => {
  const t = testApp('house-rules clock');
  const s = await seatedTable(t.call, { preset: 'doudizhu', rules: { doubling: true } });
  await playFair(t.call, s);
  const read = async () =>
    (await t.call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.hostToken))).json.table;
  const bidV = (await read()).version;
  const bid = await t.call(
    'POST',
    `/v1/tables/${s.id}/actions`,
    { type: 'bid', bid: 3, version: bidV },
    bearer(s.seatTokens[0]!),
  );
  assert.equal(bid.status, 200, bid.text);
  const tv = await read();
  assert.equal(tv.hand.game.phase, 'doubling');
  assert.equal(tv.hand.clock.seat, 1, 'the seat choosing has the clock');
  t.clock.t = tv.hand.clock.deadline;
  const r = await t.call(
    'POST',
    `/v1/tables/${s.id}/actions`,
    { type: 'timeout', version: tv.version },
    bearer(s.seatTokens[2]!),
  );
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(r.json.table.hand.log.slice(-2), [
    { type: 'timeout', seat: 1 },
    { type: 'double', seat: 1, choice: 'no-double' },
  ]);
  assert.equal(r.json.table.hand.game.turn, 2);
  assert.equal(r.json.table.hand.clock.seat, 2);
  assert.deepEqual(r.json.table.away, [false, true, false]);
});
