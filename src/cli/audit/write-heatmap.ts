import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type AuditResult, heatmapSvg, renderPng } from '../../audit/index.ts';

/**
 * Draws the card × position heatmap of an audit and writes it as SVG, or PNG when the file name
 * ends in `.png`, in any case (needs the optional @resvg/resvg-js).
 *
 * @example
 * ```ts
 * await writeHeatmap(result, 'heatmap.svg', 'biased');
 * ```
 * @throws {Error} `no heatmap: the shuffle is broken` when there are no counts to draw.
 * @throws {FairdealError} `MISSING_PEER` for a PNG without @resvg/resvg-js; the file system's errors.
 */
export async function writeHeatmap(
  result: AuditResult,
  file: string,
  verdict: string = result.verdict,
): Promise<void> {
  if (result.counts === undefined) throw new Error('no heatmap: the shuffle is broken');
  const title = `${result.subject} — ${verdict}`;
  const subtitle = `n = ${result.n}, ${result.trials.toLocaleString('en-US')} trials, α = ${result.alpha}${result.seed === undefined ? '' : `, seed ${result.seed}`}`;
  const svg = heatmapSvg(result.counts, title, subtitle);
  // The same rule as the option's check (`--heatmap X.PNG` is a PNG, not SVG text in a .PNG).
  const bytes = /\.png$/i.test(file) ? await renderPng(svg) : svg;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}
