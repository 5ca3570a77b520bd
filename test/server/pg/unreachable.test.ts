import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../../src/cli/main.ts', import.meta.url));

// Needs no PostgreSQL server: nothing listens on port 1.
test('DATABASE_URL naming an unreachable server: exit 1, one line, the password never printed', () => {
  const r = spawnSync(process.execPath, [MAIN, 'serve', '--port', '0'], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, DATABASE_URL: 'postgres://fairdeal:pw-5ecret@127.0.0.1:1/fairdeal' },
  });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^fairdeal serve: .*ECONNREFUSED.*\n$/);
  assert.doesNotMatch(r.stderr + r.stdout, /pw-5ecret/);
});

test('DATABASE_URL that is not PostgreSQL: exit 2 (a bad setting is a usage error, like --port x) naming the variable, not its value', () => {
  const r = spawnSync(process.execPath, [MAIN, 'serve', '--port', '0'], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, DATABASE_URL: 'mysql://fairdeal:pw-5ecret@db/x' },
  });
  assert.equal(r.status, 2);
  assert.match(
    r.stderr,
    /^fairdeal serve: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL\n$/,
  );
  assert.doesNotMatch(r.stderr, /pw-5ecret/);
});
