import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StoredEvent, TableDoc, TableStore } from '../../../src/server/store/table-store.ts';

// Expiry times far in the future: a store may drop tickets expired by its own clock.
const FAR = 4_000_000_000_000;

const ev = (audience: string, id: number): StoredEvent => ({
  audience,
  id,
  type: 'state',
  data: JSON.stringify({ n: id }),
});

/**
 * The behaviour every {@link TableStore} must have, as node:test tests: run it once per backend
 * (SQLite here; the PostgreSQL store calls it with its own opener). `open` must give an empty
 * store; the suite closes it.
 *
 * @example
 * ```ts
 * tableStoreConformance('sqlite', async () => openSqliteTableStore({ path: ':memory:' }));
 * ```
 * @throws never (failures are test failures).
 */
export function tableStoreConformance(name: string, open: () => Promise<TableStore>): void {
  test(`${name} table store: create once, read, versioned atomic change with its events`, async () => {
    const s = await open();
    try {
      assert.equal(await s.createTable('t1', { a: 1 }, [ev('seat:0', 1), ev('host', 1)]), true);
      assert.equal(await s.createTable('t1', { a: 2 }, []), false);
      assert.deepEqual(await s.readTable('t1'), { doc: { a: 1 }, version: 1 });
      assert.equal(await s.readTable('nope'), undefined);
      const r = await s.withTable('t1', (row) => ({
        doc: { a: (row.doc.a as number) + 1 },
        events: [ev('seat:0', 2)],
        result: row.version,
      }));
      assert.deepEqual(r, { found: true, value: 1, version: 2 });
      assert.deepEqual(await s.readTable('t1'), { doc: { a: 2 }, version: 2 });
      const none = await s.withTable('t1', () => ({ doc: null, events: [], result: 'same' }));
      assert.deepEqual(none, { found: true, value: 'same', version: 2 });
      assert.deepEqual(await s.withTable('nope', () => ({ doc: null, events: [], result: 0 })), {
        found: false,
      });
      const page = await s.readEvents('t1', 'seat:0', 0, 10);
      assert.deepEqual(
        page.events.map((e) => e.id),
        [1, 2],
      );
      assert.equal(page.oldest, 1);
      assert.deepEqual((await s.readEvents('t1', 'seat:0', 1, 10)).events, [ev('seat:0', 2)]);
      assert.equal((await s.readEvents('t1', 'seat:1', 0, 10)).oldest, 0);
    } finally {
      await s.close();
    }
  });

  test(`${name} table store: a change that throws (or reuses an event id) changes nothing`, async () => {
    const s = await open();
    try {
      await s.createTable('t', { a: 1 }, [ev('seat:0', 1)]);
      await assert.rejects(
        s.withTable('t', () => {
          throw new RangeError('refused');
        }),
        RangeError,
      );
      await assert.rejects(
        s.withTable('t', () => ({ doc: { a: 9 }, events: [ev('seat:0', 1)], result: 0 })),
      );
      assert.deepEqual(await s.readTable('t'), { doc: { a: 1 }, version: 1 });
      assert.equal((await s.readEvents('t', 'seat:0', 0, 10)).events.length, 1);
    } finally {
      await s.close();
    }
  });

  test(`${name} table store: concurrent changes never lose a write`, async () => {
    const s = await open();
    try {
      await s.createTable('c', { n: 0 }, []);
      await Promise.all(
        Array.from({ length: 50 }, () =>
          s.withTable('c', (row) => ({
            doc: { n: (row.doc.n as number) + 1 },
            events: [ev('host', row.version)],
            result: null,
          })),
        ),
      );
      assert.deepEqual(await s.readTable('c'), { doc: { n: 50 }, version: 51 });
      const ids = (await s.readEvents('c', 'host', 0, 100)).events.map((e) => e.id);
      assert.deepEqual(
        ids,
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
    } finally {
      await s.close();
    }
  });

  test(`${name} table store: finished hands are saved with their change, read one or a page at a time`, async () => {
    const s = await open();
    try {
      await s.createTable('h', { n: 0 }, []);
      for (const n of [1, 2, 3]) {
        await s.withTable('h', (row) => ({
          doc: { n },
          events: [ev('host', row.version)],
          hands: [{ n, record: JSON.stringify({ n, transcript: `t${n}` }) }],
          result: null,
        }));
      }
      assert.equal(await s.readHand('h', 2), JSON.stringify({ n: 2, transcript: 't2' }));
      assert.equal(await s.readHand('h', 4), undefined);
      assert.equal(await s.readHand('other', 1), undefined);
      assert.deepEqual(
        (await s.readHands('h', 0, 10)).map((h) => h.n),
        [1, 2, 3],
      );
      assert.deepEqual(
        (await s.readHands('h', 1, 1)).map((h) => h.n),
        [2],
      );
      // A hand number used twice fails the whole change: document, events and hands.
      await assert.rejects(
        s.withTable('h', () => ({
          doc: { n: 9 },
          events: [ev('host', 4)],
          hands: [{ n: 3, record: '{}' }],
          result: null,
        })),
      );
      assert.deepEqual(await s.readTable('h'), { doc: { n: 3 }, version: 4 });
      assert.equal((await s.readEvents('h', 'host', 3, 10)).events.length, 0);
      assert.equal(await s.readHand('h', 3), JSON.stringify({ n: 3, transcript: 't3' }));
    } finally {
      await s.close();
    }
  });

  test(`${name} table store: due tables are listed soonest first; a change sets, clears or keeps dueAt`, async () => {
    const s = await open();
    try {
      await s.createTable('d1', {}, [], 300);
      await s.createTable('d2', {}, [], 100);
      await s.createTable('d3', {}, []);
      await s.createTable('d4', {}, [], null);
      assert.deepEqual(await s.listDue(99, 10), []);
      assert.deepEqual(await s.listDue(300, 10), ['d2', 'd1']);
      assert.deepEqual(await s.listDue(300, 1), ['d2']);
      const change = (dueAt?: number | null) => () => ({
        doc: {},
        events: [],
        ...(dueAt === undefined ? {} : { dueAt }),
        result: null,
      });
      await s.withTable('d2', change()); // kept
      await s.withTable('d1', change(null)); // cleared
      await s.withTable('d3', change(50)); // set
      assert.deepEqual(await s.listDue(1000, 10), ['d3', 'd2']);
      // No change (doc null) keeps it too.
      await s.withTable('d3', () => ({ doc: null, events: [], dueAt: null, result: null }));
      assert.deepEqual(await s.listDue(1000, 10), ['d3', 'd2']);
    } finally {
      await s.close();
    }
  });

  test(`${name} table store: events of one change that share their text read back whole, pruned or not`, async () => {
    const s = await open();
    try {
      const view = (who: string, n: number) => ({
        audience: who,
        id: n,
        type: 'state',
        data: `{"n":${n},"you":"${who}","é😀":"${'x'.repeat(300)}"}`,
      });
      const audiences = ['seat:0', 'seat:1', 'host'];
      await s.createTable(
        'sh',
        {},
        audiences.map((a) => view(a, 1)),
      );
      for (let n = 2; n <= 4; n++) {
        await s.withTable('sh', () => ({
          doc: {},
          events: audiences.map((a) => view(a, n)),
          result: null,
        }));
      }
      // A change with one event, and one whose events share nothing.
      await s.withTable('sh', () => ({ doc: {}, events: [view('host', 5)], result: null }));
      await s.withTable('sh', () => ({
        doc: {},
        events: [
          { audience: 'seat:0', id: 6, type: 'state', data: 'abc' },
          { audience: 'seat:1', id: 6, type: 'state', data: 'xyz' },
        ],
        result: null,
      }));
      const read = async (a: string) => (await s.readEvents('sh', a, 0, 100)).events;
      assert.deepEqual(
        await read('host'),
        [1, 2, 3, 4, 5].map((n) => view('host', n)),
      );
      assert.deepEqual(await read('seat:1'), [
        ...[1, 2, 3, 4].map((n) => view('seat:1', n)),
        { audience: 'seat:1', id: 6, type: 'state', data: 'xyz' },
      ]);
      await s.pruneEvents('sh', 'seat:0', 3);
      await s.pruneEvents('sh', 'seat:1', 2);
      assert.deepEqual(await read('seat:0'), [
        view('seat:0', 4),
        { audience: 'seat:0', id: 6, type: 'state', data: 'abc' },
      ]);
      assert.deepEqual(
        (await read('seat:1')).map((e) => e.id),
        [3, 4, 6],
      );
      assert.deepEqual(
        await read('host'),
        [1, 2, 3, 4, 5].map((n) => view('host', n)),
      );
    } finally {
      await s.close();
    }
  });

  test(`${name} table store: an answer is kept with its change, loaded by its key, pruned by version`, async () => {
    const s = await open();
    try {
      await s.createTable('an', { n: 0 }, []);
      const seen: (string | undefined)[] = [];
      const act = (key: string | undefined, body: string) =>
        s.withTable(
          'an',
          (row) => {
            seen.push(row.answer?.body);
            return {
              doc: { n: (row.doc.n as number) + 1 },
              events: [],
              ...(key === undefined
                ? {}
                : { answer: { key, request: `request of ${body}`, status: 200, body } }),
              result: null,
            };
          },
          { answerKey: key },
        );
      await act('k1', 'first'); // version 2
      await act('k2', 'second'); // version 3
      await act(undefined, 'none'); // version 4
      assert.deepEqual(seen, [undefined, undefined, undefined]);
      const load = (key: string) =>
        s.withTable('an', (row) => ({ doc: null, events: [], result: row.answer }), {
          answerKey: key,
        });
      assert.deepEqual(await load('k1'), {
        found: true,
        // The request's fingerprint comes back with the answer: a retry is checked against it.
        value: { key: 'k1', request: 'request of first', status: 200, body: 'first' },
        version: 4,
      });
      assert.deepEqual(await load('nope'), { found: true, value: undefined, version: 4 });
      // A key used twice fails the whole change.
      await assert.rejects(act('k1', 'again'));
      assert.deepEqual(await s.readTable('an'), { doc: { n: 3 }, version: 4 });
      await s.pruneAnswers('an', 3); // drops the answer of the change that made version 2
      assert.deepEqual(await load('k1'), { found: true, value: undefined, version: 4 });
      assert.equal(((await load('k2')) as { value?: { body: string } }).value?.body, 'second');
    } finally {
      await s.close();
    }
  });

  test(`${name} table store: credential generations are kept beside the document, set only by the change that sets them`, async () => {
    const s = await open();
    try {
      await s.createTable('g', { n: 0 }, []);
      assert.deepEqual(await s.readTokenGenerations('g'), {});
      assert.equal(await s.readTokenGenerations('nope'), undefined);
      const change = (tokenGenerations?: Record<string, number>) => (row: { doc: TableDoc }) => ({
        doc: { n: (row.doc.n as number) + 1 },
        events: [],
        ...(tokenGenerations === undefined ? {} : { tokenGenerations }),
        result: null,
      });
      await s.withTable('g', change({ 'seat:1': 1 }));
      assert.deepEqual(await s.readTokenGenerations('g'), { 'seat:1': 1 });
      await s.withTable('g', change()); // an ordinary action keeps them
      assert.deepEqual(await s.readTokenGenerations('g'), { 'seat:1': 1 });
      await s.withTable('g', change({ 'seat:1': 2, host: 1 }));
      // A change that saves nothing, or fails, sets nothing.
      await s.withTable('g', () => ({
        doc: null,
        events: [],
        tokenGenerations: { 'seat:1': 9 },
        result: null,
      }));
      await assert.rejects(
        s.withTable('g', () => ({
          doc: { n: 0 },
          events: [ev('x', 1), ev('x', 1)], // one event id twice: the change fails whole
          tokenGenerations: { 'seat:1': 9 },
          result: null,
        })),
      );
      assert.deepEqual(await s.readTokenGenerations('g'), { 'seat:1': 2, host: 1 });
      assert.deepEqual(await s.readTable('g'), { doc: { n: 3 }, version: 4 });
    } finally {
      await s.close();
    }
  });

  test(`${name} table store: a ticket keeps the generation it was minted under; an audience's tickets can be dropped`, async () => {
    const s = await open();
    try {
      await s.createTable('tg', {}, []);
      await s.createTicket('a1', 'tg', 'seat:0', FAR, 3);
      await s.createTicket('a2', 'tg', 'seat:0', FAR, 3);
      await s.createTicket('b1', 'tg', 'seat:1', FAR, 0);
      await s.createTicket('c1', 'other', 'seat:0', FAR, 0);
      assert.deepEqual(await s.consumeTicket('a1', 0), {
        tableId: 'tg',
        audience: 'seat:0',
        generation: 3,
      });
      await s.dropTickets('tg', 'seat:0');
      assert.equal(await s.consumeTicket('a2', 0), undefined, 'dropped');
      assert.deepEqual(await s.consumeTicket('b1', 0), {
        tableId: 'tg',
        audience: 'seat:1',
        generation: 0,
      });
      assert.deepEqual(await s.consumeTicket('c1', 0), {
        tableId: 'other',
        audience: 'seat:0',
        generation: 0,
      });
    } finally {
      await s.close();
    }
  });

  test(`${name} table store: tickets are one-use and expire; pruning moves the oldest id`, async () => {
    const s = await open();
    try {
      await s.createTable(
        'k',
        {},
        [1, 2, 3].map((i) => ev('seat:1', i)),
      );
      await s.createTicket('h1', 'k', 'seat:1', FAR, 0);
      await s.createTicket('h2', 'k', 'seat:1', FAR, 0);
      assert.deepEqual(await s.consumeTicket('h1', FAR - 1), {
        tableId: 'k',
        audience: 'seat:1',
        generation: 0,
      });
      assert.equal(await s.consumeTicket('h1', FAR - 1), undefined);
      assert.equal(await s.consumeTicket('h2', FAR + 1), undefined);
      assert.equal(await s.consumeTicket('zz', 0), undefined);
      await s.pruneEvents('k', 'seat:1', 2);
      const page = await s.readEvents('k', 'seat:1', 0, 10);
      assert.equal(page.oldest, 3);
      assert.deepEqual(
        page.events.map((e) => e.id),
        [3],
      );
      assert.equal(await s.ping(), true);
    } finally {
      await s.close();
    }
  });
}
