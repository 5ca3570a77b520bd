import type { Json } from '../../src/server/tables/test-table.ts';

/**
 * `call(method, path, body?, token?)` against a running service: JSON in, JSON out, the token as
 * a Bearer header. `base` is read at each call, so a test that restarts its server keeps one
 * caller.
 *
 * @example
 * ```ts
 * const call = jsonCaller(() => server.url);
 * const made = await call('POST', '/v1/tables', { preset: 'holdem' });
 * ```
 * @throws whatever fetch throws, or a SyntaxError for a body that is not JSON.
 */
export function jsonCaller(base: () => string) {
  return async (method: string, path: string, body?: object, token?: string) => {
    const res = await fetch(`${base()}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as Json };
  };
}
