import type { Pool, PoolClient } from 'pg';
import { DocCodec, type DocWrite } from '../doc-codec.ts';
import type { ColdPart, DocParts } from '../doc-parts.ts';
import { POSTGRES_PURGE_SQL } from '../purge-sql.ts';
import type {
  ChangeEvents,
  StoredAnswer,
  StoredEvent,
  StoredHand,
  TableChange,
  TablePurging,
  TableRow,
  TableStore,
  TokenGenerations,
} from '../table-store.ts';
import { READ_SQL, READ_TABLE_SQL, WRITE_SQL } from './batched-sql.ts';
import { batchedRead, batchedWrite } from './batched-statement.ts';
import { binaryTextArray } from './binary-text-array.ts';
import { inTransaction, openMigratedPool, type PostgresOptions, poolLifecycle } from './pool.ts';

/**
 * A {@link TableStore} on PostgreSQL, on the schema of migrations 2 to 5 (the same tables as
 * SQLite). A change is a read, the pure change in JavaScript, and one write statement that
 * stores the document only if its version is still the one read, with its events, finished
 * hands, idempotent answer and wake-up, all or nothing — a reader never sees a document without
 * its events or the reverse. Given the document's `parts` (store/doc-parts.ts), it keeps their
 * fields as the table's base, written only by a change that replaced one of them and read only
 * by a process that does not hold it parsed. The reads and writes of concurrent changes share statements
 * (batched-statement.ts): under load a process sends one statement for many changes. A change that
 * loses its race reruns on the fresh row; after three lost races it takes the row lock
 * (`SELECT … FOR UPDATE`) and waits its turn.
 *
 * @example
 * ```ts
 * const tables = await openPostgresTableStore<SealedTableDocument>({ url: process.env.DATABASE_URL! });
 * ```
 * @throws {Error} when `pg` is not installed, the server cannot be reached or a migration fails.
 */
export async function openPostgresTableStore<Doc>(
  options: PostgresOptions,
  parts?: DocParts,
): Promise<TableStore<Doc> & TablePurging> {
  const pool = await openMigratedPool(options);
  return tableStoreOn<Doc>(pool, options.now ?? Date.now, new DocCodec<Doc>(parts));
}

/** Lost races in a row before a change waits for the row lock instead (a hot table). */
const OPTIMISTIC_TRIES = 3;

/** One change to write: its table, the version it read, and what it makes (`doc`: as JSON). */
interface Write {
  readonly id: string;
  readonly version: number;
  readonly doc: string;
  /** The new base (JSON), or null: the stored one stays. */
  readonly base: string | null;
  readonly events: ChangeEvents | undefined;
  readonly hands: readonly StoredHand[];
  readonly dueAt: number | null | undefined;
  readonly tokenGenerations: TokenGenerations | undefined;
  readonly answer: StoredAnswer | undefined;
}

/** WRITE_SQL's parameters for a batch of changes to different tables: columns of arrays. */
function writeParameters(writes: readonly Write[], at: number): unknown[] {
  const p: unknown[][] = Array.from({ length: 23 }, () => []);
  const col = (k: number) => p[k - 1]!;
  for (const w of writes) {
    col(1).push(w.id);
    col(2).push(w.version);
    col(3).push(w.doc);
    col(4).push(w.dueAt !== undefined);
    col(5).push(w.dueAt ?? null);
    col(7).push(w.tokenGenerations === undefined ? null : JSON.stringify(w.tokenGenerations));
    col(23).push(w.base);
    if (w.events !== undefined && w.events.private.length > 0) {
      col(8).push(w.id);
      col(9).push(w.events.public);
      for (const e of w.events.private) {
        col(10).push(w.id);
        col(11).push(e.audience);
        col(12).push(e.id);
        col(13).push(e.type);
        col(14).push(e.data);
      }
    }
    if (w.answer !== undefined) {
      col(15).push(w.id);
      col(16).push(w.answer.key);
      col(17).push(w.answer.request);
      col(18).push(w.answer.status);
      col(19).push(w.answer.body);
    }
    for (const h of w.hands) {
      col(20).push(w.id);
      col(21).push(h.n);
      col(22).push(h.record);
    }
  }
  // The text[] columns go in PostgreSQL's binary array format (binary-text-array.ts says why).
  return p.map((values, i) =>
    i === 5 ? at : TEXT_COLUMNS.has(i + 1) ? binaryTextArray(values as (string | null)[]) : values,
  );
}

/** WRITE_SQL's `text[]` parameters, by number, read from the statement itself (`$n::text[]`). */
const TEXT_COLUMNS: ReadonlySet<number> = new Set(
  [...WRITE_SQL.matchAll(/\$(\d+)::text\[\]/g)].map((m) => Number(m[1])),
);

function tableStoreOn<Doc>(
  pool: Pool,
  now: () => number,
  codec: DocCodec<Doc>,
): TableStore<Doc> & TablePurging {
  // The events of a new table (version 1): its public part, then each audience's event.
  const writeEvents = async (c: PoolClient, tableId: string, events: ChangeEvents | undefined) => {
    if (events === undefined || events.private.length === 0) return;
    await c.query('INSERT INTO fd_event_public (table_id, version, body) VALUES ($1, 1, $2)', [
      tableId,
      events.public,
    ]);
    // One statement for any number of events: the arrays are unnested into rows.
    await c.query(
      'INSERT INTO fd_table_events (table_id, audience, id, type, data, version) SELECT $1, *, 1 FROM unnest($2::text[], $3::bigint[], $4::text[], $5::text[])',
      [
        tableId,
        events.private.map((e) => e.audience),
        events.private.map((e) => e.id),
        events.private.map((e) => e.type),
        events.private.map((e) => e.data),
      ],
    );
  };
  type ReadRow = { doc: string; version: string; base_version: string; base: string | null };
  type Loaded = {
    n: string;
    doc: string;
    version: string;
    base_version: string;
    base: string | null;
    a_key: string | null;
    a_request: string | null;
    a_status: string | null;
    a_body: string | null;
  };
  // A row as read, with the base it was read with (the one held when the read was asked, if the
  // read skipped it): the base a change of it compares its next base with.
  type Read = { readonly row: TableRow<Doc>; readonly cold: ColdPart | undefined };
  const toRow = (id: string, r: Loaded | ReadRow, held: ColdPart | undefined): Read => {
    const { doc, cold } = codec.read(id, r.doc, Number(r.base_version), r.base, held);
    return { row: { doc, version: Number(r.version) }, cold };
  };
  const withAnswer = (id: string, r: Loaded, held: ColdPart | undefined): Read => {
    const read = toRow(id, r, held);
    return r.a_key === null
      ? read
      : {
          cold: read.cold,
          row: {
            ...read.row,
            answer: {
              key: r.a_key,
              request: r.a_request!,
              status: Number(r.a_status),
              body: r.a_body!,
            },
          },
        };
  };

  const toWrite = <T>(id: string, version: number, d: DocWrite, c: TableChange<Doc, T>): Write => ({
    id,
    version,
    doc: d.doc,
    base: d.base,
    events: c.events,
    hands: c.hands ?? [],
    dueAt: c.dueAt,
    tokenGenerations: c.tokenGenerations,
    answer: c.answer,
  });
  // Reads and writes each share a statement with the others waiting at that moment: under load
  // a process sends a few statements carrying many changes instead of one per change.
  const readBatched = batchedRead<{ id: string; key: string | null; known: number }, Loaded>(pool, {
    name: 'fd_table_read',
    text: READ_SQL,
    values: (asks) => [
      binaryTextArray(asks.map((a) => a.id)),
      binaryTextArray(asks.map((a) => a.key)),
      asks.map((a) => a.known),
    ],
  });
  const writeBatched = batchedWrite<Write>(pool, {
    name: 'fd_table_write',
    text: WRITE_SQL,
    values: (writes) => writeParameters(writes, now()),
  });

  return {
    notifiesOnChange: true,
    createTable: (id, doc, events, dueAt, roomCode) => {
      const d = codec.write(doc, undefined);
      return inTransaction(pool, async (c) => {
        const t = now();
        // No conflict target: a taken id and a taken room code (a unique index) both insert nothing.
        const r = await c.query(
          'INSERT INTO fd_tables (id, doc, version, created_at, updated_at, due_at, room_code, base_version) VALUES ($1, $2, 1, $3, $3, $4, $5, $6) ON CONFLICT DO NOTHING',
          [id, d.doc, t, dueAt ?? null, roomCode ?? null, d.base === null ? 0 : 1],
        );
        if (r.rowCount !== 1) return false;
        if (d.base !== null) {
          await c.query('INSERT INTO fd_table_bases (table_id, base) VALUES ($1, $2)', [
            id,
            d.base,
          ]);
        }
        await writeEvents(c, id, events);
        return true;
      }).then((made) => {
        if (made) codec.written(id, 1, d);
        return made;
      });
    },
    findRoom: async (roomCode) => {
      const r = await pool.query<{ id: string }>('SELECT id FROM fd_tables WHERE room_code = $1', [
        roomCode,
      ]);
      return r.rows[0]?.id;
    },
    listIdleRooms: async (before, limit) => {
      const r = await pool.query<{ id: string; version: string }>(
        'SELECT id, version FROM fd_tables WHERE room_code IS NOT NULL AND updated_at <= $1 ORDER BY updated_at LIMIT $2',
        [before, limit],
      );
      return r.rows.map((x) => ({ id: x.id, version: Number(x.version) }));
    },
    // Events, their public parts, hands and answers go with the row (ON DELETE CASCADE); tickets
    // name their table without a reference, so they are deleted in the same transaction. The
    // wake-up tells every process's streams of the table that it is gone.
    deleteTable: (id, version) =>
      inTransaction(pool, async (c) => {
        const r = await c.query('DELETE FROM fd_tables WHERE id = $1 AND version = $2', [
          id,
          version,
        ]);
        if (r.rowCount !== 1) return false;
        await c.query('DELETE FROM fd_stream_tickets WHERE table_id = $1', [id]);
        await c.query('SELECT pg_notify($1, $2)', [`table:${id}`, '']);
        codec.drop(id);
        return true;
      }),
    readTable: async (id) => {
      const known = codec.known(id);
      const held = codec.held(id, known);
      const r = await pool.query<ReadRow>(READ_TABLE_SQL, [id, known]);
      const row = r.rows[0];
      return row === undefined ? undefined : toRow(id, row, held).row;
    },
    withTable: async (id, change, options) => {
      const key = options?.answerKey ?? null;
      // Optimistic first: read, run the pure change, then ONE statement that writes the
      // document only if its version is still the one read, with its events and the wake-up —
      // two round trips and no transaction held open across the change, each shared with the
      // other changes waiting at that moment (batched-statement.ts). A lost race (another process wrote
      // first, or is writing) runs the change again on the fresh row, which is why changes
      // must be pure; after OPTIMISTIC_TRIES lost races the locked path queues behind the lock.
      // The base held when the read is asked goes with it: a change of this process may hold a
      // newer one by the time the answer comes, and the answer skips the base only if it is this.
      for (let attempt = 0; attempt < OPTIMISTIC_TRIES; attempt++) {
        const known = codec.known(id);
        const held = codec.held(id, known);
        const found = await readBatched({ id, key, known });
        if (found === undefined) return { found: false as const };
        const { row, cold } = withAnswer(id, found, held);
        const c = change(row);
        if (c.next === null) return { found: true as const, value: c.result, version: row.version };
        const d = codec.write(c.next, cold);
        if (await writeBatched(toWrite(id, row.version, d, c))) {
          codec.written(id, row.version + 1, d);
          return { found: true as const, value: c.result, version: row.version + 1 };
        }
      }
      const locked = await inTransaction(pool, async (client) => {
        const known = codec.known(id);
        const held = codec.held(id, known);
        const r = await client.query<Loaded>(`${READ_SQL} FOR UPDATE OF t`, [[id], [key], [known]]);
        const found = r.rows[0];
        if (found === undefined) return { found: false as const };
        const { row, cold } = withAnswer(id, found, held);
        const c = change(row);
        if (c.next === null) {
          return { found: true as const, value: c.result, version: row.version, d: undefined };
        }
        const d = codec.write(c.next, cold);
        const w = await client.query(
          WRITE_SQL,
          writeParameters([toWrite(id, row.version, d, c)], now()),
        );
        if (w.rowCount !== 1) throw new Error('table changed inside its own transaction');
        return { found: true as const, value: c.result, version: row.version + 1, d };
      });
      if (!locked.found) return locked;
      // Held only once committed (a rolled-back base would stand for another process's).
      if (locked.d !== undefined) codec.written(id, locked.version, locked.d);
      return { found: true as const, value: locked.value, version: locked.version };
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
        pool.query<{
          audience: string;
          id: string;
          type: string;
          data: string;
          version: string | null;
          public: string | null;
        }>(
          `SELECT e.audience, e.id, e.type, e.data, e.version, p.body AS public
           FROM fd_table_events AS e
           LEFT JOIN fd_event_public AS p ON p.table_id = e.table_id AND p.version = e.version
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
        events: page.rows.map((e): StoredEvent => {
          // No version: stored before schema step 5, whole. A version whose public part is gone
          // is refused rather than shown as if the audience's part were the whole event.
          if (e.version !== null && e.public === null) {
            throw new Error(`the public part of event ${e.audience}/${e.id} is missing`);
          }
          return {
            audience: e.audience,
            id: Number(e.id),
            type: e.type,
            data: e.data,
            public: e.public,
          };
        }),
        oldest: m === null ? 0 : Number(m),
      };
    },
    readTokenGenerations: async (id) => {
      const r = await pool.query<{ token_generations: string }>(
        'SELECT token_generations FROM fd_tables WHERE id = $1',
        [id],
      );
      const row = r.rows[0];
      return row === undefined
        ? undefined
        : (JSON.parse(row.token_generations) as TokenGenerations);
    },
    createTicket: async (hash, tableId, audience, expiresAt, generation) => {
      await pool.query('DELETE FROM fd_stream_tickets WHERE expires_at < $1', [now()]);
      await pool.query(
        'INSERT INTO fd_stream_tickets (hash, table_id, audience, expires_at, generation) VALUES ($1, $2, $3, $4, $5)',
        [hash, tableId, audience, expiresAt, generation],
      );
    },
    consumeTicket: async (hash, at) => {
      // DELETE … RETURNING is atomic: of two concurrent calls, one deletes the row, one finds none.
      const r = await pool.query<{
        table_id: string;
        audience: string;
        expires_at: string;
        generation: string;
      }>(
        'DELETE FROM fd_stream_tickets WHERE hash = $1 RETURNING table_id, audience, expires_at, generation',
        [hash],
      );
      const row = r.rows[0];
      if (row === undefined || Number(row.expires_at) < at) return undefined;
      return { tableId: row.table_id, audience: row.audience, generation: Number(row.generation) };
    },
    dropTickets: async (tableId, audience) => {
      await pool.query('DELETE FROM fd_stream_tickets WHERE table_id = $1 AND audience = $2', [
        tableId,
        audience,
      ]);
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
      // Public parts no stored event refers to any more (one still being written by a
      // concurrent change is not visible here, so it is not taken).
      await pool.query(
        `DELETE FROM fd_event_public WHERE table_id = $1 AND version <
           coalesce((SELECT min(version) FROM fd_table_events WHERE table_id = $1), 9007199254740991)`,
        [tableId],
      );
    },
    // The purges (schema/migration-7-purges.ts): each through an index, at most `limit` rows.
    listIdleTables: async (before, limit) => {
      const r = await pool.query<{ id: string; version: string }>(POSTGRES_PURGE_SQL.idleTables, [
        before,
        limit,
      ]);
      return r.rows.map((x) => ({ id: x.id, version: Number(x.version) }));
    },
    listChangedSince: async (after, limit) => {
      const r = await pool.query<{ id: string; updated_at: string }>(
        POSTGRES_PURGE_SQL.changedSince,
        [after.updatedAt, after.id, limit],
      );
      return r.rows.map((x) => ({ id: x.id, at: { updatedAt: Number(x.updated_at), id: x.id } }));
    },
    trimEvents: (tableId, keep) =>
      inTransaction(pool, async (c) => {
        const r = await c.query(POSTGRES_PURGE_SQL.trimEvents, [tableId, keep]);
        const n = r.rowCount ?? 0;
        if (n > 0) {
          await c.query(
            `DELETE FROM fd_event_public WHERE table_id = $1 AND version <
               coalesce((SELECT min(version) FROM fd_table_events WHERE table_id = $1), 9007199254740991)`,
            [tableId],
          );
        }
        return n;
      }),
    expireAnswers: async (before, limit) => {
      const r = await pool.query(POSTGRES_PURGE_SQL.expireAnswers, [before, limit]);
      return r.rowCount ?? 0;
    },
    expireTickets: async (at, limit) => {
      const r = await pool.query(POSTGRES_PURGE_SQL.expireTickets, [at, limit]);
      return r.rowCount ?? 0;
    },
    countByPhase: async () => {
      const r = await pool.query<{ phase: string; n: string }>(
        "SELECT coalesce((doc::jsonb)->'hand'->>'phase', 'none') AS phase, count(*) AS n FROM fd_tables GROUP BY 1",
      );
      return Object.fromEntries(r.rows.map((row) => [row.phase, Number(row.n)]));
    },
    ...poolLifecycle(pool),
  };
}
