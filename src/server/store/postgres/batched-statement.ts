import type { Pool } from 'pg';
import { autoBatch } from './auto-batch.ts';
import { refusedByServer } from './pool.ts';

/**
 * Statements of each kind a process has in flight at once; calls that arrive while it is busy
 * wait and leave together in the next one. One gives the largest batches and the least CPU per
 * change: with two processes on the 2-core development machine, 5–7 table changes per write
 * statement at 32 actions in flight, where two in flight made 3 to 4 and cost a fifth more CPU
 * per action (`npm run bench:server -- --pg --tables`, docs/DEPLOY.md).
 */
const IN_FLIGHT = 1;

/** Items in one statement at most. */
const MAX_BATCH = 64;

/** A prepared statement: its name, its text, and its parameters for a batch of items. */
export interface BatchedStatement<I> {
  readonly name: string;
  readonly text: string;
  readonly values: (items: readonly I[]) => unknown[];
}

/**
 * A read shared by the calls waiting at that moment ({@link autoBatch}): the statement answers
 * rows carrying `n`, the item's place in the batch (1-based, `WITH ORDINALITY`); an item with no
 * row gets undefined. A failed batch reruns item by item (a read changes nothing).
 *
 * @example
 * ```ts
 * const read = batchedRead<string, Row>(pool, { name: 'r', text: READ_DECKS_SQL, values: (ids) => [ids] });
 * const row = await read('d1');
 * ```
 * @throws nothing itself; the function it returns rejects with the query's error.
 */
export function batchedRead<I, R extends { readonly n: string }>(
  pool: Pool,
  statement: BatchedStatement<I>,
): (item: I) => Promise<R | undefined> {
  return autoBatch(
    async (items: readonly I[]) => {
      const r = await pool.query<R>({
        name: statement.name,
        text: statement.text,
        values: statement.values(items),
      });
      const rows: (R | undefined)[] = items.map(() => undefined);
      for (const row of r.rows) rows[Number(row.n) - 1] = row;
      return rows;
    },
    { maxInFlight: IN_FLIGHT, maxBatch: MAX_BATCH, rerunAlone: () => true },
  );
}

/**
 * A write shared by the calls waiting at that moment ({@link autoBatch}): the statement answers
 * the ids it wrote, and each item learns whether its id is among them. Two items with one id
 * never share a statement (both would be checked against the same version: the second waits for
 * the next batch, and there loses its race, as it should). A batch the server refused was rolled
 * back, so each item runs again alone and the error stays with its own; a lost connection may
 * have committed, so its items get the error and never run again.
 *
 * @example
 * ```ts
 * const write = batchedWrite(pool, { name: 'w', text: WRITE_DECKS_SQL, values: (ws) => [...] });
 * if (!(await write({ id, state, version }))) … // lost the race
 * ```
 * @throws nothing itself; the function it returns rejects with the query's error.
 */
export function batchedWrite<I extends { readonly id: string }>(
  pool: Pool,
  statement: BatchedStatement<I>,
): (item: I) => Promise<boolean> {
  return autoBatch(
    async (items: readonly I[]) => {
      const r = await pool.query<{ id: string }>({
        name: statement.name,
        text: statement.text,
        values: statement.values(items),
      });
      const written = new Set(r.rows.map((x) => x.id));
      return items.map((w) => written.has(w.id));
    },
    { maxInFlight: IN_FLIGHT, maxBatch: MAX_BATCH, key: (w) => w.id, rerunAlone: refusedByServer },
  );
}
