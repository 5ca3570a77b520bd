// fairdeal/doudizhu must run in browsers and in a table's request handler alike: nothing on the
// import graph of its entry may import a module that is not one of ours (no node:, no npm
// package) or touch process, Buffer or require — checked on the code a browser receives (types
// stripped). The same walk as test/fair-browser-safe.test.ts, for this entry.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./index.ts', import.meta.url));
const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

test('the import graph of src/rules/doudizhu/index.ts is pure: no node:, no I/O, no globals', () => {
  const seen = new Set<string>();
  const todo = [ENTRY];
  const offenders: string[] = [];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = stripTypeScriptTypes(readFileSync(file, 'utf8'), { mode: 'strip' });
    for (const m of source.matchAll(SPECIFIER)) {
      const spec = (m[1] ?? m[2])!;
      if (spec.startsWith('.')) todo.push(resolve(dirname(file), spec));
      else offenders.push(`${file}: imports '${spec}'`);
    }
    const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    if (/\bprocess\.|\bBuffer\.|\brequire\(|\bconsole\.|\bfetch\(|Math\.random/.test(code)) {
      offenders.push(`${file}: uses a global it must not`);
    }
  }
  assert.deepEqual(offenders, []);
  assert.ok(seen.size >= 10, `walked ${seen.size} files`);
});
