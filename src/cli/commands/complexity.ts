import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type ComplexitySeries, complexitySvg, renderPng } from '../../audit/index.ts';
import { chacha20, shuffle } from '../../index.ts';
import { catalog } from '../../shuffle/catalog/index.ts';
import type { Command } from '../io.ts';
import { UsageError } from '../io.ts';

const HELP = `Usage: fairdeal complexity [--max-n N] [--budget MS] [--svg FILE | --png FILE] [--json]

Times one shuffle of n items for fairdeal's shuffle and every terminating catalogue algorithm,
n = 8, 16, … up to --max-n (default 4096), and prints µs per shuffle; --svg/--png draw the
log-log plot (O(n) and O(n²) reference slopes). --budget is the time per point (default 30 ms).
Timings include copying the input (some algorithms consume it) and drawing the random words.
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

/** Fitted slope of log(time) against log(n) over the upper half of the sizes. */
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

/** The table `fairdeal complexity` prints (Markdown-compatible). */
export function complexityTable(series: readonly ComplexitySeries[]): string {
  const sizes = series[0]?.points.map((p) => p.n) ?? [];
  const head = `| algorithm | class | slope | ${sizes.map((n) => `n=${n}`).join(' | ')} |`;
  const rule = `|---|---|---|${sizes.map(() => '---:').join('|')}|`;
  const rows = series.map(
    (s) =>
      `| ${s.name} | O(${s.growth}) | ${fittedSlope(s).toFixed(2)} | ${s.points.map((p) => (p.micros < 10 ? p.micros.toFixed(2) : p.micros.toFixed(0))).join(' | ')} |`,
  );
  return `${[head, rule, ...rows].join('\n')}\n`;
}

/** Writes the log-log plot as SVG or PNG (by extension). */
export async function writeComplexityPlot(series: ComplexitySeries[], file: string): Promise<void> {
  const svg = complexitySvg(series, 'Time per shuffle against n (log-log)');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, file.endsWith('.png') ? await renderPng(svg, 1400) : svg);
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
  const maxN = values['max-n'] === undefined ? 4096 : Number(values['max-n']);
  if (!/^\d+$/.test(values['max-n'] ?? '4096') || maxN < 8 || maxN > 65536) {
    throw new UsageError(`--max-n must be an integer in [8, 65536], got '${values['max-n']}'`);
  }
  const budget = values.budget === undefined ? 30 : Number(values.budget);
  if (!/^\d+$/.test(values.budget ?? '30') || budget < 1 || budget > 60_000) {
    throw new UsageError(`--budget must be an integer in [1, 60000] ms, got '${values.budget}'`);
  }
  const series = measureComplexity(maxN, budget);
  if (values.svg !== undefined) await writeComplexityPlot(series, resolve(io.cwd, values.svg));
  if (values.png !== undefined) await writeComplexityPlot(series, resolve(io.cwd, values.png));
  if (values.json) {
    io.out(
      `${JSON.stringify(
        series.map((s) => ({ ...s, slope: fittedSlope(s) })),
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
