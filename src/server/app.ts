import { join } from 'node:path';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { RandomSource } from '../index.ts';
import { secureRandom } from '../index.ts';
import type { ServerConfig } from './config.ts';
import { DEFAULT_CONFIG } from './config.ts';
import { ApiError } from './deck/api-error.ts';
import { cardViews } from './http/card-view.ts';
import { LIMITS, pileName } from './http/params.ts';
import { createRateLimiter } from './http/rate-limiter.ts';
import { readParams } from './http/read-params.ts';
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
  /** Receives one line per request (default: nothing). */
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
type Env = { Bindings: { incoming?: { socket?: { remoteAddress?: string | undefined } } } };

// On every answer (the reference's clients rely on it); Retry-After readable by scripts. Given
// to each answer as a plain object when it is built: @hono/node-server writes such answers on
// its fast path, while headers added afterwards (c.header, res.headers.set) cost a Headers object.
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After',
} as const;
const API_HEADERS = { ...CORS, 'Cache-Control': 'no-store' } as const;

// The deck id is the only key to a deck: it is cut from logged paths.
function logPath(path: string): string {
  const p = path.replace(/^\/api\/(deck|shuffle|draw)\/(?!new(?:\/|$))[^/]+/, '/api/$1/:id');
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

  const clientOf = (c: Context<Env>): string => {
    if (config.trustProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
      if (forwarded) return forwarded;
    }
    return (c.env as Env['Bindings'] | undefined)?.incoming?.socket?.remoteAddress ?? 'local';
  };
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
        if (path !== '/healthz') {
          const wait = limit(clientOf(c));
          if (wait > 0) {
            throw new ApiError(429, 'RATE_LIMITED', 'Too many requests: slow down.', {
              retry_after: wait,
            });
          }
        }
        await next();
      }
    } catch (error) {
      c.res = toResponse(error, log);
    }
    if (log !== undefined) {
      log(
        `${c.req.method} ${logPath(path)} ${c.res.status} ${(performance.now() - start).toFixed(1)}ms`,
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
          store: options.store,
          source,
          card: cardViews(originOf(c)),
        });
        return c.json(answer.body, answer.status, API_HEADERS);
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
        tables: t.store,
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

  app.get('/healthz', async (c) => {
    const ok = await options.store.ping().catch(() => false);
    return c.json({ ok }, ok ? 200 : 503, API_HEADERS);
  });
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
  app.onError((error) => toResponse(error, log));
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

function toResponse(error: unknown, log: ((line: string) => void) | undefined): Response {
  if (error instanceof ApiError) return jsonError(error);
  // A bug: say so without details (never a stack trace to a client), and log it.
  log?.(
    `ERROR ${String((error as Error)?.stack ?? error)
      .split('\n')
      .slice(0, 3)
      .join(' | ')}`,
  );
  return new Response(
    JSON.stringify({ success: false, error: 'Internal error.', code: 'INTERNAL' }),
    { status: 500, headers: { 'Content-Type': 'application/json', ...CORS } },
  );
}
