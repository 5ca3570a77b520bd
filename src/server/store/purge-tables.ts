import type { ChangeCursor, TablePurging, TableStore } from './table-store.ts';

/** The purge's schedule (docs/DEPLOY.md, "Purges"); times are ms since the epoch or ms. */
export interface TablePurgeOptions {
  readonly now: number;
  /** A table with no change this long is deleted with all it keeps; 0: tables are kept forever. */
  readonly tableIdleMs: number;
  /** A stored idempotent answer is deleted this long after it was written. */
  readonly answerMs: number;
  /** Events kept per audience of a table that changed: the resume window. */
  readonly keepEvents: number;
  /** Rows of each kind taken per run at most (tables, tables trimmed, answers, tickets). */
  readonly limit: number;
  /** Where the last run stopped walking the changed tables (start: the epoch). */
  readonly cursor: ChangeCursor;
  /** Told each table deleted (SQLite: to wake its streams, which then end with `closed`). */
  readonly onDeleted?: (id: string) => Promise<void> | void;
}

/** What one run did, and where the next run walks the changed tables from. */
export interface TablePurgeResult {
  readonly tables: number;
  readonly events: number;
  readonly answers: number;
  readonly tickets: number;
  readonly cursor: ChangeCursor;
}

/** The epoch: a cursor before every table. */
export const START_CURSOR: ChangeCursor = Object.freeze({ updatedAt: 0, id: '' });

/**
 * One run of the tables' purge, bounded by `limit` per kind and found through indexes
 * (schema/migration-7-purges.ts), so a run costs the same whatever is stored:
 *
 * - every table (a room too) with no change for `tableIdleMs` is deleted with its events, hands,
 *   answers and tickets, at the version it was listed at (a change meanwhile keeps it);
 * - the tables changed since the last run (a cursor over their last change) keep only the last
 *   `keepEvents` events per audience — the routes trim on their own every 100 versions, but a
 *   table moved by the sweep (bots, clocks) may skip that; a client resuming from an older id
 *   gets `reset` with a fresh view (tables/event-stream.ts);
 * - stored idempotent answers older than `answerMs`, and expired stream tickets, are deleted.
 *
 * @example
 * ```ts
 * let cursor = START_CURSOR;
 * const r = await purgeTables(tables, { now: Date.now(), tableIdleMs: 30 * 86_400_000,
 *   answerMs: 86_400_000, keepEvents: 1000, limit: 1000, cursor });
 * cursor = r.cursor;
 * ```
 * @throws whatever the store throws (what was done before stays done).
 */
export async function purgeTables(
  tables: TableStore<unknown> & TablePurging,
  o: TablePurgeOptions,
): Promise<TablePurgeResult> {
  let deleted = 0;
  if (o.tableIdleMs > 0) {
    for (const t of await tables.listIdleTables(o.now - o.tableIdleMs, o.limit)) {
      if (!(await tables.deleteTable(t.id, t.version))) continue;
      deleted++;
      await o.onDeleted?.(t.id);
    }
  }
  let events = 0;
  let cursor = o.cursor;
  for (const t of await tables.listChangedSince(o.cursor, o.limit)) {
    events += await tables.trimEvents(t.id, o.keepEvents);
    cursor = t.at;
  }
  const answers = await tables.expireAnswers(o.now - o.answerMs, o.limit);
  const tickets = await tables.expireTickets(o.now, o.limit);
  return { tables: deleted, events, answers, tickets, cursor };
}
