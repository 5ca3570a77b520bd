import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20 } from '../../src/index.ts';
import { ApiError } from '../../src/server/deck/api-error.ts';
import { isConserved } from '../../src/server/deck/conserved.ts';
import { drawCards } from '../../src/server/deck/draw-cards.ts';
import { newDeck } from '../../src/server/deck/new-deck.ts';
import { addToPile } from '../../src/server/deck/pile-ops.ts';
import type { Store } from '../../src/server/store/store.ts';

/** Opens a fresh, empty store whose clock is `now` (ms since the epoch). */
export type OpenStore = (now: () => number) => Store | Promise<Store>;

const deck = (id: string, decks = 1) =>
  newDeck(id, { deckCount: decks, jokers: false, shuffle: true }, chacha20(id));

/**
 * The behaviour every Store must have (SQLite now, PostgreSQL next): run it from each store's
 * test file with a function that opens a fresh store.
 *
 * @example
 * ```ts
 * storeConformance('sqlite', (now) => openSqliteStore({ path: ':memory:', now }));
 * ```
 * @throws never (registers node:test tests).
 */
export function storeConformance(name: string, open: OpenStore): void {
  test(`${name}: create, read back exactly, never overwrite an id`, async () => {
    const s = await open(Date.now);
    const d = addToPile(drawCards(deck('a', 2), 5).state, '__proto__', ['AS']).state;
    assert.equal(await s.createDeck(d), true);
    assert.equal(await s.createDeck(deck('a')), false);
    const back = await s.readDeck('a');
    assert.deepEqual(JSON.parse(JSON.stringify(back)), JSON.parse(JSON.stringify(d)));
    assert.equal(await s.readDeck('nope'), undefined);
    await s.close();
  });

  test(`${name}: withDeck applies a change, or nothing, atomically`, async () => {
    const s = await open(Date.now);
    await s.createDeck(deck('a'));
    const r = await s.withDeck('a', (d) => {
      const x = drawCards(d, 3);
      return { next: x.state, result: x.cards };
    });
    assert.ok(r.found && r.value.length === 3);
    assert.deepEqual(await s.withDeck('a', () => ({ next: null, result: 'same' })), {
      found: true,
      value: 'same',
    });
    assert.deepEqual(await s.withDeck('none', () => ({ next: null, result: 0 })), {
      found: false,
    });
    await assert.rejects(
      s.withDeck('a', (d) => {
        void drawCards(d, 10);
        throw new ApiError(404, 'PILE_NOT_FOUND', 'x');
      }),
      ApiError,
    );
    const now = await s.readDeck('a');
    assert.equal(now?.stack.length, 49, 'the failed change left nothing behind');
    assert.equal(await s.ping(), true);
    await s.close();
  });

  test(`${name}: concurrent changes never lose a write or deal a card twice`, async () => {
    const s = await open(Date.now);
    await s.createDeck(deck('a', 4));
    const dealt = (
      await Promise.all(
        Array.from({ length: 200 }, () =>
          s.withDeck('a', (d) => {
            const x = drawCards(d, 1);
            return { next: x.state, result: x.cards };
          }),
        ),
      )
    ).flatMap((r) => (r.found ? r.value : []));
    assert.equal(dealt.length, 200);
    assert.equal(new Set(dealt).size, 200);
    const d = await s.readDeck('a');
    assert.ok(d !== undefined && isConserved(d));
    assert.equal(d.drawn.length, 200);
    await s.close();
  });

  test(`${name}: purge deletes decks unchanged since the cut-off; reads do not touch`, async () => {
    let t = 1_000;
    const s = await open(() => t);
    await s.createDeck(deck('old'));
    await s.createDeck(deck('changed'));
    t = 5_000;
    await s.readDeck('old');
    await s.withDeck('changed', (d) => ({ next: drawCards(d, 1).state, result: null }));
    assert.equal(await s.purge(2_000), 1);
    assert.equal(await s.readDeck('old'), undefined);
    assert.ok(await s.readDeck('changed'));
    await s.close();
  });

  test(`${name}: a change may not alter a deck's composition`, async () => {
    const s = await open(Date.now);
    await s.createDeck(deck('a'));
    await assert.rejects(
      s.withDeck('a', (d) => ({ next: { ...d, cards: d.cards.slice(1) }, result: null })),
    );
    assert.equal((await s.readDeck('a'))?.cards.length, 52);
    await s.close();
  });
}
