// fairdeal/doudizhu must run in browsers and in a table's request handler alike: nothing on the
// import graph of its entry may import a module that is not one of ours (no node:, no npm
// package) or touch process, Buffer or require — checked on the code a browser receives (types
// stripped). The same walk as test/fair-browser-safe.test.ts, for this entry.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { importWalk } from '../../../test/support/import-walk.ts';

test('the import graph of src/rules/doudizhu/index.ts is pure: no node:, no I/O, no globals', () => {
  const { offenders, files } = importWalk(
    fileURLToPath(new URL('./index.ts', import.meta.url)),
    /\bprocess\.|\bBuffer\.|\brequire\(|\bconsole\.|\bfetch\(|Math\.random/,
  );
  assert.deepEqual(offenders, []);
  assert.ok(files >= 10, `walked ${files} files`);
});
