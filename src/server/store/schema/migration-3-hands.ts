/**
 * Schema step 3: finished hands and idempotent answers become rows of their own, a table's next
 * deadline a column, and the text the events of one change share is stored once
 * (until schema step 5, migration-5-event-parts.ts). Until now a table's document kept every
 * finished hand's whole record (transcript, log, score) in `history`, so the document that every
 * action reads and rewrites grew by ~5 kB a hand. The records move to `fd_table_hands`; the
 * document keeps a short summary per hand (tables/table-doc.ts, `HandSummary`).
 *
 * `due_at` is when the hand in play may be dealt without the seats that have not revealed (ms
 * since the epoch; NULL when no hand waits): the service's sweep finds such tables through the
 * partial index without reading any document (tables/sweep-due.ts).
 *
 * The move of existing data needs each dialect's JSON functions, so this step carries its
 * PostgreSQL text beside the SQLite one (postgres/migrate.ts uses it instead of translating).
 * PostgreSQL reads the records with the `json` type, which keeps their text as it was (`jsonb`
 * would reorder the transcript's keys).
 */
export const MIGRATION_3_HANDS = {
  version: 3,
  sql: `
    CREATE TABLE fd_table_hands (
      table_id TEXT NOT NULL REFERENCES fd_tables (id) ON DELETE CASCADE,
      n INTEGER NOT NULL,           -- the hand's number at its table
      record TEXT NOT NULL,         -- the finished hand, public (JSON: transcript, log, score)
      PRIMARY KEY (table_id, n)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE fd_event_bodies (
      table_id TEXT NOT NULL REFERENCES fd_tables (id) ON DELETE CASCADE,
      version INTEGER NOT NULL,     -- the table version whose change sent these events
      prefix TEXT NOT NULL,         -- what every event of that change starts with …
      suffix TEXT NOT NULL,         -- … and ends with
      PRIMARY KEY (table_id, version)
    ) STRICT, WITHOUT ROWID;
    -- The fd_event_bodies version holding the rest of this event (prefix || data || suffix);
    -- NULL: data is the whole event.
    ALTER TABLE fd_table_events ADD COLUMN body INTEGER;
    CREATE TABLE fd_table_answers (
      table_id TEXT NOT NULL REFERENCES fd_tables (id) ON DELETE CASCADE,
      key TEXT NOT NULL,            -- SHA-256 (hex) of the sender's token hash and Idempotency-Key
      version INTEGER NOT NULL,     -- the table version the answered change made
      status INTEGER NOT NULL,
      body TEXT NOT NULL,           -- the answer as sent (already projected for its sender)
      PRIMARY KEY (table_id, key)
    ) STRICT, WITHOUT ROWID;
    ALTER TABLE fd_tables ADD COLUMN due_at INTEGER;
    CREATE INDEX fd_tables_due ON fd_tables (due_at) WHERE due_at IS NOT NULL;
    UPDATE fd_tables SET due_at = doc ->> '$.hand.deadline'
    WHERE doc ->> '$.hand.phase' IN ('committing', 'revealing');
    INSERT INTO fd_table_hands (table_id, n, record)
      SELECT t.id, h.value ->> '$.n', h.value
      FROM fd_tables AS t, json_each(t.doc, '$.history') AS h;
    UPDATE fd_tables SET doc = json_set(doc, '$.history', (
      SELECT json_group_array(json_object(
        'n', h.value ->> '$.n',
        'transcriptHash', h.value ->> '$.transcriptHash',
        'missing', json(h.value -> '$.missing'),
        'score', json(h.value -> '$.score')) ORDER BY h.key)
      FROM json_each(fd_tables.doc, '$.history') AS h))
    WHERE json_array_length(doc, '$.history') > 0;
  `,
  postgres: `
    CREATE TABLE fd_table_hands (
      table_id TEXT NOT NULL REFERENCES fd_tables (id) ON DELETE CASCADE,
      n BIGINT NOT NULL,
      record TEXT NOT NULL,
      PRIMARY KEY (table_id, n)
    );
    CREATE TABLE fd_event_bodies (
      table_id TEXT NOT NULL REFERENCES fd_tables (id) ON DELETE CASCADE,
      version BIGINT NOT NULL,
      prefix TEXT NOT NULL,
      suffix TEXT NOT NULL,
      PRIMARY KEY (table_id, version)
    );
    ALTER TABLE fd_table_events ADD COLUMN body BIGINT;
    CREATE TABLE fd_table_answers (
      table_id TEXT NOT NULL REFERENCES fd_tables (id) ON DELETE CASCADE,
      key TEXT NOT NULL,
      version BIGINT NOT NULL,
      status BIGINT NOT NULL,
      body TEXT NOT NULL,
      PRIMARY KEY (table_id, key)
    );
    ALTER TABLE fd_tables ADD COLUMN due_at BIGINT;
    CREATE INDEX fd_tables_due ON fd_tables (due_at) WHERE due_at IS NOT NULL;
    UPDATE fd_tables SET due_at = (doc::json -> 'hand' ->> 'deadline')::bigint
    WHERE doc::json -> 'hand' ->> 'phase' IN ('committing', 'revealing');
    INSERT INTO fd_table_hands (table_id, n, record)
      SELECT t.id, (h.value ->> 'n')::bigint, h.value::text
      FROM fd_tables AS t, json_array_elements(t.doc::json -> 'history') AS h;
    UPDATE fd_tables SET doc = jsonb_set(doc::jsonb, '{history}', (
      SELECT coalesce(jsonb_agg(jsonb_build_object(
        'n', h.value -> 'n',
        'transcriptHash', h.value -> 'transcriptHash',
        'missing', h.value -> 'missing',
        'score', h.value -> 'score') ORDER BY h.ord), '[]'::jsonb)
      FROM jsonb_array_elements(fd_tables.doc::jsonb -> 'history') WITH ORDINALITY AS h (value, ord)))::text
    WHERE jsonb_array_length(doc::jsonb -> 'history') > 0;
    -- The JSON columns are never searched: ANALYZE need not gather statistics on them (it read
    -- and sorted every sampled document, a third of the server's CPU under the table bench), and
    -- lz4, where the server has it, compresses a document rewritten by every action several
    -- times faster than the default pglz.
    ALTER TABLE fd_tables ALTER COLUMN doc SET STATISTICS 0;
    ALTER TABLE fd_table_events ALTER COLUMN data SET STATISTICS 0;
    ALTER TABLE fd_table_hands ALTER COLUMN record SET STATISTICS 0;
    ALTER TABLE fd_event_bodies ALTER COLUMN prefix SET STATISTICS 0;
    ALTER TABLE fd_event_bodies ALTER COLUMN suffix SET STATISTICS 0;
    ALTER TABLE fd_table_answers ALTER COLUMN body SET STATISTICS 0;
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_settings
                 WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
        ALTER TABLE fd_tables ALTER COLUMN doc SET COMPRESSION lz4;
        ALTER TABLE fd_table_events ALTER COLUMN data SET COMPRESSION lz4;
        ALTER TABLE fd_table_hands ALTER COLUMN record SET COMPRESSION lz4;
        ALTER TABLE fd_event_bodies ALTER COLUMN prefix SET COMPRESSION lz4;
        ALTER TABLE fd_event_bodies ALTER COLUMN suffix SET COMPRESSION lz4;
        ALTER TABLE fd_table_answers ALTER COLUMN body SET COMPRESSION lz4;
      END IF;
    END
    $$;
  `,
} as const;
