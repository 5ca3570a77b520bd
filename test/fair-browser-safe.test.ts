// verify() must run in browsers (issue 5): nothing on the import graph of src/fair/index.ts may
// import a node: module at run time, touch process or Buffer. The browser test proves it in Chromium; this
// static walk proves it everywhere, also where Chromium is not installed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('../src/fair/index.ts', import.meta.url));
const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

test('the import graph of src/fair/index.ts has no node: import and no process/Buffer use', () => {
  const seen = new Set<string>();
  const todo = [ENTRY];
  const offenders: string[] = [];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    // Exactly what a browser receives: types erased (a type-only `import('node:crypto')` is fine).
    const source = stripTypeScriptTypes(readFileSync(file, 'utf8'), { mode: 'strip' });
    for (const m of source.matchAll(SPECIFIER)) {
      const spec = (m[1] ?? m[2])!;
      if (spec.startsWith('.')) todo.push(resolve(dirname(file), spec));
      else offenders.push(`${file}: imports '${spec}'`);
    }
    const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    if (/\bprocess\.|\bBuffer\.|\brequire\(/.test(code))
      offenders.push(`${file}: uses a Node global`);
  }
  assert.deepEqual(offenders, []);
  assert.ok(seen.size > 20, `walked ${seen.size} files`); // the walk really followed the graph
});
