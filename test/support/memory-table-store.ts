import type {
  AudienceEvent,
  ChangeEvents,
  StoredAnswer,
  StoredEvent,
  StoredHand,
  StreamTicket,
  TablePurging,
  TableRow,
  TableStore,
  TokenGenerations,
} from '../../src/server/store/table-store.ts';

interface Table {
  doc: string;
  version: number;
  dueAt: number | null;
  /** The room code's hash (null: not a room), and when the table last changed. */
  readonly roomCode: string | null;
  updatedAt: number;
  generations: TokenGenerations;
  /** audience → id → event, with the version of the change that sent it. */
  readonly events: Map<string, Map<number, AudienceEvent & { readonly version: number }>>;
  /** version → the public part of that change's events. */
  readonly publics: Map<number, string>;
  readonly hands: Map<number, string>;
  readonly answers: Map<
    string,
    StoredAnswer & { readonly version: number; readonly createdAt: number }
  >;
}

/**
 * A {@link TableStore} in Maps, for tests: the third implementation the table-store conformance
 * suite runs against (test/server/store/table-store-conformance.ts). Documents are kept as JSON
 * text, so a caller can never change a stored table through an object it was handed (as with a
 * real database); a change is checked whole (event ids, hand numbers, answer keys all new)
 * before any of it is written, so a refused change leaves nothing behind. One event loop and no
 * `await` between read and write make every change atomic.
 *
 * @example
 * ```ts
 * const tables = openMemoryTableStore<{ n: number }>();
 * ```
 * @throws never.
 */
export function openMemoryTableStore<Doc>(
  options: { readonly now?: () => number } = {},
): TableStore<Doc> & TablePurging {
  const now = options.now ?? Date.now;
  const tables = new Map<string, Table>();
  const tickets = new Map<string, StreamTicket & { readonly expiresAt: number }>();
  let closed = false;
  const parseDoc = (text: string): Doc => JSON.parse(text);
  const open = () => {
    if (closed) throw new Error('the store is closed');
  };
  const addEvents = (t: Table, events: ChangeEvents | undefined) => {
    if (events === undefined || events.private.length === 0) return;
    t.publics.set(t.version, events.public);
    for (const e of events.private) {
      const list = t.events.get(e.audience) ?? new Map();
      t.events.set(e.audience, list.set(e.id, { ...e, version: t.version }));
    }
  };
  const checkEvents = (t: Table, events: ChangeEvents | undefined) => {
    const seen = new Set<string>();
    for (const e of events?.private ?? []) {
      const key = `${e.audience}/${e.id}`;
      if (seen.has(key) || t.events.get(e.audience)?.has(e.id)) {
        throw new Error(`event ${key} exists`);
      }
      seen.add(key);
    }
  };
  return {
    createTable: async (id, doc, events, dueAt, roomCode) => {
      open();
      if (tables.has(id)) return false;
      if (roomCode !== undefined && [...tables.values()].some((x) => x.roomCode === roomCode)) {
        return false;
      }
      const t: Table = {
        doc: JSON.stringify(doc),
        version: 1,
        dueAt: dueAt ?? null,
        roomCode: roomCode ?? null,
        updatedAt: now(),
        generations: {},
        events: new Map(),
        publics: new Map(),
        hands: new Map(),
        answers: new Map(),
      };
      checkEvents(t, events);
      addEvents(t, events);
      tables.set(id, t);
      return true;
    },
    listDue: async (at, limit) =>
      [...tables]
        .filter(([, t]) => t.dueAt !== null && t.dueAt <= at)
        .sort(([, a], [, b]) => (a.dueAt ?? 0) - (b.dueAt ?? 0))
        .slice(0, limit)
        .map(([id]) => id),
    findRoom: async (roomCode) => {
      for (const [id, t] of tables) if (t.roomCode === roomCode) return id;
      return undefined;
    },
    listIdleRooms: async (before, limit) =>
      [...tables]
        .filter(([, t]) => t.roomCode !== null && t.updatedAt <= before)
        .sort(([, a], [, b]) => a.updatedAt - b.updatedAt)
        .slice(0, limit)
        .map(([id, t]) => ({ id, version: t.version })),
    deleteTable: async (id, version) => {
      open();
      if (tables.get(id)?.version !== version) return false;
      tables.delete(id);
      for (const [h, x] of tickets) if (x.tableId === id) tickets.delete(h);
      return true;
    },
    readTable: async (id) => {
      const t = tables.get(id);
      return t === undefined ? undefined : { doc: parseDoc(t.doc), version: t.version };
    },
    withTable: async (id, change, options) => {
      open();
      const t = tables.get(id);
      if (t === undefined) return { found: false as const };
      const key = options?.answerKey;
      const kept = key === undefined ? undefined : t.answers.get(key);
      const row: TableRow<Doc> = {
        doc: parseDoc(t.doc),
        version: t.version,
        ...(kept === undefined
          ? {}
          : {
              answer: {
                key: kept.key,
                request: kept.request,
                status: kept.status,
                body: kept.body,
              },
            }),
      };
      const c = change(row);
      if (c.next === null) return { found: true as const, value: c.result, version: t.version };
      const events = c.events;
      const hands = c.hands ?? [];
      checkEvents(t, events);
      if (
        new Set(hands.map((h) => h.n)).size < hands.length ||
        hands.some((h) => t.hands.has(h.n))
      ) {
        throw new Error('a hand number is taken');
      }
      if (c.answer !== undefined && t.answers.has(c.answer.key)) {
        throw new Error('an answer key is taken');
      }
      t.doc = JSON.stringify(c.next);
      t.version++;
      t.updatedAt = now();
      if (c.dueAt !== undefined) t.dueAt = c.dueAt;
      if (c.tokenGenerations !== undefined) t.generations = { ...c.tokenGenerations };
      addEvents(t, events);
      for (const h of hands) t.hands.set(h.n, h.record);
      if (c.answer !== undefined) {
        t.answers.set(c.answer.key, { ...c.answer, version: t.version, createdAt: t.updatedAt });
      }
      return { found: true as const, value: c.result, version: t.version };
    },
    pruneAnswers: async (tableId, version) => {
      const t = tables.get(tableId);
      for (const [k, a] of t?.answers ?? []) if (a.version < version) t!.answers.delete(k);
    },
    readHand: async (tableId, n) => tables.get(tableId)?.hands.get(n),
    readHands: async (tableId, after, limit): Promise<readonly StoredHand[]> =>
      [...(tables.get(tableId)?.hands ?? [])]
        .filter(([n]) => n > after)
        .sort(([a], [b]) => a - b)
        .slice(0, limit)
        .map(([n, record]) => ({ n, record })),
    readEvents: async (tableId, audience, after, limit) => {
      const t = tables.get(tableId);
      const list = [...(t?.events.get(audience)?.values() ?? [])].sort((a, b) => a.id - b.id);
      const events = list
        .filter((e) => e.id > after)
        .slice(0, limit)
        .map(({ version, ...e }): StoredEvent => {
          const shared = t?.publics.get(version);
          if (shared === undefined)
            throw new Error(`the public part of ${e.audience}/${e.id} is gone`);
          return { ...e, public: shared };
        });
      return { events, oldest: list[0]?.id ?? 0 };
    },
    readTokenGenerations: async (tableId) => {
      const t = tables.get(tableId);
      return t === undefined ? undefined : { ...t.generations };
    },
    createTicket: async (hash, tableId, audience, expiresAt, generation) => {
      const at = now();
      for (const [h, x] of tickets) if (x.expiresAt < at) tickets.delete(h);
      tickets.set(hash, { tableId, audience, generation, expiresAt });
    },
    consumeTicket: async (hash, at) => {
      const x = tickets.get(hash);
      tickets.delete(hash);
      if (x === undefined || x.expiresAt < at) return undefined;
      return { tableId: x.tableId, audience: x.audience, generation: x.generation };
    },
    dropTickets: async (tableId, audience) => {
      for (const [h, x] of tickets) {
        if (x.tableId === tableId && x.audience === audience) tickets.delete(h);
      }
    },
    pruneEvents: async (tableId, audience, upTo) => {
      const t = tables.get(tableId);
      const list = t?.events.get(audience);
      for (const id of list?.keys() ?? []) if (id <= upTo) list!.delete(id);
      // Public parts no stored event refers to any more.
      const used = new Set(
        [...(t?.events.values() ?? [])].flatMap((l) => [...l.values()].map((e) => e.version)),
      );
      for (const v of t?.publics.keys() ?? []) if (!used.has(v)) t!.publics.delete(v);
    },
    listIdleTables: async (before, limit) =>
      [...tables]
        .filter(([, t]) => t.updatedAt <= before)
        .sort(([a, x], [b, y]) => x.updatedAt - y.updatedAt || (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, limit)
        .map(([id, t]) => ({ id, version: t.version })),
    listChangedSince: async (after, limit) =>
      [...tables]
        .filter(
          ([id, t]) =>
            t.updatedAt > after.updatedAt || (t.updatedAt === after.updatedAt && id > after.id),
        )
        .sort(([a, x], [b, y]) => x.updatedAt - y.updatedAt || (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, limit)
        .map(([id, t]) => ({ id, at: { updatedAt: t.updatedAt, id } })),
    trimEvents: async (tableId, keep) => {
      const t = tables.get(tableId);
      let n = 0;
      for (const list of t?.events.values() ?? []) {
        const top = Math.max(...list.keys());
        for (const id of list.keys()) {
          if (id <= top - keep) {
            list.delete(id);
            n++;
          }
        }
      }
      const used = new Set(
        [...(t?.events.values() ?? [])].flatMap((l) => [...l.values()].map((e) => e.version)),
      );
      for (const v of t?.publics.keys() ?? []) if (!used.has(v)) t!.publics.delete(v);
      return n;
    },
    expireAnswers: async (before, limit) => {
      let n = 0;
      for (const t of tables.values()) {
        for (const [k, a] of t.answers) {
          if (n < limit && a.createdAt < before) {
            t.answers.delete(k);
            n++;
          }
        }
      }
      return n;
    },
    expireTickets: async (at, limit) => {
      let n = 0;
      for (const [h, x] of tickets) {
        if (n < limit && x.expiresAt < at) {
          tickets.delete(h);
          n++;
        }
      }
      return n;
    },
    ping: async () => !closed,
    close: async () => {
      closed = true;
    },
  };
}
