import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { main } from '../main.ts';

test('fairdeal serve --help lists the settings; bad settings exit 1 with one line', async () => {
  const io = fakeIo();
  assert.equal(await main(['serve', '--help'], io), 0);
  assert.match(io.stdout, /--port N/);
  assert.match(io.stdout, /FAIRDEAL_RATE_LIMIT/);
  const bad = fakeIo();
  assert.equal(await main(['serve', '--port', 'x'], bad), 1);
  assert.match(bad.stderr, /^fairdeal serve: PORT must be a number/);
  const usage = fakeIo();
  assert.equal(await main(['serve', '--nope'], usage), 2);
});
