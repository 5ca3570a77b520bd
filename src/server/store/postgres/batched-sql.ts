// The batched statements of the PostgreSQL stores — a table change's read and write
// (table-store.ts) and a deck change’s (deck-store.ts) — in a file of their own so that
// batched-sql.test.ts can check the plans PostgreSQL keeps for them.

/**
 * Tables' rows, with the answer stored under each one's key (NULL: none asked), for a batch of
 * (id, key, the base version the caller holds parsed: -1 for none) triples ($1–$3): the
 * document, its version, its base's version, and the base only where the caller's is not the
 * stored one (schema/migration-9-table-bases.ts). `n` is the triple's place in the batch
 * (1-based). A missing table has no row. `t.id = ANY ($1)` (here and in WRITE_SQL) is what keeps the plan on the primary key:
 * PostgreSQL plans a prepared statement once for any array, guesses 10 to 100 elements for an
 * `unnest`, and with a few thousand tables then preferred a hash join over a scan of all of
 * them; for `= ANY (array)` it takes the index.
 */
export const READ_SQL = `SELECT q.n, t.doc, t.version, t.base_version, b.base, a.key AS a_key,
    a.request AS a_request, a.status AS a_status, a.body AS a_body
  FROM unnest($1::text[], $2::text[], $3::bigint[]) WITH ORDINALITY AS q (id, key, known, n)
  JOIN fd_tables AS t ON t.id = q.id
  LEFT JOIN fd_table_bases AS b ON b.table_id = t.id AND t.base_version <> q.known
  LEFT JOIN fd_table_answers AS a ON a.table_id = t.id AND a.key = q.key
  WHERE t.id = ANY ($1::text[])`;

/** One table's row and its base, unless the caller holds that base ($2: its version, -1: none). */
export const READ_TABLE_SQL = `SELECT t.doc, t.version, t.base_version, b.base FROM fd_tables AS t
  LEFT JOIN fd_table_bases AS b ON b.table_id = t.id AND t.base_version <> $2
  WHERE t.id = $1`;

/**
 * The write of a batch of changes to different tables, as one statement (one implicit
 * transaction, one commit): each document, if its version is still the one its change read,
 * and its new base where the change replaced it ($23, NULL: the stored base stays);
 * its credential generations where the change sets them ($7, NULL: kept); its answer, its events
 * (the public part once per change, $8–$9; each audience's part, $10–$14) and its finished hands,
 * only if the document was written; and `pg_notify` on each written table's channel (delivered
 * at commit to every listening process, this one included). Answers one row per written table.
 *
 * The rows are locked with SKIP LOCKED: a table that another transaction is writing right now
 * is left out, like a lost race (its change reruns on the fresh row), so a batch never waits
 * for a lock it cannot get and two batches that hold each other's tables cannot deadlock. A
 * row locked by this same transaction (the locked path below) is not skipped.
 */
export const WRITE_SQL = `WITH q AS (
    SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::boolean[], $5::bigint[],
      $7::text[], $23::text[]) AS q (id, v, doc, set_due, due, gens, base)
  ), l AS (
    SELECT t.id FROM fd_tables AS t JOIN q ON t.id = q.id AND t.version = q.v
    WHERE t.id = ANY ($1::text[])
    FOR UPDATE OF t SKIP LOCKED
  ), u AS (
    UPDATE fd_tables AS t SET doc = q.doc, version = q.v + 1, updated_at = $6,
      base_version = CASE WHEN q.base IS NULL THEN t.base_version ELSE q.v + 1 END,
      due_at = CASE WHEN q.set_due THEN q.due ELSE t.due_at END,
      token_generations = coalesce(q.gens, t.token_generations)
    FROM q WHERE t.id = q.id AND t.id = ANY ($1::text[]) AND t.id IN (SELECT id FROM l)
    RETURNING t.id, t.version
  ), b AS (
    INSERT INTO fd_table_bases (table_id, base)
    SELECT u.id, q.base FROM u JOIN q ON q.id = u.id WHERE q.base IS NOT NULL
    ON CONFLICT (table_id) DO UPDATE SET base = excluded.base
  ), p AS (
    INSERT INTO fd_event_public (table_id, version, body)
    SELECT u.id, u.version, x.b FROM unnest($8::text[], $9::text[]) AS x (id, b)
      JOIN u ON u.id = x.id
  ), e AS (
    INSERT INTO fd_table_events (table_id, audience, id, type, data, version)
    SELECT u.id, x.a, x.i, x.t, x.d, u.version
    FROM unnest($10::text[], $11::text[], $12::bigint[], $13::text[], $14::text[])
      AS x (id, a, i, t, d) JOIN u ON u.id = x.id
  ), k AS (
    INSERT INTO fd_table_answers (table_id, key, version, request, status, body, created_at)
    SELECT u.id, x.k, u.version, x.r, x.s, x.b, $6
    FROM unnest($15::text[], $16::text[], $17::text[], $18::bigint[], $19::text[])
      AS x (id, k, r, s, b) JOIN u ON u.id = x.id
  ), h AS (
    INSERT INTO fd_table_hands (table_id, n, record)
    SELECT u.id, x.n, x.r FROM unnest($20::text[], $21::bigint[], $22::text[]) AS x (id, n, r)
      JOIN u ON u.id = x.id
  )
  SELECT u.id, pg_notify('table:' || u.id, '') AS woken FROM u`;

/**
 * Decks' rows for a batch of (id, the base version the caller holds parsed, -1 for none) pairs
 * ($1, $2): the version, the base's version and the cards dealt since (migration-8-deck-bases.ts),
 * and the base and the composition as made only where the caller's is not the stored one — a
 * draw from a deck in use reads three numbers, not its cards. `n`: the pair's place (1-based).
 */
export const READ_DECKS_SQL = `SELECT q.n, d.version, d.base_version, d.dealt, b.state, c.cards
  FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS q (id, known, n)
  JOIN decks AS d ON d.id = q.id
  LEFT JOIN deck_bases AS b ON b.id = d.id AND d.base_version <> q.known
  LEFT JOIN deck_cards AS c ON c.id = d.id AND d.base_version <> q.known
  WHERE d.id = ANY ($1::text[])`;

/**
 * The changes of a batch of decks, each written only if its version is still the one read: a
 * draw ($4 NULL) sets the cards dealt since the base ($3); any other change writes its new base
 * ($4), at the version it makes, with none dealt. Rows that another transaction holds are skipped
 * (a lost race: the change reruns under the row lock) so that batches never wait for each other
 * and cannot deadlock. Answers the written ids. `= ANY` keeps the plan on the primary key
 * (READ_SQL says why).
 */
export const WRITE_DECKS_SQL = `WITH q AS (
    SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[])
      AS q (id, v, dealt, state)
  ), l AS (
    SELECT d.id FROM decks AS d JOIN q ON d.id = q.id AND d.version = q.v
    WHERE d.id = ANY ($1::text[])
    FOR UPDATE OF d SKIP LOCKED
  ), u AS (
    UPDATE decks AS d SET version = q.v + 1, touched_at = $5, dealt = q.dealt,
      base_version = CASE WHEN q.state IS NULL THEN d.base_version ELSE q.v + 1 END
    FROM q WHERE d.id = q.id AND d.id = ANY ($1::text[]) AND d.id IN (SELECT id FROM l)
    RETURNING d.id
  ), b AS (
    UPDATE deck_bases AS b SET state = q.state
    FROM q WHERE b.id = q.id AND q.state IS NOT NULL AND b.id IN (SELECT id FROM u)
  )
  SELECT id FROM u`;

/**
 * New decks, each with its base and its composition, as one statement: those are written only
 * when the deck row was (a taken id inserts nothing), so each is atomic without a transaction.
 * Answers the ids made.
 */
export const INSERT_DECKS_SQL = `WITH d AS (
    INSERT INTO decks (id, version, created_at, touched_at, base_version, dealt)
    SELECT x.id, 1, $4, $4, 1, 0 FROM unnest($1::text[]) AS x (id)
    ON CONFLICT (id) DO NOTHING RETURNING id
  ), b AS (
    INSERT INTO deck_bases (id, state)
    SELECT d.id, x.state FROM unnest($1::text[], $3::text[]) AS x (id, state) JOIN d ON d.id = x.id
  ), c AS (
    INSERT INTO deck_cards (id, cards)
    SELECT d.id, x.cards FROM unnest($1::text[], $2::text[]) AS x (id, cards) JOIN d ON d.id = x.id
  )
  SELECT id FROM d`;
