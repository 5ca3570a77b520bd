import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { openPostgresTableStore } from '../../../src/server/store/postgres/table-store.ts';
import type { SealedTableDocument } from '../../../src/server/tables/sealed-table-doc.ts';
import { sweepDue } from '../../../src/server/tables/sweep-due.ts';
import { callerOf } from '../../support/live-hands.ts';
import { testDatabase } from '../../support/pg-database.ts';
import { bearer, seatedTable } from '../../support/seated-table.ts';
import { type Json, testApp } from '../../support/test-table.ts';
import { type Running, spawnServer } from '../spawn-server.ts';

// Turn clocks with several processes on one PostgreSQL (docs/TABLES.md, "Clocks"): every process
// sweeps, and exactly one acts on each expiry — its change is version-checked and checks the
// deadline again on the row it writes over, so the others run again on the changed table, find
// the next seat's fresh clock, and do nothing.
const db = await testDatabase();
const running: Running[] = [];
after(async () => {
  for (const r of running) r.child.kill('SIGKILL');
  await Promise.all(running.map((r) => r.exited));
  await db.drop();
});
const skip = db.skip === undefined ? {} : { skip: db.skip };

/** The moves the clock made: [timeout, move] pairs of one seat each, in turn order. */
function clockMoves(log: readonly Json[]): Json[] {
  const timeouts = log.flatMap((a, i) => (a.type === 'timeout' ? [[a, log[i + 1]]] : []));
  for (const [t, move] of timeouts) {
    assert.equal(move.seat, t.seat, 'each timeout is followed by the move made for that seat');
    assert.ok(['bid', 'pass', 'play'].includes(move.type), JSON.stringify(move));
  }
  return timeouts.map(([t]) => t);
}

test('two stores on one PostgreSQL sweep at the same instant: each expired turn clock is played exactly once', {
  ...skip,
  timeout: 60_000,
}, async () => {
  // Two stores, each with its own pool of connections: two processes as far as PostgreSQL knows.
  const storeA = await openPostgresTableStore<SealedTableDocument>({ url: db.url!, poolSize: 4 });
  const storeB = await openPostgresTableStore<SealedTableDocument>({ url: db.url!, poolSize: 4 });
  try {
    const t = testApp('pg clocks', { tables: storeA });
    const ids: string[] = [];
    const before = new Map<string, number>();
    for (let i = 0; i < 8; i++) {
      const made = await t.openTable({ preset: 'doudizhu', options: {}, fair: false });
      ids.push(made.json.tableId);
      before.set(made.json.tableId, made.json.table.version);
      assert.deepEqual(made.json.table.hand.clock.ms, 30_000);
    }
    t.clock.t += 30_000;
    assert.deepEqual([...(await storeB.listDue(t.clock.t, 100))].sort(), [...ids].sort());
    const sweep = (tables: typeof storeA) =>
      sweepDue({
        tables,
        box: t.box,
        notifier: t.notifier,
        ctx: () => ({ now: t.clock.t, seal: t.box.seal, open: t.box.open, dealer: t.box.dealer }),
      });
    // Both list the same eight tables, then race over them, table by table.
    const [a, b] = await Promise.all([sweep(storeA), sweep(storeB)]);
    assert.equal(a + b, 8, `each expiry played once (A ${a}, B ${b})`);
    assert.deepEqual(await storeA.listDue(t.clock.t, 100), [], 'the next clocks are 30 s away');
    for (const id of ids) {
      const row = (await t.opened.readTable(id))!;
      assert.equal(row.version, before.get(id)! + 1, 'one change per table');
      assert.deepEqual(clockMoves(row.doc.hand!.log), [{ type: 'timeout', seat: 0 }]);
      assert.deepEqual(row.doc.away, [true, false, false]);
      assert.deepEqual(row.doc.hand!.clock, { seat: 1, deadline: t.clock.t + 30_000, ms: 30_000 });
    }
  } finally {
    await Promise.all([storeA.close(), storeB.close()]);
  }
});

test('two service processes on one PostgreSQL, both sweeping every 5 ms: each turn clock that runs out is played once, by one of them', {
  ...skip,
  timeout: 120_000,
}, async () => {
  process.env.DATABASE_URL = db.url!;
  process.env.FAIRDEAL_SECRET_KEY = 'ef'.repeat(32);
  const sweep = ['--sweep-ms', '5'];
  const [a, b] = await Promise.all([
    spawnServer('unused.db', sweep),
    spawnServer('unused.db', sweep),
  ]);
  running.push(a, b);
  const on = [a, b].map((p) => callerOf((path, init) => fetch(`${p.url}${path}`, init)));
  const TURN_MS = 3_000;
  // Four tables, dealt at once (practice) with a 3 s clock: two made through each process.
  const tables: { id: string; host: string; dealt: Json }[] = [];
  for (let i = 0; i < 4; i++) {
    const s = await seatedTable(
      on[i % 2]!,
      { preset: 'doudizhu', fair: false, turnSeconds: TURN_MS / 1000 },
      `pg clock ${i}`,
    );
    const dealt = (
      await on[(i + 1) % 2]!('GET', `/v1/tables/${s.id}`, undefined, bearer(s.hostToken))
    ).json.table;
    assert.deepEqual(dealt.hand.clock.seat, 0);
    tables.push({ id: s.id, host: s.hostToken, dealt });
  }
  // Nobody acts. A second after each table's deadline, through either process: seat 0's clock
  // was played, and no clock ran out before its time — which a second process acting on the same
  // expiry would have done to seat 1's fresh clock. Each clock starts when the one before it ran
  // out, so after k timeouts the clock running can end no sooner than k turns after the first
  // deadline, however late this test reads.
  for (const [i, x] of tables.entries()) {
    const first = x.dealt.hand.clock.deadline as number;
    await new Promise((r) => setTimeout(r, Math.max(0, first + 1_000 - Date.now())));
    const tv = (await on[i % 2]!('GET', `/v1/tables/${x.id}`, undefined, bearer(x.host))).json
      .table;
    const timeouts = clockMoves(tv.hand.log);
    assert.ok(timeouts.length >= 1, `table ${i}: the clock was played`);
    assert.deepEqual(
      timeouts,
      timeouts.map((_, k) => ({ type: 'timeout', seat: k })),
      `table ${i}: one timeout per seat, in turn`,
    );
    assert.equal(tv.version, x.dealt.version + timeouts.length, 'one change per timeout');
    if (tv.hand.clock !== null) {
      assert.ok(
        tv.hand.clock.deadline >= first + timeouts.length * TURN_MS,
        `table ${i}: a clock ran out early: ${JSON.stringify(tv.hand)}`,
      );
    } else {
      assert.equal(timeouts.length, 3, 'three passes: a redeal');
    }
  }
});
