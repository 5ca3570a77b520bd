import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openApiDocument } from '../openapi.ts';
import { TABLE_ROUTE_DOCS } from './table-openapi.ts';
import { testApp } from './test-table.ts';

test('openapi: every table route the app registers is documented with its method, and no other', () => {
  const t = testApp('openapi');
  const doc = openApiDocument('1');
  const registered = t.app.routes
    .filter((r) => r.path.startsWith('/v1/') || r.path.startsWith('/.well-known/'))
    .map((r) => `${r.method.toLowerCase()} ${r.path}`)
    .sort();
  const documented = TABLE_ROUTE_DOCS.map((r) => `${r.method} ${r.path}`).sort();
  assert.deepEqual(registered, documented);
  for (const r of TABLE_ROUTE_DOCS) {
    const item = doc.paths[r.path.replace(/:([a-z_]+)/g, '{$1}')];
    assert.ok(item?.[r.method], `${r.method} ${r.path}`);
  }
});
