import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testApp } from '../../test/support/server-app.ts';
import { chacha20 } from '../index.ts';
import { createApp } from './app.ts';
import { API_ROUTES, openApiDocument, openApiPath } from './openapi.ts';
import { OTHER_ROUTES } from './routes/other-routes.ts';
import { openSqliteStore } from './store/sqlite/deck-store.ts';
import { TABLE_ROUTES } from './tables/routes/table-route-list.ts';

// The same shape: same keys (in order), same JSON types, arrays' first elements alike.
function sameShape(actual: unknown, example: unknown, where: string): void {
  if (Array.isArray(example)) {
    assert.ok(Array.isArray(actual), `${where}: array expected`);
    if (example.length > 0 && actual.length > 0) sameShape(actual[0], example[0], `${where}[0]`);
    return;
  }
  if (example !== null && typeof example === 'object') {
    assert.ok(actual !== null && typeof actual === 'object', `${where}: object expected`);
    assert.deepEqual(Object.keys(actual as object), Object.keys(example), `${where}: keys`);
    for (const [k, v] of Object.entries(example)) {
      sameShape((actual as Record<string, unknown>)[k], v, `${where}.${k}`);
    }
    return;
  }
  assert.equal(typeof actual, typeof example, `${where}: type`);
}

test('every registered route is in the OpenAPI document', () => {
  const app = createApp({ store: openSqliteStore({ path: ':memory:' }), source: chacha20('o') });
  const doc = openApiDocument('1');
  const documented = new Set(Object.keys(doc.paths));
  const registered = new Set(app.routes.filter((r) => r.path !== '/*').map((r) => r.path));
  assert.ok(registered.size > 20);
  for (const path of registered) assert.ok(documented.has(openApiPath(path)), path);
  for (const route of API_ROUTES) {
    for (const p of route.paths) {
      const op = doc.paths[openApiPath(p)];
      assert.ok(op?.get && op.post, p);
    }
  }
  assert.equal(doc.openapi, '3.1.0');
  // Well-formed: operationIds unique, every {param} of a path declared as a path parameter.
  const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.values(item).map((op) => ({
      path,
      op: op as { operationId: string; parameters?: { name: string; in: string }[] },
    })),
  );
  const opIds = ops.map((o) => o.op.operationId);
  assert.equal(new Set(opIds).size, opIds.length);
  for (const { path, op } of ops) {
    const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const declared = (op.parameters ?? [])
      .filter((p) => p.in === 'path')
      .map((p) => p.name)
      .sort();
    assert.deepEqual(declared, inPath, `${op.operationId} ${path}`);
  }
});

test('every example is answered as documented (status and body shape)', async () => {
  for (const route of API_ROUTES) {
    const t = testApp();
    const deck = await t.call('/api/deck/new/shuffle/');
    const id = deck.body.deck_id as string;
    const drawn = await t.call(`/api/deck/${id}/draw/?count=5`);
    const two = drawn.body.cards.slice(0, 2).map((c: { code: string }) => c.code);
    await t.call(`/api/deck/${id}/pile/p1/add/?cards=${two.join(',')}`);
    const path = route.example.path.replace('{deck_id}', id).replace('{pile}', 'p1');
    const url = route.example.query === '' ? path : `${path}?${route.example.query}`;
    const r = await t.call(url);
    assert.equal(r.status, route.example.status, url);
    sameShape(r.body, route.example.body, route.id);
    // Numbers the example states are the numbers answered (ids and cards vary).
    for (const key of ['remaining', 'success', 'shuffled']) {
      if (key in route.example.body)
        assert.equal(r.body[key], route.example.body[key], `${route.id}.${key}`);
    }
  }
});

test('the other routes answer their examples with their content types', async () => {
  const t = testApp();
  for (const other of OTHER_ROUTES) {
    const r = await t.call(other.example);
    assert.equal(r.status, 200, other.example);
    assert.ok((r.headers.get('content-type') ?? '').startsWith(other.type), other.example);
  }
  const doc = (await t.call('/openapi.json')).body;
  assert.equal(doc.openapi, '3.1.0');
  const page = (await t.call('/docs')).body as string;
  for (const route of API_ROUTES) assert.ok(page.includes(openApiPath(route.paths[0]!)), route.id);
  // and every /v1 route, from the same records as the router and the OpenAPI document
  for (const route of TABLE_ROUTES) {
    const path = route.path.replace(/:([a-z_]+)/g, '{$1}');
    assert.ok(page.includes(`id="${route.id}"`), route.id);
    assert.ok(page.includes(`${route.method.toUpperCase()} ${path}`), `${route.id}: ${path}`);
  }
});
