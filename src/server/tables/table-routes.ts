import type { Context } from 'hono';
import { Hono } from 'hono';
import { ApiError } from '../deck/api-error.ts';
import { headerOf } from '../http/header-of.ts';
import { readJsonBody } from '../http/read-body.ts';
import { authorize, requireHost } from './authorize.ts';
import { TABLE_ROUTES } from './routes/table-route-list.ts';
import type { TableDocument } from './table-doc.ts';
import type { JsonReply, RouteRequest, TableRoute } from './table-route.ts';
import { type TableRouteOptions, tableServices } from './table-services.ts';
import type { Viewer } from './viewer.ts';

export type { TableRouteOptions } from './table-services.ts';

const MAX_BODY = 16 * 1024;
const EMPTY = new Uint8Array(0);

const reply = (r: JsonReply | Response): Response =>
  r instanceof Response
    ? r
    : new Response(typeof r.body === 'string' ? r.body : JSON.stringify(r.body), {
        status: r.status,
        headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
      });

/**
 * The caller of `route`, as its `auth` admits it: a valid token of the right kind, checked
 * against the document in constant time (authorize.ts). Routes without a token never ask.
 */
function callerOf(route: TableRoute, c: Context, seat: number) {
  const header = headerOf(c, 'authorization');
  return (doc: TableDocument): Viewer => {
    switch (route.auth) {
      case 'host':
        requireHost(doc, header);
        return { kind: 'host' };
      case 'seat': {
        const viewer = authorize(doc, header);
        if (viewer.kind !== 'seat' || viewer.seat !== seat) {
          throw new ApiError(403, 'FORBIDDEN', route.forbidden ?? 'Only that seat can do this.');
        }
        return viewer;
      }
      case 'seat-or-host':
      case 'seat-host-or-ticket':
        return authorize(doc, header);
      case 'viewer':
      case 'viewer-or-ticket':
        return authorize(doc, header, { spectator: true });
      default:
        // A route that takes no token asked who is calling: a bug in its record, not the request.
        throw new Error(`${route.id} takes no token`);
    }
  };
}

/**
 * fairdeal's own table API under `/v1` (docs/TABLES.md), made from the route records
 * (routes/table-route-list.ts): for each, the router entry, the body read (at most `maxBody`
 * bytes) and checked against its schema before the handler runs, and the caller check its
 * `auth` declares. Mounted by app.ts.
 *
 * @example
 * ```ts
 * app.route('/', tableRoutes({ tables, notifier, box }));
 * ```
 * @throws never (errors are ApiErrors, turned into JSON by the app).
 */
export function tableRoutes(options: TableRouteOptions): Hono {
  const services = tableServices(options);
  const app = new Hono({ strict: false });
  for (const route of TABLE_ROUTES) {
    app.on(route.method.toUpperCase(), route.path, async (c) => {
      const schema = route.body;
      const read =
        schema === undefined
          ? { value: {}, bytes: EMPTY }
          : await readJsonBody(c.req.raw, route.maxBody ?? MAX_BODY, headerOf(c, 'content-length'));
      let checked: { value: unknown } | undefined;
      const body = (): unknown => {
        checked ??= { value: schema === undefined ? {} : schema.check(read.value, 'body') };
        return checked.value;
      };
      if (route.replayable !== true) body();
      const seat = Number(c.req.param('seat'));
      const req: RouteRequest<unknown> = {
        get body() {
          return body();
        },
        raw: read.value,
        bytes: read.bytes,
        id: c.req.param('id') ?? '',
        seat,
        n: Number(c.req.param('n')),
        method: c.req.method,
        path: c.req.path,
        header: (name) => headerOf(c, name.toLowerCase()),
        query: (name) => c.req.query(name),
        // Asked for by the event stream only: under node:http the signal costs an AbortController.
        get signal() {
          return c.req.raw.signal;
        },
        caller: callerOf(route, c, seat),
      };
      return reply(await route.handle(req, services));
    });
  }
  return app;
}
