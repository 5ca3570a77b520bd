import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callerOf } from '../../../test/support/live-hands.ts';
import { bearer, seatedTable } from '../../../test/support/seated-table.ts';
import { chacha20 } from '../../index.ts';
import { createApp } from '../app.ts';
import { createLocalNotifier } from '../local-notifier.ts';
import { openSqliteStore } from '../store/sqlite/deck-store.ts';
import { openSqliteTableStore } from '../store/sqlite/table-store.ts';
import { createSecretBox } from '../tables/secret-box.ts';
import { createMetrics } from './metrics.ts';

function app(config = {}) {
  return createApp({
    store: openSqliteStore({ path: ':memory:' }),
    source: chacha20('metrics'),
    config: { rateLimit: 0, ...config },
    tables: {
      store: openSqliteTableStore({ path: ':memory:' }),
      notifier: createLocalNotifier(),
      box: createSecretBox(new Uint8Array(32).fill(7)),
    },
  });
}

const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });

/** The exposition, checked line by line against the text format, as name{labels} → value. */
async function scrape(
  a: ReturnType<typeof app>,
): Promise<{ text: string; get(s: string): number }> {
  const r = await a.request('/metrics');
  assert.equal(r.status, 200);
  assert.match(r.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  const text = await r.text();
  const values = new Map<string, number>();
  for (const line of text.trimEnd().split('\n')) {
    if (line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const m = /^([a-z_]+(?:\{[^}]*\})?) (-?[0-9.e+-]+)$/.exec(line);
    assert.ok(m, `not an exposition line: ${line}`);
    values.set(m[1]!, Number(m[2]));
  }
  return { text, get: (s) => values.get(s) ?? 0 };
}

test('/metrics: requests by route pattern and status, latency histogram; no deck or table id, no token, no address', async () => {
  const a = app();
  const call = callerOf(async (path, init) => a.request(path, init));
  const deck = (await (await a.request('/api/deck/new/shuffle/')).json()).deck_id as string;
  await a.request(`/api/deck/${deck}/draw/?count=2`);
  await a.request(`/api/deck/${deck}/draw/?count=2`);
  await a.request('/api/deck/nosuchdeck/draw/');
  const s = await seatedTable(call, { preset: 'doudizhu' });
  const m = await scrape(a);
  const draws = [
    ...m.text.matchAll(
      /^fairdeal_http_requests_total\{route="([^"]*draw[^"]*)",method="GET",status="(\d+)"\} (\d+)$/gm,
    ),
  ];
  assert.ok(draws.length >= 1, m.text);
  const byStatus = new Map<string, number>();
  for (const [, , status, n] of draws)
    byStatus.set(status!, (byStatus.get(status!) ?? 0) + Number(n));
  assert.deepEqual(Object.fromEntries(byStatus), { '200': 2, '404': 1 });
  for (const [, route] of draws) assert.match(route!, /:deck_id/);
  // The histogram: cumulative buckets ending in +Inf = count.
  const route = draws[0]![1]!;
  const inf = m.get(`fairdeal_http_request_duration_seconds_bucket{route="${route}",le="+Inf"}`);
  assert.equal(inf, m.get(`fairdeal_http_request_duration_seconds_count{route="${route}"}`));
  assert.ok(inf >= 1);
  const buckets = [
    ...m.text.matchAll(
      new RegExp(
        `^fairdeal_http_request_duration_seconds_bucket\\{route="${route.replace(/[/]/g, '\\/')}",le="[^"]+"\\} (\\d+)$`,
        'gm',
      ),
    ),
  ].map((x) => Number(x[1]));
  assert.deepEqual(
    buckets,
    [...buckets].sort((x, y) => x - y),
    'cumulative',
  );
  // Nothing that names a deck, a table, a person or a secret.
  for (const secret of [deck, s.id, s.hostToken, ...s.seatTokens, '127.0.0.1', 'nosuchdeck']) {
    assert.ok(!m.text.includes(secret), secret);
  }
  assert.ok(m.text.includes('route="/v1/tables"'), 'table routes by pattern');
});

test('/metrics: the store calls the routes make, timed by store and method; a store that fails counts as an error', async () => {
  const decks = openSqliteStore({ path: ':memory:' });
  let failing = false;
  // The database gone for a moment: the deck store's change refuses.
  const flaky = new Proxy(decks, {
    get(target, prop) {
      const v = Reflect.get(target, prop);
      if (prop === 'withDeck' && typeof v === 'function') {
        return (...args: unknown[]) =>
          failing ? Promise.reject(new Error('disk I/O error')) : v.apply(target, args);
      }
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  const a = createApp({
    store: flaky,
    source: chacha20('metrics store'),
    config: { rateLimit: 0 },
    tables: {
      store: openSqliteTableStore({ path: ':memory:' }),
      notifier: createLocalNotifier(),
      box: createSecretBox(new Uint8Array(32).fill(7)),
    },
  });
  const call = callerOf(async (path, init) => a.request(path, init));
  const deck = (await (await a.request('/api/deck/new/shuffle/')).json()).deck_id as string;
  await a.request(`/api/deck/${deck}/draw/?count=2`);
  failing = true;
  assert.equal((await a.request(`/api/deck/${deck}/draw/?count=2`)).status, 500);
  failing = false;
  await seatedTable(call, { preset: 'doudizhu' });
  const m = await scrape(a);
  const count = (labels: string) =>
    m.get(`fairdeal_store_operation_duration_seconds_count{${labels}}`);
  assert.equal(count('store="decks",op="withDeck"'), 2, m.text);
  assert.ok(count('store="tables",op="withTable"') >= 3, 'the claims');
  assert.ok(count('store="tables",op="createTable"') === 1);
  assert.equal(m.get('fairdeal_store_errors_total{store="decks",op="withDeck"}'), 1);
  assert.ok(m.text.includes('fairdeal_store_errors_total{store="tables",op="withTable"} 0\n'));
  const key = 'store="tables",op="withTable"';
  assert.equal(
    m.get(`fairdeal_store_operation_duration_seconds_bucket{${key},le="+Inf"}`),
    count(key),
  );
  assert.ok(m.get(`fairdeal_store_operation_duration_seconds_sum{${key}}`) > 0);
  // Labels are store and method names only: no id of a deck or table.
  assert.ok(!m.text.includes(deck));
});

test('/metrics: rate-limited requests and distinct clients; tables by phase', async () => {
  const a = app({ rateLimit: 1, rateBurst: 1 });
  for (const ip of [
    '198.51.100.1',
    '198.51.100.1',
    '198.51.100.1',
    '198.51.100.2',
    '198.51.100.2',
  ]) {
    await a.request('/api/deck/new/', undefined, from(ip));
  }
  await a.request(
    '/v1/tables',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ preset: 'doudizhu' }),
    },
    from('198.51.100.3'),
  );
  const m = await scrape(a);
  assert.equal(m.get('fairdeal_rate_limited_requests_total'), 3);
  assert.equal(m.get('fairdeal_rate_limited_clients'), 2);
  assert.ok(!m.text.includes('198.51.100'), 'no address in the exposition');
  const tables = [...m.text.matchAll(/^fairdeal_tables\{phase="([a-z-]+)"\} (\d+)$/gm)];
  assert.equal(
    tables.reduce((n, t) => n + Number(t[2]), 0),
    1,
    m.text,
  );
});

test('/metrics: an event stream counts as open until the client leaves', async () => {
  const a = app();
  const call = callerOf(async (path, init) => a.request(path, init));
  const s = await seatedTable(call, { preset: 'doudizhu' });
  const tk = await call('POST', `/v1/tables/${s.id}/tickets`, {}, bearer(s.seatTokens[0]!));
  assert.equal(tk.status, 200, tk.text);
  const stream = await a.request(`/v1/tables/${s.id}/events?ticket=${tk.json.ticket}`, {
    headers: { Accept: 'text/event-stream' },
  });
  assert.match(stream.headers.get('content-type') ?? '', /^text\/event-stream/);
  assert.equal(stream.status, 200);
  assert.equal((await scrape(a)).get('fairdeal_event_streams_open'), 1);
  const reader = stream.body!.getReader();
  await reader.read();
  await reader.cancel();
  assert.equal((await scrape(a)).get('fairdeal_event_streams_open'), 0);
});

test('metrics: label values are escaped; an unknown method is OTHER; rate-limited clients age out', () => {
  let now = 0;
  const m = createMetrics(() => now);
  m.request('/a"b\\c\nd', 'BREW', 200, 0.003);
  const text = m.render();
  assert.ok(text.includes('route="/a\\"b\\\\c\\nd",method="OTHER",status="200"'), text);
  m.rateLimited('x');
  assert.match(m.render(), /^fairdeal_rate_limited_clients 1$/m);
  now = 61_000;
  assert.match(m.render(), /^fairdeal_rate_limited_clients 1$/m, 'still within two windows');
  now = 200_000;
  assert.match(m.render(), /^fairdeal_rate_limited_clients 0$/m);
});
