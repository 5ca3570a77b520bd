import type { Change } from './change.ts';

/**
 * Where tables live (docs/TABLES.md, "Storage"). One interface, two backends: SQLite
 * (sqlite/table-store.ts) and PostgreSQL (postgres/table-store.ts). What a table is now — seats,
 * token hashes, the encrypted fair round, the cards, the Dou Dizhu state, the last hands'
 * summaries — is one document of the type the store is opened for (`Doc`: JSON-serialisable;
 * the service keeps tables/sealed-table-doc.ts's `SealedTableDocument`) with a version number;
 * what only grows or is rarely read — events, finished hands, idempotent answers — is rows of
 * its own, written with the document.
 * Every change is a PURE, SYNCHRONOUS function of the current row: SQLite runs it inside one
 * `BEGIN IMMEDIATE` with no `await`; PostgreSQL runs it between a read and a version-checked
 * write, and runs it again when another process wrote first, so it must have no side effect.
 *
 * Events are stored rows keyed by (table, audience, id); the change function assigns the ids
 * (consecutive per audience, counters kept in the document), the store inserts them in the same
 * transaction as the document, so a reader never sees a state without its events or the reverse.
 * The events of one change share a public part, kept once for the change; each audience's row
 * keeps only what that audience alone sees ({@link ChangeEvents}).
 */

/**
 * Who an event is for: `seat:0`, `seat:1`, … or `host`. Each audience has its own id sequence
 * 1, 2, 3, … (ids are consecutive per audience, so a gap is a lost event).
 */
export type Audience = string;

/**
 * One audience's event of a change, as written: its id in that audience's sequence, its type, and
 * `data`, what this audience alone sees of the change (JSON text; for a table's `state` event,
 * tables/view-parts.ts's `PrivateView`).
 */
export interface AudienceEvent {
  readonly audience: Audience;
  readonly id: number;
  readonly type: string;
  readonly data: string;
}

/**
 * The events of one change: one per audience, all carrying the same public part, which the store
 * keeps once per change, beside each audience's own part (docs/TABLES.md, "Storage").
 */
export interface ChangeEvents {
  /** What every event of the change carries alike (JSON text; tables: `PublicStateEvent`). */
  readonly public: string;
  /** Each audience's event, with its private part. */
  readonly private: readonly AudienceEvent[];
}

/**
 * One event as read: its audience's part in `data`, and the public part of its change — or, for
 * an event stored before schema step 5 (schema/migration-5-event-parts.ts), `public: null` and the
 * whole event as it was sent in `data`.
 */
export interface StoredEvent extends AudienceEvent {
  readonly public: string | null;
}

/** A finished hand as stored: its number and its record (JSON text, tables/table-doc.ts). */
export interface StoredHand {
  readonly n: number;
  readonly record: string;
}

/**
 * What a table's change function returns: the shared {@link Change} — the new document (the
 * store bumps the version by one), or null for no change, and the result — with the rows written
 * beside the document, in the same transaction, only when it is saved.
 */
export interface TableChange<Doc, T> extends Change<Doc, T> {
  /** Events to insert with the new document (none when absent; ignored when `next` is null). */
  readonly events?: ChangeEvents;
  /** Finished hands to insert with the new document (a hand number used twice fails it all). */
  readonly hands?: readonly StoredHand[];
  /**
   * When the table next needs the sweep (tables/sweep-due.ts): ms since the epoch, null for
   * never, undefined to leave it as it was.
   */
  readonly dueAt?: number | null;
  /**
   * The credential generations to keep beside the document (audience → count; an audience
   * absent is 0), for {@link TableStore.readTokenGenerations}: undefined leaves them as they
   * were. Only a change of tokens sets them (tables/table-routes.ts).
   */
  readonly tokenGenerations?: TokenGenerations;
  /**
   * An answer to store with the change (its key must be new: a key used twice fails it all). The
   * store keeps it at least until `pruneAnswers` drops it, as a row of its own: answers are whole
   * response bodies, and kept in the document they would make every action read and write them.
   */
  readonly answer?: StoredAnswer;
}

/**
 * The answer to a request sent with an `Idempotency-Key`, stored under a hash of the key and of
 * who sent it, so that a retried request is answered again instead of acting twice.
 */
export interface StoredAnswer {
  readonly key: string;
  /**
   * SHA-256 (hex) of the request answered (tables/request-hash.ts): a retry must match it, so a
   * key reused for another request is refused instead of answered with this body.
   */
  readonly request: string;
  readonly status: number;
  readonly body: string;
}

/**
 * How many times each audience's credential (`seat:0` …, `host`) was reissued or revoked; an
 * audience absent is 0. A stream or a ticket made under one generation is dead under the next.
 */
export type TokenGenerations = Readonly<Record<Audience, number>>;

/** A stream ticket as {@link TableStore.consumeTicket} hands it back. */
export interface StreamTicket {
  readonly tableId: string;
  readonly audience: Audience;
  /** The audience's credential generation when the ticket was minted. */
  readonly generation: number;
}

/** A table as loaded. */
export interface TableRow<Doc> {
  readonly doc: Doc;
  /** 1 when created, +1 per saved change. */
  readonly version: number;
  /** The answer stored under the `answerKey` that `withTable` was asked for, if any. */
  readonly answer?: StoredAnswer;
}

/** What `readEvents` answers. */
export interface EventPage {
  /** Events with id > after, oldest first, at most `limit`. */
  readonly events: readonly StoredEvent[];
  /** The smallest id still stored for this audience (0 when none): ids below it were pruned. */
  readonly oldest: number;
}

/**
 * The table storage contract. Asynchronous at the interface, atomic per call.
 *
 * @example
 * ```ts
 * const tables: TableStore<TableDocument> = sealedTableStore(stored, box);
 * const r = await tables.withTable(id, (row) => {
 *   const next = step(row.doc, action); // pure, may throw ApiError
 *   return { next: next.doc, events: next.events, result: next.answer };
 * });
 * if (!r.found) notFound();
 * ```
 */
export interface TableStore<Doc> {
  /**
   * True when `withTable` itself wakes the channel `table:<id>` in every process at commit
   * (PostgreSQL: `pg_notify` in the write's own statement), so the caller need not notify.
   */
  readonly notifiesOnChange?: boolean;
  /**
   * Saves a new table at version 1 with its first events and its `dueAt` (see TableChange);
   * false if the id is taken. `roomCode` (a room's code as stored: its SHA-256, hex) makes the
   * table a room that {@link findRoom} finds; false too when another room holds that code.
   */
  createTable(
    id: string,
    doc: Doc,
    events?: ChangeEvents,
    dueAt?: number | null,
    roomCode?: string,
  ): Promise<boolean>;
  /** The id of the room stored under `roomCode` (as given to createTable), or undefined. */
  findRoom(roomCode: string): Promise<string | undefined>;
  /**
   * The rooms with no change since `before` (ms since the epoch: created or last changed at or
   * before it), oldest first, at most `limit`, each with its version.
   */
  listIdleRooms(
    before: number,
    limit: number,
  ): Promise<readonly { readonly id: string; readonly version: number }[]>;
  /**
   * Deletes the table and everything kept for it — events and their public parts, finished hands,
   * stored answers, stream tickets, its room code — if it is still at `version` (a change since
   * keeps it: true only when deleted). Its id is free again afterwards.
   */
  deleteTable(id: string, version: number): Promise<boolean>;
  /** Ids of tables whose `dueAt` is at or before `now`, soonest first, at most `limit`. */
  listDue(now: number, limit: number): Promise<readonly string[]>;
  /** The table as it is now, or undefined. */
  readTable(id: string): Promise<TableRow<Doc> | undefined>;
  /**
   * Loads the table, runs `change` and saves its document (version + 1) and events in ONE
   * transaction. The expected-version check (409 on stale) is the change function's job, because
   * an idempotent replay must be answered before it. An error thrown by `change` rolls everything
   * back and propagates unchanged.
   */
  withTable<T>(
    id: string,
    change: (row: TableRow<Doc>) => TableChange<Doc, T>,
    options?: { readonly answerKey?: string | undefined },
  ): Promise<{ found: true; value: T; version: number } | { found: false }>;
  /** Drops the stored answers of changes that made versions below `version`. */
  pruneAnswers(tableId: string, version: number): Promise<void>;
  /** One finished hand's record, or undefined. */
  readHand(tableId: string, n: number): Promise<string | undefined>;
  /** Finished hands with number > `after`, oldest first, at most `limit`. */
  readHands(tableId: string, after: number, limit: number): Promise<readonly StoredHand[]>;
  /** Events of one audience with id > `after`, oldest first, at most `limit`. */
  readEvents(tableId: string, audience: Audience, after: number, limit: number): Promise<EventPage>;
  /**
   * The credential generations the last change that set them stored (`{}` before any), or
   * undefined when there is no such table. Reads a few bytes, never the document: an open event
   * stream asks on every wake-up whether its credential still holds.
   */
  readTokenGenerations(tableId: string): Promise<TokenGenerations | undefined>;
  /**
   * Stores a one-use stream ticket (only its SHA-256 hash, hex) for a table and audience, valid
   * until `expiresAt` (ms since the epoch), minted under the audience's credential `generation`.
   */
  createTicket(
    hash: string,
    tableId: string,
    audience: Audience,
    expiresAt: number,
    generation: number,
  ): Promise<void>;
  /**
   * Deletes the ticket and returns what it was for, or undefined if unknown or expired (at `now`).
   * Two concurrent calls with one ticket: at most one gets it.
   */
  consumeTicket(hash: string, now: number): Promise<StreamTicket | undefined>;
  /** Deletes the unused tickets of one audience of a table (its credential was revoked). */
  dropTickets(tableId: string, audience: Audience): Promise<void>;
  /** Deletes the events of one audience of a table with id <= `upTo` (retention). */
  pruneEvents(tableId: string, audience: Audience, upTo: number): Promise<void>;
  /**
   * How many tables there are by the phase of their hand (`none`: no hand open), for
   * `/metrics`. It reads every document: call it seldom (the metrics cache it). Optional: a store
   * without it leaves the gauge out.
   */
  countByPhase?(): Promise<Record<string, number>>;
  /** Whether the store answers. */
  ping(): Promise<boolean>;
  /** Finishes: no call after this. */
  close(): Promise<void>;
}

/**
 * What the periodic purge asks of a table store (docs/DEPLOY.md, "Purges"; purge-tables.ts).
 * Every call finds its rows through an index (schema/migration-7-purges.ts) and takes at most
 * `limit` of them, so one run costs the same however much is stored.
 *
 * @example
 * ```ts
 * const idle = await tables.listIdleTables(Date.now() - 30 * 86_400_000, 100);
 * for (const t of idle) await tables.deleteTable(t.id, t.version);
 * ```
 */
export interface TablePurging {
  /**
   * Every table (rooms too) with no change since `before` (created or last changed at or before
   * it), oldest first, at most `limit`, each with its version for {@link TableStore.deleteTable}.
   */
  listIdleTables(
    before: number,
    limit: number,
  ): Promise<readonly { readonly id: string; readonly version: number }[]>;
  /**
   * The tables changed after the place `after` (last change, then id), in that order, at most
   * `limit`: a cursor the purge walks to trim the events of the tables that changed.
   */
  listChangedSince(
    after: ChangeCursor,
    limit: number,
  ): Promise<readonly { readonly id: string; readonly at: ChangeCursor }[]>;
  /**
   * Deletes the events of every audience of a table but that audience's last `keep`, and the
   * public parts no event refers to any more; returns how many events went. A stream resuming
   * from an id below what is kept is sent `reset` (tables/event-stream.ts).
   */
  trimEvents(tableId: string, keep: number): Promise<number>;
  /** Deletes at most `limit` stored answers written before `before`; returns how many. */
  expireAnswers(before: number, limit: number): Promise<number>;
  /** Deletes at most `limit` stream tickets expired before `now`; returns how many. */
  expireTickets(now: number, limit: number): Promise<number>;
}

/** A place in the tables' order of change: last change (ms since the epoch), then id. */
export interface ChangeCursor {
  readonly updatedAt: number;
  readonly id: string;
}
