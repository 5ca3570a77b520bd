import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { UsageError } from '../io.ts';
import { main } from '../main.ts';
import { audit } from './audit.ts';

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-audit-'));

test('audit --list names fairdeal and every catalogue algorithm', async () => {
  const io = fakeIo(dir);
  assert.equal(await audit(['--list'], io), 0);
  for (const name of ['fairdeal', 'draw-and-retry', 'swap-any', 'sort-random', 'inside-out']) {
    assert.match(io.stdout, new RegExp(`^${name} `, 'm'));
  }
  assert.match(io.stdout, /^off-by-one-draw\s+FLAWED/m);
});

test('audit of a flawed algorithm: summary on stdout, exit 1, worst cells named', async () => {
  const io = fakeIo(dir);
  const code = await audit(
    ['--algorithm', 'off-by-one-draw', '--trials', '20000', '--seed', 'cli'],
    io,
  );
  assert.equal(code, 1);
  assert.match(io.stdout, /^off-by-one-draw: BIASED/);
  assert.match(io.stdout, /card 51 → position 51: 20000 vs 384\.6 \(52\.00×/);
  assert.equal(io.stderr, ''); // no progress bar without a TTY
});

test('audit of fairdeal: uniform, exit 0; progress bar only on a TTY stderr', async () => {
  const io = fakeIo(dir, { stderrIsTTY: true });
  const code = await audit(
    ['--algorithm', 'fairdeal', '--n', '8', '--trials', '20000', '--seed', 'cli'],
    io,
  );
  assert.equal(code, 0);
  assert.match(io.stdout, /^fairdeal: UNIFORM/);
  assert.match(io.stderr, /\[#+\] 100% 20000\/20000/);
});

test('audit --json gives the full result with the card × position matrix', async () => {
  const io = fakeIo(dir);
  await audit(
    ['--algorithm', 'swap-any', '--n', '5', '--trials', '5000', '--seed', 'j', '--json'],
    io,
  );
  const result = JSON.parse(io.stdout);
  assert.equal(result.verdict, 'biased');
  assert.equal(result.n, 5);
  assert.equal(result.cardPositionCounts.length, 5);
  assert.equal(
    result.cardPositionCounts.flat().reduce((a: number, b: number) => a + b, 0),
    5 * 5000,
  );
  assert.ok(
    result.tests.some(
      (t: { name: string; applicable: boolean }) => t.name === 'permutations' && t.applicable,
    ),
  );
});

test('audit --module audits a user file; broken code exits 1 with the reason', async () => {
  writeFileSync(
    join(dir, 'mine.mjs'),
    'export function shuffle(a) { return a.sort(() => Math.random() - 0.5); }\nexport function bad(a) { for (;;) {} }\n',
  );
  const io = fakeIo(dir);
  assert.equal(
    await audit(['--module', 'mine.mjs#shuffle', '--trials', '20000', '--seed', 'm'], io),
    1,
  );
  assert.match(io.stdout, /^mine\.mjs#shuffle: BIASED/);
  const hang = fakeIo(dir);
  const code = await audit(
    ['--module', 'mine.mjs#bad', '--time-limit', '300', '--seed', 'm'],
    hang,
  );
  assert.equal(code, 1);
  assert.match(hang.stdout, /BROKEN — did not terminate/);
});

test('audit --heatmap writes an SVG and a PNG', async () => {
  const io = fakeIo(dir);
  await audit(
    ['--algorithm', 'swap-any', '--trials', '10000', '--seed', 'h', '--heatmap', 'h/swap.svg'],
    io,
  );
  const svg = readFileSync(join(dir, 'h/swap.svg'), 'utf8');
  assert.match(svg, /<svg[^>]*>/);
  assert.match(svg, /swap-any — biased/);
  assert.match(svg, /position after the shuffle/);
  await audit(
    ['--algorithm', 'fairdeal', '--trials', '10000', '--heatmap', 'h/fair.png'],
    fakeIo(dir),
  );
  const png = readFileSync(join(dir, 'h/fair.png'));
  assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
  // An upper-case extension is a PNG too, never SVG text under a .PNG name.
  await audit(
    ['--algorithm', 'fairdeal', '--trials', '10000', '--heatmap', 'h/FAIR.PNG'],
    fakeIo(dir),
  );
  const upper = readFileSync(join(dir, 'h/FAIR.PNG'));
  assert.deepEqual([...upper.subarray(1, 4)], [0x50, 0x4e, 0x47]);
});

test('usage errors throw UsageError (exit 2 through main)', async () => {
  const io = fakeIo(dir);
  await assert.rejects(audit([], io), UsageError);
  await assert.rejects(audit(['--algorithm', 'x'], io), /unknown algorithm 'x'/);
  await assert.rejects(audit(['--algorithm', 'fairdeal', '--module', 'a.js'], io), UsageError);
  await assert.rejects(audit(['--algorithm', 'fairdeal', '--n', 'ten'], io), /--n must be/);
  await assert.rejects(audit(['--algorithm', 'fairdeal', '--alpha', '2'], io), /--alpha must be/);
  await assert.rejects(audit(['--bogus'], io), { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
  assert.equal(await audit(['--help'], io), 0);
});

test('too few trials is inconclusive (exit 3), never uniform, also for a biased shuffle', async () => {
  const io = fakeIo(dir);
  const code = await main(
    ['audit', '--algorithm', 'off-by-one-draw', '--trials', '5', '--seed', 'few'],
    io,
  );
  assert.equal(code, 3);
  assert.match(
    io.stdout,
    /^off-by-one-draw: INCONCLUSIVE — too few trials to judge: .*≥ 260 trials at n = 52\), this run had 5\n/,
  );
  const json = fakeIo(dir);
  assert.equal(
    await main(
      [
        'audit',
        '--algorithm',
        'fairdeal',
        '--n',
        '10',
        '--trials',
        '49',
        '--seed',
        'few',
        '--json',
      ],
      json,
    ),
    3,
  );
  const body = JSON.parse(json.stdout);
  assert.equal(body.verdict, 'inconclusive');
  assert.equal(body.conclusive, false);
  assert.match(body.inconclusive, /≥ 50 trials at n = 10/);
  // One more trial and the card-position test runs: a verdict again.
  const enough = fakeIo(dir);
  assert.equal(
    await main(
      [
        'audit',
        '--algorithm',
        'fairdeal',
        '--n',
        '10',
        '--trials',
        '50',
        '--seed',
        'few',
        '--json',
      ],
      enough,
    ),
    0,
  );
  assert.equal(JSON.parse(enough.stdout).conclusive, true);
});

test('an empty or bad --seed is a usage error before anything runs (the module is never loaded)', async () => {
  const marker = join(dir, 'loaded.txt');
  writeFileSync(
    join(dir, 'marks.mjs'),
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'x');\nexport default (a) => a;\n`,
  );
  for (const seed of ['', 'ab'.repeat(20)]) {
    const io = fakeIo(dir);
    assert.equal(await main(['audit', '--module', 'marks.mjs', '--seed', seed], io), 2);
    assert.match(
      io.stderr,
      /^fairdeal audit: --seed: the seed (must not be empty|looks like hex but has 40 digits; a hex seed has exactly 64)\n$/,
    );
  }
  assert.equal(existsSync(marker), false);
});

test('a heatmap that cannot be written never costs the verdict: one line, and the exit status says what happened', async () => {
  writeFileSync(join(dir, 'in-the-way'), 'a file where a folder should be');
  const uniform = fakeIo(dir);
  const u = await main(
    [
      'audit',
      '--algorithm',
      'fairdeal',
      '--n',
      '8',
      '--trials',
      '5000',
      '--seed',
      'h',
      '--heatmap',
      'in-the-way/h.svg',
    ],
    uniform,
  );
  assert.equal(u, 4);
  assert.match(uniform.stdout, /^fairdeal: UNIFORM/);
  assert.equal(
    uniform.stderr,
    'fairdeal audit: heatmap in-the-way/h.svg not written: a file is in the way (EEXIST)\n',
  );
  const biased = fakeIo(dir);
  const b = await main(
    [
      'audit',
      '--algorithm',
      'off-by-one-draw',
      '--n',
      '8',
      '--trials',
      '5000',
      '--seed',
      'h',
      '--heatmap',
      'in-the-way/h.svg',
    ],
    biased,
  );
  assert.equal(b, 1);
  assert.match(biased.stdout, /^off-by-one-draw: BIASED/);
  const broken = fakeIo(dir);
  const k = await main(
    [
      'audit',
      '--algorithm',
      'draw-and-retry',
      '--time-limit',
      '200',
      '--seed',
      'h',
      '--heatmap',
      'b.svg',
    ],
    broken,
  );
  assert.equal(k, 1);
  assert.match(broken.stdout, /^draw-and-retry: BROKEN — did not terminate/);
  assert.equal(
    broken.stderr,
    'fairdeal audit: heatmap b.svg not written: the shuffle is broken, there are no counts to draw\n',
  );
  assert.equal(existsSync(join(dir, 'b.svg')), false);
});

test('--module setup mistakes are usage errors (exit 2) naming the file as typed, no internal path', async () => {
  writeFileSync(
    join(dir, 'two.mjs'),
    'export function shuffle(a) { return a; }\nexport function other(a) { return a; }\nexport const n = 1;\n',
  );
  writeFileSync(
    join(dir, 'bad-import.mjs'),
    "import 'not-a-package-fairdeal-knows';\nexport default (a) => a;\n",
  );
  const cases: [string, RegExp][] = [
    ['missing.mjs', /^--module: cannot read missing\.mjs: no such file or directory \(ENOENT\)$/],
    [
      'two.mjs#shufle',
      /^--module: two\.mjs: no export named 'shufle' \(its functions: other, shuffle\)$/,
    ],
    ['two.mjs#n', /^--module: two\.mjs: export 'n' is a number, not a function/],
    [
      'two.mjs',
      /^--module: two\.mjs: no default export and 2 exported functions \(other, shuffle\): choose one with FILE#EXPORT$/,
    ],
    [
      'bad-import.mjs',
      /^--module: bad-import\.mjs cannot be loaded: Cannot find package 'not-a-package-fairdeal-knows' imported from bad-import\.mjs$/,
    ],
    ['#x', /^--module needs a file/],
  ];
  for (const [spec, message] of cases) {
    const io = fakeIo(dir);
    assert.equal(await main(['audit', '--module', spec, '--trials', '100'], io), 2, spec);
    const line = io.stderr.replace(/^fairdeal audit: /, '').replace(/\n$/, '');
    assert.match(line, message);
    assert.doesNotMatch(line, /worker|src\/audit|src\/cli|\/tmp\//, 'no internal path');
  }
});

test('the JSON says whether --seed reproduces a module run, and it is right about it', async () => {
  writeFileSync(
    join(dir, 'sources.mjs'),
    [
      "import { randomInt } from 'node:crypto';",
      'const saved = Math.random;',
      'const fy = (a, r) => { for (let i = a.length - 1; i > 0; i--) { const j = r(i + 1); [a[i], a[j]] = [a[j], a[i]]; } };',
      'export const plain = (a) => fy(a, (k) => Math.floor(Math.random() * k));',
      'export const early = (a) => fy(a, (k) => Math.floor(saved() * k));',
      'export const crypto = (a) => fy(a, (k) => randomInt(k));',
      '',
    ].join('\n'),
  );
  const audit = async (name: string) => {
    const io = fakeIo(dir);
    const args = [
      'audit',
      '--module',
      `sources.mjs#${name}`,
      '--n',
      '6',
      '--trials',
      '4000',
      '--seed',
      'r',
      '--json',
      '--workers',
      '1',
    ];
    await main(args, io);
    return JSON.parse(io.stdout);
  };
  const plain = [await audit('plain'), await audit('plain')];
  assert.equal(plain[0].reproducible, true);
  assert.equal(plain[0].reproducibility, undefined);
  assert.deepEqual(plain[0].cardPositionCounts, plain[1].cardPositionCounts); // it does reproduce
  const early = [await audit('early'), await audit('early')];
  assert.equal(early[0].reproducible, false);
  assert.match(early[0].reproducibility, /saved before the audit began/);
  assert.notDeepEqual(early[0].cardPositionCounts, early[1].cardPositionCounts); // it does not
  const crypto = await audit('crypto');
  assert.equal(crypto.reproducible, false);
  assert.match(crypto.reproducibility, /draws from crypto/);
  const catalogue = fakeIo(dir);
  await main(
    ['audit', '--algorithm', 'swap-any', '--n', '6', '--trials', '4000', '--seed', 'r', '--json'],
    catalogue,
  );
  assert.equal(JSON.parse(catalogue.stdout).reproducible, true);
});

test('conflicting or misplaced options are refused', async () => {
  const cases: [string[], RegExp][] = [
    [['--list', '--json'], /--list takes no other options/],
    [['--all', '--algorithm', 'fairdeal'], /--all does not take --algorithm/],
    [['--algorithm', 'fairdeal', '--runs', '10'], /--runs goes with --all/],
    [
      ['--algorithm', 'fairdeal', '--heatmap', 'h.jpg'],
      /--heatmap must name an \.svg or \.png file/,
    ],
    [['--algorithm', 'fairdeal', '--trials', '0'], /--trials must be at least 1, got 0/],
    [['--algorithm', 'fairdeal', '--n', '5000'], /--n is too large \(at most 4,096\), got 5000/],
  ];
  for (const [args, message] of cases) {
    const io = fakeIo(dir);
    assert.equal(await main(['audit', ...args], io), 2, args.join(' '));
    assert.match(io.stderr, message);
  }
});

test('--help documents every exit status the command uses', async () => {
  const io = fakeIo(dir);
  assert.equal(await audit(['--help'], io), 0);
  for (const [status, words] of [
    ['0', 'uniform'],
    ['1', 'biased, or broken'],
    ['2', 'usage error'],
    ['3', 'inconclusive'],
    ['4', 'heatmap could not be drawn or written'],
  ]) {
    assert.match(io.stdout, new RegExp(`^  ${status}  .*${words}`, 'm'));
  }
});
