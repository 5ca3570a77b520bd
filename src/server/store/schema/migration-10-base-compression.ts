/**
 * Schema step 10, PostgreSQL only: the table bases (`fd_table_bases.base`, step 9) are
 * compressed with lz4 where the server has it, and ANALYZE gathers no statistics on them — as
 * step 3 did for the documents, events, hands and answers. A base is 4–13 KB of JSON written by
 * every commit, reveal and hand end; PostgreSQL compresses a value that large before it stores
 * it, and with the default pglz that was a tenth of the fair Dou Dizhu table bench's
 * throughput: 1,358–1,417 actions/s with pglz, 1,567–1,574 with lz4, in alternate runs on one
 * cluster (docs/BENCHMARKS.md, "Whole fair Dou Dizhu hands"). Bases already stored keep their
 * compression until their next write. Nothing changes in SQLite, which does not compress.
 */
export const MIGRATION_10_BASE_COMPRESSION = {
  version: 10,
  sql: '',
  postgres: `
    ALTER TABLE fd_table_bases ALTER COLUMN base SET STATISTICS 0;
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_settings
                 WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
        ALTER TABLE fd_table_bases ALTER COLUMN base SET COMPRESSION lz4;
      END IF;
    END
    $$;
  `,
} as const;
