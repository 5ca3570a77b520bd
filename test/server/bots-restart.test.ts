// The house's bot's turn is a stored clock (docs/TABLES.md, "Bots"), not a timer in a process: a
// bot turn that fell due while the service was down (kill -9) is played by the restarted
// service's own sweep, with no request arriving.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { callerOf } from '../support/live-hands.ts';
import { bearer, playFair, seatedTable } from '../support/seated-table.ts';
import type { Json } from '../support/test-table.ts';
import { spawnServer } from './spawn-server.ts';

test('bots survive kill -9: a bot turn due while the service was down is played after the restart', {
  timeout: 60_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-bot-kill-'));
  const db = join(dir, 'db.sqlite');
  const sweep = ['--sweep-ms', '50'];
  let server = await spawnServer(db, sweep);
  try {
    const call = callerOf((p, i) => fetch(`${server.url}${p}`, i));
    // One person at seat 0 (the first bidder of hand 1), the house's bots at seats 1 and 2.
    const s = await seatedTable(call, { preset: 'doudizhu', bots: [1, 2] }, 'bot kill');
    assert.equal(s.seatTokens.length, 1);
    const dealt = (await playFair(call, s)).table;
    assert.equal(dealt.hand.phase, 'playing');
    assert.equal(dealt.hand.game.turn, 0);
    const passed = await call(
      'POST',
      `/v1/tables/${s.id}/actions`,
      { type: 'bid', bid: 'pass', version: dealt.version },
      bearer(s.seatTokens[0]!),
    );
    assert.equal(passed.status, 200, passed.text);
    const clock = passed.json.table.hand.clock;
    assert.equal(clock.seat, 1, 'the bot at seat 1 is to bid, on its one-second clock');

    server.child.kill('SIGKILL');
    await server.exited;
    // Down past the bot's deadline: the turn falls due with no process running.
    await new Promise((r) => setTimeout(r, Math.max(0, clock.deadline + 500 - Date.now())));
    assert.ok(Date.now() > clock.deadline, 'the bot’s turn fell due before the restart');
    server = await spawnServer(db, sweep);
    await new Promise((r) => setTimeout(r, 1_000));
    const after = (await call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.hostToken))).json
      .table as Json;
    const moves = (after.hand.log as Json[]).slice(passed.json.table.hand.log.length);
    assert.equal(
      moves[0]?.seat,
      1,
      `the bot at seat 1 moved after the restart: ${JSON.stringify(moves)}`,
    );
    assert.equal(moves[0]?.type, 'bid');
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});
