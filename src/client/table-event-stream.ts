import { sleep } from './sleep.ts';
import { SseParser } from './sse-parser.ts';
import { TableClientError } from './table-client-error.ts';
import type { Transport } from './transport.ts';
import type { TableEvent } from './wire.ts';

/** How a table's event stream is opened and kept open. */
export interface TableEventsOptions {
  /** Start after this event id (the last one you have): only later events come. Default 0. */
  readonly after?: number;
  /** Ends the stream (the iteration finishes; nothing is thrown). */
  readonly signal?: AbortSignal;
  /** The pause before reconnecting (default: the service's `retry:`, 2 s), doubled on each
   *  failed reconnection up to 30 s. */
  readonly reconnectDelayMs?: number;
  /** A connection silent this long is taken for dead and reopened (default 45 000 ms: three of
   *  the service's 15 s heartbeats). */
  readonly idleTimeoutMs?: number;
  /** Told each time the connection drops and is about to be reopened (to say so on screen). */
  readonly onDrop?: (drop: { readonly reason: unknown; readonly lastEventId: number }) => void;
}

/** A table's live events, to read with `for await`; resumes by itself after a drop. */
export interface TableEventStream extends AsyncIterable<TableEvent> {
  /** The id of the last event delivered (what a reconnection sends as `Last-Event-ID`). */
  readonly lastEventId: number;
  /** Ends the stream, as the signal does. */
  close(): void;
}

const IDLE = Symbol('idle');

/**
 * `GET /v1/tables/{id}/events` as a stream of {@link TableEvent}s, read over fetch with the token
 * in `Authorization` (no ticket: that is for EventSource, which cannot send headers). When the
 * connection drops — a network error, the service closing it, an event cut in half, silence past
 * `idleTimeoutMs` — it reconnects with `Last-Event-ID` set to the last event it delivered, so the
 * service sends exactly the events after it: none lost, none twice (an id already delivered is
 * also skipped, should a server send it again). A `reset` event (the ids asked for were pruned)
 * carries the table as it is; take its view as a fresh start.
 *
 * The stream ends — the iteration throws a {@link TableClientError} — when the token is refused
 * (401 at connection) or revoked while the stream is open (the service's `revoked` event: the
 * host kicked the seat, or the seat replaced its token), when the table is closed (the service's
 * `closed` event, code `TABLE_NOT_FOUND`: an empty room was purged), and on any other 4xx. A 5xx,
 * a 429 or no answer is retried after the pause. A room's watch token reads the spectators'
 * events: the same events, with the public part only (`you: 'spectator'`).
 *
 * @example
 * ```ts
 * const client = tablesClient({ baseUrl: 'http://127.0.0.1:8080' });
 * for await (const event of client.events(tableId, token, { signal })) {
 *   show(event.data.table); // 'state' and 'reset' both carry the table as this seat sees it
 * }
 * ```
 * @throws never itself; the iteration throws {@link TableClientError} as above.
 */
export function openTableEvents(
  transport: Transport,
  tableId: string,
  token: string,
  options: TableEventsOptions = {},
): TableEventStream {
  let last = options.after ?? 0;
  const stop = new AbortController();
  const onAbort = () => stop.abort(options.signal?.reason);
  if (options.signal?.aborted) stop.abort(options.signal.reason);
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  const path = `/v1/tables/${encodeURIComponent(tableId)}/events`;
  const idleMs = options.idleTimeoutMs ?? 45_000;

  async function* run(): AsyncGenerator<TableEvent> {
    let failures = 0;
    let retry: number | undefined;
    try {
      while (!stop.signal.aborted) {
        const connection = new AbortController();
        const cut = () => connection.abort(stop.signal.reason);
        stop.signal.addEventListener('abort', cut, { once: true });
        let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
        const cancel = () => void reader?.cancel().catch(() => {});
        stop.signal.addEventListener('abort', cancel, { once: true });
        let dropped: unknown;
        try {
          const headers: Record<string, string> = {
            Accept: 'text/event-stream',
            Authorization: `Bearer ${token}`,
          };
          if (last > 0) headers['Last-Event-ID'] = String(last);
          const response = await transport.fetch(transport.url(path), {
            method: 'GET',
            headers,
            signal: connection.signal,
            cache: 'no-store',
            credentials: 'omit',
          });
          transport.noteDate(response);
          if (!response.ok) {
            let body: Record<string, unknown> = {};
            try {
              body = (await response.json()) as Record<string, unknown>;
            } catch {
              // not JSON: the status says enough
            }
            const refused = new TableClientError(response.status, body);
            if (response.status < 500 && response.status !== 429 && response.status !== 408) {
              throw refused;
            }
            throw Object.assign(new Error('retry'), { dropped: refused });
          }
          if (
            !(response.headers.get('content-type') ?? '').includes('text/event-stream') ||
            response.body === null
          ) {
            throw new TableClientError(
              response.status,
              {},
              {
                code: 'BAD_ANSWER',
                message: `The service's answer to GET ${path} is not an event stream.`,
              },
            );
          }
          reader = response.body.getReader();
          if (stop.signal.aborted) cancel();
          failures = 0;
          const parser = new SseParser();
          const decoder = new TextDecoder();
          for (;;) {
            let timer: ReturnType<typeof setTimeout> | undefined;
            const idle = new Promise<typeof IDLE>((resolve) => {
              timer = setTimeout(() => resolve(IDLE), idleMs);
            });
            const chunk = await Promise.race([reader.read(), idle]).finally(() =>
              clearTimeout(timer),
            );
            if (chunk === IDLE) {
              dropped = new Error(`the stream was silent for ${idleMs} ms`);
              break;
            }
            if (chunk.done) {
              dropped = new Error('the service closed the stream');
              break;
            }
            for (const m of parser.push(decoder.decode(chunk.value, { stream: true }))) {
              if (m.event === 'revoked') {
                let body: Record<string, unknown> = {};
                try {
                  body = JSON.parse(m.data) as Record<string, unknown>;
                } catch {
                  // the sentence below says it
                }
                throw new TableClientError(401, body, {
                  code: 'BAD_ANSWER',
                  message:
                    'The token this stream was opened with was revoked: the stream has ended.',
                });
              }
              if (m.event === 'closed') {
                // The table is gone (an empty room the service closed): nothing to reconnect to.
                let body: Record<string, unknown> = {};
                try {
                  body = JSON.parse(m.data) as Record<string, unknown>;
                } catch {
                  // the sentence below says it
                }
                throw new TableClientError(404, body, {
                  code: 'BAD_ANSWER',
                  message: 'The table was closed: the stream has ended.',
                });
              }
              if (m.event !== 'state' && m.event !== 'reset') continue;
              const id = Number(m.id);
              if (!Number.isSafeInteger(id) || id < 1) continue;
              // Never the same event twice: a resumed stream starts after `last`.
              if (m.event === 'state' && id <= last) continue;
              let data: unknown;
              try {
                data = JSON.parse(m.data);
              } catch {
                throw new TableClientError(
                  200,
                  {},
                  {
                    code: 'BAD_ANSWER',
                    message: `Event ${id} of the stream is not JSON.`,
                  },
                );
              }
              last = id;
              yield { id, type: m.event, data } as TableEvent;
            }
            retry = parser.retry ?? retry;
          }
        } catch (e) {
          if (stop.signal.aborted) return;
          if (e instanceof TableClientError) throw e;
          dropped = (e as { dropped?: unknown }).dropped ?? e;
          failures++;
        } finally {
          stop.signal.removeEventListener('abort', cut);
          stop.signal.removeEventListener('abort', cancel);
          connection.abort();
          cancel();
        }
        if (stop.signal.aborted) return;
        options.onDrop?.({ reason: dropped, lastEventId: last });
        const pause = options.reconnectDelayMs ?? retry ?? 2000;
        try {
          await sleep(
            Math.min(pause * 2 ** Math.min(Math.max(failures - 1, 0), 4), 30_000),
            stop.signal,
          );
        } catch {
          return;
        }
      }
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  let iterator: AsyncGenerator<TableEvent> | undefined;
  return {
    get lastEventId() {
      return last;
    },
    close: () => stop.abort(),
    [Symbol.asyncIterator]() {
      iterator ??= run();
      return iterator;
    },
  };
}
