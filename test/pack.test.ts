import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { publicEntries } from './support/entries.ts';

// The packed tarball, installed into an empty folder, must work without our sources or devDeps:
// every public entry imports, every export is defined, and the `fairdeal` bin runs — from a
// folder whose name holds '#' and '%', which a hand-made file URL gets wrong (the bin once did
// nothing at all there).
const root = new URL('..', import.meta.url).pathname;
const entries = publicEntries();

test('no file the build compiles is test-only: nothing in src/ but a *.test.ts imports node:test or node:assert', () => {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    );
  const built = walk(join(root, 'src')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  assert.ok(built.length > 100, `only ${built.length} files`);
  const testOnly = built.filter((f) =>
    /from\s+'node:(test|assert)(\/strict)?'/.test(readFileSync(f, 'utf8')),
  );
  assert.deepEqual(testOnly, [], 'test-only code in src/ (move it under test/)');
  // The build leaves out the tests and nothing else: a helper kept in src/ would be shipped.
  const build = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8'));
  assert.deepEqual(build.exclude, ['src/**/*.test.ts']);
});

test('npm pack gives a package that installs and imports elsewhere', {
  timeout: 240_000,
}, async () => {
  const top = mkdtempSync(join(tmpdir(), 'fairdeal-pack-'));
  const dir = join(top, 'a#b%c');
  mkdirSync(dir);
  try {
    const npm = (args: string[], cwd: string) =>
      execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', top], root));
    const tarball = join(top, packed[0].filename);
    const files: string[] = packed[0].files.map((f: { path: string }) => f.path);
    assert.ok(files.includes('dist/index.js') && files.includes('dist/index.d.ts'));
    assert.ok(
      !files.some((f) => f.startsWith('src/') || f.endsWith('.test.js')),
      'no sources or tests',
    );
    // Nor the code that only tests use: the in-memory stores, the test app, the conformance
    // suites (they live under test/, which the build does not compile; see the test below).
    assert.deepEqual(
      files.filter((f) =>
        /conformance|test-table|memory-store|memory-table-store|(^|\/)support\//.test(f),
      ),
      [],
      'no test-support code in the package',
    );
    writeFileSync(join(dir, 'package.json'), '{"name":"consumer","private":true,"type":"module"}');
    npm(['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], dir);
    // Zero dependencies: installing the library pulls nothing else (no native binary, no driver).
    const installed = readdirSync(join(dir, 'node_modules')).filter((f) => !f.startsWith('.'));
    assert.deepEqual(installed, ['fairdeal']);
    for (const [specifier, source] of Object.entries(entries)) {
      // Every name exported by the source entry must be a defined export of the installed package.
      const expected = await import(join(root, source));
      const names = Object.keys(expected);
      const script = `const m = await import(${JSON.stringify(specifier)}); const missing = ${JSON.stringify(names)}.filter((n) => m[n] === undefined); console.log(JSON.stringify({ count: Object.keys(m).length, missing }));`;
      const result = JSON.parse(
        execFileSync(process.execPath, ['--input-type=module', '-e', script], {
          cwd: dir,
          encoding: 'utf8',
        }),
      );
      assert.deepEqual(result.missing, [], `${specifier}: missing exports`);
      assert.ok(result.count >= names.length, `${specifier} exports ${result.count}`);
    }
    const bin = join(dir, 'node_modules', '.bin', 'fairdeal');
    const version = execFileSync(process.execPath, [bin, '--version'], { encoding: 'utf8' }).trim();
    assert.equal(version, JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
    const shuffled = execFileSync(
      process.execPath,
      [bin, 'shuffle', '--range', '5', '--seed', 'x'],
      {
        encoding: 'utf8',
      },
    );
    assert.deepEqual(shuffled.trim().split('\n').map(Number).sort(), [1, 2, 3, 4, 5]);
    assert.ok(bin.includes('a#b%c'));
    // Through the symlink npm made, as a shell runs it (its #! line), not only via node.
    const direct = spawnSync(bin, ['deal', 'doudizhu', '--seed', 'x'], { encoding: 'utf8' });
    assert.equal(direct.status, 0, direct.stderr);
    assert.match(direct.stdout, /Dou Dizhu/);
    // The auditor's worker threads start from dist/ too (their file is found at run time): a
    // fair shuffle comes out uniform (exit 0), a catalogue bug biased (exit 1).
    const audit = (algorithm: string) =>
      spawnSync(
        process.execPath,
        [bin, 'audit', '--algorithm', algorithm, '--trials', '20000', '--seed', 'pack', '--json'],
        { encoding: 'utf8' },
      );
    const fair = audit('fairdeal');
    assert.equal(fair.status, 0, fair.stderr);
    assert.equal(JSON.parse(fair.stdout).verdict, 'uniform');
    const biased = audit('off-by-one-draw');
    assert.equal(biased.status, 1, biased.stderr);
    assert.equal(JSON.parse(biased.stdout).verdict, 'biased');
  } finally {
    rmSync(top, { recursive: true, force: true });
  }
});
