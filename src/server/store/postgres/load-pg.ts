import type * as PgModule from 'pg';

/**
 * Loads the optional package `pg` only when a PostgreSQL URL is configured: SQLite deployments
 * never need it (the lead's rule for app-only dependencies: optional peers, loaded lazily).
 *
 * @example
 * ```ts
 * const { Pool } = await loadPg();
 * ```
 * @throws {Error} with one line saying what to install when `pg` is missing.
 */
export async function loadPg(): Promise<typeof PgModule> {
  try {
    const mod = (await import('pg')) as typeof PgModule & { default?: typeof PgModule };
    // pg is CommonJS: its classes are on the default export.
    return mod.default ?? mod;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') {
      throw new Error(
        'DATABASE_URL is a PostgreSQL URL but the package "pg" is not installed: npm install pg',
      );
    }
    throw error;
  }
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
