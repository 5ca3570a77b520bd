import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testDatabase } from '../../support/pg-database.ts';

// The rule for the PostgreSQL tests: under CI they must run, elsewhere they may be skipped but
// never pass silently. Checked by calling the helper with the environment it reads.
async function withEnv<T>(env: Record<string, string | undefined>, fn: () => Promise<T>) {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const set = (vars: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(vars)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  set(env);
  try {
    return await fn();
  } finally {
    set(saved);
  }
}

test('under CI a missing FAIRDEAL_TEST_PG or an unreachable server fails', async () => {
  await withEnv({ CI: 'true', FAIRDEAL_TEST_PG: undefined }, () =>
    assert.rejects(testDatabase(), /FAIRDEAL_TEST_PG is not set/),
  );
  await withEnv({ CI: 'true', FAIRDEAL_TEST_PG: 'postgres://postgres@127.0.0.1:1/x' }, () =>
    assert.rejects(testDatabase(), /unreachable/),
  );
});

test('outside CI the same cases give a reason to skip, never a database', async () => {
  const none = await withEnv({ CI: undefined, FAIRDEAL_TEST_PG: undefined }, testDatabase);
  assert.match(none.skip ?? '', /not set/);
  assert.equal(none.url, undefined);
  const down = await withEnv(
    { CI: undefined, FAIRDEAL_TEST_PG: 'postgres://postgres@127.0.0.1:1/x' },
    testDatabase,
  );
  assert.match(down.skip ?? '', /unreachable/);
  assert.equal(down.url, undefined);
});
