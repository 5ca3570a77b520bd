import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { splitEvents } from '../event-bodies.ts';
import type { StoredEvent, TableRow, TableStore, TokenGenerations } from '../table-store.ts';
import type { SqliteOptions } from './deck-store.ts';
import { migrate } from './migrate.ts';

/**
 * A {@link TableStore} on node:sqlite, on the same file as the deck store (its own connection).
 * Every change is one `BEGIN IMMEDIATE` transaction with no `await` inside: read the row, run
 * the pure change, write the row (`WHERE version = ?`, a second guard) and its events.
 *
 * @example
 * ```ts
 * const tables = openSqliteTableStore<SealedTableDocument>({ path: './data/fairdeal.db' });
 * ```
 * @throws {Error} if the file cannot be opened or a migration fails.
 */
export function openSqliteTableStore<Doc>(options: SqliteOptions): TableStore<Doc> {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const now = options.now ?? Date.now;
  const db = new DatabaseSync(options.path, { timeout: options.busyTimeoutMs ?? 5000 });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(`PRAGMA synchronous = ${options.synchronous ?? 'NORMAL'}`);
  db.exec('PRAGMA foreign_keys = ON');
  migrate(db);
  const insert = db.prepare(
    'INSERT INTO fd_tables (id, doc, version, created_at, updated_at, due_at) VALUES (?, ?, 1, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
  );
  const select = db.prepare('SELECT doc, version FROM fd_tables WHERE id = ?');
  const update = db.prepare(
    `UPDATE fd_tables SET doc = ?, version = version + 1, updated_at = ?,
       due_at = CASE WHEN ? THEN ? ELSE due_at END,
       token_generations = coalesce(?, token_generations)
     WHERE id = ? AND version = ?`,
  );
  const insertEvent = db.prepare(
    'INSERT INTO fd_table_events (table_id, audience, id, type, data, body) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertBody = db.prepare(
    'INSERT INTO fd_event_bodies (table_id, version, prefix, suffix) VALUES (?, ?, ?, ?)',
  );
  const pruneBodies = db.prepare(`DELETE FROM fd_event_bodies WHERE table_id = ? AND version <
    coalesce((SELECT min(body) FROM fd_table_events WHERE table_id = ?), 9007199254740991)`);
  const selectDue = db.prepare(
    'SELECT id FROM fd_tables WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at LIMIT ?',
  );
  const selectGenerations = db.prepare('SELECT token_generations FROM fd_tables WHERE id = ?');
  const selectAnswer = db.prepare(
    'SELECT key, request, status, body FROM fd_table_answers WHERE table_id = ? AND key = ?',
  );
  const insertAnswer = db.prepare(
    'INSERT INTO fd_table_answers (table_id, key, version, request, status, body) VALUES (?, ?, ?, ?, ?, ?)',
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
  const selectEvents = db.prepare(`SELECT e.audience, e.id, e.type,
      CASE WHEN e.body IS NULL THEN e.data ELSE b.prefix || e.data || b.suffix END AS data
    FROM fd_table_events AS e
    LEFT JOIN fd_event_bodies AS b ON b.table_id = e.table_id AND b.version = e.body
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
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  let closed = false;

  // The text this store wrote from a Doc (JSON.stringify), read back.
  const parseDoc = (text: string): Doc => JSON.parse(text);
  const load = (id: string): TableRow<Doc> | undefined => {
    const row = select.get(id) as { doc: string; version: number } | undefined;
    return row === undefined ? undefined : { doc: parseDoc(row.doc), version: Number(row.version) };
  };
  // The events of one change share most of their text: kept once (store/event-bodies.ts).
  const writeEvents = (tableId: string, version: number, all: readonly StoredEvent[]) => {
    const { prefix, suffix, events } = splitEvents(all);
    const body = prefix === '' && suffix === '' ? null : version;
    if (body !== null) insertBody.run(tableId, version, prefix, suffix);
    for (const e of events) insertEvent.run(tableId, e.audience, e.id, e.type, e.data, body);
  };
  const inTransaction = <T>(fn: () => T): T => {
    begin.run();
    try {
      const value = fn();
      commit.run();
      return value;
    } catch (error) {
      if (db.isTransaction) rollback.run();
      throw error;
    }
  };

  return {
    createTable: async (id, doc, events, dueAt) =>
      inTransaction(() => {
        const t = now();
        if (Number(insert.run(id, JSON.stringify(doc), t, t, dueAt ?? null).changes) !== 1) {
          return false;
        }
        writeEvents(id, 1, events);
        return true;
      }),
    readTable: async (id) => load(id),
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
        const row =
          answer === undefined
            ? loaded
            : {
                ...loaded,
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
        if (
          Number(update.run(JSON.stringify(next), now(), ...due, gens, id, row.version).changes) !==
          1
        ) {
          throw new Error('table changed inside its own transaction');
        }
        writeEvents(id, row.version + 1, events ?? []);
        for (const h of hands ?? []) insertHand.run(id, h.n, h.record);
        if (save !== undefined) {
          insertAnswer.run(id, save.key, row.version + 1, save.request, save.status, save.body);
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
      const events = selectEvents.all(tableId, audience, after, limit).map((r) => {
        const e = r as { audience: string; id: number; type: string; data: string };
        return { audience: e.audience, id: Number(e.id), type: e.type, data: e.data };
      });
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
      pruneBodies.run(tableId, tableId);
    },
    ping: async () => !closed && select.get('') === undefined,
    close: async () => {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
