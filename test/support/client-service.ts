// The tables service in process, for fairdeal/client's tests: the real app (createApp, SQLite in
// memory, the seeded source of src/server/tables/test-table.ts), reached through a `fetch` that
// calls `app.request` — so the client runs its real code, bytes and headers, with no socket.
import {
  type ClaimedSeat,
  type CreateTableAnswer,
  type FetchLike,
  type TableAction,
  type TablesClient,
  type TablesClientOptions,
  type TableView,
  tablesClient,
} from '../../src/client/index.ts';
import { parseCard } from '../../src/index.ts';
import { cardsFor, legalPlays } from '../../src/rules/doudizhu/index.ts';
import { testApp } from './test-table.ts';

export const BASE = 'http://fairdeal.test';

/**
 * The app of test-table.ts and a `fetch` into it; `client()` makes a client over that fetch (or
 * a test's own, wrapping it), with short retry pauses.
 *
 * @example
 * ```ts
 * const s = clientService('seed');
 * const made = await s.client().createTable({ preset: 'doudizhu' });
 * ```
 */
export function clientService(seed: string, extra: Parameters<typeof testApp>[1] = {}) {
  const t = testApp(seed, extra);
  const fetch: FetchLike = (url, init) => Promise.resolve(t.app.request(url, init));
  const client = (f: FetchLike = fetch, o: Partial<TablesClientOptions> = {}): TablesClient =>
    tablesClient({ baseUrl: BASE, fetch: f, retryDelaysMs: [1, 1, 1], timeoutMs: 2000, ...o });
  return { ...t, fetch, client };
}

/**
 * Opens a table and claims every seat with a key made by the client (as each player's device).
 *
 * @example
 * ```ts
 * const { made, seats } = await claimAll(client, { preset: 'doudizhu' });
 * ```
 */
export async function claimAll(
  client: TablesClient,
  body: Parameters<TablesClient['createTable']>[0],
): Promise<{ made: CreateTableAnswer; seats: ClaimedSeat[] }> {
  const made = await client.createTable(body);
  const seats: ClaimedSeat[] = [];
  for (const { seat, invite } of made.invites) {
    seats.push(await client.claimSeat(made.tableId, seat, { invite }));
  }
  return { made, seats };
}

/**
 * Waits until `probe` answers something other than undefined (polling every few ms).
 *
 * @example
 * ```ts
 * await until('the deal', () => (seat.table?.hand?.phase === 'playing' ? true : undefined));
 * ```
 */
export async function until<T>(what: string, probe: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/**
 * A simple Dou Dizhu player for tests: the seat to bid first bids 3 (and is the landlord), a
 * seat that leads plays its first legal play, a seat that follows passes. Null when it is not
 * `seat`'s turn in `tv`.
 *
 * @example
 * ```ts
 * const move = doudizhuMove(seat.table, 1);
 * if (move !== null) await seat.act(move);
 * ```
 */
export function doudizhuMove(tv: TableView | null, seat: number): TableAction | null {
  const hand = tv?.hand;
  const g = hand?.game;
  if (tv == null || hand == null || hand.phase !== 'playing' || g === undefined) return null;
  if (g.turn !== seat || g.winner !== null) return null;
  if (g.phase === 'bidding') return { type: 'bid', bid: g.bids.length === 0 ? 3 : 'pass' };
  if (g.lead !== null && g.lead.seat !== seat) return { type: 'pass' };
  const cards = (hand.yourCards ?? []).map((c) => parseCard(c));
  const first = legalPlays(cards, null, tv.rules).find((p) => p.type !== 'pass')!;
  return { type: 'play', cards: cardsFor(cards, first).map((c) => c.id) };
}

/**
 * Makes the next move at a Dou Dizhu table ({@link doudizhuMove} for the seat whose turn it is),
 * through `client` with the seats' tokens; false when the hand has no move left.
 *
 * @example
 * ```ts
 * while (await moveOnce(client, tableId, tokens)) {}
 * ```
 */
export async function moveOnce(
  client: TablesClient,
  tableId: string,
  tokens: readonly string[],
): Promise<boolean> {
  const turn = (await client.getTable(tableId, tokens[0]!)).hand?.game?.turn ?? 0;
  const mine = await client.getTable(tableId, tokens[turn]!);
  const move = doudizhuMove(mine, turn);
  if (move === null) return false;
  await client.act(tableId, tokens[turn]!, move, { version: mine.version });
  return true;
}
