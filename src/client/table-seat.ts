import {
  type AnnouncementV3,
  checkAnnouncementV3,
  checkReceiptV3,
  checkRosterV3,
  commitAsSeat,
  type ReceiptV3,
  revealAsSeat,
  type SeatKeyPair,
} from '../fair/index.ts';
import { freshSeed } from '../random/fresh-seed.ts';
import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { SeatCheckError } from './seat-check-error.ts';
import { inMemorySeatMemory, type SeatMemory } from './seat-memory.ts';
import { TableClientError } from './table-client-error.ts';
import type { TableEventsOptions } from './table-event-stream.ts';
import type { TablesClient } from './tables-client.ts';
import { type HandVerdict, verifyHand } from './verify-hand.ts';
import type { ActionAnswer, TableAction, TableEvent, TableView } from './wire.ts';

/**
 * What {@link tableSeat} needs: the client, the seat's token and key (from `claimSeat`, with an
 * invite or, at a room, the room's code).
 */
export interface TableSeatOptions {
  readonly client: TablesClient;
  readonly tableId: string;
  readonly seat: number;
  /** The seat's token. SECRET. */
  readonly token: string;
  /** The seat's key. SECRET. */
  readonly key: SeatKeyPair;
  /** The dealer key (hex) this seat trusts. Default: the service's published key, read once. */
  readonly dealer?: string;
  /** Default: in memory. */
  readonly memory?: SeatMemory;
  /** Where the seat's seeds come from. Default: the secure source. */
  readonly source?: RandomSource;
}

/** What {@link TableSeat.follow} tells, and how it is stopped. */
export interface FollowOptions {
  /** Stops following (the promise resolves). */
  readonly signal?: AbortSignal;
  /** Each newer view of the table the seat takes: the first read, each event's (with it), and
   *  each answer's (event null). */
  readonly onView?: (view: TableView, event: TableEvent | null) => void;
  /** Each finished or void hand, once this seat has checked its record. */
  readonly onVerdict?: (verdict: HandVerdict) => void;
  /** The stream's own options (reconnection, idle time, drops). */
  readonly events?: Omit<TableEventsOptions, 'signal' | 'after'>;
}

/** A seat at a fairdeal-v3 table that takes the protocol's steps and checks every hand itself. */
export interface TableSeat {
  readonly tableId: string;
  readonly seat: number;
  readonly key: SeatKeyPair;
  /** The newest view of the table this seat has had, or null before the first. */
  readonly table: TableView | null;
  /** The verdict of each hand this seat has checked, by hand number. */
  readonly verdicts: ReadonlyMap<number, HandVerdict>;
  /** The dealer key this seat trusts (hex). */
  dealer(): Promise<string>;
  /**
   * Takes a view (an event's, an answer's) if it is newer than the one held; true if taken. The
   * seat takes every answer's view itself; followers hear of each view taken.
   */
  accept(view: TableView, event?: TableEvent | null): boolean;
  /** Reads the table again. */
  refresh(): Promise<TableView>;
  /** Takes every fair step this seat owes in the newest view: commit, then reveal. */
  step(): Promise<void>;
  /** Sends a move (a bid, a play, next-hand…) on the newest view's version. */
  act(action: TableAction): Promise<ActionAnswer>;
  /** Checks hand n's record on this device (once; later calls answer the same). */
  verify(n: number): Promise<HandVerdict>;
  /**
   * Follows the table until `signal` aborts: reads it, then its live events, taking each fair
   * step as soon as it is owed and checking each hand as it finishes. Rejects with a
   * {@link SeatCheckError} when the dealer fails a check, and with a {@link TableClientError}
   * when the seat's token is revoked (kicked, replaced) or the service refuses otherwise.
   */
  follow(options?: FollowOptions): Promise<void>;
}

const RETRIED = new Set(['STALE_VERSION', 'PROTOCOL_ORDER', 'WRONG_PHASE']);

/**
 * A seat that takes itself through fairdeal-v3 (docs/FAIR.md §V3.2) on this device: it checks the
 * announcement against the published dealer key (its own key at its own seat, the dealer's
 * signature, this table and hand), commits to a seed of its own (kept in `memory` before it is
 * sent), checks the roster (every seat's signed commitment, its own unaltered), reveals signed
 * over it, and checks every receipt — the ones it is given and the ones published. A message
 * that fails is a {@link SeatCheckError}: the seat takes no further step in that hand. Every
 * finished hand is verified here with `verifyAsync`, held to what this seat saw published
 * ({@link verifyHand}); its verdict is describeVerdict's words.
 *
 * @example
 * ```ts
 * const client = tablesClient({ baseUrl: 'http://127.0.0.1:8080' });
 * const claimed = await client.claimSeat(tableId, 0, { invite });
 * // or at a room, with its code in place of the invite:
 * // const room = await client.openRoom('K3X9-QM2T');
 * // const claimed = await client.claimSeat(room.tableId, 0, { code: 'K3X9-QM2T', name: '张三' });
 * const seat = tableSeat({ client, tableId, seat: 0, token: claimed.token, key: claimed.key });
 * await seat.follow({
 *   signal,
 *   onVerdict: (v) => console.log(`hand ${v.n}: ${v.words?.headline ?? v.problems.map((p) => p.message).join('; ')}`),
 * });
 * ```
 * @throws {RangeError} for a seat that is not a whole number.
 */
export function tableSeat(o: TableSeatOptions): TableSeat {
  if (!Number.isSafeInteger(o.seat) || o.seat < 0) {
    throw new RangeError('seat must be a whole number');
  }
  const { client, tableId, seat, key, token } = o;
  const memory = o.memory ?? inMemorySeatMemory();
  const source = o.source ?? secureRandom;
  let view: TableView | null = null;
  let dealerKey: Promise<string> | null = o.dealer === undefined ? null : Promise.resolve(o.dealer);
  const verdicts = new Map<number, HandVerdict>();
  const verifying = new Map<number, Promise<HandVerdict>>();
  /** Published receipts already checked, by their signature. */
  const checkedReceipts = new Set<string>();
  /** Hands whose dealer failed a check: this seat takes no further step in them. */
  const refused = new Map<number, SeatCheckError>();
  let stepping: Promise<void> = Promise.resolve();
  const listeners = new Set<(view: TableView, event: TableEvent | null) => void>();

  const dealer = (): Promise<string> => {
    if (dealerKey === null) {
      const read = client.dealerKey().then((k) => k.dealer);
      dealerKey = read;
      read.catch(() => {
        if (dealerKey === read) dealerKey = null;
      });
    }
    return dealerKey;
  };

  const remember = (tv: TableView): void => {
    const hand = tv.hand;
    if (hand === null || tv.mode !== 'fair') return;
    const kept = memory.kept(hand.n);
    if (kept === null) {
      memory.setKept(hand.n, {
        commitment: hand.announcement.commitment,
        ...(hand.roster === null ? {} : { rosterHash: hand.roster.hash }),
        receipts: [],
      });
    } else if (kept.rosterHash === undefined && hand.roster !== null) {
      memory.setKept(hand.n, { ...kept, rosterHash: hand.roster.hash });
    }
  };

  const accept = (tv: TableView, event: TableEvent | null = null): boolean => {
    if (view !== null && tv.version <= view.version) return false;
    view = tv;
    remember(tv);
    for (const listener of listeners) listener(tv, event);
    return true;
  };

  const refresh = async (): Promise<TableView> => {
    const tv = await client.getTable(tableId, token);
    accept(tv);
    return view ?? tv;
  };

  const act = async (action: TableAction): Promise<ActionAnswer> => {
    const current = view ?? (await refresh());
    const answer = await client.act(tableId, token, action, { version: current.version });
    accept(answer.table);
    return answer;
  };

  /** Checks the receipt of our own message and keeps it (to dispute a void record later). */
  const keepReceipt = async (
    n: number,
    receipt: ReceiptV3 | undefined,
    kind: 'commit' | 'reveal',
    a: AnnouncementV3,
    signature: string,
  ): Promise<void> => {
    if (receipt === undefined) {
      throw new SeatCheckError(
        'receipt',
        n,
        `no receipt came with the answer to this seat's ${kind}`,
      );
    }
    const kept = memory.kept(n);
    if (kept !== null) memory.setKept(n, { ...kept, receipts: [...kept.receipts, receipt] });
    const mismatch =
      receipt.kind !== kind ||
      receipt.seat !== seat ||
      receipt.commitment !== a.commitment ||
      receipt.seatSignature !== signature;
    if (mismatch) {
      throw new SeatCheckError('receipt', n, `the receipt is not for this seat's ${kind}`);
    }
    if (!(await checkReceiptV3(receipt, await dealer()))) {
      throw new SeatCheckError(
        'receipt',
        n,
        `the receipt for this seat's ${kind} is not signed by the dealer's key`,
      );
    }
    checkedReceipts.add(receipt.signature);
  };

  /** Every receipt published in the view, checked once against the trusted dealer key. */
  const checkPublished = async (n: number, receipts: readonly ReceiptV3[]): Promise<void> => {
    for (const r of receipts) {
      if (checkedReceipts.has(r.signature)) continue;
      let ok = false;
      try {
        ok = await checkReceiptV3(r, await dealer());
      } catch {
        ok = false;
      }
      if (!ok) {
        throw new SeatCheckError(
          'receipt',
          n,
          `the published receipt for the ${r?.kind} of seat ${r?.seat} is not signed by the dealer's key`,
        );
      }
      checkedReceipts.add(r.signature);
    }
  };

  /** One step owed in the newest view; true if one was taken. */
  const stepOnce = async (): Promise<boolean> => {
    const tv = view;
    const hand = tv?.hand;
    if (tv === null || hand === null || hand === undefined || tv.mode !== 'fair') return false;
    const n = hand.n;
    const a = hand.announcement;
    const failed = refused.get(n);
    if (failed !== undefined) throw failed;
    await checkPublished(n, hand.receipts);
    const mine = memory.secret(n);
    const revealed = hand.reveals[seat] !== null && hand.reveals[seat] !== undefined;
    if (revealed || hand.phase === 'playing' || hand.phase === 'ended' || hand.phase === 'void') {
      // On record (or never to be): the seed is public now, or of no use.
      if (mine !== null) memory.setSecret(n, null);
      return false;
    }
    if (hand.phase === 'committing' && hand.commits[seat] === null) {
      try {
        if (a.table !== tableId || a.hand !== n || a.preset !== tv.preset) {
          throw new Error(`it announces table ${a.table} hand ${a.hand} (${a.preset})`);
        }
        await checkAnnouncementV3(a, { seat, publicKey: key.publicKey, dealer: await dealer() });
      } catch (e) {
        if (e instanceof TableClientError) throw e;
        throw new SeatCheckError('announcement', n, `${errorText(e)}; this seat will not commit`, {
          cause: e,
        });
      }
      let commit = mine;
      if (commit === null || commit.serverCommitment !== a.commitment) {
        commit = await commitAsSeat(a, seat, freshSeed(source), key, source);
        // Kept BEFORE it is sent: a commitment on record whose seed was lost could never reveal.
        memory.setSecret(n, commit);
      }
      const answer = await act({
        type: 'commit',
        commitment: commit.commitment,
        signature: commit.signature,
      });
      await keepReceipt(n, answer.receipt, 'commit', a, commit.signature);
      return true;
    }
    if (hand.phase === 'revealing' && hand.roster !== null) {
      if (mine === null || mine.serverCommitment !== a.commitment) {
        throw new Error(
          `hand ${n}: this seat's seed is not in its memory: it cannot reveal, and the hand will be void at its deadline`,
        );
      }
      try {
        await checkRosterV3(hand.roster, a, mine);
      } catch (e) {
        throw new SeatCheckError('roster', n, `${errorText(e)}; this seat will not reveal`, {
          cause: e,
        });
      }
      const reveal = await revealAsSeat(mine, hand.roster, key);
      const answer = await act({
        type: 'reveal',
        seed: reveal.seed,
        salt: reveal.salt,
        signature: reveal.signature,
      });
      await keepReceipt(n, answer.receipt, 'reveal', a, reveal.signature);
      return true;
    }
    return false;
  };

  const stepAll = async (): Promise<void> => {
    // A commit that closes the roster owes a reveal at once; a stale view is read again.
    for (let i = 0; i < 8; i++) {
      try {
        if (!(await stepOnce())) return;
      } catch (e) {
        if (e instanceof SeatCheckError) refused.set(e.hand, e);
        if (!(e instanceof TableClientError) || !RETRIED.has(e.code)) throw e;
        await refresh();
      }
    }
  };

  const step = (): Promise<void> => {
    const next = stepping.then(stepAll, stepAll);
    stepping = next.catch(() => {});
    return next;
  };

  const verify = (n: number): Promise<HandVerdict> => {
    let p = verifying.get(n);
    if (p === undefined) {
      p = (async () => {
        const v = await verifyHand(client, tableId, n, {
          dealer: await dealer(),
          kept: memory.kept(n),
        });
        verdicts.set(n, v);
        memory.setSecret(n, null);
        return v;
      })();
      verifying.set(n, p);
      p.catch(() => verifying.delete(n));
    }
    return p;
  };

  const follow = async (f: FollowOptions = {}): Promise<void> => {
    const signal = f.signal;
    if (signal?.aborted) return;
    let first: number | null = null;
    const finished = (tv: TableView): number[] => {
      const hands = tv.history.map((h) => h.n);
      const h = tv.hand;
      if (h !== null && (h.phase === 'ended' || h.phase === 'void')) hands.push(h.n);
      first ??= h?.n ?? (hands.at(-1) ?? 0) + 1;
      const from = first;
      return [...new Set(hands)]
        .filter((n) => n >= from && !verifying.has(n))
        .sort((a, b) => a - b);
    };
    const settle = async (tv: TableView): Promise<void> => {
      await step();
      for (const n of finished(tv)) f.onVerdict?.(await verify(n));
    };
    const onView = f.onView;
    if (onView !== undefined) listeners.add(onView);
    try {
      const before = view;
      const tv = await refresh();
      // A view already held (an answer's) is not taken again: tell the follower of it now.
      if (view === before) onView?.(tv, null);
      await settle(tv);
      // From the first event: the ones already reflected in the view are not taken again, but
      // each is a moment to settle (a hand our own move ended is verified here).
      const stream = client.events(tableId, token, { ...f.events, ...(signal ? { signal } : {}) });
      for await (const event of stream) {
        accept(event.data.table, event);
        if (view !== null) await settle(view);
      }
    } finally {
      if (onView !== undefined) listeners.delete(onView);
    }
  };

  return {
    tableId,
    seat,
    key,
    get table() {
      return view;
    },
    verdicts,
    dealer,
    accept,
    refresh,
    step,
    act,
    verify,
    follow,
  };
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
