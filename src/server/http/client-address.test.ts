import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { testApp } from '../../../test/support/server-app.ts';
import { configFrom } from '../config.ts';
import { startServer } from '../start.ts';
import { clientAddress } from './client-address.ts';

const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });

test('client address, one trusted hop: the right-most entry, whatever the client wrote left of it', () => {
  const clientOf = clientAddress({ hops: 1, proxies: [] });
  // The load balancer (the peer, 10.0.0.2) appended the address it saw: 203.0.113.7.
  assert.equal(clientOf('10.0.0.2', '203.0.113.7'), '203.0.113.7');
  assert.equal(clientOf('10.0.0.2', '10.0.0.9, 203.0.113.7'), '203.0.113.7');
  assert.equal(clientOf('10.0.0.2', '1.2.3.4,5.6.7.8 , 203.0.113.7'), '203.0.113.7');
  assert.equal(clientOf('10.0.0.2', undefined), '10.0.0.2');
  assert.equal(clientOf('::ffff:10.0.0.2', undefined), '10.0.0.2');
});

test('client address, two hops: the second from the right; a short header gives its left-most', () => {
  const clientOf = clientAddress({ hops: 2, proxies: [] });
  // client → CDN (appends client) → LB (appends CDN) → us
  assert.equal(clientOf('10.0.0.2', 'forged, 203.0.113.7, 198.51.100.1'), '203.0.113.7');
  assert.equal(clientOf('10.0.0.2', '198.51.100.1'), '198.51.100.1');
});

test('client address, trusted proxies: skipped from the right; an untrusted peer is the client, whatever it claims', () => {
  const clientOf = clientAddress({ hops: 0, proxies: ['10.0.0.0/8', '2001:db8::1'] });
  assert.equal(clientOf('10.0.0.2', 'forged, 203.0.113.7, 10.1.1.1'), '203.0.113.7');
  assert.equal(clientOf('2001:db8::1', '203.0.113.7'), '203.0.113.7');
  // A stranger connecting directly cannot name another client.
  assert.equal(clientOf('198.51.100.9', '203.0.113.7'), '198.51.100.9');
  // Only proxies in the chain: the left-most is the nearest thing to a client there is.
  assert.equal(clientOf('10.0.0.2', '10.0.0.3'), '10.0.0.3');
  // A non-address entry right of the proxies is where the untrusted part starts: it is the key.
  assert.equal(clientOf('10.0.0.2', '203.0.113.7, junk'), 'junk');
});

test('no trust: X-Forwarded-For is ignored', () => {
  const clientOf = clientAddress({ hops: 0, proxies: [] });
  assert.equal(clientOf('198.51.100.9', '203.0.113.7'), '198.51.100.9');
});

test('FAIRDEAL_TRUST_PROXY: true is one hop, a number is hops, else addresses and networks; bad ones name the variable', () => {
  assert.deepEqual(
    [configFrom({ FAIRDEAL_TRUST_PROXY: 'true' })].map((c) => [c.trustProxy, c.proxyHops]),
    [[true, 1]],
  );
  assert.equal(configFrom({}, { trustProxy: '2' }).proxyHops, 2);
  assert.equal(configFrom({ FAIRDEAL_TRUST_PROXY: 'false' }).trustProxy, false);
  assert.deepEqual(configFrom({ FAIRDEAL_TRUST_PROXY: '10.0.0.0/8, ::1' }).trustedProxies, [
    '10.0.0.0/8',
    '::1',
  ]);
  for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/1', '999'])
    assert.throws(() => configFrom({ FAIRDEAL_TRUST_PROXY: bad }), /FAIRDEAL_TRUST_PROXY/, bad);
});

// The attack of issue 27: behind one load balancer a client wrote a fresh address in front of
// the balancer's entry on every request and got 600 of 600 through a limit of 100.
test('rate limit behind a proxy: X-Forwarded-For "10.0.0.$i, 203.0.113.7" all count as 203.0.113.7', async () => {
  const t = testApp({ rateLimit: 1, rateBurst: 100, trustProxy: true }, { now: () => 0 });
  const statuses = new Map<number, number>();
  for (let i = 0; i < 600; i++) {
    const r = await t.call(
      '/api/deck/new/',
      { headers: { 'X-Forwarded-For': `10.0.0.${i % 256}, 203.0.113.7` } },
      from('10.0.0.2'),
    );
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  }
  assert.deepEqual([...statuses].sort(), [
    [200, 100],
    [429, 500],
  ]);
  // Another client behind the same balancer has its own bucket.
  const other = await t.call(
    '/api/deck/new/',
    { headers: { 'X-Forwarded-For': '203.0.113.8' } },
    from('10.0.0.2'),
  );
  assert.equal(other.status, 200);
});

test('rate limit with trusted proxy networks: a direct client forging the header keeps its own bucket', async () => {
  const t = testApp({ rateLimit: 1, rateBurst: 3, ...configPart('10.0.0.0/8') }, { now: () => 0 });
  const codes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await t.call(
      '/api/deck/new/',
      { headers: { 'X-Forwarded-For': `198.51.100.${i}` } },
      from('203.0.113.50'),
    );
    codes.push(r.status);
  }
  assert.deepEqual(codes, [200, 200, 200, 429, 429]);
});

function configPart(proxies: string) {
  const c = configFrom({ FAIRDEAL_TRUST_PROXY: proxies });
  return { trustProxy: c.trustProxy, proxyHops: c.proxyHops, trustedProxies: c.trustedProxies };
}

// Over a real socket: under node:http the headers are read from Node's own parsed request.
test('over node:http: the forged entries still count as the proxy-written client; the request id comes back', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-xff-'));
  process.env.XDG_CONFIG_HOME = join(dir, 'config');
  const server = await startServer({
    config: { port: 0, db: ':memory:', trustProxy: true, rateLimit: 1, rateBurst: 3 },
    log: () => {},
  });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await fetch(`${server.url}/api/deck/new/`, {
        headers: { 'X-Forwarded-For': `10.0.0.${i}, 203.0.113.7`, 'X-Request-Id': `probe-${i}` },
      });
      await r.arrayBuffer();
      statuses.push(r.status);
      assert.equal(r.headers.get('x-request-id'), `probe-${i}`);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429]);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
