import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { testApp } from '../../test/support/server-app.ts';
import { isConserved } from './deck/conserved.ts';

// Random requests, mostly well-formed enough to reach the handlers: never a 5xx, never a deck
// that lost or duplicated a card.
const word = fc.oneof(
  fc.constantFrom(
    'new',
    'shuffle',
    'draw',
    'return',
    'pile',
    'add',
    'list',
    'bottom',
    'random',
    'deck',
    'api',
    'p1',
    'p2',
    '__proto__',
    'constructor',
    '',
    '..',
    '%00',
    '%ZZ',
    'static',
    'img',
    'AS.png',
    'back.svg',
  ),
  fc.string({ maxLength: 12 }),
);
const value = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '1',
    '2',
    '52',
    '-1',
    'abc',
    '1e9',
    'true',
    'false',
    'AS,AS,KH',
    'x1,X2,0h,10H',
    '99999999999999999999999',
    'AS,'.repeat(30),
  ),
  fc.string({ maxLength: 20 }),
);
const paramName = fc.constantFrom(
  'count',
  'cards',
  'deck_count',
  'jokers_enabled',
  'remaining',
  'x',
);

test('fuzz: random methods, paths, parameters and bodies never give a 5xx or break a deck', async () => {
  const t = testApp();
  const id = (await t.call('/api/deck/new/shuffle/?deck_count=2&jokers_enabled=true')).body.deck_id;
  await t.call(`/api/deck/${id}/draw/?count=10`);
  const pathArb = fc.oneof(
    fc
      .tuple(fc.constantFrom('draw', 'shuffle', 'return', ''), fc.constant(null))
      .map(([op]) => `/api/deck/${id}/${op}`),
    fc
      .tuple(
        fc.constantFrom('p1', 'p2', '__proto__', 'bad name', 'x'.repeat(70)),
        fc.constantFrom('add', 'list', 'shuffle', 'draw', 'draw/bottom', 'draw/random', 'return'),
      )
      .map(([p, op]) => `/api/deck/${id}/pile/${encodeURIComponent(p)}/${op}`),
    fc.array(word, { maxLength: 7 }).map((ws) => `/${ws.join('/')}`),
    fc.constantFrom(
      '/api/deck/new',
      '/api/deck/new/shuffle',
      '/api/deck/new/draw',
      '/api/new',
      '/api/shuffle',
      `/api/draw/${id}`,
      `/api/shuffle/${id}`,
    ),
  );
  const request = fc.record({
    method: fc.constantFrom('GET', 'GET', 'POST', 'POST', 'PUT', 'HEAD', 'OPTIONS', 'DELETE'),
    path: pathArb,
    slash: fc.boolean(),
    query: fc.array(fc.tuple(paramName, value), { maxLength: 4 }),
    body: fc.oneof(
      fc.constant(undefined),
      fc.array(fc.tuple(paramName, value), { maxLength: 4 }).map((kv) => ({
        type: 'application/x-www-form-urlencoded',
        text: new URLSearchParams(kv).toString(),
      })),
      fc
        .dictionary(
          paramName,
          fc.oneof(
            value,
            fc.integer(),
            fc.boolean(),
            fc.constant(null),
            fc.array(value, { maxLength: 3 }),
            fc.object({ maxDepth: 1 }),
          ),
        )
        .map((o) => ({ type: 'application/json', text: JSON.stringify(o) })),
      fc.record({
        type: fc.constantFrom(
          'application/json',
          'text/plain',
          'multipart/form-data; boundary=x',
          '',
        ),
        text: fc.string({ maxLength: 40 }),
      }),
    ),
  });
  const seen = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const qs = new URLSearchParams(r.query).toString();
      const url = `${r.path}${r.slash ? '/' : ''}${qs === '' ? '' : `?${qs}`}`;
      const init: RequestInit = { method: r.method };
      if (r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD') {
        init.body = r.body.text;
        init.headers = r.body.type === '' ? {} : { 'content-type': r.body.type };
      }
      let status: number;
      try {
        status = (await t.call(url.replace(/\/\/+/g, '/'), init)).status;
      } catch (e) {
        // A URL the Request constructor itself refuses never reaches the app.
        if (e instanceof TypeError) return true;
        throw e;
      }
      seen.set(status, (seen.get(status) ?? 0) + 1);
      assert.ok(status < 500, `${r.method} ${url} → ${status}`);
      const deck = await t.store.readDeck(id);
      assert.ok(deck !== undefined && isConserved(deck), `${r.method} ${url} broke the deck`);
      return true;
    }),
    { numRuns: 600, seed: 2026 },
  );
  // The generator reaches the handlers: successes, client errors and refusals all occur.
  for (const status of [200, 400, 404, 405])
    assert.ok((seen.get(status) ?? 0) > 5, `${status}: ${[...seen]}`);
});
