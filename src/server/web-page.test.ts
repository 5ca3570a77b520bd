import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { testApp } from '../../test/support/server-app.ts';
import { createApp } from './app.ts';
import { openSqliteStore } from './store/sqlite/deck-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-webpage-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const INDEX = `<!doctype html><title>page</title>${'<p>cards</p>'.repeat(200)}`;
const MAIN = `console.log(${JSON.stringify('x'.repeat(3000))});`;
// A build as tools/build-web.ts writes it: each file with its brotli and gzip forms beside it
// (the worker without them, as an older build left it).
const BUILT_BR = new Uint8Array(brotliCompressSync(MAIN));
const BUILT_GZ = new Uint8Array(gzipSync(MAIN));
writeFileSync(join(dir, 'index.html'), INDEX);
writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(INDEX));
writeFileSync(join(dir, 'main.js'), MAIN);
writeFileSync(join(dir, 'main.js.br'), BUILT_BR);
writeFileSync(join(dir, 'main.js.gz'), BUILT_GZ);
writeFileSync(join(dir, 'audit-worker.js'), 'self.onmessage = () => {};');
writeFileSync(join(dir, 'dark-worker.js'), 'self.onmessage = () => {};');
writeFileSync(join(dir, 'audit-sandbox.js'), 'self.onmessage = () => {};');
writeFileSync(join(dir, 'notes.txt'), 'not served');

async function get(app: ReturnType<typeof testApp>['call'], path: string, encoding: string) {
  return app(path, { headers: { 'accept-encoding': encoding } });
}

test('/ serves the built page with a strict CSP; the placeholder when there is no build', async () => {
  const { call } = testApp({}, { webDir: dir });
  const r = await call('/');
  assert.equal(r.status, 200);
  assert.equal(r.body, INDEX);
  const csp = r.headers.get('content-security-policy') ?? '';
  for (const part of ["default-src 'self'", "script-src 'self'", "object-src 'none'"]) {
    assert.ok(csp.includes(part), part);
  }
  assert.doesNotMatch(csp, /unsafe|\*|https?:/);
  assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
  const placeholder = await testApp({}, { webDir: null }).call('/');
  assert.match(placeholder.body, /fairdeal dealer/);
  const unbuilt = await testApp({}, { webDir: join(dir, 'nowhere') }).call('/');
  assert.match(unbuilt.body, /fairdeal dealer/);
  assert.equal((await call('/docs')).status, 200, '/docs stays the API page');
});

test('assets are sent in the form the build wrote that the client accepts (brotli, else gzip, else none), and revalidate', async () => {
  const { call } = testApp({}, { webDir: dir });
  const raw = createApp({ store: openSqliteStore({ path: ':memory:' }), webDir: dir });
  const app = (path: string, headers: Record<string, string>) => raw.request(path, { headers });
  const br = await app('/web/main.js', { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(br.headers.get('content-encoding'), 'br');
  assert.equal(br.headers.get('vary'), 'Accept-Encoding');
  const brBody = new Uint8Array(await br.arrayBuffer());
  // The build's bytes, not a compression of the service's own.
  assert.deepEqual(brBody, BUILT_BR);
  assert.equal(brotliDecompressSync(brBody).toString(), MAIN);
  assert.equal(br.headers.get('content-length'), String(BUILT_BR.length));
  const gz = await app('/web/main.js', { 'accept-encoding': 'gzip' });
  assert.equal(gz.headers.get('content-encoding'), 'gzip');
  const gzBody = new Uint8Array(await gz.arrayBuffer());
  assert.deepEqual(gzBody, BUILT_GZ);
  assert.equal(gunzipSync(gzBody).toString(), MAIN);
  const refused = await app('/web/main.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
  assert.equal(refused.headers.get('content-encoding'), null);
  assert.equal(await refused.text(), MAIN);
  assert.equal(refused.headers.get('content-length'), String(MAIN.length));
  assert.match(refused.headers.get('content-type') ?? '', /^text\/javascript/);
  // index.html was built with brotli only: a gzip-only client gets the plain bytes.
  const index = await app('/', { 'accept-encoding': 'gzip' });
  assert.equal(index.headers.get('content-encoding'), null);
  assert.equal(await index.text(), INDEX);
  // The worker was built with no compressed form: plain bytes even for a brotli client, no Vary.
  const worker = await app('/web/audit-worker.js', { 'accept-encoding': 'br, gzip' });
  assert.equal(worker.headers.get('content-encoding'), null);
  assert.equal(worker.headers.get('vary'), null);
  // One ETag per form: the brotli copy revalidates as brotli, not as the plain file.
  const etag = br.headers.get('etag') ?? '';
  assert.match(etag, /^"[\w-]{22}\.br"$/);
  assert.equal(refused.headers.get('etag'), etag.replace('.br', ''));
  const revalidate = (tag: string, accept = 'br') =>
    app('/web/main.js', { 'if-none-match': tag, 'accept-encoding': accept });
  assert.equal((await revalidate(etag)).status, 304);
  assert.equal((await revalidate(`W/${etag}`)).status, 304);
  assert.equal((await revalidate(etag, 'gzip')).status, 200, 'a brotli copy is not a gzip one');
  assert.equal((await get(call, '/web/notes.txt', 'br')).status, 404);
  assert.equal((await get(call, '/web/index.html', 'br')).status, 404);
  assert.equal((await get(call, '/web/nothing.js', 'br')).status, 404);
});

test('the audit workers have their own policies: statistics with nothing, pasted code with eval only', async () => {
  const { call } = testApp({}, { webDir: dir });
  const trusted = (await call('/web/audit-worker.js')).headers.get('content-security-policy');
  // WebAssembly for its chacha20 streams, no JavaScript eval, no fetch.
  assert.equal(trusted, "default-src 'none'; script-src 'wasm-unsafe-eval'");
  const sandbox = (await call('/web/audit-sandbox.js')).headers.get('content-security-policy');
  assert.equal(
    sandbox,
    "default-src 'none'; script-src 'unsafe-eval'; worker-src 'none'; connect-src 'none'",
  );
  // No script source, not even this origin: with 'self', a pasted import('/api/…') reached the
  // service (issue 26).
  assert.doesNotMatch(sandbox ?? '', /'self'|\*|https?:|blob:|data:/);
  const page = (await call('/web/main.js')).headers.get('content-security-policy') ?? '';
  assert.doesNotMatch(page, /unsafe-eval/);
});

test("the dark worker, which holds a seat's secrets, is served with a policy that allows nothing", async () => {
  const { call } = testApp({}, { webDir: dir });
  const dark = await call('/web/dark-worker.js');
  assert.equal(dark.status, 200);
  // No connect-src, no script-src: everything falls back to 'none'.
  assert.equal(dark.headers.get('content-security-policy'), "default-src 'none'");
});
