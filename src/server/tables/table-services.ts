import { type RandomSource, secureRandom } from '../../index.ts';
import { ApiError } from '../deck/api-error.ts';
import type { Notifier } from '../notifier.ts';
import type { TableStore } from '../store/table-store.ts';
import type { StepContext } from './hand-flow.ts';
import { DEFAULT_ROOM_TIMES, type RoomTimes } from './room-close.ts';
import type { SealedTableDocument } from './sealed-table-doc.ts';
import { sealedTableStore } from './sealed-table-store.ts';
import type { SecretBox } from './secret-box.ts';
import type { HandRecord, TableDocument } from './table-doc.ts';

/** What the table routes need (app.ts passes it). */
export interface TableRouteOptions {
  /** The store as it is; the routes seal what they store with `box` (sealed-table-store.ts). */
  readonly tables: TableStore<SealedTableDocument>;
  readonly notifier: Notifier;
  readonly box: SecretBox;
  /** Table ids (tests pass a seeded source). Never server seeds: those are secure (§3). */
  readonly source?: RandomSource;
  /** TESTS ONLY: server seeds from this (seeded) source, for reproducible hands. */
  readonly testOnlySource?: RandomSource;
  /** ms since the epoch. */
  readonly now?: () => number;
  /** SSE heartbeat interval (default 15 s). */
  readonly heartbeatMs?: number;
  /** Event retention: every `every` versions keep the last `keep` per audience (100, 1000). */
  readonly retention?: { readonly every: number; readonly keep: number };
  /** When empty and idle rooms close (default 10 and 30 minutes: room-close.ts). */
  readonly rooms?: RoomTimes;
}

/** What every route handler is given: the sealed store and the helpers they share. */
export interface TableServices {
  /** The store behind the codec: what is stored is sealed, what the steps see is opened. */
  readonly tables: TableStore<TableDocument>;
  readonly notifier: Notifier;
  readonly box: SecretBox;
  readonly heartbeatMs: number;
  readonly retentionEvery: number;
  /** When empty and idle rooms close. */
  readonly rooms: RoomTimes;
  /** ms since the epoch. */
  now(): number;
  /** The context of one step: the time, the keys, the test-only source. */
  step(): StepContext;
  /** A fresh table id: 128 bits, base 36. */
  newId(): string;
  /** The table as it is, or 404 `TABLE_NOT_FOUND`. */
  load(id: string): Promise<{ doc: TableDocument; version: number }>;
  /** A finished hand's record, or undefined. */
  pastHand(id: string, n: number): Promise<HandRecord | undefined>;
  /** Wakes the table's streams in this process, unless the store already did at commit. */
  notify(id: string): Promise<void>;
  /** Drops old events and stored answers every `retentionEvery` versions. */
  prune(id: string): Promise<void>;
}

const PRUNE_EVERY = 100;
const KEEP_EVENTS = 1000;
const KEEP_ANSWERS = 100;

/**
 * The services of the table routes, made once per app.
 *
 * @example
 * ```ts
 * const s = tableServices({ tables, notifier, box });
 * const { doc } = await s.load(id);
 * ```
 * @throws never.
 */
export function tableServices(options: TableRouteOptions): TableServices {
  // One codec at the store's door: what is stored is sealed, what the steps and view() see is
  // opened (docs/TABLES.md, "Keys").
  const tables = sealedTableStore(options.tables, options.box);
  const now = options.now ?? Date.now;
  const box = options.box;
  const keep = options.retention?.keep ?? KEEP_EVENTS;
  return {
    tables,
    notifier: options.notifier,
    box,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    retentionEvery: options.retention?.every ?? PRUNE_EVERY,
    rooms: options.rooms ?? DEFAULT_ROOM_TIMES,
    now,
    step: () => ({
      now: now(),
      seal: box.seal,
      open: box.open,
      dealer: box.dealer,
      previousDealers: box.previousDealers,
      ...(options.testOnlySource === undefined ? {} : { testOnlySource: options.testOnlySource }),
    }),
    newId() {
      const words = new Uint32Array(4);
      (options.source ?? secureRandom).fillUint32(words);
      return Array.from(words, (w) => w.toString(36).padStart(7, '0')).join('');
    },
    async load(id) {
      const row = await tables.readTable(id);
      if (row === undefined) throw new ApiError(404, 'TABLE_NOT_FOUND', 'No such table.');
      return { doc: row.doc, version: row.version };
    },
    async pastHand(id, n) {
      if (!Number.isSafeInteger(n) || n < 1) return undefined;
      const text = await tables.readHand(id, n);
      return text === undefined ? undefined : (JSON.parse(text) as HandRecord);
    },
    async notify(id) {
      if (tables.notifiesOnChange === true) return;
      await options.notifier.notify(`table:${id}`).catch(() => {});
    },
    // Retention: each audience keeps its last `keep` events; a stream that asks for an older id
    // gets a reset with a fresh view (event-stream.ts).
    async prune(id) {
      const row = await tables.readTable(id);
      if (row === undefined) return;
      const seq = row.doc.eventSeq;
      for (const [audience, last] of Object.entries(seq)) {
        if (last > keep) await tables.pruneEvents(id, audience, last - keep);
      }
      // A retry comes within seconds; one older than KEEP_ANSWERS changes carries a version that
      // is stale by then, so it is refused (409), never acted on twice.
      if (row.version > KEEP_ANSWERS) await tables.pruneAnswers(id, row.version - KEEP_ANSWERS);
    },
  };
}
