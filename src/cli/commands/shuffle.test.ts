import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { main } from '../main.ts';

test('fairdeal shuffle --range with a seed is a reproducible permutation', async () => {
  const a = fakeIo();
  assert.equal(await main(['shuffle', '--range', '52', '--seed', 'cli'], a), 0);
  const b = fakeIo();
  await main(['shuffle', '--range', '52', '--seed', 'cli'], b);
  assert.equal(a.stdout, b.stdout);
  const lines = a.stdout.trim().split('\n').map(Number);
  assert.deepEqual(
    lines.slice().sort((x, y) => x - y),
    Array.from({ length: 52 }, (_, i) => i + 1),
  );
  assert.notDeepEqual(
    lines,
    Array.from({ length: 52 }, (_, i) => i + 1),
  );
});

test('fairdeal shuffle items --json --take gives a sample and the seed', async () => {
  const io = fakeIo();
  assert.equal(
    await main(['shuffle', 'a', 'b', 'c', 'd', '--take', '2', '--json', '--seed', 's'], io),
    0,
  );
  const body = JSON.parse(io.stdout);
  assert.equal(body.items.length, 2);
  assert.equal(body.seed, 's');
  assert.equal(body.key.length, 64);
});

test('fairdeal shuffle --file shuffles the lines of a file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'fairdeal-'));
  await writeFile(join(dir, 'names.txt'), 'ann\nbob\ncat\n');
  const io = fakeIo(dir);
  assert.equal(await main(['shuffle', '--file', 'names.txt'], io), 0);
  assert.deepEqual(io.stdout.trim().split('\n').sort(), ['ann', 'bob', 'cat']);
});

test('usage errors exit 2 with one line, bad seeds exit 1, never a stack trace', async () => {
  const cases: [string[], number, RegExp][] = [
    [['shuffle'], 2, /exactly one of/],
    [['shuffle', '--range', 'abc'], 2, /--range must be a whole number/],
    [['shuffle', '--range', '5', '--take', '9'], 2, /--take must be between 0 and 5/],
    [['shuffle', '--bogus'], 2, /Unknown option/],
    [['shuffle', '--range', '5', '--seed', 'ab'.repeat(31)], 1, /looks like hex/],
    [['shuffle', '--file', 'no-such-file'], 2, /cannot read no-such-file: ENOENT/],
    [['nope'], 2, /unknown command 'nope'/],
  ];
  for (const [argv, code, message] of cases) {
    const io = fakeIo();
    assert.equal(await main(argv, io), code, argv.join(' '));
    assert.match(io.stderr, message);
    assert.doesNotMatch(io.stderr, /\n\s+at /, 'no stack trace');
  }
});
