import type { Notifier } from '../notifier.ts';
import type { TableStore } from '../store/table-store.ts';
import { tableEvents } from './apply-action.ts';
import { dueAt, forceDeal, type StepContext } from './hand-flow.ts';
import { sealedTableStore } from './sealed-table-store.ts';
import type { SecretBox } from './secret-box.ts';
import type { TableDocument } from './table-doc.ts';

/** What the sweep needs: the table store, the notifier and a fresh step context per table. */
export interface DealDueOptions {
  /** The store as it is; the sweep seals what it stores with `box`, as the routes do. */
  readonly tables: TableStore;
  readonly box: Pick<SecretBox, 'seal' | 'open'>;
  readonly notifier: Notifier;
  readonly ctx: () => StepContext;
  /** Tables dealt per sweep at most (default 100); the next sweep takes the rest. */
  readonly limit?: number;
}

/**
 * Deals every hand whose deadline has passed without all seats' seeds (docs/TABLES.md, "The
 * deadline"): the seats that did not reveal are recorded missing, exactly as when a seat asks for
 * the deal after the deadline. The service runs it every second; several processes may sweep at
 * once — each table's change runs under the store's version check, and a hand already dealt by
 * another process is left alone.
 *
 * @example
 * ```ts
 * setInterval(() => void dealDue({ tables, box, notifier, ctx }), 1000);
 * ```
 * @returns how many hands this call dealt.
 * @throws whatever the store throws (a table's own refusal is skipped, never thrown).
 */
export async function dealDue(o: DealDueOptions): Promise<number> {
  const ctx = o.ctx();
  const tables = sealedTableStore(o.tables, o.box);
  const ids = await tables.listDue(ctx.now, o.limit ?? 100);
  let dealt = 0;
  for (const id of ids) {
    try {
      const r = await tables.withTable(id, (row) => {
        const doc = row.doc as unknown as TableDocument;
        const hand = doc.hand;
        const due = dueAt(doc);
        // Dealt meanwhile by a seat or another process (whose change cleared the column).
        if (hand === null || due === null || due > ctx.now) {
          return { doc: null, events: [], result: false };
        }
        const next = { ...doc, hand: forceDeal(doc, hand, ctx) };
        const { doc: saved, events } = tableEvents(next, row.version + 1, next.hand.log.at(-1)!);
        return { doc: saved as never, events, dueAt: dueAt(next), result: true };
      });
      if (r.found && r.value) {
        dealt++;
        if (tables.notifiesOnChange !== true) await o.notifier.notify(`table:${id}`);
      }
    } catch {
      // One table's failure (a sealed round that no longer opens) must not stop the others; it
      // stays due and is tried again at the next sweep.
    }
  }
  return dealt;
}
