// The page (src/web) uses the library only through its browser-safe public entries, and nothing on
// its import graph needs Node: a static walk (like test/fair-browser-safe.test.ts), so it holds
// also where Chromium is not installed. esbuild's platform 'browser' would refuse a node: import
// too, but only at build time; this says which file broke the rule.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const WEB = join(ROOT, 'src/web');
const ENTRIES = new Set([
  'src/index.ts',
  'src/fair/index.ts',
  'src/shuffle/catalog/index.ts',
  'src/rules/doudizhu/index.ts',
  'src/client/index.ts',
  'src/audit/browser.ts',
  // Dark tables' worker (dark-worker.ts): browser-safe, its group from @noble/curves.
  'src/dark/index.ts',
]);
/**
 * Packages the page may bundle: jstat (the chi-square law, plain JavaScript for browsers and Node
 * alike) and @noble/curves' ristretto255, which the dark worker loads through fairdeal/dark.
 */
const PACKAGES = new Set(['jstat', '@noble/curves/ed25519.js']);
const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function specifiers(file: string): string[] {
  // Comments out: a TSDoc example's `import('…')` is not an import.
  const source = stripTypeScriptTypes(readFileSync(file, 'utf8'), { mode: 'strip' }).replace(
    /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm,
    '',
  );
  return [...source.matchAll(SPECIFIER)].map((m) => (m[1] ?? m[2])!);
}

const pageFiles = readdirSync(WEB)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => join(WEB, f));

test('src/web imports only src/web and the browser-safe public entries', () => {
  const used = new Set<string>();
  for (const file of pageFiles) {
    for (const spec of specifiers(file)) {
      assert.ok(spec.startsWith('.'), `${relative(ROOT, file)} imports package '${spec}'`);
      const target = relative(ROOT, resolve(dirname(file), spec));
      if (target.startsWith('src/web/')) continue;
      assert.ok(ENTRIES.has(target), `${relative(ROOT, file)} imports ${target}`);
      used.add(target);
    }
  }
  assert.ok(used.has('src/index.ts') && used.has('src/audit/browser.ts'), [...used].join());
});

test("the page's whole import graph has no node: import and no Node global", () => {
  const seen = new Set<string>();
  const todo = [...pageFiles];
  const offenders: string[] = [];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of specifiers(file)) {
      if (spec.startsWith('.')) todo.push(resolve(dirname(file), spec));
      else if (!PACKAGES.has(spec)) offenders.push(`${relative(ROOT, file)}: imports '${spec}'`);
    }
    const code = stripTypeScriptTypes(readFileSync(file, 'utf8'), { mode: 'strip' }).replace(
      /\/\*[\s\S]*?\*\/|\/\/.*$/gm,
      '',
    );
    if (/\bprocess\.|\bBuffer\.|\brequire\(/.test(code))
      offenders.push(`${relative(ROOT, file)}: uses a Node global`);
  }
  assert.deepEqual(offenders, []);
  assert.ok(seen.size > 40, `walked ${seen.size} files`);
});
