import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { DeckState } from '../../deck/deck-state.ts';
import type { Change } from '../change.ts';
import { checkComposition, deckStateJson } from '../composition.ts';
import type { Store } from '../store.ts';
import { migrate } from './migrate.ts';

/** SQLite's `synchronous` levels that make sense in WAL mode (docs/SERVICE.md, "Durability"). */
export type SynchronousLevel = 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA';

/** Options of {@link openSqliteStore}. */
export interface SqliteOptions {
  /** A file path, or `:memory:` for tests. Parent folders are created. */
  readonly path: string;
  /** Default NORMAL: every commit survives a crash of the process; FULL: also a power loss. */
  readonly synchronous?: SynchronousLevel;
  /** How long a writer waits for another process's lock before SQLITE_BUSY (default 5000 ms). */
  readonly busyTimeoutMs?: number;
  /** The clock for `touched_at` (tests pass their own). */
  readonly now?: () => number;
}

/**
 * A {@link Store} on node:sqlite. WAL mode (readers never block the writer); every change is one
 * `BEGIN IMMEDIATE` transaction — the write lock is taken before the read, so two processes on
 * one file cannot both read the same deck and overwrite each other — with no `await` inside
 * (DatabaseSync is synchronous, so no other request runs in the middle either).
 *
 * @example
 * ```ts
 * const store = openSqliteStore({ path: './data/fairdeal.db' });
 * ```
 * @throws {Error} if the file cannot be opened or a migration fails (nothing is half-applied).
 */
export function openSqliteStore(options: SqliteOptions): Store {
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const now = options.now ?? Date.now;
  const db = new DatabaseSync(options.path, { timeout: options.busyTimeoutMs ?? 5000 });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(`PRAGMA synchronous = ${checkLevel(options.synchronous ?? 'NORMAL')}`);
  db.exec('PRAGMA foreign_keys = ON');
  // 64 MiB of page cache (the default is 2 MiB): a busy table's working set stays in memory.
  db.exec('PRAGMA cache_size = -65536');
  migrate(db);

  const insert = db.prepare(
    'INSERT INTO decks (id, state, version, created_at, touched_at) VALUES (?, ?, 1, ?, ?) ON CONFLICT (id) DO NOTHING',
  );
  const insertCards = db.prepare('INSERT INTO deck_cards (id, cards) VALUES (?, ?)');
  const select = db.prepare('SELECT state FROM decks WHERE id = ?');
  const selectCards = db.prepare('SELECT cards FROM deck_cards WHERE id = ?');
  const update = db.prepare(
    'UPDATE decks SET state = ?, version = version + 1, touched_at = ? WHERE id = ?',
  );
  const purge = db.prepare('DELETE FROM decks WHERE touched_at < ?');
  // Prepared once: db.exec would parse these three statements on every change.
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  let closed = false;

  // Compositions as made (deck_cards) of decks in use, parsed once (a 20-deck shoe is 1,080 ids)
  // and never rewritten: a rebuilt deck keeps its new one in its state row (composition.ts).
  // Bounded by the number of ids held (1,000,000: some 30 MB), dropped wholesale when full.
  const compositions = new Map<string, readonly string[]>();
  let held = 0;
  const cardsOf = (id: string): readonly string[] => {
    let cards = compositions.get(id);
    if (cards === undefined) {
      const row = selectCards.get(id) as { cards: string } | undefined;
      cards = Object.freeze(row === undefined ? [] : (JSON.parse(row.cards) as string[]));
      if (held + cards.length > 1_000_000) {
        compositions.clear();
        held = 0;
      }
      compositions.set(id, cards);
      held += cards.length;
    }
    return cards;
  };
  const load = (id: string): DeckState | undefined => {
    const row = select.get(id) as { state: string } | undefined;
    if (row === undefined) return undefined;
    const state = JSON.parse(row.state) as StoredState;
    return { ...state, cards: state.cards ?? cardsOf(id) };
  };

  const store: Store = {
    createDeck: async (deck) => {
      const t = now();
      begin.run();
      try {
        const created =
          Number(insert.run(deck.id, deckStateJson(deck, deck.cards), t, t).changes) === 1;
        if (created) insertCards.run(deck.id, JSON.stringify(deck.cards));
        commit.run();
        return created;
      } catch (error) {
        if (db.isTransaction) rollback.run();
        throw error;
      }
    },
    readDeck: async (id) => load(id),
    withDeck: async <T>(id: string, change: (deck: DeckState) => Change<DeckState, T>) => {
      begin.run();
      try {
        const deck = load(id);
        if (deck === undefined) {
          rollback.run();
          return { found: false as const };
        }
        const { next, result } = change(deck);
        if (next !== null) {
          checkComposition(deck, next);
          update.run(deckStateJson(next, cardsOf(id)), now(), id);
        }
        commit.run();
        return { found: true as const, value: result };
      } catch (error) {
        if (db.isTransaction) rollback.run();
        throw error;
      }
    },
    purge: async (before) => {
      compositions.clear();
      held = 0;
      return Number(purge.run(before).changes);
    },
    ping: async () => !closed && select.get('') === undefined,
    close: async () => {
      if (closed) return;
      closed = true;
      // A checkpoint folds the WAL into the main file, so a clean stop leaves one file behind.
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
  return store;
}

/** A state row: DeckState without `cards`, unless the deck was rebuilt (composition.ts). */
type StoredState = Omit<DeckState, 'cards'> & { readonly cards?: readonly string[] };

function checkLevel(level: string): SynchronousLevel {
  if (level === 'OFF' || level === 'NORMAL' || level === 'FULL' || level === 'EXTRA') return level;
  throw new RangeError(`synchronous must be OFF, NORMAL, FULL or EXTRA, got ${level}`);
}
