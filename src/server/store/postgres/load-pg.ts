import type * as PgModule from 'pg';
import { loadPeer } from '../../../audit/index.ts';

/**
 * Loads the optional package `pg` only when a PostgreSQL URL is configured: SQLite deployments
 * never need it (the lead's rule for app-only dependencies: optional peers, loaded lazily).
 *
 * @example
 * ```ts
 * const { Pool } = await loadPg();
 * ```
 * @throws {FairdealError} `MISSING_PEER` naming `pg` and its `npm install` when it cannot be loaded.
 */
export async function loadPg(): Promise<typeof PgModule> {
  const mod = (await loadPeer(
    'pg',
    'a PostgreSQL DATABASE_URL',
    () => import('pg'),
  )) as typeof PgModule & { default?: typeof PgModule };
  // pg is CommonJS: its classes are on the default export.
  return mod.default ?? mod;
}

/**
 * Whether a DATABASE_URL names PostgreSQL (`postgres://` or `postgresql://`).
 *
 * @example
 * ```ts
 * isPostgresUrl('postgres://u@db/fairdeal'); // true
 * ```
 * @throws never.
 */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(url);
}
