// Table-store cases beyond table-store-conformance.ts (the tables' own suite, which every
// backend runs too): what several service processes on one database need — two stores changing
// one table at once, two consumers racing for one ticket — and JSON fidelity, event paging and
// close. Every TableStore must pass them; postgres-tables.test.ts runs them against PostgreSQL,
// the SQLite table store with one call (a file, shared: true). Test-only (excluded from the
// build, tsconfig.build.json).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StoredEvent, TableDoc, TableStore } from '../../../src/server/store/table-store.ts';

/** How the suite gets table stores. */
export interface TableStoreFactory {
  open(now: () => number): Promise<TableStore>;
  /** True when two stores opened by `open` share their data (two processes on one database). */
  readonly shared: boolean;
  /** A reason to report every case as skipped. */
  readonly skip?: string | undefined;
}

let serial = 0;
const freshId = (): string => `t${process.pid}x${Date.now().toString(36)}x${serial++}`;
const ev = (audience: string, id: number, type = 'e'): StoredEvent => ({
  audience,
  id,
  type,
  data: JSON.stringify({ n: id, for: audience }),
});

/** A change that counts: doc.n + 1, with one event for seat:0 numbered by the new count. */
const bump = (row: { doc: TableDoc }) => {
  const n = Number(row.doc.n) + 1;
  return { doc: { ...row.doc, n }, events: [ev('seat:0', n)], result: n };
};

/**
 * Registers these cases for one table-store backend.
 *
 * @example
 * ```ts
 * tableStoreSharedConformance('PostgreSQL', { open: (now) => openPostgresTableStore({ url, now }), shared: true });
 * ```
 * @throws never (failures are test failures).
 */
export function tableStoreSharedConformance(name: string, factory: TableStoreFactory): void {
  const options = factory.skip === undefined ? {} : { skip: factory.skip };
  const withStore = async (fn: (s: TableStore) => Promise<void>, now: () => number = Date.now) => {
    const s = await factory.open(now);
    try {
      await fn(s);
    } finally {
      await s.close();
    }
  };

  test(
    `${name} tables: created at version 1 with its events; an id is never overwritten`,
    options,
    () =>
      withStore(async (s) => {
        const id = freshId();
        const doc = { n: 0, name: 'ünïcode ♠', nested: { a: [1, 2] } };
        assert.equal(await s.createTable(id, doc, [ev('seat:0', 1), ev('host', 1)]), true);
        assert.equal(await s.createTable(id, { n: 99 }, [ev('seat:0', 2)]), false);
        assert.deepEqual(await s.readTable(id), { doc, version: 1 });
        assert.deepEqual(await s.readEvents(id, 'seat:0', 0, 10), {
          events: [ev('seat:0', 1)],
          oldest: 1,
        });
        assert.equal(await s.readTable(freshId()), undefined);
        assert.deepEqual(await s.readEvents(freshId(), 'seat:0', 0, 10), { events: [], oldest: 0 });
      }),
  );

  test(
    `${name} tables: withTable saves doc (version + 1) and events together; null saves nothing`,
    options,
    () =>
      withStore(async (s) => {
        const id = freshId();
        await s.createTable(id, { n: 0 }, []);
        assert.deepEqual(await s.withTable(id, bump), { found: true, value: 1, version: 2 });
        assert.deepEqual(await s.withTable(id, bump), { found: true, value: 2, version: 3 });
        assert.deepEqual(
          await s.withTable(id, (row) => ({ doc: null, events: [], result: row.version })),
          { found: true, value: 3, version: 3 },
        );
        assert.deepEqual(await s.readTable(id), { doc: { n: 2 }, version: 3 });
        assert.deepEqual(await s.withTable(freshId(), bump), { found: false });
        const page = await s.readEvents(id, 'seat:0', 0, 10);
        assert.deepEqual(
          page.events.map((e) => e.id),
          [1, 2],
        );
        assert.deepEqual(await s.readEvents(id, 'seat:0', 1, 10), {
          events: [ev('seat:0', 2)],
          oldest: 1,
        });
        assert.deepEqual((await s.readEvents(id, 'seat:0', 0, 1)).events, [ev('seat:0', 1)]);
        assert.deepEqual((await s.readEvents(id, 'seat:1', 0, 10)).events, []);
      }),
  );

  test(
    `${name} tables: 30 concurrent changes of one table: none lost, events consecutive`,
    options,
    async () => {
      const a = await factory.open(Date.now);
      const b = factory.shared ? await factory.open(Date.now) : a;
      try {
        const id = freshId();
        await a.createTable(id, { n: 0 }, []);
        const results = await Promise.all(
          Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).withTable(id, bump)),
        );
        assert.deepEqual(
          results.map((r) => (r.found ? r.value : -1)).sort((x, y) => x - y),
          Array.from({ length: 30 }, (_, i) => i + 1),
        );
        assert.deepEqual(await b.readTable(id), { doc: { n: 30 }, version: 31 });
        const ids = (await a.readEvents(id, 'seat:0', 0, 100)).events.map((e) => e.id);
        assert.deepEqual(
          ids,
          Array.from({ length: 30 }, (_, i) => i + 1),
        );
      } finally {
        await a.close();
        if (b !== a) await b.close();
      }
    },
  );

  test(
    `${name} tables: a ticket is used once, never after it expires, and by one of two racers`,
    options,
    () => {
      let now = 1_000;
      return withStore(
        async (s) => {
          const id = freshId();
          const h = (k: string) => `${id}-${k}`.padEnd(64, '0');
          await s.createTicket(h('a'), id, 'seat:1', 2_000, 0);
          assert.deepEqual(await s.consumeTicket(h('a'), 1_500), {
            tableId: id,
            audience: 'seat:1',
            generation: 0,
          });
          assert.equal(await s.consumeTicket(h('a'), 1_500), undefined);
          await s.createTicket(h('b'), id, 'host', 2_000, 0);
          assert.equal(await s.consumeTicket(h('b'), 2_001), undefined);
          await s.createTicket(h('c'), id, 'seat:0', 2_000, 0);
          const race = await Promise.all([
            s.consumeTicket(h('c'), 1_500),
            s.consumeTicket(h('c'), 1_500),
          ]);
          assert.equal(race.filter((r) => r !== undefined).length, 1);
          assert.equal(await s.consumeTicket(h('never'), 1_500), undefined);
          now = 5_000; // creating a ticket drops the expired ones
          await s.createTicket(h('e'), id, 'seat:0', 1_500, 0);
          await s.createTicket(h('d'), id, 'seat:0', 9_000, 0);
          assert.equal(await s.consumeTicket(h('e'), 1_000), undefined);
        },
        () => now,
      );
    },
  );

  test(`${name} tables: ping answers true while open and false once closed`, options, async () => {
    const s = await factory.open(Date.now);
    assert.equal(await s.ping(), true);
    await s.close();
    assert.equal(await s.ping(), false);
    await s.close();
  });
}
