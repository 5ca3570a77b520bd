import type { Pool, PoolClient } from 'pg';
import { splitEvents } from './event-bodies.ts';
import {
  inTransaction,
  openMigratedPool,
  type PostgresOptions,
  poolLifecycle,
} from './postgres-pool.ts';
import type {
  StoredAnswer,
  StoredEvent,
  StoredHand,
  TableDoc,
  TableRow,
  TableStore,
} from './table-store.ts';

/**
 * A {@link TableStore} on PostgreSQL, on the schema of migration 2 (the same tables as SQLite).
 * Every change is one transaction: `SELECT … FOR UPDATE` locks the table's row (a change of the
 * same table from any process waits, then reads the committed result), the pure change runs, the
 * document is written `WHERE version = …` (a second guard) and its events are inserted in the
 * same transaction — a reader never sees a document without its events or the reverse. An event
 * id used twice violates the primary key and rolls the whole change back.
 *
 * @example
 * ```ts
 * const tables = await openPostgresTableStore({ url: process.env.DATABASE_URL! });
 * ```
 * @throws {Error} when `pg` is not installed, the server cannot be reached or a migration fails.
 */
export async function openPostgresTableStore(options: PostgresOptions): Promise<TableStore> {
  const pool = await openMigratedPool(options);
  return tableStoreOn(pool, options.now ?? Date.now);
}

/** A table's row, with the answer stored under the key $2 (NULL: none asked). */
const READ_SQL = `SELECT t.doc, t.version, a.key AS a_key, a.status AS a_status, a.body AS a_body
  FROM fd_tables AS t
  LEFT JOIN fd_table_answers AS a ON a.table_id = t.id AND a.key = $2
  WHERE t.id = $1`;

/** Lost races in a row before a change waits for the row lock instead (a hot table). */
const OPTIMISTIC_TRIES = 3;

/**
 * The write of one change, as one statement (one implicit transaction): the document, if its
 * version is still $4; its answer, its events (their shared text once: store/event-bodies.ts) and finished
 * hands, only if the document was written; and
 * `pg_notify` on the
 * table's channel (delivered at commit to every listening process, this one included), so that
 * a change and its wake-up cost one round trip. Answers `updated` = 1, or 0 on a lost race.
 */
const WRITE_SQL = `WITH u AS (
    UPDATE fd_tables SET doc = $1, version = version + 1, updated_at = $2,
      due_at = CASE WHEN $11::boolean THEN $12::bigint ELSE due_at END
    WHERE id = $3 AND version = $4 RETURNING id
  ), b AS (
    INSERT INTO fd_event_bodies (table_id, version, prefix, suffix)
    SELECT $3, $4::bigint + 1, $13::text, $14::text FROM u WHERE $13::text IS NOT NULL
  ), e AS (
    INSERT INTO fd_table_events (table_id, audience, id, type, data, body)
    SELECT $3, x.a, x.i, x.t, x.d, CASE WHEN $13::text IS NULL THEN NULL ELSE $4::bigint + 1 END
    FROM unnest($5::text[], $6::bigint[], $7::text[], $8::text[]) AS x (a, i, t, d)
    WHERE EXISTS (SELECT 1 FROM u)
  ), k AS (
    INSERT INTO fd_table_answers (table_id, key, version, status, body)
    SELECT $3, $15::text, $4::bigint + 1, $16::bigint, $17::text FROM u WHERE $15::text IS NOT NULL
  ), h AS (
    INSERT INTO fd_table_hands (table_id, n, record)
    SELECT $3, x.n, x.r FROM unnest($9::bigint[], $10::text[]) AS x (n, r)
    WHERE EXISTS (SELECT 1 FROM u)
  )
  SELECT (SELECT count(*) FROM u) AS updated,
    (SELECT pg_notify('table:' || u.id, '') FROM u) AS woken`;

/**
 * The events and hands as the six arrays that WRITE_SQL unnests into rows ($5 … $10), whether
 * to set due_at and to what ($11, $12), the events' shared text, or nulls ($13, $14), and the
 * answer to keep, or nulls ($15 … $17).
 */
function changeColumns(
  all: readonly StoredEvent[],
  hands: readonly StoredHand[] = [],
  dueAt: number | null | undefined = undefined,
  answer: StoredAnswer | undefined = undefined,
): unknown[] {
  const { prefix, suffix, events } = splitEvents(all);
  const shared = prefix !== '' || suffix !== '';
  return [
    events.map((e) => e.audience),
    events.map((e) => e.id),
    events.map((e) => e.type),
    events.map((e) => e.data),
    hands.map((h) => h.n),
    hands.map((h) => h.record),
    dueAt !== undefined,
    dueAt ?? null,
    shared ? prefix : null,
    shared ? suffix : null,
    answer?.key ?? null,
    answer?.status ?? null,
    answer?.body ?? null,
  ];
}

function tableStoreOn(pool: Pool, now: () => number): TableStore {
  const writeEvents = async (c: PoolClient, tableId: string, events: readonly StoredEvent[]) => {
    if (events.length === 0) return;
    // One statement for any number of events: the arrays are unnested into rows.
    await c.query(
      'INSERT INTO fd_table_events (table_id, audience, id, type, data) SELECT $1, * FROM unnest($2::text[], $3::bigint[], $4::text[], $5::text[])',
      [
        tableId,
        events.map((e) => e.audience),
        events.map((e) => e.id),
        events.map((e) => e.type),
        events.map((e) => e.data),
      ],
    );
  };
  type Loaded = {
    doc: string;
    version: string;
    a_key: string | null;
    a_status: string | null;
    a_body: string | null;
  };
  const toRow = (r: { doc: string; version: string | number }): TableRow => ({
    doc: JSON.parse(r.doc) as TableDoc,
    version: Number(r.version),
  });
  const withAnswer = (r: Loaded): TableRow =>
    r.a_key === null
      ? toRow(r)
      : { ...toRow(r), answer: { key: r.a_key, status: Number(r.a_status), body: r.a_body! } };

  return {
    notifiesOnChange: true,
    createTable: (id, doc, events, dueAt) =>
      inTransaction(pool, async (c) => {
        const t = now();
        const r = await c.query(
          'INSERT INTO fd_tables (id, doc, version, created_at, updated_at, due_at) VALUES ($1, $2, 1, $3, $3, $4) ON CONFLICT (id) DO NOTHING',
          [id, JSON.stringify(doc), t, dueAt ?? null],
        );
        if (r.rowCount !== 1) return false;
        await writeEvents(c, id, events);
        return true;
      }),
    readTable: async (id) => {
      const r = await pool.query<{ doc: string; version: string }>(
        'SELECT doc, version FROM fd_tables WHERE id = $1',
        [id],
      );
      const row = r.rows[0];
      return row === undefined ? undefined : toRow(row);
    },
    withTable: async (id, change, options) => {
      const key = options?.answerKey ?? null;
      // Optimistic first: read, run the pure change, then ONE statement that writes the
      // document only if its version is still the one read, with its events and the wake-up —
      // two round trips and no transaction held open across the change. A lost race (another
      // process wrote first) runs the change again on the fresh row, which is why changes must
      // be pure; after OPTIMISTIC_TRIES lost races the locked path queues behind the lock.
      for (let attempt = 0; attempt < OPTIMISTIC_TRIES; attempt++) {
        const r = await pool.query<Loaded>({
          name: 'fd_table_read',
          text: READ_SQL,
          values: [id, key],
        });
        const found = r.rows[0];
        if (found === undefined) return { found: false as const };
        const row = withAnswer(found);
        const { doc, events, hands, dueAt, answer, result } = change(row);
        if (doc === null) return { found: true as const, value: result, version: row.version };
        const w = await pool.query<{ updated: string }>({
          name: 'fd_table_write',
          text: WRITE_SQL,
          values: [
            JSON.stringify(doc),
            now(),
            id,
            row.version,
            ...changeColumns(events, hands, dueAt, answer),
          ],
        });
        if (Number(w.rows[0]?.updated) === 1) {
          return { found: true as const, value: result, version: row.version + 1 };
        }
      }
      return inTransaction(pool, async (c) => {
        const r = await c.query<Loaded>(`${READ_SQL} FOR UPDATE OF t`, [id, key]);
        const found = r.rows[0];
        if (found === undefined) return { found: false as const };
        const row = withAnswer(found);
        const { doc, events, hands, dueAt, answer, result } = change(row);
        if (doc === null) return { found: true as const, value: result, version: row.version };
        const w = await c.query<{ updated: string }>(WRITE_SQL, [
          JSON.stringify(doc),
          now(),
          id,
          row.version,
          ...changeColumns(events, hands, dueAt, answer),
        ]);
        if (Number(w.rows[0]?.updated) !== 1) {
          throw new Error('table changed inside its own transaction');
        }
        return { found: true as const, value: result, version: row.version + 1 };
      });
    },
    listDue: async (at, limit) => {
      const r = await pool.query<{ id: string }>(
        'SELECT id FROM fd_tables WHERE due_at IS NOT NULL AND due_at <= $1 ORDER BY due_at LIMIT $2',
        [at, limit],
      );
      return r.rows.map((x) => x.id);
    },
    readHand: async (tableId, n) => {
      const r = await pool.query<{ record: string }>(
        'SELECT record FROM fd_table_hands WHERE table_id = $1 AND n = $2',
        [tableId, n],
      );
      return r.rows[0]?.record;
    },
    readHands: async (tableId, after, limit) => {
      const r = await pool.query<{ n: string; record: string }>(
        'SELECT n, record FROM fd_table_hands WHERE table_id = $1 AND n > $2 ORDER BY n LIMIT $3',
        [tableId, after, limit],
      );
      return r.rows.map((h) => ({ n: Number(h.n), record: h.record }));
    },
    readEvents: async (tableId, audience, after, limit) => {
      const [page, low] = await Promise.all([
        pool.query<{ audience: string; id: string; type: string; data: string }>(
          `SELECT e.audience, e.id, e.type,
             CASE WHEN e.body IS NULL THEN e.data ELSE b.prefix || e.data || b.suffix END AS data
           FROM fd_table_events AS e
           LEFT JOIN fd_event_bodies AS b ON b.table_id = e.table_id AND b.version = e.body
           WHERE e.table_id = $1 AND e.audience = $2 AND e.id > $3 ORDER BY e.id LIMIT $4`,
          [tableId, audience, after, limit],
        ),
        pool.query<{ m: string | null }>(
          'SELECT min(id) AS m FROM fd_table_events WHERE table_id = $1 AND audience = $2',
          [tableId, audience],
        ),
      ]);
      const m = low.rows[0]?.m ?? null;
      return {
        events: page.rows.map((e) => ({
          audience: e.audience,
          id: Number(e.id),
          type: e.type,
          data: e.data,
        })),
        oldest: m === null ? 0 : Number(m),
      };
    },
    createTicket: async (hash, tableId, audience, expiresAt) => {
      await pool.query('DELETE FROM fd_stream_tickets WHERE expires_at < $1', [now()]);
      await pool.query(
        'INSERT INTO fd_stream_tickets (hash, table_id, audience, expires_at) VALUES ($1, $2, $3, $4)',
        [hash, tableId, audience, expiresAt],
      );
    },
    consumeTicket: async (hash, at) => {
      // DELETE … RETURNING is atomic: of two concurrent calls, one deletes the row, one finds none.
      const r = await pool.query<{ table_id: string; audience: string; expires_at: string }>(
        'DELETE FROM fd_stream_tickets WHERE hash = $1 RETURNING table_id, audience, expires_at',
        [hash],
      );
      const row = r.rows[0];
      if (row === undefined || Number(row.expires_at) < at) return undefined;
      return { tableId: row.table_id, audience: row.audience };
    },
    pruneAnswers: async (tableId, version) => {
      await pool.query('DELETE FROM fd_table_answers WHERE table_id = $1 AND version < $2', [
        tableId,
        version,
      ]);
    },
    pruneEvents: async (tableId, audience, upTo) => {
      await pool.query(
        'DELETE FROM fd_table_events WHERE table_id = $1 AND audience = $2 AND id <= $3',
        [tableId, audience, upTo],
      );
      // Shared texts no stored event refers to any more (a body still being written by a
      // concurrent change is not visible here, so it is not taken).
      await pool.query(
        `DELETE FROM fd_event_bodies WHERE table_id = $1 AND version <
           coalesce((SELECT min(body) FROM fd_table_events WHERE table_id = $1), 9007199254740991)`,
        [tableId],
      );
    },
    ...poolLifecycle(pool),
  };
}
