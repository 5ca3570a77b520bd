// `npm run bench`: shuffles of 5 … 10,000,000 items (Array, Uint32Array, Float64Array) by
// fairdeal, the plain Math.random loop, the peers and the floor, in Node and in Chromium, each
// case timed two ways — every contender alone in a clean process (bench/clean-node.ts; a Worker
// each in Chromium) and all in one polluted process (bench/measure.ts --polluted) — with the
// goal check for both environments (bench/goals.ts); then sample, uniformInt, permutation, whole
// deals, fair deals and verify. Every ratio is a median of same-round ratios, with its IQR.
//
// Flags: `--quick` (fewer sizes, 3 rounds of 25–30 ms), `--no-browser`, `--browser-only`,
// `--write` (rewrite the shuffle and operation sections of docs/BENCHMARKS.md from this run;
// only with both Node and Chromium, so that no section is left from an earlier run).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fairdealBits, log2Factorial } from './bits.ts';
import { measureClean } from './clean-node.ts';
import { QUICK_SIZES, SIZES } from './contenders.ts';
import { spliceSections } from './doc-sections.ts';
import { KINDS } from './loops.ts';
import { formatRate, type ShuffleCase, shuffleReport } from './shuffle-report.ts';
import { ratioSpread, spread } from './stats.ts';

const here = new URL('.', import.meta.url).pathname;
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const write = args.includes('--write');
const browserOnly = args.includes('--browser-only');
const withBrowser = !args.includes('--no-browser');
if (write && (browserOnly || !withBrowser)) {
  console.error('bench: --write needs Node and Chromium both (no --no-browser, --browser-only)');
  process.exit(2);
}
const rounds = quick ? 3 : 5;
/** Chromium's clock is the wall clock (no thread CPU time in a page): more rounds there. */
const pageRounds = quick ? 5 : 7;
const budgetMs = quick ? 25 : 60;
const sizes = quick ? QUICK_SIZES : SIZES;
const started = new Date();
const loadStart = loadavg();
const log = (s: string) => process.stderr.write(`${s}\n`);

const node = (script: string, scriptArgs: string[]) =>
  JSON.parse(
    execFileSync(process.execPath, [`${here}${script}`, ...scriptArgs], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      stdio: ['ignore', 'pipe', 'inherit'], // the helpers' progress lines, as they come
    })
      .trim()
      .split('\n')
      .pop()!,
  );
const roundsAt = (n: number) => (n >= 1_000_000 ? Math.min(rounds, quick ? 2 : 3) : rounds);

const cases: ShuffleCase[] = [];
if (!browserOnly) {
  for (const mode of ['clean', 'polluted'] as const)
    for (const kind of KINDS)
      for (const n of sizes) {
        const t = performance.now();
        try {
          const rates =
            mode === 'clean'
              ? await measureClean(kind, n, roundsAt(n), budgetMs)
              : (() => {
                  const out = node('measure.ts', [
                    kind,
                    String(n),
                    String(roundsAt(n)),
                    String(budgetMs),
                    '--polluted',
                  ]);
                  if (out.error) throw new Error(out.error);
                  return out.rates as Record<string, number[]>;
                })();
          cases.push({ env: 'Node', mode, kind, n, rates });
        } catch (e) {
          cases.push({ env: 'Node', mode, kind, n, error: (e as Error).message });
        }
        log(`  node ${mode} ${kind} ${n} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
      }
}
let chromium: { ua?: string; ops?: { op: string; rates: number[] }[] } = {};
if (withBrowser) {
  const out = node('browser.ts', [
    String(pageRounds),
    String(quick ? 30 : budgetMs),
    ...(quick ? ['--quick'] : []),
    `--sizes=${sizes.join(',')}`,
  ]) as {
    error?: string;
    ua?: string;
    cases?: {
      mode: 'clean' | 'polluted';
      kind: string;
      n: number;
      rates?: Record<string, number[]>;
      error?: string;
    }[];
    ops?: { op: string; rates: number[] }[];
  };
  if (out.error !== undefined)
    for (const kind of KINDS)
      for (const n of sizes)
        cases.push({ env: 'Chromium', mode: 'clean', kind, n, error: out.error });
  for (const c of out.cases ?? []) cases.push({ env: 'Chromium', ...c });
  chromium = out;
}
const loadEnd = loadavg();
// Every rate of the run, for a closer look than the tables give.
const raw = join(tmpdir(), 'fairdeal-bench-cases.json');
writeFileSync(raw, JSON.stringify({ started, loadStart, loadEnd, cases }));
log(`  rates of every round: ${raw}`);

const report = shuffleReport(cases, {
  started: `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  minutes: (Date.now() - started.getTime()) / 60_000,
  command: `npm run bench${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`,
  node: `Node ${process.version}`,
  cpu: `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`,
  chromium: chromium.ua?.match(/HeadlessChrome\/[\d.]+/)?.[0],
  rounds,
  budgetMs,
  pageRounds,
  pageBudgetMs: quick ? 30 : budgetMs,
  loadStart,
  loadEnd,
});
const lines: string[] = [report];
const say = (s = '') => lines.push(s);

if (chromium.ops !== undefined) {
  say();
  say('## Other operations in Chromium (interleaved in one page, same run)');
  say();
  say('| operation | per second [IQR] | µs each |');
  say('|---|---:|---:|');
  for (const { op, rates } of chromium.ops) {
    const s = spread(rates);
    say(
      `| ${op} | ${formatRate(s.median)} [${formatRate(s.q1)}–${formatRate(s.q3)}] | ${(1e6 / s.median).toFixed(1)} |`,
    );
  }
}

if (!browserOnly) {
  say();
  say('## Other operations in Node (per second; each group interleaved in one process, same run)');
  for (const group of ['sample', 'permutation', 'uniformInt', 'fair']) {
    const out = node('measure-ops.ts', [group, String(rounds), String(budgetMs)]) as {
      rows: { name: string; rates: number[] }[];
    };
    say();
    say(`### ${group}`);
    say();
    if (out.rows.length === 0) {
      say('(not measured: the fair entry has no `fairDeal` / `verify` in this version)');
      continue;
    }
    say('| operation | per second | µs each | × first row of its group [IQR] |');
    say('|---|---:|---:|---:|');
    let first: number[] = [];
    let prefix = '';
    for (const row of out.rows) {
      const p = row.name.split(' — ')[0]!;
      if (p !== prefix) {
        prefix = p;
        first = row.rates;
      }
      const rate = spread(row.rates).median;
      const r = ratioSpread(row.rates, first);
      say(
        `| ${row.name} | ${formatRate(rate)} | ${(1e6 / rate).toFixed(2)} | ${r.median.toFixed(2)} [${r.q1.toFixed(2)}–${r.q3.toFixed(2)}] |`,
      );
    }
    log(`  ${group} done`);
  }

  say();
  say('### Whole deals per second (`deal(preset)`: plan, shuffle, pattern, sorted hands)');
  say();
  say('| preset | secure | one chacha20 stream |');
  say('|---|---:|---:|');
  for (const preset of ['doudizhu', 'shengji', 'holdem', 'bridge', 'blackjack']) {
    const rate = (mode: string) => node('measure-deal.ts', [preset, mode]).opsPerSecond as number;
    say(`| ${preset} | ${formatRate(rate('secure'))} | ${formatRate(rate('chacha20'))} |`);
  }

  say();
  say('### Random bits spent per shuffle');
  say();
  say(
    '| n | log2(n!) | fairdeal (16-bit Lemire halves) | Math.random loops (n−1 doubles × 52 bits) | crypto.randomInt (n−1 × 48 bits) |',
  );
  say('|---:|---:|---:|---:|---:|');
  for (const n of [52, 54, 108]) {
    say(
      `| ${n} | ${log2Factorial(n).toFixed(1)} | ${fairdealBits(n).toFixed(0)} | ${(n - 1) * 52} | ${(n - 1) * 48} |`,
    );
  }
}
const text = lines.join('\n');
console.log(text);

if (write) {
  const url = new URL('../docs/BENCHMARKS.md', import.meta.url);
  // Headings of sections this bench wrote in earlier layouts: removed, never left stale.
  const owned = [
    '## Shuffles',
    '## Other operations (per second; each group interleaved in one process)',
    '## In Chromium (interleaved in one page; plain = the plain Math.random loop)',
  ];
  writeFileSync(url, spliceSections(readFileSync(url, 'utf8'), text, owned));
  console.log('\nwrote docs/BENCHMARKS.md');
}
