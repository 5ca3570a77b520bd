import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testApp } from '../../../test/support/server-app.ts';
import { openSqliteStore } from '../store/sqlite/deck-store.ts';
import { logLine } from './access-log.ts';

const records = (lines: readonly string[]) =>
  lines.map((l) => {
    assert.ok(!/[\n\r\u2028\u2029]/.test(l), `one line: ${l}`);
    return JSON.parse(l);
  });

test('log: the forging path of issue 27 writes one record whose path holds the line breaks, escaped', async () => {
  const t = testApp();
  await t.call('/x%0AGET%20/api/deck/:id/draw%20200%200.1ms%0AERROR%20forged');
  await t.call('/y%E2%80%A8ERROR%20forged%0D%0A');
  assert.equal(t.logs.length, 2);
  const [a, b] = records(t.logs);
  assert.equal(a.path, '/x\nGET /api/deck/:id/draw 200 0.1ms\nERROR forged');
  assert.equal(a.status, 404);
  assert.equal(b.path, '/y\u2028ERROR forged\r\n');
  assert.ok(t.logs[1]!.includes('\\u2028'));
});

test('log: logLine escapes every control character and the JavaScript line separators', () => {
  const all = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('');
  const line = logLine({ f: `${all}\u2028\u2029"\\` });
  for (const ch of line) {
    const code = ch.charCodeAt(0);
    assert.ok(code >= 0x20 && code !== 0x2028 && code !== 0x2029, `U+${code.toString(16)} raw`);
  }
  assert.equal(JSON.parse(line).f, `${all}\u2028\u2029"\\`);
});

test('request ids: every answer has one, also refusals and preflights; a short plain id of the client is kept', async () => {
  const t = testApp({ rateLimit: 1, rateBurst: 1 }, { now: () => 0 });
  // One client per call but the second: the limit (burst 1) refuses only that one.
  const as = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });
  const answers = [
    await t.call('/api/deck/new/', undefined, as('a')),
    await t.call('/api/deck/new/', undefined, as('a')), // 429
    await t.call('/nope', undefined, as('b')),
    await t.call('/api/deck/new/', { method: 'PUT' }, as('c')),
    await t.call('/api/deck/new/', { method: 'OPTIONS' }, as('d')),
    await t.call(`/api/deck/new/?x=${'a'.repeat(9_000)}`, undefined, as('e')),
    await t.call('/healthz', undefined, as('a')),
  ];
  assert.deepEqual(
    answers.map((a) => a.status),
    [200, 429, 404, 405, 204, 414, 200],
  );
  const ids = answers.map((a) => a.headers.get('x-request-id'));
  assert.ok(
    ids.every((id) => typeof id === 'string' && /^[a-z0-9]+-[a-z0-9]+$/.test(id)),
    `${ids}`,
  );
  assert.equal(new Set(ids).size, ids.length, 'unique');
  assert.deepEqual(
    records(t.logs).map((r) => r.id),
    ids,
    'the log names the same ids',
  );
  assert.match(answers[0]!.headers.get('access-control-expose-headers') ?? '', /X-Request-Id/);
});

test("request ids: the client's own is accepted only short and plain, never a token or markup", async () => {
  const t = testApp();
  const kept = await t.call('/healthz', { headers: { 'X-Request-Id': 'lb-7f3a:42.1_x' } });
  assert.equal(kept.headers.get('x-request-id'), 'lb-7f3a:42.1_x');
  for (const bad of [
    `fdt_seat_${'A'.repeat(43)}`,
    'a'.repeat(37),
    '<script>alert(1)</script>',
    'a b',
    '"quoted"',
    '',
  ]) {
    const r = await t.call('/healthz', { headers: { 'X-Request-Id': bad } });
    const id = r.headers.get('x-request-id');
    assert.notEqual(id, bad);
    assert.match(id ?? '', /^[a-z0-9]+-[a-z0-9]+$/);
  }
  assert.ok(!t.logs.join('\n').includes('fdt_seat_'));
});

test('log: a bug is one error record with the request id, the client gets INTERNAL without details', async () => {
  const real = openSqliteStore({ path: ':memory:' });
  const store = {
    ...real,
    readDeck: async () => {
      throw new Error('boom\nERROR forged second line');
    },
  };
  const t = testApp({}, { store });
  const r = await t.call('/api/deck/abc/');
  assert.equal(r.status, 500);
  assert.deepEqual(r.body, { success: false, error: 'Internal error.', code: 'INTERNAL' });
  const [err, req] = records(t.logs);
  assert.equal(err.level, 'error');
  assert.equal(err.id, r.headers.get('x-request-id'));
  assert.match(err.error, /boom/);
  assert.deepEqual([req.level, req.status, req.id], ['error', 500, err.id]);
});

test('log: a client that abandons its body is logged as aborted (499), never as an error or INTERNAL', async () => {
  const t = testApp();
  const abort = new AbortController();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"preset":'));
      setTimeout(() => {
        abort.abort();
        controller.error(new Error('aborted'));
      }, 10);
    },
  });
  await t.call('/api/deck/new/', {
    method: 'POST',
    body,
    signal: abort.signal,
    headers: { 'Content-Type': 'application/json' },
    duplex: 'half',
  } as RequestInit);
  const recs = records(t.logs);
  assert.equal(recs.length, 1, t.logs.join('\n'));
  assert.deepEqual([recs[0].status, recs[0].aborted, recs[0].level], [499, true, 'info']);
  assert.ok(!t.logs.join('\n').includes('INTERNAL'));
});
