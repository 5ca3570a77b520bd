import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { DeckState } from '../../deck/deck-state.ts';
import { BaseCache } from '../base-cache.ts';
import type { Change } from '../change.ts';
import { checkComposition, deckStateJson } from '../composition.ts';
import { type DeckBase, deckAt, parseBase } from '../deck-base.ts';
import { drawnOffTop } from '../drawn-off-top.ts';
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
    'INSERT INTO decks (id, version, created_at, touched_at, base_version, dealt) VALUES (?, 1, ?, ?, 1, 0) ON CONFLICT (id) DO NOTHING',
  );
  const insertBase = db.prepare('INSERT INTO deck_bases (id, state) VALUES (?, ?)');
  const insertCards = db.prepare('INSERT INTO deck_cards (id, cards) VALUES (?, ?)');
  const selectHead = db.prepare('SELECT version, base_version, dealt FROM decks WHERE id = ?');
  const selectBase = db.prepare(
    'SELECT b.state, c.cards FROM deck_bases b JOIN deck_cards c ON c.id = b.id WHERE b.id = ?',
  );
  // A draw: the count and the version, on a row of a few dozen bytes (migration-8-deck-bases.ts).
  const updateDealt = db.prepare(
    'UPDATE decks SET dealt = ?, version = version + 1, touched_at = ? WHERE id = ?',
  );
  // Any other change: a new base, at the version this change makes.
  const updateBase = db.prepare('UPDATE deck_bases SET state = ? WHERE id = ?');
  const updateHead = db.prepare(
    'UPDATE decks SET base_version = version + 1, dealt = 0, version = version + 1, touched_at = ? WHERE id = ?',
  );
  const purge = db.prepare('DELETE FROM decks WHERE touched_at < ?');
  // Prepared once: db.exec would parse these three statements on every change.
  const begin = db.prepare('BEGIN IMMEDIATE');
  // A read's two statements in one snapshot: another process's change between them would pair
  // its new base with the old count of cards dealt.
  const beginRead = db.prepare('BEGIN');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  let closed = false;

  // Bases parsed once per version (base-cache.ts): a draw reads three numbers, not its deck.
  const bases = new BaseCache();
  const load = (id: string): Loaded | undefined => {
    const head = selectHead.get(id) as Head | undefined;
    if (head === undefined) return undefined;
    let base = bases.get(id, head.base_version);
    if (base === undefined) {
      const row = selectBase.get(id) as { state: string; cards: string } | undefined;
      if (row === undefined) throw new Error(`deck ${id} has no base row`);
      base = bases.put(id, parseBase(head.base_version, row.state, row.cards));
    }
    return { deck: deckAt(base, head.dealt), base, version: head.version, dealt: head.dealt };
  };

  const store: Store = {
    createDeck: async (deck) => {
      const t = now();
      begin.run();
      try {
        const created = Number(insert.run(deck.id, t, t).changes) === 1;
        if (created) {
          insertBase.run(deck.id, deckStateJson(deck, deck.cards));
          insertCards.run(deck.id, JSON.stringify(deck.cards));
          bases.put(deck.id, { version: 1, asMade: deck.cards, deck });
        }
        commit.run();
        return created;
      } catch (error) {
        if (db.isTransaction) rollback.run();
        throw error;
      }
    },
    readDeck: async (id) => {
      beginRead.run();
      try {
        return load(id)?.deck;
      } finally {
        commit.run();
      }
    },
    withDeck: async <T>(id: string, change: (deck: DeckState) => Change<DeckState, T>) => {
      begin.run();
      try {
        const loaded = load(id);
        if (loaded === undefined) {
          rollback.run();
          return { found: false as const };
        }
        const { deck, base } = loaded;
        const { next, result } = change(deck);
        if (next !== null) {
          checkComposition(deck, next);
          const drawn = drawnOffTop(deck, next);
          if (drawn !== undefined) {
            updateDealt.run(loaded.dealt + drawn, now(), id);
          } else {
            updateBase.run(deckStateJson(next, base.asMade), id);
            updateHead.run(now(), id);
            const version = loaded.version + 1;
            bases.put(id, { version, asMade: base.asMade, deck: next });
          }
        }
        commit.run();
        return { found: true as const, value: result };
      } catch (error) {
        if (db.isTransaction) rollback.run();
        throw error;
      }
    },
    purge: async (before) => {
      bases.clear();
      return Number(purge.run(before).changes);
    },
    ping: async () => !closed && selectHead.get('') === undefined,
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

/** A deck as read in a change: its state, its base, its version and the cards dealt since. */
interface Loaded {
  readonly deck: DeckState;
  readonly base: DeckBase;
  readonly version: number;
  readonly dealt: number;
}

/** A deck's row in `decks` (schema/migration-8-deck-bases.ts). */
interface Head {
  readonly version: number;
  readonly base_version: number;
  readonly dealt: number;
}

function checkLevel(level: string): SynchronousLevel {
  if (level === 'OFF' || level === 'NORMAL' || level === 'FULL' || level === 'EXTRA') return level;
  throw new RangeError(`synchronous must be OFF, NORMAL, FULL or EXTRA, got ${level}`);
}
