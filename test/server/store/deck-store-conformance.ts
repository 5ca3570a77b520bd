// The deck-store conformance suite: one list of cases every Store implementation must pass
// (SQLite, PostgreSQL, in-memory). A test file calls it with a factory; the suite registers its
// cases with node:test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20 } from '../../../src/index.ts';
import { isConserved } from '../../../src/server/deck/conserved.ts';
import type { DeckState } from '../../../src/server/deck/deck-state.ts';
import { drawCards } from '../../../src/server/deck/draw-cards.ts';
import { newDeck } from '../../../src/server/deck/new-deck.ts';
import { addToPile } from '../../../src/server/deck/pile-ops.ts';
import { rebuildDeck } from '../../../src/server/deck/rebuild-deck.ts';
import { shuffleDeck } from '../../../src/server/deck/shuffle-deck.ts';
import type { Store } from '../../../src/server/store/store.ts';

/** How the suite gets stores. */
export interface StoreFactory {
  /** A store on the backend under test; `now` is its clock. */
  open(now: () => number): Promise<Store>;
  /**
   * True when two stores opened by `open` share their data (a file, a database), as two service
   * processes would: the suite then checks that changes through both never lose a write.
   */
  readonly shared: boolean;
  /** A reason to report every case as skipped (no server reachable outside CI). */
  readonly skip?: string | undefined;
}

let serial = 0;
// Deck ids unique across runs on a persistent backend: a counter plus the process id and time.
const freshId = (): string =>
  `c${(process.pid % 1000).toString(36)}${Date.now().toString(36)}${(serial++).toString(36)}`
    .padEnd(20, '0')
    .slice(0, 20);

const deckOf = (id: string, deckCount = 1): DeckState =>
  newDeck(id, { deckCount, jokers: false, shuffle: true }, chacha20(id));

const draw = (n: number) => (d: DeckState) => {
  const r = drawCards(d, n);
  return { next: r.state, result: r.cards };
};

/**
 * Registers the conformance cases for one backend.
 *
 * @example
 * ```ts
 * deckStoreConformance('SQLite', { open: async (now) => openSqliteStore({ path: ':memory:', now }), shared: false });
 * ```
 * @throws never (failures are test failures).
 */
export function deckStoreConformance(name: string, factory: StoreFactory): void {
  const options = factory.skip === undefined ? {} : { skip: factory.skip };
  const withStore = async (fn: (s: Store) => Promise<void>, now: () => number = Date.now) => {
    const s = await factory.open(now);
    try {
      await fn(s);
    } finally {
      await s.close();
    }
  };

  test(`${name}: a created deck reads back whole; an id is never overwritten`, options, () =>
    withStore(async (s) => {
      const d = deckOf(freshId(), 2);
      assert.equal(await s.createDeck(d), true);
      assert.equal(await s.createDeck({ ...d, stack: [] }), false);
      assert.deepEqual(await s.readDeck(d.id), d);
      assert.equal(await s.readDeck(freshId()), undefined);
    }),
  );

  test(
    `${name}: decks created at the same moment are each made once; of one id's, the first wins`,
    options,
    () =>
      withStore(async (s) => {
        const ids = Array.from({ length: 12 }, () => freshId());
        const first = ids.map((id, i) => deckOf(id, 1 + (i % 3)));
        const again = ids.map((id) => ({ ...deckOf(id, 1), stack: [] }));
        // All at once, each id twice: the stores may run them together (PostgreSQL batches them).
        const made = await Promise.all(
          ids.flatMap((_, i) => [s.createDeck(first[i]!), s.createDeck(again[i]!)]),
        );
        assert.deepEqual(
          made,
          ids.flatMap(() => [true, false]),
        );
        for (const d of first) assert.deepEqual(await s.readDeck(d.id), d);
      }),
  );

  test(
    `${name}: withDeck saves the change and answers its result; null saves nothing`,
    options,
    () =>
      withStore(async (s) => {
        const d = deckOf(freshId());
        await s.createDeck(d);
        const r = await s.withDeck(d.id, draw(3));
        assert.deepEqual(r, { found: true, value: d.stack.slice(0, 3) });
        const after = await s.readDeck(d.id);
        assert.deepEqual(after?.drawn, d.stack.slice(0, 3));
        assert.deepEqual(after?.stack, d.stack.slice(3));
        assert.deepEqual(await s.withDeck(d.id, () => ({ next: null, result: 'x' })), {
          found: true,
          value: 'x',
        });
        assert.deepEqual(await s.readDeck(d.id), after);
        assert.deepEqual(await s.withDeck(freshId(), draw(1)), { found: false });
      }),
  );

  test(
    `${name}: a change that throws saves nothing, propagates its error, and the store goes on`,
    options,
    () =>
      withStore(async (s) => {
        const d = deckOf(freshId());
        await s.createDeck(d);
        const boom = new RangeError('boom');
        await assert.rejects(
          s.withDeck(d.id, () => {
            throw boom;
          }),
          (e) => e === boom,
        );
        await assert.rejects(
          s.withDeck(d.id, (x) => ({ next: { ...x, cards: x.cards.slice(1) }, result: 0 })),
          /composition/,
        );
        assert.deepEqual(await s.readDeck(d.id), d);
        assert.deepEqual(await s.withDeck(d.id, draw(1)), {
          found: true,
          value: d.stack.slice(0, 1),
        });
      }),
  );

  test(
    `${name}: 60 concurrent one-card draws on one deck deal each card exactly once`,
    options,
    () =>
      withStore(async (s) => {
        const d = deckOf(freshId());
        await s.createDeck(d);
        const hands = await Promise.all(
          Array.from({ length: 60 }, () => s.withDeck(d.id, draw(1))),
        );
        const dealt = hands.flatMap((h) => (h.found ? h.value : []));
        assert.equal(dealt.length, 52);
        assert.deepEqual([...dealt].sort(), [...d.stack].sort());
        const after = (await s.readDeck(d.id))!;
        assert.equal(after.stack.length, 0);
        assert.deepEqual([...after.drawn].sort(), [...dealt].sort());
      }),
  );

  test(`${name}: 20 concurrent writes to 20 piles of one deck: none is lost`, options, () =>
    withStore(async (s) => {
      const d = deckOf(freshId());
      await s.createDeck(d);
      await s.withDeck(d.id, draw(52));
      const codes = d.stack.slice(0, 20);
      await Promise.all(
        codes.map((code, i) =>
          s.withDeck(d.id, (x) => ({ next: addToPile(x, `p${i}`, [code]).state, result: null })),
        ),
      );
      const after = (await s.readDeck(d.id))!;
      assert.equal(Object.keys(after.piles).length, 20);
      codes.forEach((code, i) => {
        assert.deepEqual(after.piles[`p${i}`], [code]);
      });
      assert.ok(isConserved(after));
    }),
  );

  if (factory.shared) {
    test(
      `${name}: two stores on the same data (two processes): no card twice, no write lost`,
      options,
      async () => {
        const a = await factory.open(Date.now);
        const b = await factory.open(Date.now);
        try {
          const d = deckOf(freshId(), 2);
          assert.equal(await a.createDeck(d), true);
          assert.equal(await b.createDeck(d), false, 'the id is taken for the other store too');
          const hands = await Promise.all(
            Array.from({ length: 120 }, (_, i) => (i % 2 === 0 ? a : b).withDeck(d.id, draw(1))),
          );
          const dealt = hands.flatMap((h) => (h.found ? h.value : []));
          assert.equal(dealt.length, 104);
          assert.equal(new Set(dealt).size, 104);
          assert.deepEqual((await b.readDeck(d.id))?.drawn.length, 104);
        } finally {
          await a.close();
          await b.close();
        }
      },
    );
  }

  if (factory.shared) {
    // A store keeps a deck as a base and the cards dealt since, and holds bases parsed
    // (store/deck-base.ts): each store must see every change the other made, of either kind.
    test(
      `${name}: two stores, changes of every kind taking turns and at once: each reads what the other wrote`,
      options,
      async () => {
        const a = await factory.open(Date.now);
        const b = await factory.open(Date.now);
        try {
          const d = deckOf(freshId());
          await a.createDeck(d);
          await b.withDeck(d.id, draw(3)); // a draw through b …
          const seen = (await a.readDeck(d.id))!; // … then a reshuffle of what remains through a
          assert.deepEqual(seen.drawn, d.stack.slice(0, 3));
          const remaining = shuffleDeck(seen, true, chacha20('rest'));
          await a.withDeck(d.id, () => ({ next: remaining, result: null }));
          // The same lengths a draw of 0 would leave: b must read the new order, not the old.
          assert.deepEqual((await b.readDeck(d.id))?.stack, remaining.stack);
          assert.deepEqual(await b.withDeck(d.id, draw(2)), {
            found: true,
            value: remaining.stack.slice(0, 2),
          });
          assert.deepEqual((await a.readDeck(d.id))?.drawn, [
            ...d.stack.slice(0, 3),
            ...remaining.stack.slice(0, 2),
          ]);
          // 20 piles at once through both stores: none lost, every card once.
          const codes = remaining.stack.slice(2, 22);
          await a.withDeck(d.id, draw(20));
          await Promise.all(
            codes.map((code, i) =>
              (i % 2 === 0 ? a : b).withDeck(d.id, (x) => ({
                next: addToPile(x, `p${i}`, [code]).state,
                result: null,
              })),
            ),
          );
          for (const s of [a, b]) {
            const after = (await s.readDeck(d.id))!;
            assert.equal(Object.keys(after.piles).length, 20);
            codes.forEach((code, i) => {
              assert.deepEqual(after.piles[`p${i}`], [code]);
            });
            assert.ok(isConserved(after));
          }
        } finally {
          await a.close();
          await b.close();
        }
      },
    );
  }

  test(
    `${name}: purge deletes decks unchanged since the cut-off; reads do not touch`,
    options,
    () => {
      let now = 1_000;
      return withStore(
        async (s) => {
          const old = deckOf(freshId());
          const changed = deckOf(freshId());
          await s.createDeck(old);
          await s.createDeck(changed);
          now = 5_000;
          await s.readDeck(old.id);
          await s.withDeck(changed.id, draw(1));
          assert.equal(await s.purge(2_000), 1);
          assert.equal(await s.readDeck(old.id), undefined);
          assert.ok(await s.readDeck(changed.id));
          assert.equal(await s.purge(2_000), 0);
        },
        () => now,
      );
    },
  );

  test(`${name}: a change may alter a deck's composition only by rebuilding it`, options, () =>
    withStore(async (s) => {
      const d = deckOf(freshId());
      await s.createDeck(d);
      // Cards made up or lost: a bug, rolled back.
      await assert.rejects(
        s.withDeck(d.id, (x) => ({ next: { ...x, cards: x.cards.slice(1) }, result: null })),
        /composition/,
      );
      await assert.rejects(
        s.withDeck(d.id, (x) => ({
          next: { ...x, cards: [...x.cards, 'X1'], stack: [...x.stack, 'X1'], drawn: ['AS'] },
          result: null,
        })),
        /composition/,
      );
      assert.deepEqual(await s.readDeck(d.id), d);
      // A rebuild (a reshuffle with cards): the new composition is what the deck reads back,
      // through every later change, in this store and in another on the same data.
      const rebuilt = rebuildDeck(d, { codes: ['KH', 'AS'] }, chacha20('rebuild')).state;
      await s.withDeck(d.id, () => ({ next: rebuilt, result: null }));
      assert.deepEqual(await s.readDeck(d.id), rebuilt);
      assert.deepEqual(await s.withDeck(d.id, draw(1)), {
        found: true,
        value: rebuilt.stack.slice(0, 1),
      });
      const after = await s.readDeck(d.id);
      assert.deepEqual(after?.cards, ['KH', 'AS']);
      assert.ok(after !== undefined && isConserved(after));
      if (factory.shared) {
        const other = await factory.open(Date.now);
        try {
          assert.deepEqual(await other.readDeck(d.id), after);
        } finally {
          await other.close();
        }
      }
      // Rebuilt as it was made: the deck's own composition again.
      const back = rebuildDeck(after!, { codes: d.cards }, chacha20('back')).state;
      await s.withDeck(d.id, () => ({ next: back, result: null }));
      assert.deepEqual((await s.readDeck(d.id))?.cards, d.cards);
    }),
  );

  test(
    `${name}: ping answers true while open and false once closed; close twice is fine`,
    options,
    async () => {
      const s = await factory.open(Date.now);
      assert.equal(await s.ping(), true);
      await s.close();
      assert.equal(await s.ping(), false);
      await s.close();
    },
  );
}
