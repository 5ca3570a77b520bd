import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { keyHomeOf, spawnDealer, stopDealer } from './spawn-server.ts';

// `fairdeal serve` keeps Node's compile cache in the user's own cache folder (src/cli/compile-cache.ts):
// a start after the first skips stripping and compiling most of its modules (docs/BENCHMARKS.md,
// "Dealer service start-up"), and no other local user can plant compiled code there.
const BUILD = fileURLToPath(new URL('../../tools/build-web.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'fairdeal-ccache-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function startAndStop(name: string, env: Record<string, string>): Promise<void> {
  const db = join(dir, `${name}.db`);
  const server = await spawnDealer(['--port', '0', '--db', db, '--rate-limit', '0'], {
    FAIRDEAL_LOG: '0',
    XDG_CONFIG_HOME: keyHomeOf(db),
    ...env,
  });
  try {
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
  } finally {
    await stopDealer(server);
  }
  assert.equal(await server.exited, 0, server.stderr());
}

const cached = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);

test('the service fills its compile cache under XDG_CACHE_HOME, private to the user, and starts from it', {
  skip: process.env.NODE_COMPILE_CACHE === undefined ? false : 'NODE_COMPILE_CACHE is set here',
  timeout: 60_000,
}, async () => {
  const home = join(dir, 'cache-home');
  await startAndStop('first', { XDG_CACHE_HOME: home });
  const folder = join(home, 'fairdeal', 'compile-cache');
  assert.equal(statSync(folder).mode & 0o777, 0o700);
  const entries = cached(folder);
  assert.ok(entries.length > 100, `${entries.length} modules cached`);
  await startAndStop('second', { XDG_CACHE_HOME: home }); // starts from it
  // Turned off as Node documents it: nothing written.
  const off = join(dir, 'off-home');
  await startAndStop('off', { XDG_CACHE_HOME: off, NODE_DISABLE_COMPILE_CACHE: '1' });
  assert.deepEqual(cached(off), []);
});

test("npm run build:web fills the same cache, so that the service's first start after a change is warm too", {
  skip: process.env.NODE_COMPILE_CACHE === undefined ? false : 'NODE_COMPILE_CACHE is set here',
  timeout: 60_000,
}, () => {
  const home = join(dir, 'build-home');
  const run = spawnSync(process.execPath, [BUILD, join(dir, 'built')], {
    env: { ...process.env, XDG_CACHE_HOME: home },
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  const entries = cached(join(home, 'fairdeal', 'compile-cache'));
  assert.ok(entries.length > 100, `${entries.length} modules cached`);
});
