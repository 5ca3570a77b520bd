import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chacha20 } from '../index.ts';
import { newDeck } from './deck/new-deck.ts';
import { startServer } from './start.ts';
import { openSqliteStore } from './store/sqlite.ts';

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
      assert.ok(lines.includes('purged 1 deck(s) unchanged for 14 days'), lines.join('\n'));
      assert.equal((await fetch(`${server.url}/api/deck/stale/`)).status, 404);
      const ok = await fetch(`${server.url}/api/deck/fresh/?secret=x`);
      assert.equal(ok.status, 200);
      assert.equal((await ok.json()).remaining, 52);
      assert.match(lines.at(-1) ?? '', /^GET \/api\/deck\/:id 200 /);
    } finally {
      await server.close();
    }
    await assert.rejects(fetch(`${server.url}/healthz`));
    await server.close(); // twice is fine
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('startServer: a hand whose deadline passed is dealt by the service itself, no request needed', async () => {
  const server = await startServer({ config: { port: 0, db: ':memory:' }, log: () => {} });
  try {
    const made = await fetch(`${server.url}/v1/tables`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ preset: 'doudizhu', revealTimeoutSeconds: 0 }),
    });
    assert.equal(made.status, 201);
    const created = await made.json();
    assert.equal(created.table.hand.phase, 'committing');
    const read = async () =>
      (
        await (
          await fetch(`${server.url}/v1/tables/${created.tableId}`, {
            headers: { Authorization: `Bearer ${created.seatTokens[0]}` },
          })
        ).json()
      ).table;
    // The sweep runs every second: within five, the hand is dealt without the silent seats.
    let table = await read();
    for (let i = 0; i < 50 && table.hand.phase !== 'playing'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      table = await read();
    }
    assert.equal(table.hand.phase, 'playing');
    assert.deepEqual(table.hand.missing, created.table.players);
    assert.equal(table.hand.yourCards.length, 17);
  } finally {
    await server.close();
  }
});
