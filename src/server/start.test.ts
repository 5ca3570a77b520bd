import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { callerOf } from '../../test/support/live-hands.ts';
import { bearer, seatedTable } from '../../test/support/seated-table.ts';
import { verify } from '../fair/index.ts';
import { chacha20 } from '../index.ts';
import { newDeck } from './deck/new-deck.ts';
import { startServer } from './start.ts';
import { openSqliteStore } from './store/sqlite/deck-store.ts';

test('startServer: listens on loopback, purges stale decks at start, logs, closes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-start-'));
  // The tables' key file (docs/TABLES.md, "Keys") in this test's folder, not the user's.
  process.env.XDG_CONFIG_HOME = join(dir, 'config');
  try {
    const db = join(dir, 'd.db');
    const old = openSqliteStore({ path: db, now: () => 0 }); // touched at the epoch
    const deck = (id: string) =>
      newDeck(id, { deckCount: 1, jokers: false, shuffle: false }, chacha20(id));
    await old.createDeck(deck('stale'));
    await old.close();
    const fresh = openSqliteStore({ path: db });
    await fresh.createDeck(deck('fresh'));
    await fresh.close();

    const lines: string[] = [];
    const server = await startServer({
      config: { port: 0, db, purgeDays: 14 },
      log: (l) => lines.push(l),
    });
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.ok(
        lines.some((l) => JSON.parse(l).msg === 'purged 1 deck(s) unchanged for 14 days'),
        lines.join('\n'),
      );
      assert.equal((await fetch(`${server.url}/api/deck/stale/`)).status, 404);
      const ok = await fetch(`${server.url}/api/deck/fresh/?secret=x`);
      assert.equal(ok.status, 200);
      assert.equal((await ok.json()).remaining, 52);
      const last = JSON.parse(lines.at(-1) ?? '');
      assert.deepEqual([last.method, last.path, last.status], ['GET', '/api/deck/:id', 200]);
    } finally {
      await server.close();
    }
    await assert.rejects(fetch(`${server.url}/healthz`));
    await server.close(); // twice is fine
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('startServer: a hand whose deadline passed is voided by the service itself, no request needed, and the next hand opened', async () => {
  // fairdeal-v2's service dealt such a hand without the silent seats; under fairdeal-v3 there is
  // no deal without every seed, so the service's own sweep voids it and opens the next hand.
  const server = await startServer({ config: { port: 0, db: ':memory:' }, log: () => {} });
  try {
    const call = callerOf((path, init) => fetch(`${server.url}${path}`, init));
    const s = await seatedTable(call, { preset: 'doudizhu', revealTimeoutSeconds: 0 });
    assert.equal(s.table.hand.phase, 'committing');
    const read = async () =>
      (await call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.seatTokens[0]!))).json.table;
    // The sweep runs every second: within five, hand 1 is void and hand 2 open.
    let table = await read();
    for (let i = 0; i < 50 && table.history.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      table = await read();
    }
    assert.deepEqual(table.history[0], {
      n: 1,
      transcriptHash: table.history[0].transcriptHash,
      outcome: 'withheld',
      missing: s.table.players,
      score: null,
      holders: table.seatKeys.map((k: string) => k.slice(0, 16)),
    });
    // One read: the hand open now follows the last void one (the sweep goes on voiding them,
    // every deadline being 0 s).
    assert.equal(table.hand.n, table.history.at(-1).n + 1);
    assert.equal(table.hand.announcement.prev, table.history.at(-1).transcriptHash);
    assert.equal(table.hand.yourCards, null, 'never dealt');
    const rec = await call('GET', `/v1/tables/${s.id}/hands/1/transcript`);
    const v = verify(rec.json.transcript, { commitment: s.table.hand.announcement.commitment });
    assert.ok(v.ok, JSON.stringify(v));
    assert.equal(v.verdict.fairness, 'void');
    assert.deepEqual(v.verdict.missing, s.table.players);
  } finally {
    await server.close();
  }
});

test('startServer: with sweepMs 0 this process voids nothing by itself; a seat still can', async () => {
  const server = await startServer({
    config: { port: 0, db: ':memory:', sweepMs: 0 },
    log: () => {},
  });
  try {
    const call = callerOf((path, init) => fetch(`${server.url}${path}`, init));
    const s = await seatedTable(call, { preset: 'doudizhu', revealTimeoutSeconds: 0 });
    // Two seconds: two sweeps at the default interval would have voided it.
    await new Promise((r) => setTimeout(r, 2_000));
    const table = (await call('GET', `/v1/tables/${s.id}`, undefined, bearer(s.seatTokens[0]!)))
      .json.table;
    assert.equal(table.hand.n, 1);
    assert.equal(table.history.length, 0, 'nothing voided');
    const v = await call(
      'POST',
      `/v1/tables/${s.id}/actions`,
      { type: 'void', version: table.version },
      bearer(s.seatTokens[0]!),
    );
    assert.equal(v.status, 200, v.text);
    assert.equal(v.json.table.history[0].outcome, 'withheld');
  } finally {
    await server.close();
  }
});
