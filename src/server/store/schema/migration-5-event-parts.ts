/**
 * Schema step 5: an event is kept as the parts it is made of (store/table-store.ts,
 * `ChangeEvents`): the public part of a change, once, in `fd_event_public`, and each audience's
 * private part in its `fd_table_events` row, whose `version` names the change. Until now the
 * events of one change were stored whole but for the longest text they all began and ended with
 * (`fd_event_bodies`, found by a text diff that relied on the order of the view's fields).
 *
 * The events stored before this step cannot be cut into their parts here: their own parts are
 * sealed (tables/sealed-table-store.ts) with a key the database does not hold. So each is folded
 * back into its whole text, as it was sent, and kept with no `version`: the store reads such a
 * row as a whole event (`public: null`), and retention takes them away with time.
 *
 * The column `body` (the `fd_event_bodies` row holding the rest of an event) becomes `version`
 * (the `fd_event_public` row holding its public part); PostgreSQL's text is its own, for the
 * UPDATE … FROM and the settings of the new column (as step 3's).
 */
export const MIGRATION_5_EVENT_PARTS = {
  version: 5,
  sql: `
    UPDATE fd_table_events SET body = NULL, data = (
      SELECT b.prefix || fd_table_events.data || b.suffix FROM fd_event_bodies AS b
      WHERE b.table_id = fd_table_events.table_id AND b.version = fd_table_events.body)
    WHERE body IS NOT NULL AND EXISTS (
      SELECT 1 FROM fd_event_bodies AS b
      WHERE b.table_id = fd_table_events.table_id AND b.version = fd_table_events.body);
    -- An event whose shared text was lost (never written by fairdeal) keeps what it has.
    UPDATE fd_table_events SET body = NULL WHERE body IS NOT NULL;
    DROP TABLE fd_event_bodies;
    -- NULL: data is the whole event, stored before this step; else data is the audience's
    -- private part, and fd_event_public (table_id, version) the public part of its change.
    ALTER TABLE fd_table_events RENAME COLUMN body TO version;
    CREATE TABLE fd_event_public (
      table_id TEXT NOT NULL REFERENCES fd_tables (id) ON DELETE CASCADE,
      version INTEGER NOT NULL,     -- the table version whose change sent these events
      body TEXT NOT NULL,           -- what every event of that change carries alike (JSON)
      PRIMARY KEY (table_id, version)
    ) STRICT, WITHOUT ROWID;
  `,
  postgres: `
    UPDATE fd_table_events AS e SET data = b.prefix || e.data || b.suffix, body = NULL
    FROM fd_event_bodies AS b WHERE b.table_id = e.table_id AND b.version = e.body;
    UPDATE fd_table_events SET body = NULL WHERE body IS NOT NULL;
    DROP TABLE fd_event_bodies;
    ALTER TABLE fd_table_events RENAME COLUMN body TO version;
    CREATE TABLE fd_event_public (
      table_id TEXT NOT NULL REFERENCES fd_tables (id) ON DELETE CASCADE,
      version BIGINT NOT NULL,
      body TEXT NOT NULL,
      PRIMARY KEY (table_id, version)
    );
    -- As for step 3's JSON columns: never searched, so no statistics; lz4 where the server has it.
    ALTER TABLE fd_event_public ALTER COLUMN body SET STATISTICS 0;
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_settings
                 WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
        ALTER TABLE fd_event_public ALTER COLUMN body SET COMPRESSION lz4;
      END IF;
    END
    $$;
  `,
} as const;
