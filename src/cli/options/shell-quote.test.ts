import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import fc from 'fast-check';
import { shellQuote } from './shell-quote.ts';

test('a POSIX shell reads every quoted word back unchanged (one sh run for 300 words)', () => {
  // Any text but NUL (which no shell argument can hold), with the characters shells care about
  // over-represented.
  const char = fc.oneof(
    fc.constantFrom(...`'"\\$\`!*?[]{}()<>|&;#~ \t\n-=%^@,:/`.split('')),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  );
  const words = fc
    .sample(
      fc.array(char, { minLength: 1, maxLength: 12 }).map((cs) => cs.join('')),
      {
        numRuns: 300,
        seed: 20261123,
      },
    )
    .filter((w) => !w.includes('\u0000'));
  words.push('-x', '--seed', 'plain', "it's", '');
  const script = `for a in ${words.map(shellQuote).join(' ')}; do printf '%s\\0' "$a"; done`;
  const out = execFileSync('sh', ['-c', script], { encoding: 'utf8' });
  assert.deepEqual(out.split('\u0000').slice(0, -1), words);
});

test('plain words stay bare; words starting with - are quoted', () => {
  assert.equal(shellQuote('table-7'), 'table-7');
  assert.equal(shellQuote('-x'), "'-x'");
  assert.equal(shellQuote(''), "''");
});
