import type { AuditCounts } from './audit-counts.ts';
import { assertCounts } from './audit-counts.ts';
import { divergingColor } from './diverging-color.ts';

/** Escapes text for SVG. */
function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The card × position matrix as an SVG heatmap of deviations from uniform: each cell coloured by
 * log2(observed / expected), from blue (½× or less: too rare) through white (as a fair shuffle)
 * to red (2× or more: too often), with labelled axes, a colour bar and the verdict in the title.
 * A log-ratio scale is used because biases span from a few percent (swap-any) to cells that can
 * never be reached (ratio 0) or are certain (ratio n): a linear scale would hide the former.
 *
 * @example
 * ```ts
 * import { writeFileSync } from 'node:fs';
 * writeFileSync('swap-any.svg', heatmapSvg(counts, 'swap-any — biased'));
 * ```
 * @throws never.
 */
export function heatmapSvg(counts: AuditCounts, title: string, subtitle = ''): string {
  if (typeof title !== 'string' || typeof subtitle !== 'string') {
    throw new TypeError('heatmapSvg: title and subtitle must be strings');
  }
  assertCounts(counts);
  const { n, trials, position } = counts;
  const cell = Math.max(4, Math.min(12, Math.floor(624 / Math.max(1, n))));
  const size = cell * n;
  const left = 70;
  const top = 70;
  const width = left + size + 110;
  const height = top + size + 60;
  const expected = trials / n;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Verdana, sans-serif">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="26" text-anchor="middle" font-size="17" font-weight="bold">${esc(title)}</text>`,
    `<text x="${width / 2}" y="46" text-anchor="middle" font-size="12" fill="#444">${esc(subtitle)}</text>`,
  );
  for (let card = 0; card < n; card++) {
    for (let p = 0; p < n; p++) {
      const ratio = expected > 0 ? position[card * n + p]! / expected : 1;
      const t = ratio <= 0 ? -1 : Math.log2(ratio);
      parts.push(
        `<rect x="${left + p * cell}" y="${top + card * cell}" width="${cell}" height="${cell}" fill="${divergingColor(t)}"/>`,
      );
    }
  }
  parts.push(
    `<rect x="${left}" y="${top}" width="${size}" height="${size}" fill="none" stroke="#555" stroke-width="1"/>`,
  );
  const step = n <= 13 ? 1 : n <= 26 ? 5 : 10;
  for (let i = 0; i < n; i += step) {
    const c = i * cell + cell / 2;
    parts.push(
      `<text x="${left + c}" y="${top + size + 14}" text-anchor="middle" font-size="10">${i}</text>`,
      `<text x="${left - 5}" y="${top + c + 3}" text-anchor="end" font-size="10">${i}</text>`,
    );
  }
  parts.push(
    `<text x="${left + size / 2}" y="${top + size + 34}" text-anchor="middle" font-size="12">position after the shuffle (0 = top)</text>`,
    `<text transform="translate(${left - 34} ${top + size / 2}) rotate(-90)" text-anchor="middle" font-size="12">card (its position before the shuffle)</text>`,
  );
  // Colour bar: log2 ratio from −1 (½×) to +1 (2×).
  const barX = left + size + 30;
  const barH = Math.min(size, 240);
  const steps = 40;
  for (let s = 0; s < steps; s++) {
    const t = 1 - (2 * (s + 0.5)) / steps;
    parts.push(
      `<rect x="${barX}" y="${(top + (s * barH) / steps).toFixed(2)}" width="16" height="${(barH / steps + 0.5).toFixed(2)}" fill="${divergingColor(t)}"/>`,
    );
  }
  parts.push(
    `<rect x="${barX}" y="${top}" width="16" height="${barH}" fill="none" stroke="#555"/>`,
    `<text x="${barX + 22}" y="${top + 8}" font-size="10">≥ 2×</text>`,
    `<text x="${barX + 22}" y="${top + barH / 2 + 4}" font-size="10">1× fair</text>`,
    `<text x="${barX + 22}" y="${top + barH}" font-size="10">≤ ½×</text>`,
    `<text x="${barX - 4}" y="${top + barH + 18}" font-size="10">observed ÷</text>`,
    `<text x="${barX - 4}" y="${top + barH + 31}" font-size="10">expected</text>`,
    '</svg>',
  );
  return parts.join('\n');
}
