// kill -9 in the middle of a fair hand (fairdeal-v3): after a restart on the same file (and the
// same key file, out of the data folder) the hand goes on — the sealed round opens, the last
// reveal deals — what was acknowledged before the kill is all there, the dealer's key is the same
// (receipts signed before the kill check against it), and the hand verifies as PROVEN FAIR.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  type AnnouncementV3,
  checkAnnouncementV3,
  checkReceiptV3,
  checkRosterV3,
  commitAsSeat,
  type ReceiptV3,
  type RosterV3,
  revealAsSeat,
  type SeatCommitV3,
  verify,
} from '../../src/fair/index.ts';
import { callerOf } from '../support/live-hands.ts';
import { bearer, playFair, seatedTable } from '../support/seated-table.ts';
import type { Json } from '../support/test-table.ts';
import { keyHomeOf, spawnServer } from './spawn-server.ts';

test('tables survive kill -9: the sealed round reopens after a restart and the hand verifies as proven fair', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-tables-kill-'));
  const db = join(dir, 'db.sqlite');
  let server = await spawnServer(db);
  try {
    const call = callerOf((p, i) => fetch(`${server.url}${p}`, i));
    const dealer = (await call('GET', '/.well-known/fairdeal-key')).json.dealer as string;
    const s = await seatedTable(call, { preset: 'holdem', options: { seats: 2 } }, 'kill');
    let table = s.table;
    const act = async (token: string, body: object) => {
      const r = await call(
        'POST',
        `/v1/tables/${s.id}/actions`,
        { ...body, version: table.version },
        bearer(token),
      );
      assert.equal(r.status, 200, r.text);
      table = r.json.table;
      return r.json.receipt as ReceiptV3;
    };
    const ann = table.hand.announcement as AnnouncementV3;
    const mine: SeatCommitV3[] = [];
    const receipts: ReceiptV3[] = [];
    for (const k of [0, 1]) {
      await checkAnnouncementV3(ann, { seat: k, publicKey: s.keys[k]!.publicKey, dealer });
      mine.push(await commitAsSeat(ann, k, `kill seed ${k}`, s.keys[k]!));
      receipts.push(
        await act(s.seatTokens[k]!, {
          type: 'commit',
          commitment: mine[k]!.commitment,
          signature: mine[k]!.signature,
        }),
      );
    }
    const roster = table.hand.roster as RosterV3;
    const reveal = async (k: number) => {
      await checkRosterV3(roster, ann, mine[k]!);
      const r = await revealAsSeat(mine[k]!, roster, s.keys[k]!);
      receipts.push(
        await act(s.seatTokens[k]!, {
          type: 'reveal',
          seed: r.seed,
          salt: r.salt,
          signature: r.signature,
        }),
      );
    };
    await reveal(0);
    assert.equal(table.hand.phase, 'revealing');
    if (!process.env.FAIRDEAL_SECRET_KEY) {
      const keyFile = join(keyHomeOf(db), 'fairdeal', 'secret.key');
      assert.equal(statSync(keyFile).mode & 0o777, 0o600);
    }

    server.child.kill('SIGKILL');
    await server.exited;
    server = await spawnServer(db);

    // What was acknowledged before the kill is there: both commits, the roster, seat 0's reveal.
    assert.equal((await call('GET', '/.well-known/fairdeal-key')).json.dealer, dealer);
    const back = (await call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.seatTokens[1]!))).json
      .table;
    assert.equal(back.version, table.version);
    assert.deepEqual(back.hand.roster, roster);
    assert.deepEqual(back.hand.waitingFor, [1]);
    assert.equal(back.hand.reveals[0].seed, 'kill seed 0');
    await reveal(1);
    assert.equal(table.hand.phase, 'playing');
    assert.equal(table.hand.yourCards.length, 2);
    for (const r of receipts) assert.equal(await checkReceiptV3(r, dealer), true);
    await act(s.hostToken, { type: 'end-hand' });
    const tr = await call('GET', `/v1/tables/${s.id}/hands/1/transcript`);
    assert.equal(tr.status, 200, tr.text);
    const result = verify(tr.json.transcript, { commitment: ann.commitment, dealer });
    assert.ok(result.ok, JSON.stringify(result));
    assert.equal(result.verdict.fairness, 'proven-fair');
    assert.equal(result.verdict.contributors, 2);
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});

// Timers are stored, not kept in a process: a Dou Dizhu turn clock and a reveal deadline set
// before a kill -9 fire after the restart, by the restarted service's own sweep, while nobody
// sends it anything (docs/TABLES.md, "Clocks").
test('timers survive kill -9: after a restart the turn clock plays the silent bidder and the reveal deadline voids the hand, with no request arriving', {
  timeout: 60_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-clock-kill-'));
  const db = join(dir, 'db.sqlite');
  const sweep = ['--sweep-ms', '50'];
  let server = await spawnServer(db, sweep);
  try {
    const call = callerOf((p, i) => fetch(`${server.url}${p}`, i));
    // Table A: dealt, seat 0 to bid, on a 3 s clock. Table B: seat 2 never reveals, 3 s.
    const a = await seatedTable(call, { preset: 'doudizhu', turnSeconds: 3 }, 'clock');
    const dealt = (await playFair(call, a)).table;
    const b = await seatedTable(call, { preset: 'doudizhu', revealTimeoutSeconds: 3 }, 'due');
    const waiting = (await playFair(call, b, { silentReveal: [2] })).table;
    assert.equal(waiting.hand.phase, 'revealing');
    const clock = dealt.hand.clock;
    assert.equal(clock.seat, 0);
    assert.ok(clock.deadline > Date.now(), 'killed mid-turn, before the clock ran out');

    server.child.kill('SIGKILL');
    await server.exited;
    server = await spawnServer(db, sweep);

    // Nobody asks anything until both deadlines are a second past.
    const until = Math.max(clock.deadline, waiting.hand.deadline) + 1_000;
    await new Promise((r) => setTimeout(r, Math.max(0, until - Date.now())));
    const read = async (id: string, token: string) =>
      (await call('GET', `/v1/tables/${id}`, undefined, bearer(token))).json.table as Json;
    const tableA = await read(a.id, a.hostToken);
    const moves = tableA.hand.log.slice(dealt.hand.log.length);
    assert.deepEqual(moves.slice(0, 2), [
      { type: 'timeout', seat: 0 },
      { type: 'bid', seat: 0, bid: 'pass' },
    ]);
    assert.equal(tableA.away[0], true);
    // The next clock started when the first ran out, not at the restart's first request.
    assert.ok(tableA.hand.clock.deadline >= clock.deadline + 3_000, JSON.stringify(tableA.hand));
    const tableB = await read(b.id, b.hostToken);
    assert.equal(tableB.hand.n, 2, 'hand 1 was voided and hand 2 opened by themselves');
    assert.deepEqual(tableB.history.at(-1).missing, ['seat-2']);
    assert.equal(tableB.history.at(-1).outcome, 'withheld');
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});
