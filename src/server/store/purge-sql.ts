// The statements of the purges (purge-tables.ts) in each dialect, in a file of their own so that
// purge-sql.test.ts can check that every one is found through an index (schema step 7), never by
// reading every row. A bounded delete selects its keys first: SQLite has no DELETE … LIMIT by
// default, and PostgreSQL none at all.

/**
 * The purge statements for SQLite (`?` parameters, in order; `?1`/`?2` where one is used twice).
 *
 * @example
 * ```ts
 * db.prepare(SQLITE_PURGE_SQL.idleTables).all(before, limit);
 * ```
 */
export const SQLITE_PURGE_SQL = Object.freeze({
  /** (before, limit): every table with no change since `before`, oldest first. */
  idleTables:
    'SELECT id, version FROM fd_tables WHERE updated_at <= ? ORDER BY updated_at, id LIMIT ?',
  /** (updatedAt, updatedAt, id, limit): the tables changed after the cursor. */
  changedSince: `SELECT id, updated_at FROM fd_tables
    WHERE updated_at >= ? AND (updated_at > ? OR id > ?) ORDER BY updated_at, id LIMIT ?`,
  /** (table, keep): per audience, every event below its newest `keep` (the primary key finds each max). */
  trimEvents: `DELETE FROM fd_table_events WHERE table_id = ?1 AND id <= (
      SELECT max(m.id) FROM fd_table_events AS m
      WHERE m.table_id = ?1 AND m.audience = fd_table_events.audience) - ?2`,
  /** (before, limit). */
  expireAnswers: `DELETE FROM fd_table_answers WHERE (table_id, key) IN (
      SELECT table_id, key FROM fd_table_answers WHERE created_at < ? LIMIT ?)`,
  /** (now, limit). */
  expireTickets: `DELETE FROM fd_stream_tickets WHERE hash IN (
      SELECT hash FROM fd_stream_tickets WHERE expires_at < ? LIMIT ?)`,
});

/**
 * The same statements for PostgreSQL (`$n` parameters).
 *
 * @example
 * ```ts
 * await pool.query(POSTGRES_PURGE_SQL.idleTables, [before, limit]);
 * ```
 */
export const POSTGRES_PURGE_SQL = Object.freeze({
  /** ($1 before, $2 limit). */
  idleTables:
    'SELECT id, version FROM fd_tables WHERE updated_at <= $1 ORDER BY updated_at, id LIMIT $2',
  /** ($1 updatedAt, $2 id, $3 limit). */
  changedSince: `SELECT id, updated_at FROM fd_tables WHERE updated_at >= $1 AND (updated_at > $1 OR id > $2)
    ORDER BY updated_at, id LIMIT $3`,
  /** ($1 table, $2 keep). */
  trimEvents: `DELETE FROM fd_table_events AS e WHERE e.table_id = $1 AND e.id <= (
      SELECT max(m.id) FROM fd_table_events AS m
      WHERE m.table_id = $1 AND m.audience = e.audience) - $2`,
  /** ($1 before, $2 limit). */
  expireAnswers: `DELETE FROM fd_table_answers WHERE (table_id, key) IN (
      SELECT table_id, key FROM fd_table_answers WHERE created_at < $1 LIMIT $2)`,
  /** ($1 now, $2 limit). */
  expireTickets: `DELETE FROM fd_stream_tickets WHERE hash IN (
      SELECT hash FROM fd_stream_tickets WHERE expires_at < $1 LIMIT $2)`,
});
