import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { describeVerdict, verify } from '../../../src/fair/index.ts';
import { openPostgresTableStore } from '../../../src/server/store/postgres/table-store.ts';
import type { SealedTableDocument } from '../../../src/server/tables/sealed-table-doc.ts';
import { sweepDue } from '../../../src/server/tables/sweep-due.ts';
import { BOT_DELAY_MS } from '../../../src/server/tables/turn-clock.ts';
import { callerOf } from '../../support/live-hands.ts';
import { testDatabase } from '../../support/pg-database.ts';
import { bearer } from '../../support/seated-table.ts';
import { type Json, testApp } from '../../support/test-table.ts';
import { type Running, spawnServer } from '../spawn-server.ts';

// The house's bots with several processes on one PostgreSQL (docs/TABLES.md, "Bots"): a bot's
// turn is a clock the sweep plays, so every process that sweeps may try it, and exactly one moves
// — the change is version-checked and checks the deadline again on the row it writes over.
const db = await testDatabase();
const running: Running[] = [];
after(async () => {
  for (const r of running) r.child.kill('SIGKILL');
  await Promise.all(running.map((r) => r.exited));
  await db.drop();
});
const skip = db.skip === undefined ? {} : { skip: db.skip };

// A move of a seat in the public log (the kitty shown is the landlord's bid's consequence).
const MOVES = new Set(['bid', 'double', 'pass', 'play']);

test('two stores on one PostgreSQL race their sweeps over tables of bots: each bot move happens once, every hand plays out and verifies (never green: the house alone)', {
  ...skip,
  timeout: 120_000,
}, async () => {
  const storeA = await openPostgresTableStore<SealedTableDocument>({ url: db.url!, poolSize: 4 });
  const storeB = await openPostgresTableStore<SealedTableDocument>({ url: db.url!, poolSize: 4 });
  try {
    const t = testApp('pg bots', { tables: storeA });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const made = await t.call('POST', '/v1/tables', { preset: 'doudizhu', bots: [0, 1, 2] });
      assert.equal(made.status, 201, made.text);
      assert.equal(made.json.table.hand.clock.ms, BOT_DELAY_MS);
      ids.push(made.json.tableId);
    }
    const sweep = (tables: typeof storeA) =>
      sweepDue({
        tables,
        box: t.box,
        notifier: t.notifier,
        ctx: () => ({ now: t.clock.t, seal: t.box.seal, open: t.box.open, dealer: t.box.dealer }),
      });
    let acted = 0;
    for (let round = 0; round < 400; round++) {
      t.clock.t += BOT_DELAY_MS;
      const [a, b] = await Promise.all([sweep(storeA), sweep(storeB)]);
      const live = (await storeA.listDue(t.clock.t + 86_400_000, 100)).length;
      acted += a + b;
      // Each table had exactly one bot due this round (its clock was a second long): one move each.
      assert.ok(a + b <= 4, `at most one move per table per second (A ${a}, B ${b})`);
      if (live === 0) break;
    }
    let moves = 0;
    for (const id of ids) {
      const row = (await t.opened.readTable(id))!;
      assert.equal(row.doc.hand!.phase, 'ended', 'the hand played itself out');
      const made = row.doc.hand!.log.filter((x) => MOVES.has(x.type)).length;
      moves += made;
      // Version 1 was the creation (dealt at once); every other version is one bot move.
      assert.equal(row.version, 1 + made, 'one change per move: no move made twice');
      const rec = await t.call('GET', `/v1/tables/${id}/hands/1/transcript`);
      const r = verify(rec.json.transcript, { dealer: t.box.dealer.publicKey });
      assert.ok(r.ok, JSON.stringify(r));
      assert.equal(describeVerdict(r.verdict).status, 'house-alone');
    }
    assert.equal(acted, moves, 'the sweeps acted once per move');
  } finally {
    await Promise.all([storeA.close(), storeB.close()]);
  }
});

test('two service processes on one PostgreSQL, both sweeping every 5 ms: a table of bots moves about once a second, never twice on one turn', {
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
  const made = await on[0]!('POST', '/v1/tables', { preset: 'doudizhu', bots: [0, 1, 2] });
  assert.equal(made.status, 201, made.text);
  const id = made.json.tableId as string;
  const first = made.json.table.hand.clock.deadline as number;
  const WAIT = 4_500;
  await new Promise((r) => setTimeout(r, Math.max(0, first + WAIT - Date.now())));
  const tv: Json = (await on[1]!('GET', `/v1/tables/${id}`, undefined, bearer(made.json.hostToken)))
    .json.table;
  const moves = (tv.hand.log as Json[]).filter((x) => MOVES.has(x.type)).length;
  assert.ok(moves >= 2, `the bots moved (${moves})`);
  // Each clock starts when the move before it was made: with one move per turn, at most one a
  // second after the first deadline. Two processes moving on one expiry would move faster.
  assert.ok(moves <= 1 + Math.ceil(WAIT / BOT_DELAY_MS), `${moves} moves in ${WAIT} ms`);
  assert.equal(tv.version, 1 + moves, 'one change per move');
  if (tv.hand.clock !== null) {
    assert.ok(tv.hand.clock.deadline >= first + moves * BOT_DELAY_MS, 'a bot clock ran out early');
  }
});
