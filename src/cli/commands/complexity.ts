import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type ComplexitySeries, complexitySvg, renderPng } from '../../audit/index.ts';
import { chacha20, shuffle } from '../../index.ts';
import { catalog } from '../../shuffle/catalog/index.ts';
import type { Command } from '../io.ts';
import { errnoWords, OutputError, UsageError } from '../io.ts';
import { wholeNumber } from '../options/whole-number.ts';
import { ensurePngRenderer } from '../render/ensure-png-renderer.ts';

const HELP = `Usage: fairdeal complexity [--max-n N] [--budget MS] [--svg FILE | --png FILE] [--json]

Times one shuffle of n items for fairdeal's shuffle and every terminating catalogue algorithm,
n = 8, 16, … up to --max-n (default 4096), and prints µs per shuffle; --svg/--png draw the
log-log plot (O(n) and O(n²) reference slopes). --budget is the time per point (default 30 ms).
Timings include copying the input (some algorithms consume it) and drawing the random words.
The slope needs at least two sizes in the larger half of n (--max-n 32 or more); below that it
is shown as '—' (null in JSON). --png needs the optional package @resvg/resvg-js.
`;

/** Times every algorithm at n = 8, 16, …, maxN; the minimum over batches of µs per shuffle. */
export function measureComplexity(maxN: number, budgetMs: number): ComplexitySeries[] {
  const subjects = [
    {
      name: 'fairdeal',
      growth: 'n',
      run: (a: number[], s: ReturnType<typeof chacha20>) => shuffle(a, s),
    },
    ...catalog
      .filter((e) => e.terminates)
      .map((e) => ({ name: e.name, growth: e.growth, run: e.run.bind(e) })),
  ];
  const sizes: number[] = [];
  for (let n = 8; n <= maxN; n *= 2) sizes.push(n);
  const source = chacha20('fairdeal complexity');
  return subjects.map((subject) => {
    const points = sizes.map((n) => {
      const input = Array.from({ length: n }, (_, i) => i);
      // Warm-up so the JIT has compiled the loop before timing.
      for (let i = 0; i < 3; i++) subject.run(input.slice(), source);
      let best = Number.POSITIVE_INFINITY;
      let reps = 1;
      const deadline = performance.now() + budgetMs;
      let batches = 0;
      while (batches < 3 || performance.now() < deadline) {
        const t0 = performance.now();
        for (let r = 0; r < reps; r++) subject.run(input.slice(), source);
        const elapsed = performance.now() - t0;
        if (elapsed < 2 && reps < 1e6) {
          reps *= 4;
          continue;
        }
        best = Math.min(best, (elapsed * 1000) / reps);
        batches++;
      }
      return { n, micros: best };
    });
    return { name: subject.name, growth: subject.growth, points };
  });
}

/**
 * Fitted slope of log(time) against log(n) over the upper half of the sizes; NaN when that half
 * holds fewer than two sizes (no slope to fit).
 */
export function fittedSlope(series: ComplexitySeries): number {
  const pts = series.points.slice(Math.floor(series.points.length / 2));
  const xs = pts.map((p) => Math.log(p.n));
  const ys = pts.map((p) => Math.log(p.micros));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
  }
  return sxx === 0 ? Number.NaN : sxy / sxx;
}

function slopeText(slope: number): string {
  return Number.isFinite(slope) ? slope.toFixed(2) : '—';
}

/** The table `fairdeal complexity` prints (Markdown-compatible). */
export function complexityTable(series: readonly ComplexitySeries[]): string {
  const sizes = series[0]?.points.map((p) => p.n) ?? [];
  const head = `| algorithm | class | slope | ${sizes.map((n) => `n=${n}`).join(' | ')} |`;
  const rule = `|---|---|---|${sizes.map(() => '---:').join('|')}|`;
  const rows = series.map(
    (s) =>
      `| ${s.name} | O(${s.growth}) | ${slopeText(fittedSlope(s))} | ${s.points.map((p) => (p.micros < 10 ? p.micros.toFixed(2) : p.micros.toFixed(0))).join(' | ')} |`,
  );
  return `${[head, rule, ...rows].join('\n')}\n`;
}

/** Writes the log-log plot as SVG or PNG (by extension). */
export async function writeComplexityPlot(series: ComplexitySeries[], file: string): Promise<void> {
  const svg = complexitySvg(series, 'Time per shuffle against n (log-log)');
  const bytes = file.endsWith('.png') ? await renderPng(svg, 1400) : svg;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

/** `fairdeal complexity`: see HELP. */
export const complexity: Command = async (args, io) => {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      'max-n': { type: 'string' },
      budget: { type: 'string' },
      svg: { type: 'string' },
      png: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const maxN =
    values['max-n'] === undefined ? 4096 : wholeNumber('--max-n', values['max-n'], 8, 65536);
  const budget =
    values.budget === undefined ? 30 : wholeNumber('--budget', values.budget, 1, 60_000);
  if (values.svg !== undefined && values.png !== undefined) {
    throw new UsageError('give --svg or --png, not both');
  }
  const plot = values.svg ?? values.png;
  if (values.png !== undefined) await ensurePngRenderer();
  const series = measureComplexity(maxN, budget);
  if (plot !== undefined) {
    try {
      await writeComplexityPlot(series, resolve(io.cwd, plot));
    } catch (error) {
      if ((error as { code?: unknown }).code === undefined) throw error;
      throw new OutputError(
        `cannot write ${plot}: ${errnoWords(error)}`,
        String((error as { code?: unknown }).code),
      );
    }
  }
  if (values.json) {
    io.out(
      `${JSON.stringify(
        series.map((s) => {
          const slope = fittedSlope(s);
          return { ...s, slope: Number.isFinite(slope) ? slope : null };
        }),
        null,
        2,
      )}\n`,
    );
  } else {
    io.out('µs per shuffle (slope: fitted exponent k of time ∝ n^k over the larger half of n)\n');
    io.out(complexityTable(series));
  }
  return 0;
};
