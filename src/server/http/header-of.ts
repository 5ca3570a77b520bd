import type { Context } from 'hono';

/** What @hono/node-server passes an app as its bindings: the Node request, as `incoming`. */
export interface NodeBindings {
  readonly incoming?: {
    readonly socket?: { readonly remoteAddress?: string | undefined; readonly destroyed?: boolean };
    readonly headers?: Record<string, string | string[] | undefined>;
  };
}

/**
 * A request header, read from Node's own parsed headers when served by node:http: `c.req.header()`
 * makes @hono/node-server build a Headers object for the request (every header copied in), a cost
 * each request would pay for the two or three headers a route reads. In process (app.request()),
 * the Request's own. Names are lower case, as Node keys them.
 *
 * @example
 * ```ts
 * const auth = headerOf(c, 'authorization'); // 'Bearer fdt_seat_…' or undefined
 * ```
 * @throws never.
 */
export function headerOf(c: Context, name: string): string | undefined {
  const incoming = (c.env as NodeBindings | undefined)?.incoming;
  if (incoming?.headers === undefined) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
