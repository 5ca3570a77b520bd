import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test } from 'node:test';
import { chacha20 } from '../../../index.ts';
import { drawCards } from '../../deck/draw-cards.ts';
import { newDeck } from '../../deck/new-deck.ts';
import { openSqliteStore } from './deck-store.ts';

const deck = (id: string) =>
  newDeck(id, { deckCount: 1, jokers: false, shuffle: true }, chacha20(id));

function tempDb(): { path: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-store-'));
  return {
    path: join(dir, 'sub', 'd.db'),
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

test('a file store: created with its folder, WAL, migrated once, changes survive reopening', async () => {
  const tmp = tempDb();
  try {
    const a = openSqliteStore({ path: tmp.path });
    assert.equal(await a.createDeck(deck('d1')), true);
    assert.equal(await a.createDeck(deck('d1')), false, 'an id is never overwritten');
    const r = await a.withDeck('d1', (d) => {
      const x = drawCards(d, 3);
      return { next: x.state, result: x.cards };
    });
    assert.ok(r.found);
    await a.close();
    const raw = new DatabaseSync(tmp.path);
    assert.equal(
      (raw.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode,
      'wal',
    );
    assert.equal(
      (raw.prepare('PRAGMA user_version').get() as { user_version: number }).user_version,
      10, // step 10: the bases' lz4 on PostgreSQL, nothing here (migration-10-base-compression.ts)
    );
    raw.close();
    const b = openSqliteStore({ path: tmp.path });
    const back = await b.readDeck('d1');
    assert.deepEqual(back?.drawn, r.found ? r.value : []);
    await b.close();
  } finally {
    tmp.done();
  }
});

// The deck-store conformance suite runs on SQLite (file and memory) in conformance.test.ts.

test('purge takes the composition with the deck', async () => {
  const tmp = tempDb();
  try {
    let now = 1_000;
    const s = openSqliteStore({ path: tmp.path, now: () => now });
    await s.createDeck(deck('gone'));
    now = 9_000;
    await s.createDeck(deck('kept'));
    assert.equal(await s.purge(5_000), 1);
    await s.close();
    const raw = new DatabaseSync(tmp.path);
    const ids = raw
      .prepare('SELECT id FROM deck_cards')
      .all()
      .map((r) => (r as { id: string }).id);
    raw.close();
    assert.deepEqual(ids, ['kept']);
  } finally {
    tmp.done();
  }
});

test('bad synchronous levels are refused', () => {
  assert.throws(
    () => openSqliteStore({ path: ':memory:', synchronous: 'SOMETIMES' as never }),
    RangeError,
  );
});
