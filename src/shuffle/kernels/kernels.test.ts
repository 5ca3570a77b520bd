import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';

/** The generated copies of the Array kernel (array.ts) and the type each one swaps. */
export const FAMILIES = [
  ['numbers.ts', 'number[]', 'Arrays whose first item is a number'],
  ['uint32.ts', 'Uint32Array', 'Uint32Array'],
  ['float64.ts', 'Float64Array', 'Float64Array'],
  ['typed.ts', '{ [index: number]: unknown; readonly length: number }', 'every other TypedArray'],
] as const;

const MARK = '// ---- kernel ----\n';
const here = new URL('.', import.meta.url);

/** The text a copy must have: the template below the marker, `Items` retyped. */
export function kernelText(template: string, type: string, what: string): string {
  const body = template.slice(template.indexOf(MARK) + MARK.length);
  const retyped = body.replace('type Items = unknown[];', `type Items = ${type};`);
  return `// GENERATED from array.ts for ${what} — do not edit; see array.ts.\n${MARK}${retyped}`;
}

test('each array family has its own copy of the kernel, identical but for the type', () => {
  const template = readFileSync(new URL('array.ts', here), 'utf8');
  assert.ok(template.includes(MARK) && template.includes('type Items = unknown[];'));
  for (const [file, type, what] of FAMILIES) {
    const want = kernelText(template, type, what);
    if (process.env.FAIRDEAL_WRITE_KERNELS === '1') writeFileSync(new URL(file, here), want);
    assert.equal(readFileSync(new URL(file, here), 'utf8'), want, `${file} is out of date`);
  }
});
