import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { runCli } from '../../../test/support/run-cli.ts';
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

test('usage errors (bad seeds too) exit 2 with one line, unreadable files 1, never a stack trace', async () => {
  const cases: [string[], number, RegExp][] = [
    [['shuffle'], 2, /exactly one of/],
    [['shuffle', '--range', 'abc'], 2, /--range must be a whole number/],
    [['shuffle', '--range', '5', '--take', '9'], 2, /--take is too large \(at most 5\), got 9/],
    [['shuffle', '--bogus'], 2, /unknown option .--bogus. \(see fairdeal shuffle --help\)/],
    [['shuffle', '--range', '5', '--seed', 'ab'.repeat(31)], 2, /--seed: the seed looks like hex/],
    [['shuffle', '--range', '5', '--seed', ''], 2, /--seed: the seed must not be empty/],
    [
      ['shuffle', '--file', 'no-such-file'],
      1,
      /cannot read no-such-file: no such file or directory \(ENOENT\)/,
    ],
    [['shuffle', '--file', '.'], 1, /cannot read \.: is a directory \(EISDIR\)/],
    [['nope'], 2, /unknown command 'nope'/],
  ];
  for (const [argv, code, message] of cases) {
    const io = fakeIo();
    assert.equal(await main(argv, io), code, argv.join(' '));
    assert.match(io.stderr, message);
    assert.doesNotMatch(io.stderr, /\n\s+at /, 'no stack trace');
    assert.equal(io.stderr.split('\n').length, 2, `one line: ${io.stderr}`);
  }
});

test('shuffle --take K is the first K items of the full shuffle (same seed), for ranges and items', async () => {
  const full = fakeIo();
  await main(['shuffle', '--range', '1000', '--seed', 'take'], full);
  const some = fakeIo();
  await main(['shuffle', '--range', '1000', '--seed', 'take', '--take', '7'], some);
  assert.equal(some.stdout, `${full.stdout.split('\n').slice(0, 7).join('\n')}\n`);
  const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
  const all = fakeIo();
  await main(['shuffle', ...items, '--seed', 'take'], all);
  const two = fakeIo();
  await main(['shuffle', ...items, '--seed', 'take', '--take', '2'], two);
  assert.equal(two.stdout, `${all.stdout.split('\n').slice(0, 2).join('\n')}\n`);
});

test('shuffle --range 10000000 --take 3 never builds the range: it runs in a 24 MB heap', async () => {
  // Ten million numbers take 80 MB as an array; a heap this small runs out long before, so the
  // command passes only if it draws the three items without materialising the range.
  const r = await runCli(['shuffle', '--range', '10000000', '--take', '3', '--seed', 's'], {
    nodeOptions: ['--max-old-space-size=24'],
  });
  assert.equal(r.status, 0, r.stderr);
  const drawn = r.stdout.trim().split('\n').map(Number);
  assert.equal(drawn.length, 3);
  assert.equal(new Set(drawn).size, 3);
  for (const x of drawn) assert.ok(Number.isInteger(x) && x >= 1 && x <= 10_000_000);
});
