import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

// The packed tarball, installed into an empty folder, must work without our sources or devDeps:
// every public entry imports, every export is defined, and the `fairdeal` bin runs.
const root = new URL('..', import.meta.url).pathname;
const entries: Record<string, string> = {
  fairdeal: 'src/index.ts',
  'fairdeal/fair': 'src/fair/index.ts',
  'fairdeal/audit': 'src/audit/index.ts',
  'fairdeal/audit/browser': 'src/audit/browser.ts',
  'fairdeal/catalog': 'src/shuffle/catalog/index.ts',
  'fairdeal/doudizhu': 'src/rules/doudizhu/index.ts',
};

test('npm pack gives a package that installs and imports elsewhere', {
  timeout: 240_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-pack-'));
  try {
    const npm = (args: string[], cwd: string) =>
      execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], root));
    const tarball = join(dir, packed[0].filename);
    const files: string[] = packed[0].files.map((f: { path: string }) => f.path);
    assert.ok(files.includes('dist/index.js') && files.includes('dist/index.d.ts'));
    assert.ok(
      !files.some((f) => f.startsWith('src/') || f.endsWith('.test.js')),
      'no sources or tests',
    );
    writeFileSync(join(dir, 'package.json'), '{"name":"consumer","private":true,"type":"module"}');
    npm(['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], dir);
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
    rmSync(dir, { recursive: true, force: true });
  }
});
