import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { exitForError } from './exit-for-error.ts';
import { loadOptional, MissingOptionalError } from './load-optional.ts';

test('loadOptional returns an installed package', async () => {
  const resvg = await loadOptional<{ Resvg: unknown }>('@resvg/resvg-js', 'drawing PNG heatmaps');
  assert.equal(typeof resvg.Resvg, 'function');
});

test('a missing optional package is one usage line saying how to install it (exit 2)', async () => {
  const error = await loadOptional('@fairdeal-test/not-installed', 'drawing PNG heatmaps').then(
    () => assert.fail('loaded a package that does not exist'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof MissingOptionalError);
  assert.deepEqual(exitForError(error, 'audit'), {
    line: 'drawing PNG heatmaps needs the optional package @fairdeal-test/not-installed: npm i @fairdeal-test/not-installed',
    status: 2,
  });
});

test('an installed package that fails to load is a failure naming it, not "not installed"', async () => {
  // A package whose own import is broken (like a native binary missing for this platform).
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-optional-'));
  const pkg = join(dir, 'node_modules', 'broken-optional');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(
    join(pkg, 'package.json'),
    '{"name":"broken-optional","type":"module","main":"index.js"}',
  );
  writeFileSync(join(pkg, 'index.js'), "import './missing-binding.js';\n");
  const error = await loadOptional(join(pkg, 'index.js'), 'drawing PNG heatmaps').then(
    () => assert.fail('loaded'),
    (e: unknown) => e,
  );
  assert.ok(!(error instanceof MissingOptionalError));
  assert.match(
    String((error as Error).message),
    /^drawing PNG heatmaps: the package .*broken-optional.* failed to load: /,
  );
  assert.equal(exitForError(error, 'audit').status, 1);
});
