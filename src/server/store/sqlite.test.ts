import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test } from 'node:test';
import { chacha20 } from '../../index.ts';
import { ApiError } from '../deck/api-error.ts';
import { drawCards } from '../deck/draw-cards.ts';
import { newDeck } from '../deck/new-deck.ts';
import { openSqliteStore } from './sqlite.ts';

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
      2, // step 2: the tables of docs/TABLES.md
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

test('a change that throws rolls back and the store keeps working', async () => {
  const s = openSqliteStore({ path: ':memory:' });
  await s.createDeck(deck('d'));
  await assert.rejects(
    s.withDeck('d', () => {
      throw new ApiError(404, 'PILE_NOT_FOUND', 'x');
    }),
    ApiError,
  );
  const r = await s.withDeck('d', (d) => ({ next: drawCards(d, 1).state, result: 1 }));
  assert.deepEqual(r, { found: true, value: 1 });
  assert.deepEqual(await s.withDeck('none', () => ({ next: null, result: 0 })), { found: false });
  assert.equal((await s.readDeck('d'))?.stack.length, 51);
  await s.close();
});

test('purge deletes decks unchanged since the cut-off; reads do not touch', async () => {
  let now = 1_000;
  const s = openSqliteStore({ path: ':memory:', now: () => now });
  await s.createDeck(deck('old'));
  await s.createDeck(deck('changed'));
  now = 5_000;
  await s.readDeck('old');
  await s.withDeck('changed', (d) => ({ next: drawCards(d, 1).state, result: null }));
  assert.equal(await s.purge(2_000), 1);
  assert.equal(await s.readDeck('old'), undefined);
  assert.ok(await s.readDeck('changed'));
  assert.equal(await s.ping(), true);
  await s.close();
});

test('bad synchronous levels are refused', () => {
  assert.throws(
    () => openSqliteStore({ path: ':memory:', synchronous: 'SOMETIMES' as never }),
    RangeError,
  );
});
