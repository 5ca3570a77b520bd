// End to end over HTTP: a real server (startServer on a loopback port), three seats that claim
// their seats with keys of their own and make their own seeds (fairdeal-v3), three hands: one
// played out, one where a seat never reveals — the service's own sweep VOIDS it at the deadline
// (the v2 service dealt it without that seat's seed; v3 never deals with fewer seeds) and opens
// the next hand by itself — and one played out after the void. The published transcripts and the
// chain through the void are checked by `fairdeal verify` and by the independent Python verifier,
// which must agree word for word. python3 is required under CI=true; elsewhere the Python half
// reports itself skipped when python3 is missing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { main } from '../../src/cli/main.ts';
import { disputeVoidV3, type ReceiptV3, type VoidRecordV3, verify } from '../../src/fair/index.ts';
import { startServer } from '../../src/server/start.ts';
import { fakeIo } from '../support/fake-io.ts';
import { callerOf } from '../support/live-hands.ts';
import { bearer, playFair, seatedTable } from '../support/seated-table.ts';

const TOOL = join(import.meta.dirname, '../../tools/verify-fair.py');

test('tables over HTTP: transcripts and the chain through a void verify with fairdeal verify and verify-fair.py', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-tables-'));
  // The tables' key file (docs/TABLES.md, "Keys") in this test's folder, not the user's.
  process.env.XDG_CONFIG_HOME = join(dir, 'config');
  const server = await startServer({
    config: { port: 0, host: '127.0.0.1', db: join(dir, 'db.sqlite'), log: false },
  });
  try {
    const call = callerOf((p, i) => fetch(`${server.url}${p}`, i));
    const dealer = (await call('GET', '/.well-known/fairdeal-key')).json.dealer as string;
    const s = await seatedTable(
      call,
      {
        preset: 'holdem',
        options: { seats: 3 },
        players: ['alice', 'bob', 'carol'],
        // Long enough for a hand's commits and reveals over loopback; hand 2 then waits for the
        // service's own sweep to void it (a timeout of 0 would let the sweep void every hand
        // before its seats have committed).
        revealTimeoutSeconds: 3,
      },
      'verify',
    );
    const host = bearer(s.hostToken);
    let version = 0;
    const act = async (token: string, body: object) => {
      const r = await call(
        'POST',
        `/v1/tables/${s.id}/actions`,
        { ...body, version },
        bearer(token),
      );
      assert.equal(r.status, 200, r.text);
      version = r.json.table.version;
    };
    const playOut = async () => {
      const { table } = await playFair(call, s);
      assert.equal(table.hand.phase, 'playing');
      version = table.version;
      await act(s.seatTokens[1]!, { type: 'draw', count: 1 });
      await act(s.hostToken, { type: 'end-hand' });
    };

    await playOut();
    const opened = await call(
      'POST',
      `/v1/tables/${s.id}/actions`,
      {
        type: 'next-hand',
        version,
      },
      host,
    );
    assert.equal(opened.status, 200, opened.text);
    // Hand 2: everyone commits, bob never reveals. Nobody asks: at the deadline the service's
    // sweep voids the hand by itself (tables/sweep-due.ts) and opens hand 3.
    const silent = await playFair(call, s, { silentReveal: [1] });
    assert.equal(silent.table.hand.phase, 'revealing');
    assert.deepEqual(silent.table.hand.waitingFor, [1]);
    let view = silent.table;
    for (let i = 0; i < 100 && view.hand.n === 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      view = (await call('GET', `/v1/tables/${s.id}`, undefined, host)).json.table;
    }
    assert.equal(view.hand.n, 3, 'the sweep voided hand 2 and hand 3 opened by itself');
    assert.deepEqual(view.history.at(-1), {
      n: 2,
      transcriptHash: view.hand.announcement.prev,
      outcome: 'withheld',
      missing: ['bob'],
      score: null,
      holders: view.seatKeys.map((k: string) => k.slice(0, 16)),
    });
    await playOut();

    const files: string[] = [];
    for (const n of [1, 2, 3]) {
      const tr = await call('GET', `/v1/tables/${s.id}/hands/${n}/transcript`);
      assert.equal(tr.status, 200, tr.text);
      assert.equal(tr.json.outcome, n === 2 ? 'withheld' : 'dealt');
      assert.deepEqual(tr.json.missing, n === 2 ? ['bob'] : []);
      const file = join(dir, `hand-${n}.json`);
      writeFileSync(file, JSON.stringify(tr.json.transcript));
      files.push(file);
    }
    // The void record: never dealt, names bob, and publishes the server seed so anyone can check
    // the commitment; no receipt a seat holds contradicts it (the service dropped nothing).
    const voided = (await call('GET', `/v1/tables/${s.id}/hands/2/transcript`)).json;
    // Voided by the service's sweep (no seat, no host: `seat` null), as withheld by seat 1.
    assert.deepEqual(voided.log.at(-1), {
      type: 'hand-void',
      seat: null,
      pile: 'withheld',
      to: '1',
    });
    const record = voided.transcript as VoidRecordV3;
    assert.equal(record.kind, 'void');
    assert.deepEqual(record.void.seats, [1]);
    assert.equal(record.void.reason, 'withheld');
    assert.equal('cards' in record, false, 'a void hand is never dealt');
    const v = verify(record, { commitment: silent.table.hand.announcement.commitment, dealer });
    assert.ok(v.ok, JSON.stringify(v));
    assert.equal(v.verdict.fairness, 'void');
    const held = silent.seats.flatMap((x) => (x?.receipts ?? []) as ReceiptV3[]);
    assert.equal(held.length, 5, 'three commit receipts and two reveal receipts');
    assert.deepEqual(await disputeVoidV3(record, held), []);
    const chain = await call('GET', `/v1/tables/${s.id}/chain`);
    assert.equal(chain.json.transcripts.length, 3);
    writeFileSync(join(dir, 'chain.json'), JSON.stringify(chain.json.transcripts));

    // A chain of proven-fair hands with a void among them exits 0 (docs/FAIR.md §V3.9); the void
    // record alone exits 5.
    const io = fakeIo(dir);
    assert.equal(
      await main(['verify', 'hand-1.json', 'hand-2.json', 'hand-3.json'], io),
      0,
      io.stderr + io.stdout,
    );
    assert.match(io.stdout, /CHAIN OK +3 hands linked/);
    assert.match(io.stdout, /verdict: proven fair \(1 void record\(s\) in the chain\)/);
    assert.match(io.stdout, /PROVEN FAIR .*hand-1\.json/);
    assert.match(io.stdout, /VOID .*hand-2\.json/);
    assert.match(io.stdout, /seat 2 \(bob\) withheld its seed/);
    assert.match(io.stdout, /PROVEN FAIR .*hand-3\.json/);
    const alone = fakeIo(dir);
    assert.equal(await main(['verify', 'hand-2.json'], alone), 5, alone.stderr + alone.stdout);
    const chained = fakeIo(dir);
    assert.equal(await main(['verify', 'chain.json'], chained), 0, chained.stderr + chained.stdout);

    if (spawnSync('python3', ['--version']).error !== undefined) {
      if (process.env.CI === 'true') assert.fail('python3 is missing under CI=true');
      t.skip('python3 not found: the independent verifier was not run');
      return;
    }
    const py = (...args: string[]) =>
      spawnSync('python3', [TOOL, '--transcript', ...args], { encoding: 'utf8', timeout: 60_000 });
    const all = py(...files);
    assert.equal(all.status, 0, all.stdout + all.stderr);
    // the same words as fairdeal verify, line for line
    assert.equal(all.stdout.replaceAll(`${dir}/`, ''), io.stdout);
    const pyAlone = py(files[1]!);
    assert.equal(pyAlone.status, 5, pyAlone.stdout + pyAlone.stderr);
    assert.equal(pyAlone.stdout.replaceAll(`${dir}/`, ''), alone.stdout);
    const pyChain = py(join(dir, 'chain.json'));
    assert.equal(pyChain.status, 0, pyChain.stdout + pyChain.stderr);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
