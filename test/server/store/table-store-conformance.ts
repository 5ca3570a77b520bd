// The table-store conformance suite: one list of cases every TableStore implementation must pass
// (SQLite, PostgreSQL, the in-memory store of the tests). A test file calls it with a backend;
// the suite registers its cases with node:test, each on fresh data of its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type {
  AudienceEvent,
  ChangeEvents,
  StoredEvent,
  TableChange,
  TablePurging,
  TableRow,
  TableStore,
} from '../../../src/server/store/table-store.ts';

/** The document the suite stores: a counter, and some text and nesting to read back exactly. */
export interface SuiteDoc {
  readonly n: number;
  readonly name?: string;
  readonly nested?: { readonly a: readonly number[] };
  readonly by?: readonly string[];
}

/** Fresh data on a backend, and stores on it. */
export interface SuiteData {
  /** A store on this data; `now` is its clock (tickets expire by it). */
  open(now: () => number): Promise<TableStore<SuiteDoc> & TablePurging>;
  /**
   * True when two stores opened on this data share it, as two service processes on one database
   * do: the suite then changes one table through both at once.
   */
  readonly shared: boolean;
}

/** How the suite gets data on the backend under test. */
export interface TableStoreBackend {
  /** Empty data of its own for one case (a new file, database or map). */
  fresh(): Promise<SuiteData>;
  /** A reason to report every case as skipped (no server reachable outside CI). */
  readonly skip?: string | undefined;
}

// Expiry times far in the future: a store may drop tickets expired by its own clock.
const FAR = 4_000_000_000_000;

/** Audience `audience`'s event `id`, its own part naming both. */
const ev = (audience: string, id: number): AudienceEvent => ({
  audience,
  id,
  type: 'state',
  data: JSON.stringify({ n: id, for: audience }),
});

/** The events of the change `tag`: a public part naming it, and the audience events given. */
const change = (tag: string | number, ...events: AudienceEvent[]): ChangeEvents => ({
  public: JSON.stringify({ change: tag, é: '😀' }),
  private: events,
});

/** An event of the change `tag`, as read back. */
const read = (tag: string | number, e: AudienceEvent): StoredEvent => ({
  ...e,
  public: change(tag).public,
});

/** A change that counts: n + 1, with one event for seat:0 numbered by the new count. */
const bump = (row: TableRow<SuiteDoc>): TableChange<SuiteDoc, number> => {
  const n = row.doc.n + 1;
  return { next: { ...row.doc, n }, events: change(n, ev('seat:0', n)), result: n };
};

/** A change of the counter alone, with what else it carries. */
const count =
  <T = null>(extra: Omit<TableChange<SuiteDoc, T>, 'next' | 'result'> = {}, result?: T) =>
  (row: TableRow<SuiteDoc>): TableChange<SuiteDoc, T | null> => ({
    next: { n: row.doc.n + 1 },
    ...extra,
    result: result ?? null,
  });

/**
 * Registers the table-store conformance cases for one backend.
 *
 * @example
 * ```ts
 * tableStoreConformance('SQLite', { fresh: async () => ({ open: (now) => …, shared: true }) });
 * ```
 * @throws never (failures are test failures).
 */
export function tableStoreConformance(name: string, backend: TableStoreBackend): void {
  const options = backend.skip === undefined ? {} : { skip: backend.skip };
  const withStore = async (
    fn: (s: TableStore<SuiteDoc> & TablePurging, data: SuiteData) => Promise<void>,
    now: () => number = Date.now,
  ) => {
    const data = await backend.fresh();
    const s = await data.open(now);
    try {
      await fn(s, data);
    } finally {
      await s.close();
    }
  };
  const it = (title: string, fn: () => Promise<void>) =>
    test(`${name} table store: ${title}`, options, fn);

  it('a table is created at version 1 with its events, reads back as written, and its id is never taken again', () =>
    withStore(async (s) => {
      const doc = { n: 0, name: 'ünïcode ♠ "quoted" \\ 😀', nested: { a: [1, 2] } };
      assert.equal(
        await s.createTable('t1', doc, change('made', ev('seat:0', 1), ev('host', 1))),
        true,
      );
      assert.equal(await s.createTable('t1', { n: 99 }, change('again', ev('seat:0', 2))), false);
      assert.deepEqual(await s.readTable('t1'), { doc, version: 1 });
      assert.deepEqual(await s.readEvents('t1', 'seat:0', 0, 10), {
        events: [read('made', ev('seat:0', 1))],
        oldest: 1,
      });
      assert.deepEqual((await s.readEvents('t1', 'host', 0, 10)).events, [
        read('made', ev('host', 1)),
      ]);
      assert.equal(await s.readTable('nope'), undefined);
      assert.deepEqual(await s.readEvents('nope', 'seat:0', 0, 10), { events: [], oldest: 0 });
    }));

  it('withTable saves the next document (version + 1) with its events; null saves nothing', () =>
    withStore(async (s) => {
      await s.createTable('t', { n: 0 });
      assert.deepEqual(await s.withTable('t', bump), { found: true, value: 1, version: 2 });
      assert.deepEqual(await s.withTable('t', bump), { found: true, value: 2, version: 3 });
      assert.deepEqual(
        await s.withTable('t', (row) => ({
          next: null,
          events: change(9, ev('seat:0', 9)),
          result: row.version,
        })),
        { found: true, value: 3, version: 3 },
      );
      assert.deepEqual(await s.readTable('t'), { doc: { n: 2 }, version: 3 });
      assert.deepEqual(await s.withTable('nope', bump), { found: false });
      const page = await s.readEvents('t', 'seat:0', 0, 10);
      const [first, second] = [read(1, ev('seat:0', 1)), read(2, ev('seat:0', 2))];
      assert.deepEqual(page, { events: [first, second], oldest: 1 });
      assert.deepEqual(await s.readEvents('t', 'seat:0', 1, 10), { events: [second], oldest: 1 });
      assert.deepEqual((await s.readEvents('t', 'seat:0', 0, 1)).events, [first]);
      assert.deepEqual(await s.readEvents('t', 'seat:1', 0, 10), { events: [], oldest: 0 });
    }));

  it('a change that throws, or reuses an event id, changes nothing, and the store goes on', () =>
    withStore(async (s) => {
      await s.createTable('t', { n: 1 }, change(1, ev('seat:0', 1)));
      const refused = new RangeError('refused');
      await assert.rejects(
        s.withTable('t', () => {
          throw refused;
        }),
        (e) => e === refused,
      );
      await assert.rejects(s.withTable('t', count({ events: change(2, ev('seat:0', 1)) })));
      assert.deepEqual(await s.readTable('t'), { doc: { n: 1 }, version: 1 });
      assert.equal((await s.readEvents('t', 'seat:0', 0, 10)).events.length, 1);
      assert.deepEqual(await s.withTable('t', bump), { found: true, value: 2, version: 2 });
    }));

  it('40 concurrent changes of one table (through two stores on one database, where the backend has them) lose none, and number their events without a gap', () =>
    withStore(async (a, data) => {
      const b = data.shared ? await data.open(Date.now) : a;
      try {
        await a.createTable('c', { n: 0 });
        const results = await Promise.all(
          Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).withTable('c', bump)),
        );
        assert.deepEqual(
          results.map((r) => (r.found ? r.value : -1)).sort((x, y) => x - y),
          Array.from({ length: 40 }, (_, i) => i + 1),
        );
        assert.deepEqual(await b.readTable('c'), { doc: { n: 40 }, version: 41 });
        const ids = (await a.readEvents('c', 'seat:0', 0, 100)).events.map((e) => e.id);
        assert.deepEqual(
          ids,
          Array.from({ length: 40 }, (_, i) => i + 1),
        );
      } finally {
        if (b !== a) await b.close();
      }
    }));

  it('finished hands are saved with their change, read one or a page at a time; a number used twice fails the change whole', () =>
    withStore(async (s) => {
      await s.createTable('h', { n: 0 });
      for (const n of [1, 2, 3]) {
        await s.withTable(
          'h',
          count({
            events: change(n, ev('host', n)),
            hands: [{ n, record: JSON.stringify({ n, transcript: `t${n}` }) }],
          }),
        );
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
      await assert.rejects(
        s.withTable(
          'h',
          count({ events: change(4, ev('host', 4)), hands: [{ n: 3, record: '{}' }] }),
        ),
      );
      assert.deepEqual(await s.readTable('h'), { doc: { n: 3 }, version: 4 });
      assert.equal((await s.readEvents('h', 'host', 3, 10)).events.length, 0);
      assert.equal(await s.readHand('h', 3), JSON.stringify({ n: 3, transcript: 't3' }));
    }));

  it('due tables are listed soonest first; a change sets, clears or keeps dueAt; no change keeps it', () =>
    withStore(async (s) => {
      await s.createTable('d1', { n: 0 }, undefined, 300);
      await s.createTable('d2', { n: 0 }, undefined, 100);
      await s.createTable('d3', { n: 0 });
      await s.createTable('d4', { n: 0 }, undefined, null);
      assert.deepEqual(await s.listDue(99, 10), []);
      assert.deepEqual(await s.listDue(300, 10), ['d2', 'd1']);
      assert.deepEqual(await s.listDue(300, 1), ['d2']);
      await s.withTable('d2', count()); // kept
      await s.withTable('d1', count({ dueAt: null })); // cleared
      await s.withTable('d3', count({ dueAt: 50 })); // set
      assert.deepEqual(await s.listDue(1000, 10), ['d3', 'd2']);
      await s.withTable('d3', () => ({ next: null, dueAt: null, result: null }));
      assert.deepEqual(await s.listDue(1000, 10), ['d3', 'd2']);
    }));

  it("the events of one change keep one public part and each audience's own, and read back exactly, pruned or not", () =>
    withStore(async (s) => {
      const audiences = ['seat:0', 'seat:1', 'host'];
      // Each audience's own part differs in length and content; the public part is long and not
      // ASCII (a store must keep its text exactly).
      const own = (a: string, n: number): AudienceEvent => ({
        audience: a,
        id: n,
        type: 'state',
        data: JSON.stringify({ you: a, cards: a === 'host' ? null : [`${n}${a}`], é: '😀' }),
      });
      const big = (n: number): ChangeEvents => ({
        public: JSON.stringify({ n, text: `é😀${'x'.repeat(3000)}`, quote: '"\\' }),
        private: audiences.map((a) => own(a, n)),
      });
      const back = (n: number, a: string): StoredEvent => ({ ...own(a, n), public: big(n).public });
      await s.createTable('sh', { n: 0 }, big(1));
      for (let n = 2; n <= 4; n++) await s.withTable('sh', count({ events: big(n) }));
      // A change with one audience's event; one with none (nothing is stored for it).
      await s.withTable(
        'sh',
        count({ events: { public: big(5).public, private: [own('host', 5)] } }),
      );
      await s.withTable('sh', count({ events: { public: '{"unused":true}', private: [] } }));
      const all = async (a: string) => (await s.readEvents('sh', a, 0, 100)).events;
      assert.deepEqual(
        await all('host'),
        [1, 2, 3, 4, 5].map((n) => back(n, 'host')),
      );
      assert.deepEqual(
        await all('seat:1'),
        [1, 2, 3, 4].map((n) => back(n, 'seat:1')),
      );
      await s.pruneEvents('sh', 'seat:0', 3);
      await s.pruneEvents('sh', 'seat:1', 4);
      assert.deepEqual(await s.readEvents('sh', 'seat:0', 0, 100), {
        events: [back(4, 'seat:0')],
        oldest: 4,
      });
      assert.deepEqual(await s.readEvents('sh', 'seat:1', 0, 100), { events: [], oldest: 0 });
      // The host still has every change's event, each with its public part.
      assert.deepEqual(
        await all('host'),
        [1, 2, 3, 4, 5].map((n) => back(n, 'host')),
      );
      await s.pruneEvents('sh', 'host', 4);
      assert.deepEqual(await all('host'), [back(5, 'host')]);
      assert.deepEqual(await all('seat:0'), [back(4, 'seat:0')]);
    }));

  it('an answer is kept with its change, loaded by its key with its request, pruned by version; a key used twice fails the change whole', () =>
    withStore(async (s) => {
      await s.createTable('an', { n: 0 });
      const seen: (string | undefined)[] = [];
      const act = (key: string | undefined, body: string) =>
        s.withTable(
          'an',
          (row) => {
            seen.push(row.answer?.body);
            return count(
              key === undefined
                ? {}
                : { answer: { key, request: `request of ${body}`, status: 200, body } },
            )(row);
          },
          { answerKey: key },
        );
      await act('k1', 'first'); // version 2
      await act('k2', 'second'); // version 3
      await act(undefined, 'none'); // version 4
      assert.deepEqual(seen, [undefined, undefined, undefined]);
      const load = (key: string) =>
        s.withTable('an', (row) => ({ next: null, result: row.answer }), { answerKey: key });
      assert.deepEqual(await load('k1'), {
        found: true,
        // The request's fingerprint comes back with the answer: a retry is checked against it.
        value: { key: 'k1', request: 'request of first', status: 200, body: 'first' },
        version: 4,
      });
      assert.deepEqual(await load('nope'), { found: true, value: undefined, version: 4 });
      await assert.rejects(act('k1', 'again'));
      assert.deepEqual(await s.readTable('an'), { doc: { n: 3 }, version: 4 });
      await s.pruneAnswers('an', 3); // drops the answer of the change that made version 2
      assert.deepEqual(await load('k1'), { found: true, value: undefined, version: 4 });
      const k2 = await load('k2');
      assert.equal(k2.found && k2.value?.body, 'second');
    }));

  it('credential generations are kept beside the document, set only by a saved change that sets them', () =>
    withStore(async (s) => {
      await s.createTable('g', { n: 0 });
      assert.deepEqual(await s.readTokenGenerations('g'), {});
      assert.equal(await s.readTokenGenerations('nope'), undefined);
      await s.withTable('g', count({ tokenGenerations: { 'seat:1': 1 } }));
      assert.deepEqual(await s.readTokenGenerations('g'), { 'seat:1': 1 });
      await s.withTable('g', count()); // an ordinary action keeps them
      assert.deepEqual(await s.readTokenGenerations('g'), { 'seat:1': 1 });
      await s.withTable('g', count({ tokenGenerations: { 'seat:1': 2, host: 1 } }));
      // A change that saves nothing, or fails, sets nothing.
      await s.withTable('g', () => ({
        next: null,
        tokenGenerations: { 'seat:1': 9 },
        result: null,
      }));
      await assert.rejects(
        s.withTable(
          'g',
          // One event id twice: the change fails whole.
          count({ events: change(5, ev('x', 1), ev('x', 1)), tokenGenerations: { 'seat:1': 9 } }),
        ),
      );
      assert.deepEqual(await s.readTokenGenerations('g'), { 'seat:1': 2, host: 1 });
      assert.deepEqual(await s.readTable('g'), { doc: { n: 3 }, version: 4 });
    }));

  it("a ticket keeps the generation it was minted under; an audience's tickets can be dropped", () =>
    withStore(async (s) => {
      await s.createTable('tg', { n: 0 });
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
    }));

  it('a ticket is used once, never after it expires, and by one of two racers', () => {
    let now = 1_000;
    return withStore(
      async (s) => {
        const h = (k: string) => k.padEnd(64, '0');
        await s.createTicket(h('a'), 'k', 'seat:1', 2_000, 0);
        assert.deepEqual(await s.consumeTicket(h('a'), 1_500), {
          tableId: 'k',
          audience: 'seat:1',
          generation: 0,
        });
        assert.equal(await s.consumeTicket(h('a'), 1_500), undefined);
        await s.createTicket(h('b'), 'k', 'host', 2_000, 0);
        assert.equal(await s.consumeTicket(h('b'), 2_001), undefined);
        await s.createTicket(h('c'), 'k', 'seat:0', 2_000, 0);
        const race = await Promise.all([
          s.consumeTicket(h('c'), 1_500),
          s.consumeTicket(h('c'), 1_500),
        ]);
        assert.equal(race.filter((r) => r !== undefined).length, 1);
        assert.equal(await s.consumeTicket(h('never'), 1_500), undefined);
        now = 5_000; // creating a ticket drops the expired ones
        await s.createTicket(h('e'), 'k', 'seat:0', 1_500, 0);
        await s.createTicket(h('d'), 'k', 'seat:0', 9_000, 0);
        assert.equal(await s.consumeTicket(h('e'), 1_000), undefined);
      },
      () => now,
    );
  });

  it("pruning an audience's events moves its oldest id, and leaves the other audiences' alone", () =>
    withStore(async (s) => {
      await s.createTable('k', { n: 0 }, change(1, ev('seat:1', 1), ev('seat:0', 1)));
      for (const i of [2, 3]) await s.withTable('k', count({ events: change(i, ev('seat:1', i)) }));
      await s.pruneEvents('k', 'seat:1', 2);
      assert.deepEqual(await s.readEvents('k', 'seat:1', 0, 10), {
        events: [read(3, ev('seat:1', 3))],
        oldest: 3,
      });
      assert.deepEqual(await s.readEvents('k', 'seat:0', 0, 10), {
        events: [read(1, ev('seat:0', 1))],
        oldest: 1,
      });
    }));

  it('a room is found by its code; a second room under one code is refused like a taken id; a table without a code is no room', () =>
    withStore(async (s) => {
      assert.equal(await s.createTable('r1', { n: 0 }, undefined, null, 'code-a'), true);
      assert.equal(await s.createTable('plain', { n: 0 }), true);
      assert.equal(await s.createTable('r2', { n: 0 }, undefined, null, 'code-a'), false);
      assert.equal(await s.readTable('r2'), undefined, 'nothing of the refused room is kept');
      assert.equal(await s.createTable('r2', { n: 0 }, undefined, null, 'code-b'), true);
      assert.equal(await s.findRoom('code-a'), 'r1');
      assert.equal(await s.findRoom('code-b'), 'r2');
      assert.equal(await s.findRoom('code-c'), undefined);
      // A change keeps the code.
      await s.withTable('r1', bump);
      assert.equal(await s.findRoom('code-a'), 'r1');
    }));

  it('idle rooms are listed oldest first by their last change, with their version; tables that are not rooms never are', () => {
    let now = 1_000;
    return withStore(
      async (s) => {
        await s.createTable('old', { n: 0 }, undefined, null, 'c-old');
        await s.createTable('plain', { n: 0 });
        now = 2_000;
        await s.createTable('young', { n: 0 }, undefined, null, 'c-young');
        assert.deepEqual(await s.listIdleRooms(1_500, 10), [{ id: 'old', version: 1 }]);
        assert.deepEqual(await s.listIdleRooms(2_000, 10), [
          { id: 'old', version: 1 },
          { id: 'young', version: 1 },
        ]);
        assert.deepEqual(await s.listIdleRooms(2_000, 1), [{ id: 'old', version: 1 }]);
        now = 3_000;
        await s.withTable('old', bump);
        assert.deepEqual(
          await s.listIdleRooms(2_500, 10),
          [{ id: 'young', version: 1 }],
          'a change is activity',
        );
        assert.deepEqual(await s.listIdleRooms(3_000, 10), [
          { id: 'young', version: 1 },
          { id: 'old', version: 2 },
        ]);
      },
      () => now,
    );
  });

  it('deleting a table takes everything kept for it, only at the version given; the others stay', () =>
    withStore(async (s) => {
      for (const id of ['gone', 'kept']) {
        await s.createTable(id, { n: 0 }, change(`${id}1`, ev('seat:0', 1)), 5, `code-${id}`);
        await s.withTable(
          id,
          count({
            events: change(`${id}2`, ev('seat:0', 2), ev('host', 1)),
            hands: [{ n: 1, record: '{"n":1}' }],
            answer: { key: 'k', request: 'r', status: 200, body: '{}' },
            tokenGenerations: { 'seat:0': 1 },
          }),
        );
        await s.createTicket(`t-${id}`, id, 'seat:0', FAR, 1);
      }
      assert.equal(await s.deleteTable('gone', 1), false, 'a stale version deletes nothing');
      assert.notEqual(await s.readTable('gone'), undefined);
      assert.equal(await s.deleteTable('gone', 2), true);
      assert.equal(await s.deleteTable('gone', 2), false, 'once');
      assert.equal(await s.readTable('gone'), undefined);
      assert.equal(await s.findRoom('code-gone'), undefined);
      assert.deepEqual(await s.readEvents('gone', 'seat:0', 0, 10), { events: [], oldest: 0 });
      assert.equal(await s.readHand('gone', 1), undefined);
      assert.equal(await s.readTokenGenerations('gone'), undefined);
      assert.equal(await s.consumeTicket('t-gone', 0), undefined);
      assert.deepEqual(await s.listDue(10, 10), ['kept']);
      assert.deepEqual(await s.listIdleRooms(FAR, 10), [{ id: 'kept', version: 2 }]);
      // The other table is whole.
      assert.equal((await s.readEvents('kept', 'seat:0', 0, 10)).events.length, 2);
      assert.equal(await s.readHand('kept', 1), '{"n":1}');
      assert.equal(await s.findRoom('code-kept'), 'kept');
      assert.deepEqual(await s.consumeTicket('t-kept', 0), {
        tableId: 'kept',
        audience: 'seat:0',
        generation: 1,
      });
      // No answer survives to be replayed to a new table under the same id.
      assert.equal(await s.createTable('gone', { n: 7 }), true);
      const r = await s.withTable('gone', (row) => ({ next: null, result: row.answer ?? null }), {
        answerKey: 'k',
      });
      assert.deepEqual(r, { found: true, value: null, version: 1 });
      assert.deepEqual((await s.readEvents('gone', 'seat:0', 0, 10)).events, []);
    }));

  it('purge: every table idle since a time is listed oldest first (rooms and plain tables alike), with its version; a change is activity', () => {
    let now = 1_000;
    return withStore(
      async (s) => {
        await s.createTable('b-old', { n: 0 });
        await s.createTable('a-old', { n: 0 }, undefined, null, 'room-code');
        now = 2_000;
        await s.createTable('young', { n: 0 });
        // Same last change: by id, so a bounded page is the same on every backend.
        assert.deepEqual(await s.listIdleTables(1_500, 10), [
          { id: 'a-old', version: 1 },
          { id: 'b-old', version: 1 },
        ]);
        assert.deepEqual(await s.listIdleTables(1_500, 1), [{ id: 'a-old', version: 1 }]);
        now = 3_000;
        await s.withTable('b-old', bump);
        assert.deepEqual(await s.listIdleTables(2_500, 10), [
          { id: 'a-old', version: 1 },
          { id: 'young', version: 1 },
        ]);
        assert.deepEqual(await s.listIdleTables(999, 10), [], 'none idle before it was made');
      },
      () => now,
    );
  });

  it('purge: the tables changed after a cursor come in order of change, then id, a page at a time, and a change brings a table back', () => {
    let now = 1_000;
    return withStore(
      async (s) => {
        for (const id of ['c', 'a', 'b']) await s.createTable(id, { n: 0 });
        now = 2_000;
        await s.createTable('d', { n: 0 });
        const start = { updatedAt: 0, id: '' };
        const page1 = await s.listChangedSince(start, 2);
        assert.deepEqual(page1, [
          { id: 'a', at: { updatedAt: 1_000, id: 'a' } },
          { id: 'b', at: { updatedAt: 1_000, id: 'b' } },
        ]);
        const page2 = await s.listChangedSince(page1[1]!.at, 2);
        assert.deepEqual(
          page2.map((x) => x.id),
          ['c', 'd'],
          'the cursor resumes inside a millisecond shared by several tables',
        );
        assert.deepEqual(await s.listChangedSince(page2[1]!.at, 2), []);
        now = 3_000;
        await s.withTable('a', bump);
        assert.deepEqual(await s.listChangedSince(page2[1]!.at, 2), [
          { id: 'a', at: { updatedAt: 3_000, id: 'a' } },
        ]);
      },
      () => now,
    );
  });

  it("purge: trimming keeps each audience's last events (the public parts they need too) and reports how many went; the oldest id moves", () =>
    withStore(async (s) => {
      await s.createTable('t', { n: 0 }, change(1, ev('seat:0', 1), ev('host', 1)));
      await s.createTable('other', { n: 0 }, change('o', ev('seat:0', 1)));
      for (let i = 2; i <= 6; i++) {
        // seat:0 has an event in every change, host in the even ones only.
        const events = i % 2 === 0 ? [ev('seat:0', i), ev('host', i / 2 + 1)] : [ev('seat:0', i)];
        await s.withTable('t', count({ events: change(i, ...events) }));
      }
      // seat:0: 1..6, host: 1..4. Keep 2: seat:0 loses 1..4, host loses 1..2.
      assert.equal(await s.trimEvents('t', 2), 6);
      assert.deepEqual(await s.readEvents('t', 'seat:0', 0, 10), {
        events: [read(5, ev('seat:0', 5)), read(6, ev('seat:0', 6))],
        oldest: 5,
      });
      assert.deepEqual(await s.readEvents('t', 'host', 0, 10), {
        events: [read(4, ev('host', 3)), read(6, ev('host', 4))],
        oldest: 3,
      });
      assert.equal(await s.trimEvents('t', 2), 0, 'nothing more to trim');
      assert.equal((await s.readEvents('other', 'seat:0', 0, 10)).events.length, 1);
      assert.equal(await s.trimEvents('nope', 2), 0);
    }));

  it('purge: answers expire by the time they were written, a bounded number per call; the others still answer', () => {
    let now = 1_000;
    return withStore(
      async (s) => {
        await s.createTable('t', { n: 0 });
        const answer = (key: string) => ({ key, request: 'r', status: 200, body: `"${key}"` });
        await s.withTable('t', count({ answer: answer('a1') }));
        await s.withTable('t', count({ answer: answer('a2') }));
        now = 5_000;
        await s.withTable('t', count({ answer: answer('young') }));
        const kept = async (key: string) =>
          (await s.withTable('t', (row) => ({ next: null, result: row.answer?.key }), {
            answerKey: key,
          })) as { value: string | undefined };
        assert.equal(await s.expireAnswers(1_000, 10), 0, 'written at 1000: not before it');
        assert.equal(await s.expireAnswers(3_000, 1), 1, 'at most the limit');
        assert.equal(await s.expireAnswers(3_000, 10), 1);
        assert.equal((await kept('a1')).value, undefined);
        assert.equal((await kept('a2')).value, undefined);
        assert.equal((await kept('young')).value, 'young');
        assert.equal(await s.expireAnswers(3_000, 10), 0);
      },
      () => now,
    );
  });

  it('purge: expired tickets go, a bounded number per call; a ticket still valid stays usable', () =>
    withStore(
      async (s) => {
        await s.createTable('t', { n: 0 });
        await s.createTicket('live', 't', 'seat:0', FAR, 0);
        for (const [hash, at] of [
          ['old1', 100],
          ['old2', 200],
          ['old3', 300],
        ] as const) {
          await s.createTicket(hash, 't', 'seat:0', at, 0);
        }
        assert.equal(await s.expireTickets(150, 10), 1, 'only what expired before now');
        assert.equal(await s.expireTickets(1_000, 1), 1, 'at most the limit');
        assert.equal(await s.expireTickets(1_000, 10), 1);
        assert.equal(await s.expireTickets(1_000, 10), 0);
        assert.deepEqual(await s.consumeTicket('live', 1_000), {
          tableId: 't',
          audience: 'seat:0',
          generation: 0,
        });
      },
      () => 50,
    ));

  it('ping answers true while open and false once closed; close twice is fine', async () => {
    const data = await backend.fresh();
    const s = await data.open(Date.now);
    assert.equal(await s.ping(), true);
    await s.close();
    assert.equal(await s.ping(), false);
    await s.close();
  });
}
