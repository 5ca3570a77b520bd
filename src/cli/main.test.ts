import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fakeIo } from '../../test/support/fake-io.ts';
import { exitForError } from './exit-for-error.ts';
import { main } from './main.ts';

const version = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;

test("'fairdeal help deal' prints deal's help; the usage lists --version, which prints it", async () => {
  const help = fakeIo();
  assert.equal(await main(['help', 'deal'], help), 0);
  const direct = fakeIo();
  await main(['deal', '--help'], direct);
  assert.equal(help.stdout, direct.stdout);
  assert.match(help.stdout, /^Usage: fairdeal deal <preset>/);
  const usage = fakeIo();
  assert.equal(await main(['--help'], usage), 0);
  assert.match(usage.stdout, /^ {2}-v, --version {2}print the version$/m);
  assert.match(usage.stdout, /fairdeal help <command>/);
  const v = fakeIo();
  assert.equal(await main(['--version'], v), 0);
  assert.equal(v.stdout, `${version}\n`);
  const unknown = fakeIo();
  assert.equal(await main(['help', 'nope'], unknown), 2);
  assert.equal(unknown.stderr, "fairdeal: unknown command 'nope' (see fairdeal --help)\n");
});

test("parseArgs' mistakes are one line in every command, exit 2", async () => {
  const cases: [string[], string][] = [
    [
      ['deal', 'doudizhu', '--seed', '--json'],
      "fairdeal deal: --seed needs a value; to give one that starts with '-', write --seed=-VALUE",
    ],
    [['shuffle', '--range'], 'fairdeal shuffle: --range needs a value'],
    [['audit', '--json=yes'], 'fairdeal audit: --json does not take a value'],
    [
      ['audit', 'fairdeal'],
      "fairdeal audit: unexpected argument 'fairdeal' (see fairdeal audit --help)",
    ],
    [
      ['complexity', '-q'],
      "fairdeal complexity: unknown option '-q' (see fairdeal complexity --help)",
    ],
    [
      ['collect', 'raw', '--bytes', '--seed', 's'],
      "fairdeal collect: --bytes needs a value; to give one that starts with '-', write --bytes=-VALUE",
    ],
  ];
  for (const [argv, line] of cases) {
    const io = fakeIo();
    assert.equal(await main(argv, io), 2, argv.join(' '));
    assert.equal(io.stderr, `${line}\n`);
  }
});

test('an unknown preset is a usage error (2) in every command that takes one', async () => {
  for (const argv of [
    ['deal', 'poker'],
    ['collect', 'decks', '--count', '1', '--preset', 'poker'],
  ]) {
    const io = fakeIo();
    assert.equal(await main(argv, io), 2, argv.join(' '));
    assert.match(io.stderr, /unknown preset 'poker'/);
  }
});

test('exitForError: library, system and JSON errors become one line, never raw bytes', () => {
  const enoent = Object.assign(new Error("ENOENT: no such file or directory, open '/x/y'"), {
    code: 'ENOENT',
    syscall: 'open',
    path: '/x/y',
  });
  assert.deepEqual(exitForError(enoent, 'verify'), {
    line: 'cannot use /x/y: no such file or directory (ENOENT)',
    status: 1,
  });
  const taken = Object.assign(new Error('listen EADDRINUSE: address already in use'), {
    code: 'EADDRINUSE',
    syscall: 'listen',
    address: '127.0.0.1',
    port: 8080,
  });
  assert.deepEqual(exitForError(taken, 'serve'), {
    line: 'cannot listen on 127.0.0.1:8080: the address is already in use (EADDRINUSE)',
    status: 1,
  });
  let syntax: unknown;
  try {
    JSON.parse('\u0000\u0001\u001b[2J binary');
  } catch (error) {
    syntax = error;
  }
  assert.deepEqual(exitForError(syntax, 'verify'), { line: 'input is not valid JSON', status: 1 });
  const preset = Object.assign(new Error("unknown preset 'x'"), {
    name: 'FairdealError',
    code: 'UNKNOWN_PRESET',
  });
  assert.equal(exitForError(preset, 'fair').status, 2);
  const protocol = Object.assign(new Error('this round was dealt already'), {
    name: 'FairdealError',
    code: 'BAD_OPTION',
  });
  assert.equal(exitForError(protocol, 'fair').status, 1);
  assert.deepEqual(exitForError(new RangeError('n must be\nat most 4'), 'x'), {
    line: 'n must be at most 4',
    status: 2,
  });
  assert.deepEqual(exitForError(new Error('boom\u001b[31m'), 'x'), {
    line: 'internal error: boom\\x1b[31m',
    status: 1,
  });
});
