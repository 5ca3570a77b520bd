import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { publicEntries } from './support/entries.ts';

// Every change to the public surface is a reviewed diff: the names and kinds each entry exports
// are pinned in test/vectors/api-surface.json. After a deliberate change, regenerate with
//   npm run api:update
// and commit the JSON with the change (and a CHANGELOG line).
const root = new URL('..', import.meta.url).pathname;
const vector = join(root, 'test/vectors/api-surface.json');

function kindOf(symbol: ts.Symbol, checker: ts.TypeChecker): string {
  const s = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const f = s.flags;
  if (f & ts.SymbolFlags.Class) return 'class';
  if (f & ts.SymbolFlags.Function) return 'function';
  if (f & ts.SymbolFlags.Variable) return 'const';
  if (f & ts.SymbolFlags.Interface) return 'interface';
  if (f & ts.SymbolFlags.TypeAlias) return 'type';
  return 'other';
}

/** Sorted `name: kind` lines of every public entry, read by the TypeScript checker. */
function surface(): Record<string, string[]> {
  const entries = publicEntries();
  const files = Object.values(entries).map((f) => join(root, f));
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const out: Record<string, string[]> = {};
  for (const [specifier, file] of Object.entries(entries)) {
    const source = program.getSourceFile(join(root, file));
    assert.ok(source, `${file} is in the program`);
    const module = checker.getSymbolAtLocation(source);
    assert.ok(module, `${file} is a module`);
    out[specifier] = checker
      .getExportsOfModule(module)
      .map((s) => `${s.name}: ${kindOf(s, checker)}`)
      .sort();
  }
  return out;
}

const actual = surface();

test('the public API surface is the reviewed one (test/vectors/api-surface.json)', () => {
  if (process.env.UPDATE_API_SURFACE === '1') {
    writeFileSync(vector, `${JSON.stringify(actual, null, 1)}\n`);
  }
  const pinned = JSON.parse(readFileSync(vector, 'utf8')) as Record<string, string[]>;
  assert.deepEqual(actual, pinned, 'the public API changed: review it, then npm run api:update');
});

test('entries list their exports by name; test tools and primitives stay off the root', () => {
  for (const file of Object.values(publicEntries())) {
    const text = readFileSync(join(root, file), 'utf8');
    assert.doesNotMatch(text, /^export \*/m, `${file}: no export *`);
  }
  const names = actual.fairdeal!.map((line) => line.split(':')[0]);
  for (const gone of ['mathRandom', 'scriptedSource', 'sha256', 'bytesToHex', 'hexToBytes']) {
    assert.ok(!names.includes(gone), `${gone} is not on the root entry`);
  }
  assert.ok(names.includes('presetDeck') && !names.includes('resolvePlan'));
  const testing = actual['fairdeal/testing']!.map((line) => line.split(':')[0]);
  assert.deepEqual(testing, ['mathRandom', 'scriptedSource']);
});
