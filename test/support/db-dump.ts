import { DatabaseSync } from 'node:sqlite';
import { loadPg } from '../../src/server/store/postgres/load-pg.ts';

/** Rows by table name, each row as its columns. */
export type Dump = Record<string, readonly Record<string, unknown>[]>;

/**
 * Every row of every table of a SQLite file (what a thief who copied the file reads with any
 * SQLite tool).
 *
 * @example
 * ```ts
 * const dump = dumpSqlite('/tmp/x/fairdeal.db'); // { fd_tables: [{ id: …, doc: … }], … }
 * ```
 * @throws whatever node:sqlite throws for a file that is not a database.
 */
export function dumpSqlite(file: string): Dump {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((r) => String((r as { name: string }).name));
    return Object.fromEntries(
      names.map((n) => [n, db.prepare(`SELECT * FROM "${n}"`).all() as Record<string, unknown>[]]),
    );
  } finally {
    db.close();
  }
}

/**
 * Every row of every table of the PostgreSQL database at `url` (its current schema), like
 * {@link dumpSqlite}.
 *
 * @example
 * ```ts
 * const dump = await dumpPostgres(db.url);
 * ```
 * @throws whatever node-postgres throws.
 */
export async function dumpPostgres(url: string): Promise<Dump> {
  const { Client } = await loadPg();
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const names = (
      await client.query(
        'SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
      )
    ).rows.map((r) => String((r as { tablename: string }).tablename));
    const out: Record<string, Record<string, unknown>[]> = {};
    for (const n of names) out[n] = (await client.query(`SELECT * FROM "${n}"`)).rows;
    return out;
  } finally {
    await client.end();
  }
}
