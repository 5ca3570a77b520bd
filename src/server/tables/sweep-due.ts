import type { Notifier } from '../notifier.ts';
import type { TableStore } from '../store/table-store.ts';
import { tableEvents } from './apply-action.ts';
import { isPlayable } from './authorize.ts';
import { dueTurn } from './bot-turn.ts';
import { darkGroupIfInstalled } from './dark-hand.ts';
import type { Stepped } from './doudizhu-move.ts';
import { dueAt, openNextIfSeated, type StepContext, voidCurrentHand } from './hand-flow.ts';
import { DEFAULT_ROOM_TIMES, roomToClose } from './room-close.ts';
import type { SealedTableDocument } from './sealed-table-doc.ts';
import { sealedTableStore } from './sealed-table-store.ts';
import type { SecretBox } from './secret-box.ts';
import type { TableDocument } from './table-doc.ts';

/** What the sweep needs: the table store, the notifier and a fresh step context per sweep. */
export interface SweepDueOptions {
  /** The store as it is; the sweep seals what it stores with `box`, as the routes do. */
  readonly tables: TableStore<SealedTableDocument>;
  readonly box: Pick<SecretBox, 'seal' | 'open'>;
  readonly notifier: Notifier;
  readonly ctx: () => StepContext;
  /** Tables acted on per sweep at most (default 100); the next sweep takes the rest. */
  readonly limit?: number;
  /** How long a room may stay with no change before it is closed (default 30 minutes). */
  readonly roomIdleMs?: number;
}

/**
 * Acts on every table whose time has come, as its `dueAt` says (docs/TABLES.md, "Clocks"):
 *
 * - a hand still waiting for commitments or reveals past its deadline is **voided**, naming the
 *   withholders — never dealt with fewer seeds (docs/FAIR.md §V3.1) — and the next hand opens
 *   under a fresh server commitment, exactly as when a seat or the host sends `void`;
 * - a Dou Dizhu turn whose clock ran out is **played by the clock** (turn-timeout.ts): the
 *   default move, recorded as a `timeout`, and the seat marked away — as a `timeout` request does;
 * - the house's bot to act, whose short clock ran out, **moves** (bot-turn.ts): a hand of bots
 *   plays itself out by the sweep alone (docs/TABLES.md, "Bots");
 * - a room left without a person past its `roomEmptyAt` (room-close.ts), or with no change at all
 *   for `roomIdleMs`, is **closed and purged**: the table and everything kept for it are deleted
 *   (at the version read: a change since keeps it), and its streams, woken, end with
 *   `event: closed` (event-stream.ts); its code finds nothing from then on.
 *
 * The service runs it on a timer in every process that sweeps (`--sweep-ms`, start.ts), so a
 * deadline fires with no request arriving, and after a restart: deadlines are stored (`due_at`).
 * Several processes may sweep at once: each table's change is version-checked and checks the
 * deadline again on the table it writes over, so exactly one acts on each expiry and the others
 * find it done.
 *
 * @example
 * ```ts
 * setInterval(() => void sweepDue({ tables, box, notifier, ctx }), 1000);
 * ```
 * @returns how many tables this call changed (a void, a timeout or a room closed each).
 * @throws whatever the store throws (a table's own refusal is skipped, never thrown).
 */
export async function sweepDue(o: SweepDueOptions): Promise<number> {
  // A dark hand voided by its deadline is verified as it is recorded: the group, loaded first.
  const ctx = { ...o.ctx(), darkGroup: await darkGroupIfInstalled() };
  const tables = sealedTableStore(o.tables, o.box);
  const ids = await tables.listDue(ctx.now, o.limit ?? 100);
  let acted = 0;
  for (const id of ids) {
    try {
      const r = await tables.withTable<boolean | { close: number }>(id, (row) => {
        const doc = row.doc;
        if (!isPlayable(doc)) {
          // A table of an older fairdeal is not played on (authorize.ts): it is never due again.
          return { next: doc, dueAt: null, result: false };
        }
        // Nothing is written: the table is deleted below, if still at this version.
        if (roomToClose(doc, ctx.now)) return { next: null, result: { close: row.version } };
        const due = dueAt(doc);
        // Done meanwhile by a seat or another process (whose change moved or cleared the column).
        if (doc.hand === null || due === null || due > ctx.now) {
          return { next: null, result: false };
        }
        const stepped = doc.hand.phase === 'playing' ? dueTurn(doc, ctx) : voided(doc, ctx);
        const { doc: saved, events } = tableEvents(stepped.next, row.version + 1, stepped.action);
        return {
          next: saved,
          events,
          dueAt: dueAt(stepped.next),
          ...(stepped.ended === undefined
            ? {}
            : { hands: [{ n: stepped.ended.n, record: JSON.stringify(stepped.ended) }] }),
          result: true,
        };
      });
      if (r.found && typeof r.value === 'object') {
        if (await purge(o, id, r.value.close)) acted++;
      } else if (r.found && r.value) {
        acted++;
        if (tables.notifiesOnChange !== true) await o.notifier.notify(`table:${id}`);
      }
    } catch {
      // One table's failure (a sealed round that no longer opens) must not stop the others; it
      // stays due and is tried again at the next sweep.
    }
  }
  const idle = await o.tables.listIdleRooms(
    ctx.now - (o.roomIdleMs ?? DEFAULT_ROOM_TIMES.idleMs),
    o.limit ?? 100,
  );
  for (const room of idle) if (await purge(o, room.id, room.version)) acted++;
  return acted;
}

// Deletes a room at the version it was judged at (a change since — a person arriving — keeps it),
// then wakes its streams in this process (PostgreSQL's delete wakes every process's itself).
async function purge(o: SweepDueOptions, id: string, version: number): Promise<boolean> {
  if (!(await o.tables.deleteTable(id, version))) return false;
  if (o.tables.notifiesOnChange !== true) await o.notifier.notify(`table:${id}`).catch(() => {});
  return true;
}

/** The reveal deadline passed with a seat silent: void, and the next hand opens. */
function voided(doc: TableDocument, ctx: StepContext): Stepped {
  const v = voidCurrentHand(doc, ctx, 'withheld', [], null);
  return { next: openNextIfSeated(v.doc, ctx), action: v.action, ended: v.record };
}
