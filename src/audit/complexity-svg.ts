/** One algorithm's timings: microseconds per shuffle at each n. */
export interface ComplexitySeries {
  readonly name: string;
  /** Its complexity class, shown in the legend and used to pick a colour family. */
  readonly growth: string;
  readonly points: readonly { readonly n: number; readonly micros: number }[];
}

const PALETTE = [
  '#1b9e77',
  '#d95f02',
  '#7570b3',
  '#e7298a',
  '#66a61e',
  '#e6ab02',
  '#a6761d',
  '#666666',
  '#1f78b4',
  '#b2df8a',
  '#fb9a99',
  '#cab2d6',
  '#ff7f00',
  '#6a3d9a',
  '#b15928',
  '#000000',
];

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A log-log plot of time per shuffle against n, one line per algorithm, with dashed reference
 * slopes for O(n) and O(n²): on log-log axes a power law n^k is a straight line of slope k, so
 * the quadratic algorithms visibly climb twice as steeply.
 *
 * @example
 * ```ts
 * const points = [{ n: 8, micros: 0.1 }];
 * complexitySvg([{ name: 'knuth-durstenfeld', growth: 'n', points }], 'time per shuffle');
 * ```
 * @throws never.
 */
export function complexitySvg(series: readonly ComplexitySeries[], title: string): string {
  if (!Array.isArray(series as unknown))
    throw new TypeError('complexitySvg: series must be an array');
  if (typeof title !== 'string') throw new TypeError('complexitySvg: title must be a string');
  const all = series.flatMap((s) => s.points).filter((p) => p.micros > 0);
  const width = 900;
  const height = 600;
  const left = 80;
  const right = 260;
  const top = 60;
  const bottom = 70;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const minN = Math.min(...all.map((p) => p.n));
  const maxN = Math.max(...all.map((p) => p.n));
  const lx0 = Math.floor(Math.log10(minN));
  const lx1 = Math.ceil(Math.log10(maxN));
  const ly0 = Math.floor(Math.log10(Math.min(...all.map((p) => p.micros))));
  const ly1 = Math.ceil(Math.log10(Math.max(...all.map((p) => p.micros))));
  const x = (n: number) => left + ((Math.log10(n) - lx0) / (lx1 - lx0 || 1)) * plotW;
  const y = (m: number) => top + plotH - ((Math.log10(m) - ly0) / (ly1 - ly0 || 1)) * plotH;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Verdana, sans-serif">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="${left + plotW / 2}" y="30" text-anchor="middle" font-size="17" font-weight="bold">${esc(title)}</text>`,
  ];
  for (let e = lx0; e <= lx1; e++) {
    const px = x(10 ** e);
    parts.push(
      `<line x1="${px}" y1="${top}" x2="${px}" y2="${top + plotH}" stroke="#e5e5e5"/>`,
      `<text x="${px}" y="${top + plotH + 18}" text-anchor="middle" font-size="11">${10 ** e}</text>`,
    );
  }
  for (let e = ly0; e <= ly1; e++) {
    const py = y(10 ** e);
    const label = e >= 0 ? `${10 ** e}` : `1e${e}`;
    parts.push(
      `<line x1="${left}" y1="${py}" x2="${left + plotW}" y2="${py}" stroke="#e5e5e5"/>`,
      `<text x="${left - 6}" y="${py + 4}" text-anchor="end" font-size="11">${label}</text>`,
    );
  }
  parts.push(
    `<rect x="${left}" y="${top}" width="${plotW}" height="${plotH}" fill="none" stroke="#555"/>`,
    `<text x="${left + plotW / 2}" y="${height - 25}" text-anchor="middle" font-size="13">n (cards per shuffle, log scale)</text>`,
    `<text transform="translate(22 ${top + plotH / 2}) rotate(-90)" text-anchor="middle" font-size="13">µs per shuffle (log scale)</text>`,
  );
  // Reference slopes through the lower-left data: O(n) and O(n²).
  const anchor = Math.min(...all.filter((p) => p.n === minN).map((p) => p.micros));
  for (const [k, label] of [
    [1, 'O(n)'],
    [2, 'O(n²)'],
  ] as const) {
    let endN = maxN;
    const endM = (nn: number) => anchor * (nn / minN) ** k;
    while (endM(endN) > 10 ** ly1 && endN > minN) endN /= 1.1;
    parts.push(
      `<line x1="${x(minN)}" y1="${y(anchor)}" x2="${x(endN)}" y2="${y(endM(endN))}" stroke="#999" stroke-width="1.5" stroke-dasharray="6 4"/>`,
      `<text x="${x(endN) - 4}" y="${y(endM(endN)) - 6}" text-anchor="end" font-size="12" fill="#777">${label} slope</text>`,
    );
  }
  series.forEach((s, i) => {
    const colour = PALETTE[i % PALETTE.length]!;
    const pts = s.points.filter((p) => p.micros > 0);
    const path = pts.map(
      (p, j) => `${j === 0 ? 'M' : 'L'}${x(p.n).toFixed(1)},${y(p.micros).toFixed(1)}`,
    );
    const dashed = s.growth === 'n' || s.growth === 'n log n' ? '' : ' stroke-dasharray="2 2"';
    parts.push(
      `<path d="${path.join(' ')}" fill="none" stroke="${colour}" stroke-width="2"${dashed}/>`,
    );
    for (const p of pts) {
      parts.push(
        `<circle cx="${x(p.n).toFixed(1)}" cy="${y(p.micros).toFixed(1)}" r="2.5" fill="${colour}"/>`,
      );
    }
    const ly = top + 10 + i * 20;
    parts.push(
      `<line x1="${left + plotW + 15}" y1="${ly}" x2="${left + plotW + 40}" y2="${ly}" stroke="${colour}" stroke-width="2"${dashed}/>`,
      `<text x="${left + plotW + 46}" y="${ly + 4}" font-size="11">${esc(s.name)} — O(${esc(s.growth)})</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}
