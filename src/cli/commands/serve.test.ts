import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fakeIo } from '../../../test/support/fake-io.ts';
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

// Node's recursive mkdirSync never returns on /proc/x (issue 27): the service hung silently. The
// child is killed after 20 s if it hangs again, so a regression fails here instead of lingering.
test('fairdeal serve --db at a path it cannot create fails at once with one line, no stack', async () => {
  const cli = fileURLToPath(new URL('../main.ts', import.meta.url));
  for (const [db, folder] of [
    ['/proc/x/y.db', '/proc/x'],
    ['/etc/hostname/y.db', '/etc/hostname'],
  ] as const) {
    const run = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [cli, 'serve', '--db', db, '--port', '0'],
        { timeout: 20_000, killSignal: 'SIGKILL' },
        (error, _stdout, stderr) =>
          resolve({ status: error === null ? 0 : (error.code as number | null), stderr }),
      );
    });
    assert.equal(run.status, 1, run.stderr);
    const lines = run.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 1, run.stderr);
    assert.match(
      lines[0]!,
      new RegExp(`^fairdeal serve: cannot use ${folder}: [a-z ]+ \\(E[A-Z]+\\)$`),
    );
  }
});
