// verify() must run in browsers (issue 5): nothing on the import graph of src/fair/index.ts may
// import a node: module at run time, touch process or Buffer. The browser test proves it in
// Chromium; this static walk proves it everywhere, also where Chromium is not installed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { importWalk } from './support/import-walk.ts';

test('the import graph of src/fair/index.ts has no node: import and no process/Buffer use', () => {
  const { offenders, files } = importWalk(
    fileURLToPath(new URL('../src/fair/index.ts', import.meta.url)),
    /\bprocess\.|\bBuffer\.|\brequire\(/,
  );
  assert.deepEqual(offenders, []);
  assert.ok(files > 20, `walked ${files} files`); // the walk really followed the graph
});
