import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkKernels, FAMILIES, KERNELS_DIR, stripComments } from '../../../tools/gen-kernels.ts';

const tool = new URL('../../../tools/gen-kernels.ts', import.meta.url).pathname;

test('each array family has its own copy of the kernel, as `npm run gen:kernels` writes it', () => {
  // The tool's own check, as a newcomer runs it: exit 0 and nothing to report.
  const out = execFileSync(process.execPath, [tool, '--check'], { encoding: 'utf8' });
  assert.match(out, /copies up to date/);
});

test('the check names a stale copy and its first line that differs, and writes nothing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-kernels-'));
  try {
    cpSync(KERNELS_DIR, dir, { recursive: true });
    // An edit made in a copy instead of the template (line 9 of uint32.ts).
    const file = join(dir, 'uint32.ts');
    const lines = readFileSync(file, 'utf8').split('\n');
    const edited = lines.map((line, k) => (k === 8 ? `${line} // tuned here` : line)).join('\n');
    writeFileSync(file, edited);
    const problems = checkKernels(dir);
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.ok(problems[0]!.startsWith('uint32.ts:9: is '), problems[0]);
    assert.ok(problems[0]!.includes('tuned here'));
    assert.equal(readFileSync(file, 'utf8'), edited);
    // The command line fails with the same line.
    const cli = spawnSync(process.execPath, [tool, '--check', `--dir=${dir}`], {
      encoding: 'utf8',
    });
    assert.equal(cli.status, 1);
    assert.match(cli.stderr, /out of date[\s\S]*uint32\.ts:9: is /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the copies differ from the template only in `Items` and comments', () => {
  const template = readFileSync(join(KERNELS_DIR, 'array.ts'), 'utf8');
  const code = stripComments(template.slice(template.indexOf('// ---- kernel ----\n') + 19));
  for (const [file, type] of FAMILIES) {
    const copy = readFileSync(join(KERNELS_DIR, file), 'utf8');
    assert.ok(copy.includes(`type Items = ${type};`), file);
    assert.equal(
      copy
        .slice(copy.indexOf('\nimport ') + 1)
        .replace(`type Items = ${type};`, 'type Items = unknown[];'),
      code.slice(code.indexOf('import ')),
      file,
    );
  }
});
