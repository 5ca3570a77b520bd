import { createSeatKey, type SeatKeyPair } from '../../src/fair/index.ts';
import { chacha20 } from '../../src/index.ts';
import { createApp } from '../../src/server/app.ts';
import { createLocalNotifier } from '../../src/server/local-notifier.ts';
import type { Notifier } from '../../src/server/notifier.ts';
import { openSqliteStore } from '../../src/server/store/sqlite/deck-store.ts';
import { openSqliteTableStore } from '../../src/server/store/sqlite/table-store.ts';
import type { TableStore } from '../../src/server/store/table-store.ts';
import type { SealedTableDocument } from '../../src/server/tables/sealed-table-doc.ts';
import { sealedTableStore } from '../../src/server/tables/sealed-table-store.ts';
import { createSecretBox, type SecretBox } from '../../src/server/tables/secret-box.ts';
import { TABLE_DOC_PARTS } from '../../src/server/tables/table-doc-parts.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON answers loosely and assert on them.
export type Json = any;

/** The table store as the service keeps it: documents sealed. */
export type StoredTables = TableStore<SealedTableDocument>;

/**
 * An in-process app with in-memory stores and a seeded source, for tests. `clock.t` is the wall
 * clock the tables see (deadlines). `wrapStore` puts a test's hooks between the routes and the
 * store (e.g. to act at the moment a stream reads); `tables` is the store unwrapped.
 *
 * @example
 * ```ts
 * const t = testApp('seed'); await t.call('POST', '/v1/tables', { preset: 'doudizhu' });
 * ```
 * @throws never.
 */
export function testApp(
  seed: string,
  extra: {
    readonly retention?: { readonly every: number; readonly keep: number };
    /** Server seeds from the secure source, as deployed (default: the seeded source, reproducible). */
    readonly secureServerSeeds?: boolean;
    readonly wrapStore?: (store: StoredTables) => StoredTables;
    /** Another app's store (default: a fresh one in memory), as after a restart. */
    readonly tables?: StoredTables;
    /** Default: a fixed key. */
    readonly box?: SecretBox;
    /** Receives the app's log lines (default: none kept). */
    readonly log?: (line: string) => void;
  } = {},
) {
  const clock = { t: 1_700_000_000_000 };
  // The store's clock too: it drops tickets expired by it when it stores a new one. With the
  // document's parts, as the service opens it (a base written only when it changes).
  const tables =
    extra.tables ??
    openSqliteTableStore<SealedTableDocument>(
      { path: ':memory:', now: () => clock.t },
      TABLE_DOC_PARTS,
    );
  const box = extra.box ?? createSecretBox(new Uint8Array(32).fill(7));
  // Counts live listeners, so tests can see streams clean up after themselves.
  const local = createLocalNotifier();
  const listeners = { live: 0 };
  const notifier: Notifier = {
    notify: (ch) => local.notify(ch),
    listen: (ch, fn) => {
      listeners.live++;
      const stop = local.listen(ch, fn);
      let stopped = false;
      return () => {
        if (!stopped) listeners.live--;
        stopped = true;
        stop();
      };
    },
    close: () => local.close(),
  };
  // One seeded source for ids and server seeds alike, drawn in the order the app draws them:
  // server seeds take it only under the name that says it is for tests.
  const source = chacha20(seed);
  const app = createApp({
    store: openSqliteStore({ path: ':memory:' }),
    source,
    config: { rateLimit: 1e9, rateBurst: 1e9 },
    ...(extra.log === undefined ? {} : { log: extra.log }),
    tables: {
      store: extra.wrapStore?.(tables) ?? tables,
      notifier,
      box,
      now: () => clock.t,
      heartbeatMs: 50,
      ...(extra.secureServerSeeds === true ? {} : { testOnlySource: source }),
      ...(extra.retention === undefined ? {} : { retention: extra.retention }),
    },
  });
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.request(path, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, text, json: JSON.parse(text) as Json, headers: res.headers };
  };
  /**
   * Opens a table (default: two-seat Hold'em practice, dealt at once) and claims every seat with
   * its invite and a seeded key, as each player's device would; fails unless all of it succeeds.
   * `json.seatTokens[k]` and `keys[k]` are what seat k's player holds (never the host).
   */
  const openTable = async (body: Record<string, unknown> = {}) => {
    const r = await call('POST', '/v1/tables', {
      preset: 'holdem',
      options: { seats: 2 },
      fair: false,
      ...body,
    });
    if (r.status !== 201) throw new Error(`table not created: ${r.status} ${r.text}`);
    const id = r.json.tableId as string;
    const seatTokens: string[] = [];
    const keys: SeatKeyPair[] = [];
    for (const { seat, invite } of r.json.invites as { seat: number; invite: string }[]) {
      const key = await createSeatKey(chacha20(`test key ${id} ${seat}`));
      const claim = await call('POST', `/v1/tables/${id}/seats/${seat}/claim`, {
        invite,
        publicKey: key.publicKey,
      });
      if (claim.status !== 201) throw new Error(`seat ${seat} not claimed: ${claim.text}`);
      seatTokens.push(claim.json.seatToken);
      keys.push(key);
    }
    const host = await call('GET', `/v1/tables/${id}`, undefined, {
      Authorization: `Bearer ${r.json.hostToken}`,
    });
    return { ...r, json: { ...r.json, seatTokens, table: host.json.table }, keys };
  };
  // `tables` is the store as it is (sealed parts and all); `opened` reads it as the routes do.
  const opened = sealedTableStore(tables, box);
  return { app, tables, opened, clock, box, call, listeners, notifier, openTable };
}
