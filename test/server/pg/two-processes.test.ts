import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { isConserved } from '../../../src/server/deck/conserved.ts';
import type { DeckState } from '../../../src/server/deck/deck-state.ts';
import { deckAt, parseBase } from '../../../src/server/store/deck-base.ts';
import { loadPg } from '../../../src/server/store/postgres/load-pg.ts';
import { testDatabase } from '../../support/pg-database.ts';
import { getJson, type Running, spawnServer } from '../spawn-server.ts';

// Two real `fairdeal serve` processes on one PostgreSQL database, as behind a load balancer.
const db = await testDatabase();
const running: Running[] = [];
after(async () => {
  for (const r of running) r.child.kill('SIGKILL');
  await Promise.all(running.map((r) => r.exited));
  await db.drop();
});
const skip = db.skip === undefined ? {} : { skip: db.skip };

async function decksInDatabase(): Promise<Map<string, DeckState>> {
  const { Client } = await loadPg();
  const c = new Client({ connectionString: db.url! });
  await c.connect();
  try {
    // Each deck: its base with the cards dealt since (src/server/store/deck-base.ts).
    const r = await c.query<{ id: string; dealt: string; cards: string; state: string }>(
      `SELECT d.id, d.dealt, c.cards, b.state FROM decks d
        JOIN deck_cards c ON c.id = d.id JOIN deck_bases b ON b.id = d.id`,
    );
    return new Map(
      r.rows.map((row) => [row.id, deckAt(parseBase(0, row.state, row.cards), Number(row.dealt))]),
    );
  } finally {
    await c.end();
  }
}

const codes = (cards: { code: string }[]) => cards.map((c) => c.code);

test('two service processes on one PostgreSQL, clients on both at once: no card dealt twice, no write lost, no 5xx', {
  ...skip,
  timeout: 120_000,
}, async () => {
  // spawnServer passes its own environment on: the URL goes to the children only this way.
  process.env.DATABASE_URL = db.url!;
  // Processes sharing a database share the master key (a service refuses to start without it).
  process.env.FAIRDEAL_SECRET_KEY = 'ab'.repeat(32);
  // Started together: both run the migrations at the same moment (one waits for the other).
  const [a, b] = await Promise.all([spawnServer('unused.db'), spawnServer('unused.db')]);
  running.push(a, b);
  const urls = [a.url, b.url];
  const on = (i: number) => urls[i % 2]!;
  for (const u of urls) assert.deepEqual((await getJson(`${u}/healthz`)).body.ok, true);

  // One 52-card deck, created on A, drained by 40 clients, half on each process.
  const id = (await getJson(`${a.url}/api/deck/new/shuffle/`)).body.deck_id;
  const got: string[] = [];
  const statuses = new Set<number>();
  await Promise.all(
    Array.from({ length: 40 }, async (_, client) => {
      for (let i = 0; i < 10; i++) {
        const r = await getJson(`${on(client)}/api/deck/${id}/draw/?count=1`);
        statuses.add(r.status);
        got.push(...codes(r.body.cards));
        if (r.body.remaining === 0) break;
      }
    }),
  );
  assert.deepEqual([...statuses], [200]);
  assert.equal(got.length, 52);
  assert.equal(new Set(got).size, 52);

  // An 8-deck shoe (416 cards) created on B: 40 clients × 8 draws across both; what they saw is what is stored.
  const shoe = (await getJson(`${b.url}/api/deck/new/shuffle/?deck_count=8`)).body.deck_id;
  let answered = 0;
  await Promise.all(
    Array.from({ length: 40 }, async (_, client) => {
      for (let i = 0; i < 8; i++) {
        const r = await getJson(`${on(client + i)}/api/deck/${shoe}/draw/?count=1`);
        assert.equal(r.status, 200);
        answered += r.body.cards.length;
      }
    }),
  );
  assert.equal(answered, 320);

  // 20 clients each writing its own pile of one deck, alternating processes: every pile is kept.
  const pd = (await getJson(`${a.url}/api/deck/new/shuffle/`)).body.deck_id;
  const hand = codes((await getJson(`${b.url}/api/deck/${pd}/draw/?count=20`)).body.cards);
  await Promise.all(
    hand.map(async (code, i) => {
      const r = await getJson(`${on(i)}/api/deck/${pd}/pile/p${i}/add/?cards=${code}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }),
  );
  const piles = (await getJson(`${b.url}/api/deck/${pd}/pile/p0/list/`)).body.piles;
  assert.equal(Object.keys(piles).length, 20);

  const stored = await decksInDatabase();
  assert.equal(stored.get(id)?.stack.length, 0);
  assert.equal(stored.get(shoe)?.drawn.length, 320);
  assert.equal(new Set(stored.get(shoe)?.drawn).size, 320, 'no card identity twice');
  hand.forEach((code, i) => {
    assert.deepEqual(stored.get(pd)?.piles[`p${i}`], [code]);
  });
  for (const deck of stored.values()) assert.ok(isConserved(deck), deck.id);
  for (const r of [a, b])
    assert.doesNotMatch(r.stderr(), /postgres:\/\//, 'the URL is never printed');
});
