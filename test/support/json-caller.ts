import assert from 'node:assert/strict';
import type { Json } from './test-table.ts';

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

/**
 * A table as one client follows it: `view` is the last table view it was answered, and
 * `act(body, token)` sends an action with that view's version, expects 200 and keeps the new
 * view.
 *
 * @example
 * ```ts
 * const t = followTable(call, made.json.tableId, made.json.table);
 * await t.act({ type: 'draw', count: 1 }, seatToken);
 * t.view.version; // one more
 * ```
 * @throws an AssertionError when an action is not answered 200.
 */
export function followTable(call: ReturnType<typeof jsonCaller>, id: string, first: Json) {
  const t = {
    view: first,
    act: async (body: object, token: string) => {
      const r = await call(
        'POST',
        `/v1/tables/${id}/actions`,
        { ...body, version: t.view.version },
        token,
      );
      assert.equal(r.status, 200, JSON.stringify(r.json));
      t.view = r.json.table;
    },
  };
  return t;
}
