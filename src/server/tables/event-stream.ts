import type { Notifier } from '../notifier.ts';
import type { TableStore } from '../store/table-store.ts';
import { eventText } from './event-data.ts';
import type { TableDocument } from './table-doc.ts';
import { generationOf } from './token-generation.ts';
import { view } from './view.ts';
import { viewerOf } from './viewer.ts';

// The last thing a stream whose credential is gone sends: the shape of every JSON error.
const REVOKED = JSON.stringify({
  success: false,
  error: 'The token this stream was opened with was revoked or reissued: the stream has ended.',
  code: 'UNAUTHORIZED',
});
// The last thing a stream of a table that is gone sends (an empty room the sweep closed and
// deleted: tables/room-close.ts): what a request for it would answer from now on.
const CLOSED = JSON.stringify({
  success: false,
  error: 'This table was closed (a room left empty): it is gone.',
  code: 'TABLE_NOT_FOUND',
});

/** What {@link eventStream} needs. */
export interface EventStreamOptions {
  readonly tables: TableStore<TableDocument>;
  readonly notifier: Notifier;
  readonly tableId: string;
  readonly audience: string;
  /** The last event id the client has (Last-Event-ID), 0 for none. */
  readonly last: number;
  /**
   * The audience's credential generation the stream was opened under (tables/token-generation.ts):
   * the generation of the token that authorized it, or the one its ticket was minted under.
   */
  readonly generation: number;
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
 * The stream was authorized once, when it opened; a token reissued or revoked since must not keep
 * it (or a ticket minted before) reading the seat's cards. So every read of the store — at open
 * and at each wake-up — is followed by a check that the audience's credential generation is still
 * `generation` (a few bytes: `readTokenGenerations`, no document), and only then are the events
 * read sent. The order matters: an event written after a revocation was read after the
 * revocation committed, so the check that follows it sees the new generation, and the stream ends
 * with `event: revoked` (a JSON error body, no id) without sending it. A table that is gone — an
 * empty room the sweep closed and deleted — ends its streams the same way, with `event: closed`.
 *
 * @example
 * ```ts
 * return eventStream({ tables, notifier, tableId, audience: 'seat:0', last: 0, generation: 0, heartbeatMs: 15000 });
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
      // Whether the credential the stream was opened with still holds; 'gone': no such table.
      const held = async (): Promise<boolean | 'gone'> => {
        const generations = await o.tables.readTokenGenerations(o.tableId);
        if (generations === undefined) return 'gone';
        return generationOf(generations, o.audience) === o.generation;
      };
      const revoked = () => {
        send(`event: revoked\ndata: ${REVOKED}\n\n`);
        stop();
      };
      const closedTable = () => {
        send(`event: closed\ndata: ${CLOSED}\n\n`);
        stop();
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
              // The fresh view is checked against the generation of its own document.
              if (row === undefined) return closedTable();
              if (generationOf(row.doc.tokenGenerations, o.audience) !== o.generation) {
                return revoked();
              }
              const doc = row.doc;
              const v = viewerOf(o.audience);
              const id = doc.eventSeq[o.audience] ?? 0;
              send(
                `id: ${id}\nevent: reset\ndata: ${JSON.stringify({ table: view(doc, v, row.version) })}\n\n`,
              );
              last = id;
              again = true;
              continue;
            }
            const holds = await held();
            if (holds === 'gone') return closedTable();
            if (!holds) return revoked();
            for (const e of page.events) {
              send(`id: ${e.id}\nevent: ${e.type}\ndata: ${eventText(e)}\n\n`);
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
