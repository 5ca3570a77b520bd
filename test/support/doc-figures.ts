import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const WEB_MD = new URL('../../docs/WEB.md', import.meta.url);

/** One measured figure: how many files, how many bytes. */
export interface Figure {
  readonly files: number;
  readonly bytes: number;
}

/**
 * How far a quoted byte figure may be from the measurement: bytes over the wire move by a few
 * from run to run (a port's digits, a date), and a figure must not need rewriting for every
 * small change of the page — but 31 KB quoted for a 40.6 KB load (issue 26) is far outside it.
 */
export const TOLERANCE = 0.1;

/** The figure rounded as docs/WEB.md quotes it: "about N KB" (1 KB = 1,000 bytes). */
export const aboutKb = (bytes: number): string => `${Math.round(bytes / 1000)} KB`;

/**
 * The row of docs/WEB.md's "Size and speed" sizes table for `label`, as the test that measures
 * it should print it, ready to paste.
 *
 * @example
 * ```ts
 * figureRow('first load', { files: 6, bytes: 49084 }); // '| first load | 6 | 49,084 | about 49 KB |'
 * ```
 * @throws never.
 */
export function figureRow(label: string, f: Figure): string {
  return `| ${label} | ${f.files} | ${f.bytes.toLocaleString('en-US')} | about ${aboutKb(f.bytes)} |`;
}

/**
 * Checks docs/WEB.md's row `label` against what a test measured: the same number of files, the
 * bytes within {@link TOLERANCE}, and its "about N KB" the rounding of its own bytes. The message
 * says what to paste. Returns the row's "about N KB", for the places that quote it in short.
 *
 * @example
 * ```ts
 * assertDocFigure('first load over the wire (headers included, brotli)', { files: 6, bytes: 49084 });
 * ```
 * @throws {AssertionError} when the row is missing or its figures are not the measured ones.
 */
export function assertDocFigure(
  label: string,
  measured: Figure,
  doc = readFileSync(WEB_MD, 'utf8'),
): string {
  const fix = `update docs/WEB.md, "Size and speed", to the measured row:\n${figureRow(label, measured)}`;
  const row = doc.split('\n').find((line) => line.startsWith(`| ${label} |`));
  assert.ok(row !== undefined, `docs/WEB.md has no row "${label}": ${fix}`);
  const m = /^\| [^|]+ \| (\d+) \| ([\d,]+) \| about (\d+ KB) \|$/.exec(row);
  assert.ok(
    m !== null,
    `docs/WEB.md's row is not "| label | files | bytes | about N KB |": ${row}`,
  );
  const files = Number(m[1]);
  const bytes = Number(m[2]!.replaceAll(',', ''));
  assert.equal(m[3], aboutKb(bytes), `docs/WEB.md rounds ${m[2]} bytes as about ${aboutKb(bytes)}`);
  assert.equal(files, measured.files, `"${label}": docs/WEB.md says ${files} files; ${fix}`);
  const off = Math.abs(bytes - measured.bytes) / measured.bytes;
  assert.ok(
    off <= TOLERANCE,
    `"${label}": docs/WEB.md says ${m[2]} bytes, ${(off * 100).toFixed(0)} % off the measured ${measured.bytes}; ${fix}`,
  );
  return m[3]!;
}
