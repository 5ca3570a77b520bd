import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FAIRDEAL_ERROR_CODES, FairdealError } from './errors.ts';

const root = new URL('..', import.meta.url).pathname;

/** The codes of docs/ERRORS.md's table, in order. */
function documentedCodes(): string[] {
  const doc = readFileSync(join(root, 'docs/ERRORS.md'), 'utf8');
  return [...doc.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]!);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name));
}

test('docs/ERRORS.md documents exactly the FairdealErrorCode union, in its order', () => {
  const documented = documentedCodes();
  assert.ok(documented.length >= 10, 'the table was not found');
  assert.deepEqual(documented, [...FAIRDEAL_ERROR_CODES]);
});

test('every code of the union is thrown somewhere in the library (no stale code)', () => {
  const text = sourceFiles(join(root, 'src'))
    .filter((f) => !f.endsWith('/errors.ts'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  for (const code of FAIRDEAL_ERROR_CODES) {
    assert.ok(text.includes(`'${code}'`), `${code} is never used`);
  }
});

test('FairdealError carries its code, message and detail', () => {
  const e = new FairdealError('BAD_CARD', 'bad card ZZ', { token: 'ZZ' });
  assert.ok(e instanceof Error);
  assert.equal(e.name, 'FairdealError');
  assert.equal(e.code, 'BAD_CARD');
  assert.deepEqual(e.detail, { token: 'ZZ' });
  assert.ok(Object.isFrozen(FAIRDEAL_ERROR_CODES));
});
