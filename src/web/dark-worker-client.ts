// The page's side of the dark worker (dark-worker.ts): one call per request of dark-protocol.ts,
// answered in order. A refusal comes back as a DarkRefusal with the library's code and detail
// (the seat at fault in `detail.seat`), so the page can word it as any other refusal.
import type {
  DarkCalls,
  DarkCallType,
  DarkFailure,
  DarkReply,
  DarkRequest,
} from './dark-protocol.ts';

/** A request the worker refused, with the library's code and detail. */
export class DarkRefusal extends Error {
  readonly code: string;
  readonly detail: Readonly<Record<string, unknown>> | undefined;
  constructor(failure: DarkFailure) {
    super(failure.message);
    this.name = 'DarkRefusal';
    this.code = failure.code;
    this.detail = failure.detail;
  }
}

/** Where the worker's script is served (tools/build-web.ts bundles it alone). */
export const DARK_WORKER_URL = '/web/dark-worker.js';

/**
 * One dark worker, holding one seat's secrets; the page drives it with {@link DarkWorker.call}.
 *
 * @example
 * ```ts
 * const worker = new DarkWorker();
 * const { key } = await worker.call('start', { context, seat: 0 });
 * ```
 */
export class DarkWorker {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, (reply: DarkReply) => void>();
  #next = 1;
  /** Milliseconds the worker spent on each request type, summed (what the benchmark reads). */
  readonly spent = new Map<DarkCallType, number>();

  constructor(url = DARK_WORKER_URL, name = 'fairdeal-dark-seat') {
    this.#worker = new Worker(url, { type: 'module', name });
    this.#worker.addEventListener('message', (event: MessageEvent<DarkReply>) => {
      const done = this.#waiting.get(event.data.id);
      this.#waiting.delete(event.data.id);
      done?.(event.data);
    });
    this.#worker.addEventListener('error', (event) => {
      const reply = (id: number): DarkReply => ({
        id,
        ok: false,
        ms: 0,
        error: { code: 'INTERNAL', message: event.message || 'the dark worker failed to start' },
      });
      for (const [id, done] of this.#waiting) done(reply(id));
      this.#waiting.clear();
    });
  }

  /** Sends one request; resolves with its answer, rejects with a {@link DarkRefusal}. */
  call<K extends DarkCallType>(type: K, take: DarkCalls[K]['take']): Promise<DarkCalls[K]['give']> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, (reply) => {
        this.spent.set(type, (this.spent.get(type) ?? 0) + reply.ms);
        if (reply.ok) resolve(reply.result as DarkCalls[K]['give']);
        else reject(new DarkRefusal(reply.error));
      });
      this.#worker.postMessage({ id, type, ...take } as DarkRequest);
    });
  }

  /** Stops the worker: its secrets go with it. */
  terminate(): void {
    this.#worker.terminate();
    for (const [id, done] of this.#waiting) {
      done({
        id,
        ok: false,
        ms: 0,
        error: { code: 'INTERNAL', message: 'the dark worker stopped' },
      });
    }
    this.#waiting.clear();
  }
}
