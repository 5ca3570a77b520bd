import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DocCodec, type DocWrite } from '../doc-codec.ts';
import type { ColdPart, DocParts } from '../doc-parts.ts';
import { SQLITE_PURGE_SQL } from '../purge-sql.ts';
import type {
  ChangeEvents,
  StoredEvent,
  TablePurging,
  TableRow,
  TableStore,
  TokenGenerations,
} from '../table-store.ts';
import type { SqliteOptions } from './deck-store.ts';
import { migrate } from './migrate.ts';

/**
 * A {@link TableStore} on node:sqlite, on the same file as the deck store (its own connection).
 * Every change is one `BEGIN IMMEDIATE` transaction with no `await` inside: read the row, run
 * the pure change, write the row (`WHERE version = ?`, a second guard) and its events. Given
 * the document's `parts` (store/doc-parts.ts), it keeps their fields as the table's base and
 * writes that only when a change replaced one of them.
 *
 * @example
 * ```ts
 * const tables = openSqliteTableStore<SealedTableDocument>({ path: './data/fairdeal.db' });
 * ```
 * @throws {Error} if the file cannot be opened or a migration fails.
 */
export function openSqliteTableStore<Doc>(
  options: SqliteOptions,
  parts?: DocParts,
): TableStore<Doc> & TablePurging {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const now = options.now ?? Date.now;
  const db = new DatabaseSync(options.path, { timeout: options.busyTimeoutMs ?? 5000 });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(`PRAGMA synchronous = ${options.synchronous ?? 'NORMAL'}`);
  db.exec('PRAGMA foreign_keys = ON');
  migrate(db);
  // No conflict target: a taken id and a taken room code (a unique index) both insert nothing.
  const insert = db.prepare(
    'INSERT INTO fd_tables (id, doc, version, created_at, updated_at, due_at, room_code, base_version) VALUES (?, ?, 1, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const putBase = db.prepare(
    'INSERT INTO fd_table_bases (table_id, base) VALUES (?, ?) ON CONFLICT (table_id) DO UPDATE SET base = excluded.base',
  );
  const selectRoom = db.prepare('SELECT id FROM fd_tables WHERE room_code = ?');
  const selectIdle = db.prepare(
    'SELECT id, version FROM fd_tables WHERE room_code IS NOT NULL AND updated_at <= ? ORDER BY updated_at LIMIT ?',
  );
  // Events, their public parts, hands and answers go with the row (ON DELETE CASCADE); tickets
  // name their table without a reference, so they are deleted by hand.
  const deleteTable = db.prepare('DELETE FROM fd_tables WHERE id = ? AND version = ?');
  const deleteTickets = db.prepare('DELETE FROM fd_stream_tickets WHERE table_id = ?');
  // The base only where the one this process holds is not the stored one (DocCodec).
  const select = db.prepare(`SELECT t.doc, t.version, t.base_version, b.base FROM fd_tables AS t
    LEFT JOIN fd_table_bases AS b ON b.table_id = t.id AND t.base_version <> ?
    WHERE t.id = ?`);
  const update = db.prepare(
    `UPDATE fd_tables SET doc = ?, version = version + 1, updated_at = ?,
       base_version = CASE WHEN ? THEN version + 1 ELSE base_version END,
       due_at = CASE WHEN ? THEN ? ELSE due_at END,
       token_generations = coalesce(?, token_generations)
     WHERE id = ? AND version = ?`,
  );
  const insertEvent = db.prepare(
    'INSERT INTO fd_table_events (table_id, audience, id, type, data, version) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertPublic = db.prepare(
    'INSERT INTO fd_event_public (table_id, version, body) VALUES (?, ?, ?)',
  );
  // Public parts no stored event refers to any more (rows stored before schema step 5 have no
  // version: min() passes them by).
  const prunePublic = db.prepare(`DELETE FROM fd_event_public WHERE table_id = ? AND version <
    coalesce((SELECT min(version) FROM fd_table_events WHERE table_id = ?), 9007199254740991)`);
  const selectDue = db.prepare(
    'SELECT id FROM fd_tables WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at LIMIT ?',
  );
  const selectGenerations = db.prepare('SELECT token_generations FROM fd_tables WHERE id = ?');
  const selectAnswer = db.prepare(
    'SELECT key, request, status, body FROM fd_table_answers WHERE table_id = ? AND key = ?',
  );
  const insertAnswer = db.prepare(
    'INSERT INTO fd_table_answers (table_id, key, version, request, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const pruneAnswers = db.prepare(
    'DELETE FROM fd_table_answers WHERE table_id = ? AND version < ?',
  );
  const insertHand = db.prepare(
    'INSERT INTO fd_table_hands (table_id, n, record) VALUES (?, ?, ?)',
  );
  const selectHand = db.prepare('SELECT record FROM fd_table_hands WHERE table_id = ? AND n = ?');
  const selectHands = db.prepare(
    'SELECT n, record FROM fd_table_hands WHERE table_id = ? AND n > ? ORDER BY n LIMIT ?',
  );
  const selectEvents = db.prepare(`SELECT e.audience, e.id, e.type, e.data, e.version,
      p.body AS public
    FROM fd_table_events AS e
    LEFT JOIN fd_event_public AS p ON p.table_id = e.table_id AND p.version = e.version
    WHERE e.table_id = ? AND e.audience = ? AND e.id > ? ORDER BY e.id LIMIT ?`);
  const oldest = db.prepare(
    'SELECT MIN(id) AS m FROM fd_table_events WHERE table_id = ? AND audience = ?',
  );
  const prune = db.prepare(
    'DELETE FROM fd_table_events WHERE table_id = ? AND audience = ? AND id <= ?',
  );
  const insertTicket = db.prepare(
    'INSERT INTO fd_stream_tickets (hash, table_id, audience, expires_at, generation) VALUES (?, ?, ?, ?, ?)',
  );
  const takeTicket = db.prepare(
    'DELETE FROM fd_stream_tickets WHERE hash = ? RETURNING table_id, audience, expires_at, generation',
  );
  const dropTickets = db.prepare(
    'DELETE FROM fd_stream_tickets WHERE table_id = ? AND audience = ?',
  );
  const dropExpired = db.prepare('DELETE FROM fd_stream_tickets WHERE expires_at < ?');
  // The purges (schema/migration-7-purges.ts): each through an index, at most a limit per call.
  const selectIdleTables = db.prepare(SQLITE_PURGE_SQL.idleTables);
  const selectChanged = db.prepare(SQLITE_PURGE_SQL.changedSince);
  const trimEvents = db.prepare(SQLITE_PURGE_SQL.trimEvents);
  const expireAnswers = db.prepare(SQLITE_PURGE_SQL.expireAnswers);
  const expireTickets = db.prepare(SQLITE_PURGE_SQL.expireTickets);
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  let closed = false;

  const codec = new DocCodec<Doc>(parts);
  type Loaded = TableRow<Doc> & { readonly cold: ColdPart | undefined };
  const load = (id: string): Loaded | undefined => {
    const known = codec.known(id);
    const row = select.get(known, id) as
      | { doc: string; version: number; base_version: number; base: string | null }
      | undefined;
    if (row === undefined) return undefined;
    const bv = Number(row.base_version);
    const { doc, cold } = codec.read(id, row.doc, bv, row.base, codec.held(id, known));
    return { doc, version: Number(row.version), cold };
  };
  // The new base is held parsed only once its transaction committed: a base kept from a change
  // that rolled back would stand for another process's base written at the same version.
  const committed: (() => void)[] = [];
  const writeBase = (id: string, version: number, w: DocWrite) => {
    if (w.base !== null) putBase.run(id, w.base);
    committed.push(() => codec.written(id, version, w));
  };
  // A change's public part once, each audience's event with its own part.
  const writeEvents = (tableId: string, version: number, events: ChangeEvents | undefined) => {
    if (events === undefined || events.private.length === 0) return;
    insertPublic.run(tableId, version, events.public);
    for (const e of events.private) {
      insertEvent.run(tableId, e.audience, e.id, e.type, e.data, version);
    }
  };
  const inTransaction = <T>(fn: () => T): T => {
    begin.run();
    committed.length = 0;
    try {
      const value = fn();
      commit.run();
      for (const then of committed) then();
      return value;
    } catch (error) {
      if (db.isTransaction) rollback.run();
      throw error;
    } finally {
      committed.length = 0;
    }
  };

  return {
    createTable: async (id, doc, events, dueAt, roomCode) =>
      inTransaction(() => {
        const t = now();
        const w = codec.write(doc, undefined);
        const bv = w.base === null ? 0 : 1;
        const row = [id, w.doc, t, t, dueAt ?? null, roomCode ?? null, bv] as const;
        if (Number(insert.run(...row).changes) !== 1) {
          return false;
        }
        writeBase(id, 1, w);
        writeEvents(id, 1, events);
        return true;
      }),
    readTable: async (id) => {
      const row = load(id);
      return row === undefined ? undefined : { doc: row.doc, version: row.version };
    },
    findRoom: async (roomCode) => (selectRoom.get(roomCode) as { id: string } | undefined)?.id,
    listIdleRooms: async (before, limit) =>
      selectIdle.all(before, limit).map((r) => {
        const x = r as { id: string; version: number };
        return { id: x.id, version: Number(x.version) };
      }),
    deleteTable: async (id, version) =>
      inTransaction(() => {
        if (Number(deleteTable.run(id, version).changes) !== 1) return false;
        deleteTickets.run(id);
        codec.drop(id);
        return true;
      }),
    withTable: async (id, change, options) =>
      inTransaction(() => {
        const loaded = load(id);
        if (loaded === undefined) return { found: false as const };
        const key = options?.answerKey;
        const answer =
          key === undefined
            ? undefined
            : (selectAnswer.get(id, key) as
                | { key: string; request: string; status: number; body: string }
                | undefined);
        const read = { doc: loaded.doc, version: loaded.version };
        const row =
          answer === undefined
            ? read
            : {
                ...read,
                answer: {
                  key: answer.key,
                  request: answer.request,
                  status: Number(answer.status),
                  body: answer.body,
                },
              };
        const { next, events, hands, dueAt, tokenGenerations, answer: save, result } = change(row);
        if (next === null) return { found: true as const, value: result, version: row.version };
        const due = [dueAt === undefined ? 0 : 1, dueAt ?? null] as const;
        const gens = tokenGenerations === undefined ? null : JSON.stringify(tokenGenerations);
        const w = codec.write(next, loaded.cold);
        const newBase = w.base === null ? 0 : 1;
        if (
          Number(update.run(w.doc, now(), newBase, ...due, gens, id, row.version).changes) !== 1
        ) {
          throw new Error('table changed inside its own transaction');
        }
        writeBase(id, row.version + 1, w);
        writeEvents(id, row.version + 1, events);
        for (const h of hands ?? []) insertHand.run(id, h.n, h.record);
        if (save !== undefined) {
          const at = now();
          insertAnswer.run(id, save.key, row.version + 1, save.request, save.status, save.body, at);
        }
        return { found: true as const, value: result, version: row.version + 1 };
      }),
    listDue: async (at, limit) =>
      selectDue.all(at, limit).map((r) => String((r as { id: string }).id)),
    readHand: async (tableId, n) =>
      (selectHand.get(tableId, n) as { record: string } | undefined)?.record,
    readHands: async (tableId, after, limit) =>
      selectHands.all(tableId, after, limit).map((r) => {
        const h = r as { n: number; record: string };
        return { n: Number(h.n), record: h.record };
      }),
    readEvents: async (tableId, audience, after, limit) => {
      const events = selectEvents
        .all(tableId, audience, after, limit)
        .map((r) => storedEvent(r as EventRow));
      const m = (oldest.get(tableId, audience) as { m: number | null }).m;
      return { events, oldest: m === null ? 0 : Number(m) };
    },
    readTokenGenerations: async (id) => {
      const row = selectGenerations.get(id) as { token_generations: string } | undefined;
      return row === undefined
        ? undefined
        : (JSON.parse(row.token_generations) as TokenGenerations);
    },
    createTicket: async (hash, tableId, audience, expiresAt, generation) => {
      dropExpired.run(now());
      insertTicket.run(hash, tableId, audience, expiresAt, generation);
    },
    consumeTicket: async (hash, at) => {
      const row = takeTicket.get(hash) as
        | { table_id: string; audience: string; expires_at: number; generation: number }
        | undefined;
      if (row === undefined || Number(row.expires_at) < at) return undefined;
      return { tableId: row.table_id, audience: row.audience, generation: Number(row.generation) };
    },
    dropTickets: async (tableId, audience) => {
      dropTickets.run(tableId, audience);
    },
    pruneAnswers: async (tableId, version) => {
      pruneAnswers.run(tableId, version);
    },
    pruneEvents: async (tableId, audience, upTo) => {
      prune.run(tableId, audience, upTo);
      prunePublic.run(tableId, tableId);
    },
    listIdleTables: async (before, limit) =>
      selectIdleTables.all(before, limit).map((r) => {
        const x = r as { id: string; version: number };
        return { id: x.id, version: Number(x.version) };
      }),
    listChangedSince: async (after, limit) =>
      selectChanged.all(after.updatedAt, after.updatedAt, after.id, limit).map((r) => {
        const x = r as { id: string; updated_at: number };
        return { id: x.id, at: { updatedAt: Number(x.updated_at), id: x.id } };
      }),
    trimEvents: async (tableId, keep) =>
      inTransaction(() => {
        const n = Number(trimEvents.run(tableId, keep).changes);
        if (n > 0) prunePublic.run(tableId, tableId);
        return n;
      }),
    expireAnswers: async (before, limit) => Number(expireAnswers.run(before, limit).changes),
    expireTickets: async (at, limit) => Number(expireTickets.run(at, limit).changes),
    countByPhase: async () => {
      const rows = db
        .prepare(
          "SELECT coalesce(json_extract(doc, '$.hand.phase'), 'none') AS phase, count(*) AS n FROM fd_tables GROUP BY 1",
        )
        .all() as { phase: string; n: number }[];
      return Object.fromEntries(rows.map((r) => [String(r.phase), Number(r.n)]));
    },
    ping: async () => !closed && select.get(-1, '') === undefined,
    close: async () => {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}

/** An event's row, with the public part of its change (null when none was found). */
type EventRow = {
  readonly audience: string;
  readonly id: number;
  readonly type: string;
  readonly data: string;
  readonly version: number | null;
  readonly public: string | null;
};

/**
 * The event a row holds: its two parts, or — no version: stored before schema step 5 — the whole
 * event in `data`. A version whose public part is gone is refused rather than read as a whole
 * event (it would show the audience's part alone as the event).
 *
 * @throws {Error} when the public part of the event's change is missing.
 */
function storedEvent(r: EventRow): StoredEvent {
  if (r.version !== null && r.public === null) {
    throw new Error(`the public part of event ${r.audience}/${r.id} is missing`);
  }
  return { audience: r.audience, id: Number(r.id), type: r.type, data: r.data, public: r.public };
}
