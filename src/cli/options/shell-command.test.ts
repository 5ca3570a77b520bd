import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import fc from 'fast-check';
import { shellCommand } from './shell-command.ts';

test('a POSIX shell splits every printed command line back into its words (one sh run)', () => {
  // Any text but NUL (which no shell argument can hold), with the characters shells care about
  // over-represented.
  const char = fc.oneof(
    fc.constantFrom(...`'"\\$\`!*?[]{}()<>|&;#~ \t\n-=%^@,:/`.split('')),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  );
  const word = fc
    .array(char, { maxLength: 12 })
    .map((cs) => cs.join(''))
    .filter((w) => !w.includes('\u0000'));
  const lines = fc.sample(fc.array(word, { minLength: 1, maxLength: 6 }), {
    numRuns: 200,
    seed: 20261123,
  });
  lines.push(['-x', '--seed=-x', '--seed', "it's", '', 'plain', '~', 'a=b', '#x']);
  // `words` prints its argument count, then each argument, NUL-terminated.
  const script = `words() { printf '%s\\0' "$#" "$@"; }\n${lines
    .map((l) => `words ${shellCommand(l)}`)
    .join('\n')}\n`;
  const out = execFileSync('sh', ['-c', script], { encoding: 'utf8' }).split('\u0000');
  const got: string[][] = [];
  for (let at = 0; at < out.length - 1; ) {
    const n = Number(out[at]);
    got.push(out.slice(at + 1, at + 1 + n));
    at += 1 + n;
  }
  assert.deepEqual(got, lines);
});

test('plain words stay bare, the rest in single quotes', () => {
  assert.equal(
    shellCommand(['fairdeal', 'deal', 'table-7', '--seed=-x']),
    'fairdeal deal table-7 --seed=-x',
  );
  assert.equal(shellCommand(['a b', '', "it's"]), `'a b' '' 'it'\\''s'`);
});
