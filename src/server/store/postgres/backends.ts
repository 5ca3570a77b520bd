import type { Notifier } from '../../notifier.ts';
import { createPgNotifier } from '../../pg-notifier.ts';
import type { DocParts } from '../doc-parts.ts';
import type { Store } from '../store.ts';
import type { TablePurging, TableStore } from '../table-store.ts';
import { openPostgresStore } from './deck-store.ts';
import { openPostgresTableStore } from './table-store.ts';

/** Everything the service keeps in PostgreSQL, opened together. */
export interface PostgresBackends<TableDoc> {
  readonly store: Store;
  readonly tables: TableStore<TableDoc> & TablePurging;
  readonly notifier: Notifier;
  /** Closes all three (the notifier first: event streams end before the pools close). */
  close(): Promise<void>;
}

/**
 * Opens the deck store, the table store and the LISTEN/NOTIFY notifier on one DATABASE_URL — the
 * one call start-up needs when the service runs on PostgreSQL. If one fails, the others are
 * closed again before the error propagates.
 *
 * @example
 * ```ts
 * const pg = await openPostgresBackends<SealedTableDocument>(config.databaseUrl);
 * createApp({ store: pg.store, tables: { store: pg.tables, notifier: pg.notifier, box }, config });
 * ```
 * @throws {Error} when `pg` is missing, the server is unreachable or a migration fails.
 */
export async function openPostgresBackends<TableDoc>(
  url: string,
  parts?: DocParts,
): Promise<PostgresBackends<TableDoc>> {
  // Deck store first and alone: it runs the migrations the table store then finds done.
  const store = await openPostgresStore({ url });
  let tables: (TableStore<TableDoc> & TablePurging) | undefined;
  try {
    tables = await openPostgresTableStore<TableDoc>({ url }, parts);
    const notifier = await createPgNotifier({ url });
    const t = tables;
    return {
      store,
      tables: t,
      notifier,
      close: async () => {
        await notifier.close();
        await Promise.all([store.close(), t.close()]);
      },
    };
  } catch (error) {
    await Promise.all([store.close(), tables?.close()]);
    throw error;
  }
}
