import type { Notifier } from '../notifier.ts';
import type { TableStore } from '../store/table-store.ts';
import type { TableDocument } from './table-doc.ts';
import { view } from './view.ts';

/** What {@link eventStream} needs. */
export interface EventStreamOptions {
  readonly tables: TableStore;
  readonly notifier: Notifier;
  readonly tableId: string;
  readonly audience: string;
  /** The last event id the client has (Last-Event-ID), 0 for none. */
  readonly last: number;
  readonly heartbeatMs: number;
  readonly signal?: AbortSignal;
}

/**
 * A Server-Sent Events response for one audience: the stored events after `last`, then each new
 * one as the notifier says the table changed (re-read from the store, so nothing is lost if a
 * notification is). When `last` is older than what is stored, a `reset` event carries a fresh
 * `view()` first. A comment line every `heartbeatMs` keeps proxies from closing an idle stream;
 * the listener and timer are dropped when the client goes (cancel or abort).
 *
 * @example
 * ```ts
 * return eventStream({ tables, notifier, tableId, audience: 'seat:0', last: 0, heartbeatMs: 15000 });
 * ```
 * @throws never.
 */
export function eventStream(o: EventStreamOptions): Response {
  const enc = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let last = o.last;
      let reading = false;
      let again = false;
      let closed = false;
      const send = (text: string) => {
        if (!closed) controller.enqueue(enc.encode(text));
      };
      const pump = async (): Promise<void> => {
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            const page = await o.tables.readEvents(o.tableId, o.audience, last, 200);
            if (page.oldest > last + 1) {
              const row = await o.tables.readTable(o.tableId);
              if (row !== undefined) {
                const doc = row.doc as unknown as TableDocument;
                const v =
                  o.audience === 'host'
                    ? ({ kind: 'host' } as const)
                    : ({ kind: 'seat', seat: Number(o.audience.slice(5)) } as const);
                const id = doc.eventSeq[o.audience] ?? 0;
                send(
                  `id: ${id}\nevent: reset\ndata: ${JSON.stringify({ table: view(doc, v, row.version) })}\n\n`,
                );
                last = id;
              }
              again = true;
              continue;
            }
            for (const e of page.events) {
              send(`id: ${e.id}\nevent: ${e.type}\ndata: ${e.data}\n\n`);
              last = e.id;
            }
            if (page.events.length === 200) again = true;
          } while (again && !closed);
        } catch {
          // The store went away (shutdown): end the stream; the client reconnects with its id.
          stop();
        } finally {
          reading = false;
        }
      };
      const unlisten = o.notifier.listen(`table:${o.tableId}`, () => void pump());
      const timer = setInterval(() => send(': heartbeat\n\n'), o.heartbeatMs);
      stop = () => {
        if (closed) return;
        closed = true;
        unlisten();
        clearInterval(timer);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      o.signal?.addEventListener('abort', () => stop());
      send('retry: 2000\n\n');
      void pump();
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    },
  });
}
