import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, playFair, seatedTable } from '../../../test/support/seated-table.ts';
import { testApp } from '../../../test/support/test-table.ts';
import { verify } from '../../fair/index.ts';
import { createLocalNotifier } from '../local-notifier.ts';
import { eventData } from './event-data.ts';
import { sweepDue } from './sweep-due.ts';

// fairdeal-v2's sweep (dealDue) dealt a hand at its deadline without the silent seats. Under
// fairdeal-v3 there is no deal without every seed: the sweep voids the hand, naming the silent
// seats, and opens the next one under a fresh commitment (docs/FAIR.md §V3.1).

test('sweepDue: a hand is voided at its deadline naming the silent seats, once, never dealt; the next hand opens and the seats are woken', async () => {
  const t = testApp('due');
  const notifier = createLocalNotifier();
  const woken: string[] = [];
  const sweep = () =>
    sweepDue({
      tables: t.tables,
      box: t.box,
      notifier,
      ctx: () => ({
        now: t.clock.t,
        seal: t.box.seal,
        open: t.box.open,
        dealer: t.box.dealer,
      }),
    });
  const s = await seatedTable(t.call, { preset: 'doudizhu', revealTimeoutSeconds: 60 });
  const id = s.id;
  notifier.listen(`table:${id}`, () => woken.push(id));
  // A table dealt at once (fair: false) without a turn clock is never due.
  const plain = await t.openTable({ preset: 'doudizhu', options: {}, fair: false, turnSeconds: 0 });
  assert.equal(plain.json.table.hand.phase, 'playing');
  // Seat 0 commits; the others stay silent (the roster closes only when all have committed).
  const { table } = await playFair(t.call, s, { silent: [1, 2] });
  assert.equal(table.hand.phase, 'committing');

  t.clock.t += 59_999;
  assert.equal(await sweep(), 0, 'not before the deadline');
  assert.deepEqual(await t.tables.listDue(t.clock.t, 10), []);
  t.clock.t += 1;
  assert.deepEqual(await t.tables.listDue(t.clock.t, 10), [id]);
  // Two processes sweeping at once void it once.
  const counts = await Promise.all([sweep(), sweep()]);
  assert.equal(counts[0]! + counts[1]!, 1);
  assert.deepEqual(woken, [id]);
  assert.equal(await sweep(), 0, 'voided once');
  // The next hand is due at its own deadline, a full timeout later — not before.
  assert.deepEqual(await t.tables.listDue(t.clock.t + 59_999, 10), []);
  assert.deepEqual(await t.tables.listDue(t.clock.t + 60_000, 10), [id]);

  const seen = await t.call('GET', `/v1/tables/${id}`, undefined, bearer(s.seatTokens[1]!));
  const next = seen.json.table;
  assert.equal(next.version, table.version + 1, 'one change: the void and the next hand');
  assert.equal(next.hand.n, 2);
  assert.equal(next.hand.phase, 'committing');
  assert.equal(next.hand.yourCards, null, 'nothing was dealt');
  assert.deepEqual(next.hand.commits, [null, null, null]);
  assert.notEqual(next.hand.announcement.commitment, table.hand.announcement.commitment);
  assert.deepEqual(next.history, [
    {
      n: 1,
      transcriptHash: next.hand.announcement.prev,
      outcome: 'withheld',
      missing: ['seat-1', 'seat-2'],
      score: null,
      holders: table.hand.announcement.seats.map((seat: { key: string }) => seat.key.slice(0, 16)),
    },
  ]);
  // The record verifies as void and names exactly the two silent seats.
  const rec = (await t.call('GET', `/v1/tables/${id}/hands/1/transcript`)).json;
  const v = verify(rec.transcript, { commitment: table.hand.announcement.commitment });
  assert.ok(v.ok, JSON.stringify(v));
  assert.equal(v.verdict.fairness, 'void');
  assert.deepEqual(v.ok && v.verdict.version === 'fairdeal-v3' && v.verdict.void, {
    reason: 'withheld',
    seats: [1, 2],
  });
  // Every audience's stream got the void, as from a seat's own `void`.
  for (const audience of ['seat:0', 'seat:1', 'seat:2', 'host']) {
    const last = (await t.opened.readEvents(id, audience, 0, 100)).events.at(-1)!;
    const data = eventData(last);
    assert.deepEqual(data.action, { type: 'hand-void', seat: null, pile: 'withheld', to: '1,2' });
    assert.equal(data.table.hand?.n, 2, audience);
  }
  await notifier.close();
});
