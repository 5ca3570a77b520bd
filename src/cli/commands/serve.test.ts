import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { runCli } from '../../../test/support/run-cli.ts';
import { main } from '../main.ts';

test('fairdeal serve --help lists the settings; bad settings are usage errors (exit 2) with one line', async () => {
  const io = fakeIo();
  assert.equal(await main(['serve', '--help'], io), 0);
  assert.match(io.stdout, /--port N/);
  assert.match(io.stdout, /FAIRDEAL_RATE_LIMIT/);
  const bad = fakeIo();
  assert.equal(await main(['serve', '--port', 'x'], bad), 2);
  assert.match(bad.stderr, /^fairdeal serve: PORT must be a number/);
  const usage = fakeIo();
  assert.equal(await main(['serve', '--nope'], usage), 2);
});

// Node's recursive mkdirSync never returns on /proc/x (issue 27): the service hung silently.
test('fairdeal serve --db at a path it cannot create fails at once with one line, no stack', async () => {
  for (const [db, folder] of [
    ['/proc/x/y.db', '/proc/x'],
    ['/etc/hostname/y.db', '/etc/hostname'],
  ] as const) {
    const started = performance.now();
    const run = await Promise.race([
      runCli(['serve', '--db', db, '--port', '0']),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`still running after 20 s: ${db}`)), 20_000).unref(),
      ),
    ]);
    assert.equal(run.status, 1, run.stderr);
    const lines = run.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 1, run.stderr);
    assert.match(
      lines[0]!,
      new RegExp(`^fairdeal serve: cannot use ${folder}: [a-z ]+ \\(E[A-Z]+\\)$`),
    );
    assert.ok(performance.now() - started < 20_000);
  }
});
