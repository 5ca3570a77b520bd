import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { FACES_FOLDER } from '../../src/server/images/card-faces.ts';
import { buildWeb } from '../../tools/build-web.ts';
import { keyHomeOf, type Running, spawnDealer, stopDealer } from './spawn-server.ts';

// Issue 26: the service spent ~2 s of CPU compressing the page before it listened (4–10 s to
// ready on a busy machine), and sent the card faces uncompressed. Now the build compresses and
// the service sends the build's bytes. How long start-up takes is measured by bench/start-time.ts
// (docs/BENCHMARKS.md); this test shows the structural property: the real service, started as
// `npm start` starts it, serves every file of the page and every face in brotli and gzip with
// the build's own bytes, and no compressing function of node:zlib runs in it, at start or after.
const SPY = fileURLToPath(new URL('../support/zlib-spy.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'fairdeal-nozlib-'));
let server: Running | undefined;
after(async () => {
  await stopDealer(server);
  rmSync(dir, { recursive: true, force: true });
});

/** GET without decoding (fetch would decompress): status, headers and the raw bytes. */
function raw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

test('the spy sees compression when there is some, through require and through import', () => {
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      SPY,
      '--input-type=module',
      '-e',
      "import { brotliCompressSync } from 'node:zlib'; import { createRequire } from 'node:module'; brotliCompressSync('x'); createRequire(import.meta.url)('node:zlib').createGzip().end('x');",
    ],
    { encoding: 'utf8' },
  );
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stderr, /zlib-spy: brotliCompressSync\n/);
  assert.match(run.stderr, /zlib-spy: createGzip\n/);
});

test('the real service sends the build’s compressed bytes of the page and the faces, and compresses nothing', {
  timeout: 120_000,
}, async () => {
  const { outDir, files } = await buildWeb();
  const db = join(dir, 'd.db');
  server = await spawnDealer(['--port', '0', '--db', db, '--rate-limit', '0'], {
    FAIRDEAL_LOG: '0',
    XDG_CONFIG_HOME: keyHomeOf(db),
    NODE_OPTIONS: `--import=${SPY}`,
  });
  assert.match(server.stderr(), /zlib-spy: watching \d+ functions/, 'the spy is loaded');
  const names = Object.keys(files);
  assert.ok(names.includes('main.js') && names.includes(`${FACES_FOLDER}/X2.svg`));
  for (const name of names) {
    const path =
      name === 'index.html'
        ? '/'
        : name.startsWith(`${FACES_FOLDER}/`)
          ? `/static/img/${name.slice(FACES_FOLDER.length + 1)}`
          : `/web/${name}`;
    for (const [accept, suffix, coding] of [
      ['gzip, deflate, br, zstd', '.br', 'br'],
      ['gzip', '.gz', 'gzip'],
      ['identity', '', undefined],
    ] as const) {
      const r = await raw(server.url + path, { 'accept-encoding': accept });
      assert.equal(r.status, 200, `${path} ${accept}`);
      assert.equal(r.headers['content-encoding'], coding, `${path} ${accept}`);
      assert.deepEqual(r.body, readFileSync(join(outDir, name + suffix)), `${path} ${accept}`);
      assert.equal(r.headers['content-length'], String(r.body.length), `${path} ${accept}`);
      assert.equal(r.headers.vary, 'Accept-Encoding', path);
    }
  }
  assert.doesNotMatch(
    server.stderr(),
    /zlib-spy: (?!watching)/,
    'nothing compressed in the service',
  );
});
