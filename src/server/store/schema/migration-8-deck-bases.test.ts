import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { testDatabase } from '../../../../test/support/pg-database.ts';
import { postgresAtStep, sqliteAtStep } from '../../../../test/support/schema-at.ts';
import { chacha20 } from '../../../index.ts';
import type { DeckState } from '../../deck/deck-state.ts';
import { drawCards } from '../../deck/draw-cards.ts';
import { newDeck } from '../../deck/new-deck.ts';
import { addToPile } from '../../deck/pile-ops.ts';
import { rebuildDeck } from '../../deck/rebuild-deck.ts';
import { deckStateJson } from '../composition.ts';
import { openPostgresStore } from '../postgres/deck-store.ts';
import { loadPg } from '../postgres/load-pg.ts';
import { openSqliteStore } from '../sqlite/deck-store.ts';
import type { Store } from '../store.ts';

// Decks as step 7 left them, one JSON row each: fresh, half drawn with piles, and rebuilt (its
// own composition in its row, not the one in deck_cards). After step 8 each reads back exactly
// as it was, and the next draw and the next pile change go on from there.
const made = (id: string, deckCount: number) =>
  newDeck(id, { deckCount, jokers: false, shuffle: true }, chacha20(id));
const fresh = made('m7fresh0000000000000', 20);
const halfDrawn: DeckState = (() => {
  const d = made('m7half00000000000000', 6);
  const drawn = drawCards(d, 150).state;
  return addToPile(addToPile(drawn, 'discard', ['AS', 'KH']).state, 'p2', ['2C']).state;
})();
const asMade = made('m7rebuilt00000000000', 1);
const rebuilt = rebuildDeck(asMade, { codes: ['KH', 'AS', 'QD'] }, chacha20('r')).state;
const OLD: readonly [DeckState, readonly string[]][] = [
  [fresh, fresh.cards],
  [halfDrawn, halfDrawn.cards],
  [rebuilt, asMade.cards], // deck_cards holds the composition as made
];
const seed = (deck: DeckState, cards: readonly string[], version: number) => [
  `INSERT INTO decks (id, state, version, created_at, touched_at) VALUES ('${deck.id}', '${deckStateJson(deck, cards)}', ${version}, 0, 0)`,
  `INSERT INTO deck_cards (id, cards) VALUES ('${deck.id}', '${JSON.stringify(cards)}')`,
];
const SEED = OLD.flatMap(([deck, cards], i) => seed(deck, cards, 5 + i));

async function goesOn(store: Store): Promise<void> {
  // As JSON: a pile change makes its piles an object with no prototype, a read a plain one.
  for (const [deck] of OLD) {
    assert.deepEqual(await store.readDeck(deck.id), JSON.parse(JSON.stringify(deck)), deck.id);
  }
  const r = await store.withDeck(halfDrawn.id, (d) => {
    const x = drawCards(d, 2);
    return { next: x.state, result: x.cards };
  });
  assert.deepEqual(r, { found: true, value: halfDrawn.stack.slice(0, 2) });
  await store.withDeck(halfDrawn.id, (d) => ({
    next: addToPile(d, 'discard', [r.found ? r.value[0]!.split('#')[0]! : '']).state,
    result: null,
  }));
  const after = (await store.readDeck(halfDrawn.id))!;
  assert.equal(after.stack.length, halfDrawn.stack.length - 2);
  assert.equal(after.piles.discard?.length, 3);
  assert.deepEqual(after.piles.p2, halfDrawn.piles.p2);
  assert.deepEqual((await store.readDeck(rebuilt.id))?.cards, ['KH', 'AS', 'QD']);
}

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-m7-'));
const pg = await testDatabase();
after(async () => {
  rmSync(dir, { recursive: true, force: true });
  await pg.drop();
});

test('migration 8 on SQLite: every deck of the one-row layout reads back as it was, and goes on', async () => {
  const path = join(dir, 'old.db');
  const db = new DatabaseSync(path);
  sqliteAtStep(db, 7);
  for (const sql of SEED) db.exec(sql);
  db.close();
  const store = openSqliteStore({ path });
  try {
    await goesOn(store);
  } finally {
    await store.close();
  }
  const raw = new DatabaseSync(path, { readOnly: true });
  const cols = raw
    .prepare("SELECT name FROM pragma_table_info('decks')")
    .all()
    .map((r) => r.name);
  assert.deepEqual(cols, ['id', 'version', 'created_at', 'touched_at', 'base_version', 'dealt']);
  raw.close();
});

test('migration 8 on PostgreSQL: the same', { skip: pg.skip }, async () => {
  const { Client } = await loadPg();
  const c = new Client({ connectionString: pg.url! });
  await c.connect();
  try {
    await postgresAtStep(c, 7);
    for (const sql of SEED) await c.query(sql);
  } finally {
    await c.end();
  }
  const store = await openPostgresStore({ url: pg.url!, poolSize: 2 });
  try {
    await goesOn(store);
  } finally {
    await store.close();
  }
});
