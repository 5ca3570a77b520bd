import { sleep } from './sleep.ts';
import { TableClientError } from './table-client-error.ts';

/** `fetch` as the client calls it: a URL and an init, a Web-standard Response. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** How the client talks to the service; what {@link createTransport} needs. */
export interface TransportOptions {
  /** The service's origin (and path prefix, if any), e.g. `https://cards.example`. */
  readonly baseUrl: string;
  /** Default: `globalThis.fetch` (Node 18+, every browser). */
  readonly fetch?: FetchLike;
  /** One attempt's limit, answer body included (default 10 000 ms). */
  readonly timeoutMs?: number;
  /**
   * The pauses before each retry of a request that may be retried (default 250, 1000, 3000 ms:
   * four attempts). A 429's `Retry-After` is honoured when longer.
   */
  readonly retryDelaysMs?: readonly number[];
  /** The local clock (ms since the epoch), for the Date header's skew. Default `Date.now`. */
  readonly now?: () => number;
}

/** One request. `body` is serialised once: every retry sends the same bytes. */
export interface TransportRequest {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly token?: string | undefined;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Whether a lost answer (no answer, a timeout, 5xx, 429) may be asked again. */
  readonly retry: boolean;
  readonly signal?: AbortSignal | undefined;
}

/** The transport the client's methods share. */
export interface Transport {
  readonly baseUrl: string;
  readonly fetch: FetchLike;
  /** The pause before reconnecting, for streams. */
  readonly retryDelaysMs: readonly number[];
  /** The service's Date header minus this clock at the answer (ms), once an answer had one. */
  readonly clockSkewMs: number | null;
  /** Sends a JSON request; resolves with the parsed 2xx answer. */
  json<T>(request: TransportRequest): Promise<T>;
  /** Notes an answer's Date header (streams call it for their answers). */
  noteDate(response: Response): void;
  /** The URL of a path. */
  url(path: string): string;
}

const TIMED_OUT = Symbol('timed out');

/** Parses a JSON text, or undefined. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The client's one way to the network (docs/ARCHITECTURE.md: the client's network use is the
 * library's documented exception). Every answer's `Date` header is noted, so a caller can tell
 * how far this device's clock is from the service's (deadlines are the service's).
 *
 * A request marked `retry` is asked again, after the configured pauses, when its answer is lost:
 * no answer (a network error), none in time, a 5xx, or a 429 (after its `Retry-After`). Only
 * requests that cannot act twice are marked so: reads, `/v1/verify`, and actions, which carry an
 * `Idempotency-Key` (the service answers a repeat with the first answer and acts once).
 *
 * @example
 * ```ts
 * const t = createTransport({ baseUrl: 'http://127.0.0.1:8080' });
 * const key = await t.json<DealerKeyAnswer>({ method: 'GET', path: '/.well-known/fairdeal-key', retry: true });
 * ```
 * @throws {TypeError} for a baseUrl that is not an http(s) URL.
 */
export function createTransport(options: TransportOptions): Transport {
  const base = new URL(options.baseUrl);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new TypeError(`baseUrl must be an http(s) URL, got ${base.protocol}`);
  }
  const baseUrl = base.href.replace(/\/+$/, '');
  // Called through globalThis: some browsers refuse a fetch detached from its window.
  const fetchFn: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const delays = options.retryDelaysMs ?? [250, 1000, 3000];
  const now = options.now ?? Date.now;
  let skew: number | null = null;

  const noteDate = (response: Response): void => {
    const date = Date.parse(response.headers.get('date') ?? '');
    // The header is whole seconds, rounded down: a clock in step reads 0 to 1 s behind it.
    if (Number.isFinite(date)) skew = date + 500 - now();
  };
  const url = (path: string) => `${baseUrl}${path}`;

  /** One attempt: an answer (status and parsed body), or why there was none. */
  const attempt = async (
    r: TransportRequest,
    body: string | undefined,
  ): Promise<
    | { readonly status: number; readonly body: unknown; readonly retryAfter: number }
    | { readonly lost: 'network' | 'timeout'; readonly cause: unknown }
  > => {
    const controller = new AbortController();
    const onAbort = () => controller.abort(r.signal?.reason);
    r.signal?.addEventListener('abort', onAbort, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
    });
    const headers: Record<string, string> = { Accept: 'application/json', ...r.headers };
    if (r.token !== undefined) headers.Authorization = `Bearer ${r.token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const init: RequestInit = {
      method: r.method,
      headers,
      signal: controller.signal,
      cache: 'no-store',
      credentials: 'omit',
      ...(body === undefined ? {} : { body }),
    };
    try {
      const answered = fetchFn(url(r.path), init).then(async (response) => {
        noteDate(response);
        return { response, text: await response.text() };
      });
      // Raced, not only aborted: a fetch that ignores its signal still times out.
      const won = await Promise.race([answered, timeout]);
      if (won === TIMED_OUT) {
        controller.abort(new Error('timed out'));
        answered.catch(() => {});
        return { lost: 'timeout', cause: undefined };
      }
      const retryAfter = Number(won.response.headers.get('retry-after'));
      return {
        status: won.response.status,
        body: parseJson(won.text),
        retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 0,
      };
    } catch (cause) {
      if (r.signal?.aborted) throw r.signal.reason;
      return { lost: 'network', cause };
    } finally {
      clearTimeout(timer);
      r.signal?.removeEventListener('abort', onAbort);
    }
  };

  const json = async <T>(r: TransportRequest): Promise<T> => {
    const body = r.body === undefined ? undefined : JSON.stringify(r.body);
    const tries = r.retry ? delays.length + 1 : 1;
    for (let i = 0; ; i++) {
      const a = await attempt(r, body);
      const last = i + 1 >= tries;
      if ('lost' in a) {
        if (!last) {
          await sleep(delays[i]!, r.signal);
          continue;
        }
        const why =
          a.lost === 'timeout'
            ? { code: 'TIMEOUT' as const, message: `No answer within ${timeoutMs} ms` }
            : { code: 'NETWORK' as const, message: 'No answer' };
        const what = `${why.message} from ${baseUrl} (${r.method} ${r.path.replace(/\?.*$/, '')}, ${tries} attempt${tries === 1 ? '' : 's'}).`;
        throw new TableClientError(0, {}, { code: why.code, message: what }, { cause: a.cause });
      }
      const answer = isObject(a.body) ? a.body : {};
      if (a.status >= 200 && a.status < 300) {
        if (!isObject(a.body)) {
          throw new TableClientError(
            a.status,
            {},
            {
              code: 'BAD_ANSWER',
              message: `The service's answer to ${r.method} ${r.path} is not JSON.`,
            },
          );
        }
        return a.body as T;
      }
      const lostAnswer = a.status >= 500 || a.status === 429 || a.status === 408;
      if (lostAnswer && !last) {
        await sleep(Math.max(delays[i]!, Math.min(a.retryAfter, 30_000)), r.signal);
        continue;
      }
      throw new TableClientError(a.status, answer);
    }
  };

  return {
    baseUrl,
    fetch: fetchFn,
    retryDelaysMs: delays,
    get clockSkewMs() {
      return skew;
    },
    json,
    noteDate,
    url,
  };
}
