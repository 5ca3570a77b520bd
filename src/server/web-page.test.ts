import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { testApp } from '../../test/support/server-app.ts';
import { createApp } from './app.ts';
import { openSqliteStore } from './store/sqlite/deck-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-webpage-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const INDEX = `<!doctype html><title>page</title>${'<p>cards</p>'.repeat(200)}`;
const MAIN = `console.log(${JSON.stringify('x'.repeat(3000))});`;
writeFileSync(join(dir, 'index.html'), INDEX);
writeFileSync(join(dir, 'main.js'), MAIN);
writeFileSync(join(dir, 'audit-worker.js'), 'self.onmessage = () => {};');
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

test('assets are compressed as the client accepts (brotli, else gzip, else none), and revalidate', async () => {
  const { call } = testApp({}, { webDir: dir });
  const raw = createApp({ store: openSqliteStore({ path: ':memory:' }), webDir: dir });
  const app = (path: string, headers: Record<string, string>) => raw.request(path, { headers });
  const br = await app('/web/main.js', { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(br.headers.get('content-encoding'), 'br');
  assert.equal(br.headers.get('vary'), 'Accept-Encoding');
  const brBody = new Uint8Array(await br.arrayBuffer());
  assert.equal(brotliDecompressSync(brBody).toString(), MAIN);
  assert.ok(brBody.length < MAIN.length / 10, `${brBody.length} bytes`);
  const gz = await app('/web/main.js', { 'accept-encoding': 'gzip' });
  assert.equal(gz.headers.get('content-encoding'), 'gzip');
  assert.equal(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString(), MAIN);
  const refused = await app('/web/main.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
  assert.equal(refused.headers.get('content-encoding'), null);
  assert.equal(await refused.text(), MAIN);
  assert.match(refused.headers.get('content-type') ?? '', /^text\/javascript/);
  const etag = br.headers.get('etag') ?? '';
  assert.match(etag, /^"[\w-]{22}"$/);
  assert.equal((await app('/web/main.js', { 'if-none-match': etag })).status, 304);
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
