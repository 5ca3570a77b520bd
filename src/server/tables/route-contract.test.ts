import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearer, seatedTable } from '../../../test/support/seated-table.ts';
import { type Json, testApp } from '../../../test/support/test-table.ts';
import { TABLE_ROUTES } from './routes/table-route-list.ts';
import type { TableRoute } from './table-route.ts';

// Made from the route records, so a route added later is held to its declared contract with
// no test written for it: every route that takes a token refuses a stranger, a forged token and
// the wrong kind of caller; every route with a body refuses what its schema refuses, in JSON,
// and changes nothing.

/** A request with the body's text as it is (not JSON.stringify'd). */
async function raw(
  t: ReturnType<typeof testApp>,
  method: string,
  path: string,
  text: string,
  headers: Record<string, string>,
) {
  const res = await t.app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: text,
  });
  const body = await res.text();
  return { status: res.status, text: body, json: JSON.parse(body) as Json };
}

const pathOf = (r: TableRoute, id: string): string =>
  r.path.replace(':id', id).replace(':seat', '1').replace(':n', '1');

test('route contract: a route that takes a token refuses no token, a forged one and one of the wrong kind, with 401/403 JSON', async () => {
  const t = testApp('route contract auth');
  const seated = await seatedTable(t.call, { preset: 'doudizhu' });
  const forged = `fdt_seat_${'A'.repeat(43)}`;
  const guarded = TABLE_ROUTES.filter((r) => !['none', 'invite'].includes(r.auth));
  assert.ok(guarded.length >= 6, `${guarded.length} guarded routes`);
  for (const r of guarded) {
    const path = pathOf(r, seated.id);
    const method = r.method.toUpperCase();
    const body = r.body === undefined ? undefined : { type: 'pass', version: 1 };
    const before = (
      await t.call('GET', `/v1/tables/${seated.id}`, undefined, bearer(seated.hostToken))
    ).json;
    for (const headers of [{}, bearer(forged), { Authorization: 'Basic x' }]) {
      const res = await t.call(method, path, body, headers);
      assert.equal(
        res.status,
        401,
        `${method} ${r.path} with ${JSON.stringify(headers)}: ${res.text}`,
      );
      assert.equal(res.json.code, 'UNAUTHORIZED');
      assert.equal(res.json.success, false);
    }
    // The wrong kind of caller: a seat on a host route, the host or another seat on a seat's.
    const wrong =
      r.auth === 'host'
        ? seated.seatTokens[1]!
        : r.auth === 'seat'
          ? seated.seatTokens[0]!
          : undefined;
    if (wrong !== undefined) {
      const res = await t.call(method, path, body, bearer(wrong));
      assert.equal(res.status, 403, `${method} ${r.path} by the wrong kind: ${res.text}`);
      assert.equal(res.json.code, 'FORBIDDEN');
      if (r.auth === 'seat') {
        const host = await t.call(method, path, body, bearer(seated.hostToken));
        assert.equal(host.status, 403, `${method} ${r.path} by the host: ${host.text}`);
      }
    }
    const after = (
      await t.call('GET', `/v1/tables/${seated.id}`, undefined, bearer(seated.hostToken))
    ).json;
    assert.deepEqual(after, before, `${method} ${r.path}: nothing changed`);
  }
});

test('route contract: every body is checked before anything happens — not JSON, not an object, a required field missing, a field of the wrong kind', async () => {
  const t = testApp('route contract bodies');
  const seated = await seatedTable(t.call, { preset: 'doudizhu' });
  const withBody = TABLE_ROUTES.filter((r) => r.body !== undefined);
  assert.ok(withBody.length >= 4);
  const host = bearer(seated.hostToken);
  const read = async () => (await t.call('GET', `/v1/tables/${seated.id}`, undefined, host)).json;
  for (const r of withBody) {
    const path = pathOf(r, seated.id);
    const method = r.method.toUpperCase();
    const auth = r.auth === 'none' || r.auth === 'invite' ? {} : bearer(seated.seatTokens[1]!);
    const before = await read();
    const schema = r.body!.json as Json;
    const bad: [string, unknown][] = [
      ['[1,2]', 'BAD_BODY'],
      ['{"a":', 'BAD_BODY'],
      ['"text"', 'BAD_BODY'],
    ];
    // Each required field missing in turn, and each declared field of a kind it cannot be.
    const required: string[] = schema.required?.filter((k: string) => k !== 'type') ?? [];
    for (const k of required) bad.push([JSON.stringify({ type: 'commit' }), k]);
    for (const [k, s] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
      if (s.type === 'string' || s.type === 'integer' || s.type === 'boolean' || s.enum) {
        bad.push([JSON.stringify({ preset: 'doudizhu', invite: 'x'.repeat(20), [k]: [[]] }), k]);
      }
    }
    for (const [text, what] of bad) {
      const res = await raw(t, method, path, text, auth);
      assert.ok(
        res.status === 400,
        `${method} ${r.path} ${text} (${what}): ${res.status} ${res.text}`,
      );
      assert.equal(res.json.success, false);
      assert.match(res.json.code, /^(BAD_BODY|BAD_REQUEST|UNKNOWN_ACTION)$/);
      assert.doesNotMatch(res.text, /at .*\.ts:\d+/, 'no stack trace');
    }
    const big = await raw(
      t,
      method,
      path,
      JSON.stringify({ x: 'y'.repeat(2 * 1024 * 1024) }),
      auth,
    );
    assert.equal(big.status, 413, `${method} ${r.path}: ${big.text}`);
    assert.equal(big.json.code, 'BODY_TOO_LARGE');
    assert.deepEqual(await read(), before, `${method} ${r.path}: nothing changed`);
  }
});

test('route contract: an action of an unknown type, or with a field of the wrong kind, is refused whatever the version', async () => {
  const t = testApp('route contract actions');
  const seated = await seatedTable(t.call, { preset: 'doudizhu' });
  const seat = bearer(seated.seatTokens[0]!);
  const v = seated.table.version;
  const cases: [Json, string][] = [
    [{ type: 'teleport', version: v }, 'UNKNOWN_ACTION'],
    [{ type: 'commit', version: v, commitment: 'zz', signature: 'a'.repeat(128) }, 'BAD_REQUEST'],
    [{ type: 'commit', version: v, signature: 'a'.repeat(128) }, 'BAD_REQUEST'],
    [{ type: 'move', version: v, cards: ['3S'], from: 'hand', to: 'stock' }, 'BAD_REQUEST'],
    [{ type: 'draw', version: v, count: 0 }, 'BAD_REQUEST'],
    [{ type: 'play', version: v, cards: [] }, 'BAD_REQUEST'],
    [{ type: 'deal-street', version: v, street: 'preflop' }, 'BAD_REQUEST'],
  ];
  for (const [body, code] of cases) {
    const res = await t.call('POST', `/v1/tables/${seated.id}/actions`, body, seat);
    assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
    assert.equal(res.json.code, code, JSON.stringify(body));
  }
});

test('route contract: one code, one status — a table that needs more cards than its deck is 409 NOT_ENOUGH_CARDS, as a draw past the stock is', async () => {
  const t = testApp('route contract statuses');
  const res = await t.call('POST', '/v1/tables', {
    preset: 'custom',
    options: { seats: 4, handSize: 20 },
  });
  assert.equal(res.status, 409, res.text);
  assert.equal(res.json.code, 'NOT_ENOUGH_CARDS');
});

test('route contract: the doubling and show-hand house rules open a table that plays them (house-rules.test.ts); a rule flag that is no boolean is refused', async () => {
  const t = testApp('route contract rules');
  const on = await t.call('POST', '/v1/tables', {
    preset: 'doudizhu',
    rules: { doubling: true, showHand: true },
  });
  assert.equal(on.status, 201, on.text);
  assert.deepEqual(on.json.table.rules, { doubling: true, showHand: true });
  const bad = await t.call('POST', '/v1/tables', {
    preset: 'doudizhu',
    rules: { doubling: 'yes' },
  });
  assert.equal(bad.status, 400, bad.text);
  assert.equal(bad.json.code, 'BAD_REQUEST');
});
