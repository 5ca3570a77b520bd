import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ERROR_STATUS, type ErrorCode } from '../client/index.ts';
import { FAIRDEAL_ERROR_CODES } from '../index.ts';

// The tables of codes in docs/SERVICE.md ("Error codes") and docs/TABLES.md ("Errors") are held
// to the one map the service answers from (client/error-codes.ts), status by status.

const root = new URL('../../', import.meta.url);

/** The rows of the first table under `heading`: each row's codes and statuses. */
function codeTable(file: string, heading: string): { codes: string[]; statuses: number[] }[] {
  const text = readFileSync(new URL(file, root), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `${file} has ${heading}`);
  const rows: { codes: string[]; statuses: number[] }[] = [];
  let inTable = false;
  for (const line of text.slice(start).split('\n').slice(2)) {
    if (!line.startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    const [first, second] = line.split('|').slice(1, 3);
    const codes = [...(first ?? '').matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]!);
    if (codes.length === 0) continue;
    const statuses = [...(second ?? '').matchAll(/\b(\d{3})\b/g)].map((m) => Number(m[1]));
    rows.push({ codes, statuses });
  }
  assert.ok(rows.length > 5, `${file}: ${rows.length} rows`);
  return rows;
}

const documented = [
  ...codeTable('docs/SERVICE.md', '## Error codes'),
  ...codeTable('docs/TABLES.md', '## Errors'),
];

test('error codes: every code in the docs tables has the status the service answers it with', () => {
  for (const { codes, statuses } of documented) {
    // A 200 row is not a refusal: the reference's overdraw answers 200 with `success: false`.
    if (statuses.length === 1 && statuses[0] === 200) continue;
    codes.forEach((code, i) => {
      assert.ok(Object.hasOwn(ERROR_STATUS, code), `${code} is documented but never answered`);
      // "413, 414" beside two codes pairs them up; one status is every code's.
      const status = statuses.length === codes.length ? statuses[i] : statuses[0];
      assert.equal(status, ERROR_STATUS[code as ErrorCode], `${code}: docs say ${status}`);
    });
  }
});

test('error codes: every code the service answers is documented, the library ones at least in docs/ERRORS.md', () => {
  const inTables = new Set(documented.flatMap((r) => r.codes));
  const errorsMd = readFileSync(new URL('docs/ERRORS.md', root), 'utf8');
  for (const code of Object.keys(ERROR_STATUS)) {
    const library = (FAIRDEAL_ERROR_CODES as readonly string[]).includes(code);
    assert.ok(
      inTables.has(code) || (library && errorsMd.includes(`\`${code}\``)),
      `${code} is answered but not documented`,
    );
  }
});
