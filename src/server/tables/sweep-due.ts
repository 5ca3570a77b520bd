import type { Notifier } from '../notifier.ts';
import type { TableStore } from '../store/table-store.ts';
import { tableEvents } from './apply-action.ts';
import { isPlayable } from './authorize.ts';
import { dueAt, openNextIfSeated, type StepContext, voidCurrentHand } from './hand-flow.ts';
import type { SealedTableDocument } from './sealed-table-doc.ts';
import { sealedTableStore } from './sealed-table-store.ts';
import type { SecretBox } from './secret-box.ts';

/** What the sweep needs: the table store, the notifier and a fresh step context per table. */
export interface SweepDueOptions {
  /** The store as it is; the sweep seals what it stores with `box`, as the routes do. */
  readonly tables: TableStore<SealedTableDocument>;
  readonly box: Pick<SecretBox, 'seal' | 'open'>;
  readonly notifier: Notifier;
  readonly ctx: () => StepContext;
  /** Tables dealt per sweep at most (default 100); the next sweep takes the rest. */
  readonly limit?: number;
}

/**
 * Voids every hand whose deadline has passed with a seat silent (docs/TABLES.md, "The
 * deadline"): never a deal with fewer seeds (docs/FAIR.md §V3.1). The void record, naming the
 * withholders, joins the chain, and the next hand opens under a fresh server commitment —
 * exactly as when a seat or the host sends `void` after the deadline. The service runs it every
 * second; several processes may sweep at once — each table's change runs under the store's
 * version check, and a hand already voided (or completed) by another process is left alone.
 *
 * @example
 * ```ts
 * setInterval(() => void sweepDue({ tables, box, notifier, ctx }), 1000);
 * ```
 * @returns how many hands this call voided.
 * @throws whatever the store throws (a table's own refusal is skipped, never thrown).
 */
export async function sweepDue(o: SweepDueOptions): Promise<number> {
  const ctx = o.ctx();
  const tables = sealedTableStore(o.tables, o.box);
  const ids = await tables.listDue(ctx.now, o.limit ?? 100);
  let voided = 0;
  for (const id of ids) {
    try {
      const r = await tables.withTable(id, (row) => {
        const doc = row.doc;
        if (!isPlayable(doc)) {
          // A table of an older fairdeal is not played on (authorize.ts): it is never due again.
          return { next: doc, dueAt: null, result: false };
        }
        const hand = doc.hand;
        const due = dueAt(doc);
        // Completed or voided meanwhile by a seat or another process (whose change cleared the
        // column).
        if (hand === null || due === null || due > ctx.now) {
          return { next: null, result: false };
        }
        const v = voidCurrentHand(doc, ctx, 'withheld', [], null);
        const next = openNextIfSeated(v.doc, ctx);
        const { doc: saved, events } = tableEvents(next, row.version + 1, v.action);
        return {
          next: saved,
          events,
          dueAt: dueAt(next),
          hands: [{ n: v.record.n, record: JSON.stringify(v.record) }],
          result: true,
        };
      });
      if (r.found && r.value) {
        voided++;
        if (tables.notifiesOnChange !== true) await o.notifier.notify(`table:${id}`);
      }
    } catch {
      // One table's failure (a sealed round that no longer opens) must not stop the others; it
      // stays due and is tried again at the next sweep.
    }
  }
  return voided;
}
