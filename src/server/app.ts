import { join } from 'node:path';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { RandomSource } from '../index.ts';
import { secureRandom } from '../index.ts';
import type { ServerConfig } from './config.ts';
import { DEFAULT_CONFIG } from './config.ts';
import { ApiError } from './deck/api-error.ts';
import { logLine } from './http/access-log.ts';
import { cardViews } from './http/card-view.ts';
import { clientAddress } from './http/client-address.ts';
import { countStream } from './http/count-stream.ts';
import { headerOf, type NodeBindings } from './http/header-of.ts';
import { createMetrics } from './http/metrics.ts';
import { LIMITS, pileName } from './http/params.ts';
import { createRateLimiter } from './http/rate-limiter.ts';
import { timedOutSockets } from './http/raw-answers.ts';
import { readParams } from './http/read-params.ts';
import { createReadiness } from './http/readiness.ts';
import { requestIds } from './http/request-id.ts';
import { timedStore } from './http/timed-store.ts';
import { FACES_FOLDER } from './images/card-faces.ts';
import { cardImage } from './images/card-images.ts';
import type { Notifier } from './notifier.ts';
import { API_ROUTES, openApiDocument } from './openapi.ts';
import { docsPage, homePage } from './pages.ts';
import { precompressedResponse } from './precompressed-response.ts';
import type { Store } from './store/store.ts';
import type { TableStore } from './store/table-store.ts';
import type { SealedTableDocument } from './tables/sealed-table-doc.ts';
import type { SecretBox } from './tables/secret-box.ts';
import { tableRoutes } from './tables/table-routes.ts';
import { DEFAULT_WEB_DIR, loadWebPage, webResponse } from './web-page.ts';

/** What {@link createApp} needs. */
export interface AppOptions {
  readonly store: Store;
  /**
   * Shuffles, deck ids and table ids (default: the secure source; tests pass `chacha20(seed)`).
   * Never the server seeds of the tables' hands: those always come from the secure source
   * (docs/FAIR.md §3), unless a test gives `tables.testOnlySource`.
   */
  readonly source?: RandomSource;
  readonly config?: Partial<ServerConfig>;
  /** Receives one line of JSON per request, and one per internal error (default: nothing). */
  readonly log?: (line: string) => void;
  /** Milliseconds, for the rate limiter (default performance.now). */
  readonly now?: () => number;
  readonly version?: string;
  /** Folder of the built web page served at `/` (default dist-web/; null: the placeholder). */
  readonly webDir?: string | null;
  /** The tables of `/v1` (docs/TABLES.md); without them `/v1` is not served. */
  readonly tables?: {
    /** What it holds: the documents sealed (tables/sealed-table-store.ts seals and opens). */
    readonly store: TableStore<SealedTableDocument>;
    readonly notifier: Notifier;
    readonly box: SecretBox;
    /** Wall clock, ms since the epoch (deadlines, tickets). */
    readonly now?: () => number;
    readonly heartbeatMs?: number;
    readonly retention?: { readonly every: number; readonly keep: number };
    /**
     * TESTS ONLY: the server seeds of the hands from this source, even a predictable one
     * (`chacha20(seed)`), so that a test can reproduce its hands. Never in a deployment.
     */
    readonly testOnlySource?: RandomSource;
  };
}

// node-server passes the Node request as `incoming`; app.request() in tests passes nothing.
type Env = {
  Bindings: NodeBindings;
  Variables: { requestId: string; idSent: boolean };
};

// On every answer (the reference's clients rely on it); Retry-After readable by scripts. Given
// to each answer as a plain object when it is built: @hono/node-server writes such answers on
// its fast path, while headers added afterwards (c.header, res.headers.set) cost a Headers object.
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After, X-Request-Id',
} as const;
const API_HEADERS = { ...CORS, 'Cache-Control': 'no-store' } as const;

// The deck id is the only key to a deck: it is cut from logged paths. So is anything shaped
// like a secret a client may have pasted into a URL: a token or invite (`fdt_…`, prefixed for
// exactly this), or any run of 32+ key characters (seeds, salts, keys: 64 hex digits or 43
// base64url); ids the service makes are 20 characters.
function logPath(path: string): string {
  const p = path
    .replace(/^\/api\/(deck|shuffle|draw)\/(?!new(?:\/|$))[^/]+/, '/api/$1/:id')
    .replace(/fdt_[A-Za-z0-9_+/=-]*|[A-Za-z0-9_+/=-]{32,}/g, '…');
  return p.length > 200 ? `${p.slice(0, 200)}…` : p;
}

function errorBody(e: ApiError): Record<string, unknown> {
  return { success: false, error: e.message, code: e.code, ...e.extra };
}

/**
 * The dealer as a hono app on Web-standard Request → Response: the Deck of Cards API under
 * `/api/`, card images, `/docs`, `/openapi.json`, `/healthz` and `/`. It opens no socket (see
 * start.ts), so tests call `app.request()` in-process.
 *
 * @example
 * ```ts
 * const app = createApp({ store: openSqliteStore({ path: ':memory:' }), source: chacha20('t') });
 * const res = await app.request('/api/deck/new/shuffle/');
 * ```
 * @throws never; every error becomes a JSON answer (500 only for a bug, without details).
 */
export function createApp(options: AppOptions): Hono<Env> {
  const config: ServerConfig = { ...DEFAULT_CONFIG, ...options.config };
  const source = options.source ?? secureRandom;
  const log = options.log;
  const limit = createRateLimiter(
    { perSecond: config.rateLimit, burst: config.rateBurst },
    options.now ?? (() => performance.now()),
  );
  const openapi = JSON.stringify(openApiDocument(options.version ?? '0.0.0'));
  const docs = docsPage();
  const app = new Hono<Env>({ strict: false });

  // The right-most address no trusted proxy vouches for (http/client-address.ts): the first
  // X-Forwarded-For entry is whatever the client wrote, and keyed the limiter before (issue 27).
  const addressOf = clientAddress({
    hops:
      config.trustProxy && config.proxyHops === 0 && config.trustedProxies.length === 0
        ? 1
        : config.proxyHops,
    proxies: config.trustedProxies,
  });
  const forwarded = config.trustProxy;
  const clientOf = (c: Context<Env>): string =>
    addressOf(
      (c.env as Env['Bindings'] | undefined)?.incoming?.socket?.remoteAddress,
      forwarded ? headerOf(c, 'x-forwarded-for') : undefined,
    );
  const requestId = requestIds(source);
  const metrics = createMetrics();
  // Every store call the routes make is timed for /metrics (http/timed-store.ts).
  const observe = metrics.storeOperation;
  const deckStore = timedStore(options.store, 'decks', observe);
  const tableStore =
    options.tables === undefined ? undefined : timedStore(options.tables.store, 'tables', observe);
  const tablesByPhase = phaseCounts(options.tables?.store);
  const ready = createReadiness({
    store: options.store,
    notifier: options.tables?.notifier,
  });
  // The request URL is absolute and already parsed by the server: its origin ends at the first
  // '/' after 'http://' (cheaper than a second URL parse on every request).
  const originOf = (c: Context<Env>): string => {
    if (config.publicUrl !== undefined) return config.publicUrl;
    const url = c.req.url;
    const end = url.indexOf('/', url.indexOf('//') + 2);
    return end === -1 ? url : url.slice(0, end);
  };

  app.use(async (c, next) => {
    const start = performance.now();
    const path = c.req.path;
    const id = requestId(headerOf(c, 'x-request-id'));
    const client = clientOf(c);
    c.set('requestId', id);
    try {
      if (c.req.method === 'OPTIONS') {
        // CORS preflight, for every path: browsers send it before a POST with a JSON body.
        c.res = new Response(null, {
          status: 204,
          headers: {
            ...CORS,
            'Access-Control-Allow-Methods': 'GET, POST, DELETE, HEAD, OPTIONS',
            'Access-Control-Allow-Headers':
              'Content-Type, Authorization, Idempotency-Key, Last-Event-ID',
            'Access-Control-Max-Age': '86400',
          },
        });
      } else {
        if (c.req.url.length - c.req.url.indexOf(path) > LIMITS.maxUrlBytes) {
          throw new ApiError(
            414,
            'URL_TOO_LONG',
            `A URL holds at most ${LIMITS.maxUrlBytes} bytes.`,
          );
        }
        if (c.req.method === 'HEAD' && path.startsWith('/api/')) {
          // HEAD would run the GET handler, and API GETs change decks: a HEAD must change nothing.
          throw new ApiError(405, 'METHOD_NOT_ALLOWED', 'Use GET or POST for the API.');
        }
        if (path !== '/healthz' && path !== '/readyz' && path !== '/metrics') {
          const wait = limit(client);
          if (wait > 0) {
            metrics.rateLimited(client);
            throw new ApiError(429, 'RATE_LIMITED', 'Too many requests: slow down.', {
              retry_after: wait,
            });
          }
        }
        await next();
      }
    } catch (error) {
      c.res = toResponse(error, c, log, id);
    }
    // A client that left before its answer (an abandoned upload, a closed tab) is no failure of
    // ours: logged as nginx does, 499, with `aborted`, never as 500 / INTERNAL (issue 27).
    const socket = (c.env as Env['Bindings'] | undefined)?.incoming?.socket;
    const timedOut = socket !== undefined && timedOutSockets.has(socket);
    const aborted = !timedOut && clientGone(c);
    const status = timedOut ? 408 : aborted ? 499 : c.res.status;
    const ms = performance.now() - start;
    const route = routeOf(c);
    metrics.request(route, c.req.method, status, ms / 1000);
    // An event stream is open from here until its body ends or the client leaves. Only the
    // events route is looked at: reading any answer's body or headers costs it the fast path.
    if (
      route.endsWith('/events') &&
      c.res.body !== null &&
      c.res.headers.get('content-type')?.startsWith('text/event-stream')
    ) {
      c.res = new Response(countStream(c.res.body, metrics.streamOpened()), c.res);
    }
    try {
      // Set afterwards only where the handler did not: this costs the answer a Headers object.
      if (c.get('idSent') !== true) c.res.headers.set('X-Request-Id', id);
    } catch {
      // An immutable answer (a fetched one) keeps its headers; the log still has the id.
    }
    if (log !== undefined) {
      log(
        logLine({
          t: new Date().toISOString(),
          level: status >= 500 ? 'error' : 'info',
          msg: 'request',
          id,
          method: c.req.method,
          path: logPath(path),
          status,
          ms: Math.round(ms * 10) / 10,
          client,
          ...(aborted ? { aborted: true } : {}),
          ...(timedOut ? { timeout: true } : {}),
        }),
      );
    }
  });

  for (const route of API_ROUTES) {
    for (const pattern of route.paths) {
      app.on(['GET', 'POST'], pattern, async (c) => {
        const raw = await readParams(c.req.raw);
        const pile = c.req.param('pile' as never) as string | undefined;
        const deckId = c.req.param('deck_id' as never) as string | undefined;
        const answer = await route.handle({
          raw,
          deckId: deckId?.toLowerCase() ?? '',
          pile: pile === undefined ? '' : pileName(pile),
          store: deckStore,
          source,
          card: cardViews(originOf(c)),
        });
        // The id given with the answer's other headers, as a plain object: the fast path.
        c.set('idSent', true);
        return c.json(answer.body, answer.status, {
          ...API_HEADERS,
          'X-Request-Id': c.get('requestId'),
        });
      });
    }
  }

  const webDir = options.webDir ?? DEFAULT_WEB_DIR;
  const web = options.webDir === null ? undefined : loadWebPage(webDir);
  app.get('/', (c) => {
    const index = web?.get('index.html');
    return index === undefined
      ? c.html(homePage(originOf(c)), 200, CORS)
      : webResponse(index, c.req.raw.headers, CORS);
  });
  app.get('/docs', (c) => c.html(docs, 200, CORS));
  app.get('/openapi.json', (c) =>
    c.body(openapi, 200, { ...CORS, 'Content-Type': 'application/json' }),
  );
  if (options.tables !== undefined) {
    const t = options.tables;
    app.route(
      '/',
      tableRoutes({
        tables: tableStore ?? t.store,
        notifier: t.notifier,
        box: t.box,
        ...(options.source === undefined ? {} : { source: options.source }),
        ...(t.now === undefined ? {} : { now: t.now }),
        ...(t.heartbeatMs === undefined ? {} : { heartbeatMs: t.heartbeatMs }),
        ...(t.retention === undefined ? {} : { retention: t.retention }),
        ...(t.testOnlySource === undefined ? {} : { testOnlySource: t.testOnlySource }),
        rooms: { emptyMs: config.roomEmptyMs, idleMs: config.roomIdleMs },
      }),
    );
  }

  // Liveness: the process answers. Nothing else, so that a database outage (which every process
  // shares) does not make an orchestrator restart every process; readiness is /readyz.
  app.get('/healthz', (c) => c.json({ ok: true }, 200, API_HEADERS));
  // Readiness: a real write and read of the probe's own row, and on PostgreSQL the LISTEN
  // connection (http/readiness.ts); 503 NOT_READY takes the process out of a load balancer.
  app.get('/readyz', async (c) => {
    const r = await ready();
    if (r.ok) return c.json(r, 200, API_HEADERS);
    return jsonError(
      new ApiError(503, 'NOT_READY', 'Not ready: the store or its notifications are failing.', {
        ok: false,
        store: r.store,
        notifier: r.notifier,
      }),
    );
  });
  // Prometheus text format (docs/DEPLOY.md, "Metrics"); labels never hold an id or a secret.
  app.get('/metrics', async (c) =>
    c.body(metrics.render({ tablesByPhase: await tablesByPhase() }), 200, {
      ...CORS,
      'Content-Type': 'text/plain; version=0.0.4; charset=utf-8',
      'Cache-Control': 'no-store',
    }),
  );
  // The faces built with the page (dist-web/img/, precompressed); drawn here when not built.
  const faces = options.webDir === null ? undefined : join(webDir, FACES_FOLDER);
  app.get('/static/img/:file', async (c) => {
    const image = await cardImage(c.req.param('file'), { dir: faces });
    if (image === undefined) throw new ApiError(404, 'NOT_FOUND', 'No such image.');
    return precompressedResponse(image.file, c.req.raw.headers, {
      ...CORS,
      'Content-Type': image.type,
      'Cache-Control': 'public, max-age=86400',
    });
  });

  app.notFound((c) => {
    // The page's own files (/web/main.js …) are not API routes: they are answered here, where no
    // route matched, so the OpenAPI document stays the API's.
    const webFile = c.req.path.startsWith('/web/') ? web?.get(c.req.path.slice(5)) : undefined;
    if (
      webFile !== undefined &&
      c.req.path !== '/web/index.html' &&
      ['GET', 'HEAD'].includes(c.req.method)
    ) {
      return webResponse(webFile, c.req.raw.headers, CORS);
    }
    if (!['GET', 'POST', 'HEAD'].includes(c.req.method)) {
      return jsonError(new ApiError(405, 'METHOD_NOT_ALLOWED', 'Use GET or POST.'), {
        Allow: 'GET, POST, HEAD, OPTIONS',
      });
    }
    return jsonError(new ApiError(404, 'NOT_FOUND', 'Not found.'));
  });
  app.onError((error, c) => toResponse(error, c, log, requestIdOf(c)));
  return app;
}

function jsonError(e: ApiError, headers: Record<string, string> = {}): Response {
  const h: Record<string, string> = {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    ...CORS,
    ...headers,
  };
  if (e.status === 429) h['Retry-After'] = String(e.extra.retry_after ?? 1);
  return new Response(JSON.stringify(errorBody(e)), { status: e.status, headers: h });
}

// The route's pattern for the metrics, never the path (which holds ids): the last route that
// matched other than the middleware; preflights and unmatched paths by name.
function routeOf(c: Context<Env>): string {
  if (c.req.method === 'OPTIONS') return '(preflight)';
  const matched = c.req.matchedRoutes;
  for (let i = matched.length - 1; i >= 0; i--) {
    if (matched[i]!.method !== 'ALL') return matched[i]!.path;
  }
  return '(none)';
}

// Tables by phase read every document: at most once every 10 s, and never for longer than 2 s.
function phaseCounts(
  tables: TableStore<SealedTableDocument> | undefined,
): () => Promise<Record<string, number> | undefined> {
  let last: { at: number; value: Record<string, number> | undefined } | undefined;
  let running: Promise<Record<string, number> | undefined> | undefined;
  return () => {
    const count = tables?.countByPhase;
    if (tables === undefined || count === undefined) return Promise.resolve(undefined);
    if (last !== undefined && performance.now() - last.at < 10_000) {
      return Promise.resolve(last.value);
    }
    running ??= Promise.race([
      count.call(tables).catch(() => undefined),
      new Promise<undefined>((resolve) => {
        (setTimeout(resolve, 2_000) as { unref?: () => void }).unref?.();
      }),
    ]).then((value) => {
      last = { at: performance.now(), value };
      running = undefined;
      return value;
    });
    return running;
  };
}

// Whether the client's connection closed before the answer: the socket, under node:http; the
// request's signal in process (app.request()). Not the signal under node:http: asking for it
// makes @hono/node-server build an AbortController for every request.
function clientGone(c: Context<Env>): boolean {
  const incoming = (c.env as Env['Bindings'] | undefined)?.incoming;
  if (incoming !== undefined) return incoming.socket?.destroyed === true;
  return c.req.raw.signal.aborted;
}

// The request's id (onError runs inside the middleware, which set it).
function requestIdOf(c: Context<Env>): string | undefined {
  return c.get('requestId');
}

function toResponse(
  error: unknown,
  c: Context<Env>,
  log: ((line: string) => void) | undefined,
  id: string | undefined,
): Response {
  if (error instanceof ApiError) return jsonError(error);
  // The body's stream fails when the client abandons it: not a bug, and the answer reaches no one.
  if (clientGone(c)) {
    return new Response(
      JSON.stringify({ success: false, error: 'The client closed the connection.' }),
      { status: 499, headers: { 'Content-Type': 'application/json', ...CORS } },
    );
  }
  // A bug: say so without details (never a stack trace to a client), and log it.
  log?.(
    logLine({
      t: new Date().toISOString(),
      level: 'error',
      msg: 'internal error',
      ...(id === undefined ? {} : { id }),
      error: String((error as Error)?.stack ?? error)
        .split('\n')
        .slice(0, 3)
        .join(' | '),
    }),
  );
  return new Response(
    JSON.stringify({ success: false, error: 'Internal error.', code: 'INTERNAL' }),
    { status: 500, headers: { 'Content-Type': 'application/json', ...CORS } },
  );
}
