/**
 * Schema step 4: revocation that reaches what was handed out before it, and Idempotency-Keys
 * bound to their request.
 *
 * - `fd_tables.token_generations`: per audience (`seat:0` …, `host`), how many times its token
 *   was reissued or revoked (JSON object; an audience absent is 0). The document holds the same
 *   counters (tables/table-doc.ts); this copy exists so that an open event stream, which checks
 *   its credential on every wake-up, reads a few bytes instead of the whole document.
 * - `fd_stream_tickets.generation`: the generation a ticket was minted under; a ticket from before
 *   a revocation is refused even within its 30 s. The tickets minted before this step recorded
 *   none, so they are dropped: they live 30 s, and a client asks for another.
 * - `fd_table_answers.request`: the SHA-256 of the request an answer was for, so a key reused for
 *   another request is refused (422) instead of answered with the first request's answer. The
 *   answers stored before this step have none, so they are dropped: a retry sent across the
 *   upgrade carries the version its first attempt changed, and is refused with 409
 *   STALE_VERSION — never acted on twice.
 *
 * The defaults fill the existing rows (SQLite adds a NOT NULL column only with one); the code
 * always writes the columns.
 */
export const MIGRATION_4_CREDENTIALS = {
  version: 4,
  sql: `
    ALTER TABLE fd_tables ADD COLUMN token_generations TEXT NOT NULL DEFAULT '{}';
    DELETE FROM fd_stream_tickets;
    ALTER TABLE fd_stream_tickets ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;
    -- Tickets are dropped by the host's revocation: found by table and audience.
    CREATE INDEX fd_stream_tickets_audience ON fd_stream_tickets (table_id, audience);
    DELETE FROM fd_table_answers;
    ALTER TABLE fd_table_answers ADD COLUMN request TEXT NOT NULL DEFAULT '';
  `,
} as const;
