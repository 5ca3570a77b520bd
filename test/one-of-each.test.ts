import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

// Issue 23, "one of each": copies of a helper drift apart (play's own shell quoting printed a
// replay line the CLI refused; four seed makers spelled seeds three ways). Each helper below has
// one home; this scan fails when a second copy appears, and names the one to use instead.
const root = new URL('..', import.meta.url).pathname;

function sources(dir: string, tests: boolean): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts'))
    .map((d) => relative(root, join(d.parentPath, d.name)))
    .filter((f) => tests === f.endsWith('.test.ts') || (tests && f.startsWith('test/support/')));
}

interface OneHome {
  readonly what: string;
  readonly pattern: RegExp;
  /** Files allowed to match: the home, and anything else with the reason. */
  readonly allowed: Readonly<Record<string, string>>;
  readonly files: readonly string[];
}

const code = sources('src', false);
const tests = [...sources('src', true), ...sources('test', true)];

const HOMES: readonly OneHome[] = [
  {
    what: 'a hex encoder: use bytesToHex (fairdeal/fair)',
    pattern: /\.toString\(16\)\.padStart\(2\b/,
    allowed: {
      'src/random/hex.ts': 'the one encoder',
      'src/cli/io.ts': 'escapes a control character of text as \\xNN: not bytes',
    },
    files: code,
  },
  {
    what: 'shell quoting: use shellCommand (src/cli/options/shell-command.ts)',
    pattern: /'\\\\''/,
    allowed: { 'src/cli/options/shell-command.ts': 'the one quoting' },
    files: code,
  },
  {
    what: 'a trial loop: use seededTrials (fairdeal/audit/browser)',
    pattern: /\bcountTrials\(/,
    allowed: {
      'src/audit/seeded-trials.ts': 'the one loop',
      'src/audit/count-trials.ts': 'its counting step',
    },
    files: code,
  },
  {
    what: 'a seed maker: use freshSeed (fairdeal)',
    pattern: /function (?:freshSeed|randomSeed|randomHex)\b/,
    allowed: { 'src/random/fresh-seed.ts': 'the one seed maker' },
    files: code,
  },
  {
    what: 'a CliIo for tests: use fakeIo (test/support/fake-io.ts)',
    // The copies defined `out(t: string)` or `out: (t: string) => …` on an object of their own.
    pattern: /function fakeIo\b|\bout(?:\(t: string\)|: \(t: string\) =>)/,
    allowed: {
      'test/support/fake-io.ts': 'the one fake',
      'test/one-of-each.test.ts': "this scan's planted copies",
    },
    files: tests,
  },
];

/** The files that match `home.pattern` but are not allowed to. */
function copies(home: OneHome, read: (file: string) => string): string[] {
  return home.files.filter((f) => !Object.hasOwn(home.allowed, f) && home.pattern.test(read(f)));
}

test('each helper of issue 23 has one home in src/ and test/', () => {
  const read = (f: string) => readFileSync(join(root, f), 'utf8');
  for (const home of HOMES) {
    for (const f of Object.keys(home.allowed)) {
      assert.ok(home.files.includes(f), `${f} (allowed for ${home.what}) exists`);
    }
    assert.deepEqual(copies(home, read), [], home.what);
  }
});

test('the scan catches a copy of each (the copies this issue removed)', () => {
  const planted: Readonly<Record<string, string>> = {
    'a hex encoder: use bytesToHex (fairdeal/fair)':
      "Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')",
    'shell quoting: use shellCommand (src/cli/options/shell-command.ts)':
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of the code the scan refuses
      "`'${s.replace(/'/g, `'\\\\''`)}'`",
    'a trial loop: use seededTrials (fairdeal/audit/browser)':
      'const failure = countTrials(fn, counts, source, trials, (done) => {});',
    'a seed maker: use freshSeed (fairdeal)': 'function freshSeed(): string {',
    'a CliIo for tests: use fakeIo (test/support/fake-io.ts)':
      "io: { out: (t: string) => void out.push(t), stdoutIsTTY: false, cwd: '/' }",
  };
  for (const home of HOMES) {
    const victim = home.files.find((f) => !Object.hasOwn(home.allowed, f))!;
    const found = copies(home, (f) => (f === victim ? planted[home.what]! : ''));
    assert.deepEqual(found, [victim], home.what);
  }
});
