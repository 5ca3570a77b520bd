// The client's live stream against the real service in process: a connection cut in the middle
// of an event resumes with Last-Event-ID and delivers every event once, in order; a resume
// older than what is kept starts with a reset; a revoked token (kicked, replaced) ends the
// stream with the service's words; a dead token is refused at once, not retried for ever.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { claimAll, clientService, moveOnce, until } from '../../test/support/client-service.ts';
import type { FetchLike, TableEvent } from './index.ts';
import { TableClientError } from './table-client-error.ts';

/** Reads a stream into `into` in the background; resolves with how it ended. */
function drain(stream: AsyncIterable<TableEvent>, into: TableEvent[]) {
  return (async () => {
    try {
      for await (const e of stream) into.push(e);
      return 'closed' as const;
    } catch (e) {
      return e;
    }
  })();
}

/** A fetch whose first event stream is cut, mid-event, once event `cutIn` has begun to arrive. */
function cutting(inner: FetchLike, cutIn: number) {
  const opened: (string | null)[] = [];
  const fetch: FetchLike = async (url, init) => {
    const res = await inner(url, init);
    if (!new URL(url).pathname.endsWith('/events')) return res;
    opened.push(new Headers(init.headers).get('last-event-id'));
    if (opened.length > 1 || res.body === null) return res;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        const text = decoder.decode(value, { stream: true });
        const at = (seen + text).indexOf(`id: ${cutIn}\n`);
        if (at < 0) {
          seen += text;
          controller.enqueue(value);
          return;
        }
        // Half of event `cutIn`'s text, then the connection dies.
        const keep = at - seen.length + 30;
        controller.enqueue(new TextEncoder().encode(text.slice(0, keep)));
        controller.error(new TypeError('network: connection reset'));
        await reader.cancel();
      },
    });
    return new Response(body, { status: res.status, headers: res.headers });
  };
  return { fetch, opened };
}

test('a stream cut in the middle of an event resumes with Last-Event-ID: every event once, in order', async () => {
  const s = clientService('client: stream resume');
  const honest = s.client();
  const { made, seats } = await claimAll(honest, { preset: 'doudizhu', fair: false });
  const cut = cutting(s.fetch, 3);
  const client = s.client(cut.fetch);
  const got: TableEvent[] = [];
  const stop = new AbortController();
  const drops: number[] = [];
  const ended = drain(
    client.events(made.tableId, seats[0]!.token, {
      signal: stop.signal,
      reconnectDelayMs: 30,
      onDrop: (d) => drops.push(d.lastEventId),
    }),
    got,
  );
  // Moves are made while the stream is down and after it is back.
  const tokens = seats.map((c) => c.token);
  for (let moves = 0; moves < 12; moves++) await moveOnce(honest, made.tableId, tokens);
  const all = (
    await s.call('GET', `/v1/tables/${made.tableId}/events`, undefined, {
      Authorization: `Bearer ${tokens[0]}`,
    })
  ).json.events as TableEvent[];
  const lastId = all.at(-1)!.id;
  await until('the stream to catch up', () => (got.at(-1)?.id === lastId ? true : undefined));
  stop.abort();
  assert.equal(await ended, 'closed');
  // It was cut once, after event 2, and reopened asking for what follows event 2.
  assert.deepEqual(drops, [2]);
  assert.deepEqual(cut.opened, [null, '2']);
  // Every event exactly once, in order, the same as the service's own page of them.
  assert.deepEqual(
    got.map((e) => e.id),
    all.map((e) => e.id),
  );
  assert.deepEqual(got, all);
  assert.ok(got.length > 8);
});

test('a resume older than the events kept starts with a reset carrying the table as it is', async () => {
  const s = clientService('client: stream reset', { retention: { every: 2, keep: 2 } });
  const client = s.client();
  const { made, seats } = await claimAll(client, { preset: 'doudizhu', fair: false });
  const tokens = seats.map((c) => c.token);
  for (let i = 0; i < 4; i++) assert.ok(await moveOnce(client, made.tableId, tokens));
  const now = await client.getTable(made.tableId, seats[0]!.token);
  const got: TableEvent[] = [];
  const stop = new AbortController();
  const ended = drain(
    client.events(made.tableId, seats[0]!.token, { after: 1, signal: stop.signal }),
    got,
  );
  await until('the reset', () => (got.length > 0 ? true : undefined));
  stop.abort();
  assert.equal(await ended, 'closed');
  assert.equal(got[0]!.type, 'reset');
  assert.equal(got[0]!.data.table.version, now.version);
  assert.deepEqual(got[0]!.data.table, now);
});

test('a revoked token ends the stream with a clear error: the host kicks the seat, or the seat replaces its token', async (t) => {
  for (const how of ['kick', 'replace'] as const) {
    await t.test(how, async () => {
      const s = clientService(`client: revoked by ${how}`);
      const client = s.client();
      const { made, seats } = await claimAll(client, { preset: 'doudizhu', fair: false });
      const got: TableEvent[] = [];
      const ended = drain(
        client.events(made.tableId, seats[1]!.token, { reconnectDelayMs: 10 }),
        got,
      );
      await until('the stream to open', () => (got.length > 0 ? true : undefined));
      if (how === 'kick') await client.kick(made.tableId, made.hostToken, 1);
      else await client.replaceToken(made.tableId, seats[1]!.token, 1);
      const e = await ended;
      assert.ok(e instanceof TableClientError, String(e));
      assert.equal(e.code, 'UNAUTHORIZED');
      assert.equal(e.status, 401);
      assert.equal(
        e.message,
        'The token this stream was opened with was revoked or reissued: the stream has ended.',
      );
      // A stream opened with the dead token is refused at once: not retried for ever.
      const again = await drain(
        client.events(made.tableId, seats[1]!.token, { reconnectDelayMs: 10 }),
        [],
      );
      assert.ok(again instanceof TableClientError);
      assert.equal(again.code, 'UNAUTHORIZED');
      assert.equal(again.message, 'That token is not valid at this table.');
      assert.equal(s.listeners.live, 0, 'the service let go of both streams');
    });
  }
});

test('a stream that falls silent is reopened; closing it lets the service go', async () => {
  const s = clientService('client: silent stream');
  const { made, seats } = await claimAll(s.client(), { preset: 'doudizhu', fair: false });
  let opened = 0;
  // The first connection answers and then says nothing at all (a half-open TCP connection).
  const client = s.client(async (url, init) => {
    if (!new URL(url).pathname.endsWith('/events')) return s.fetch(url, init);
    opened++;
    if (opened > 1) return s.fetch(url, init);
    return new Response(new ReadableStream(), {
      headers: { 'content-type': 'text/event-stream' },
    });
  });
  const got: TableEvent[] = [];
  const stop = new AbortController();
  const ended = drain(
    client.events(made.tableId, seats[0]!.token, {
      signal: stop.signal,
      idleTimeoutMs: 50,
      reconnectDelayMs: 10,
    }),
    got,
  );
  await until('events after the reopening', () => (got.length > 3 ? true : undefined));
  assert.equal(opened, 2);
  stop.abort();
  assert.equal(await ended, 'closed');
  await until('the service to let go', () => (s.listeners.live === 0 ? true : undefined));
});
