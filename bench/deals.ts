// `npm run bench:deals [-- rounds budgetMs] [--browser] [--base=<checkout>] [--json]`: what a deal costs beside the
// shuffle of its deck (issue 25: each deal within 3× of its shuffle; a fair Dou Dizhu deal and
// its verify under 20 µs, in Node and in Chromium). Node: every case of bench/deal-rounds.ts in
// interleaved rounds, the median and interquartile range of its µs per call and of its per-round
// ratio to its deck's shuffle, and the bytes each call allocates (a child process whose young
// generation holds a whole measurement, so nothing is collected during it). `--browser` runs the
// same module in Debian's Chromium through playwright-core (test/support/serve-sources.ts, the
// page helper bench/browser.ts and bench/fair-v3.ts use), after Node; with --base, the page
// interleaves the other checkout's cases too.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  type DealRoundsResult,
  dealCases,
  dealRounds,
  type FairLib,
  type Lib,
} from './deal-rounds.ts';

const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--'));
const [roundsText = '15', budgetText = '60'] = args.filter((a) => !a.startsWith('--'));
const rounds = Number(roundsText);
const budgetMs = Number(budgetText);

if (flags.includes('--alloc')) {
  // Child mode: bytes allocated per call of each case, the least of three runs (the compiler's
  // own one-time objects land in one run at most), heap and buffers outside it together.
  const gc = (globalThis as unknown as { gc: () => void }).gc;
  const calls = 1000; // × at most ~35 KB: well inside the 64 MB young generation
  const out: Record<string, number> = {};
  for (const c of dealCases()) {
    for (let i = 0; i < 2000; i++) c.run();
    let least = Number.POSITIVE_INFINITY;
    for (let r = 0; r < 3; r++) {
      gc();
      gc();
      const a = process.memoryUsage();
      for (let i = 0; i < calls; i++) c.run();
      const b = process.memoryUsage();
      least = Math.min(least, b.heapUsed - a.heapUsed + (b.arrayBuffers - a.arrayBuffers));
    }
    out[c.name] = Math.max(0, least / calls);
  }
  console.log(JSON.stringify(out));
  process.exit(0);
}

const quantile = (sorted: number[], q: number): number => {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
};
const summary = (values: number[]): [number, number, number] => {
  const s = [...values].sort((a, b) => a - b);
  return [quantile(s, 0.5), quantile(s, 0.25), quantile(s, 0.75)];
};
const fmt = (x: number, digits = 2): string => x.toFixed(digits);

/** Targets of issue 25, checked on the medians of this tree's rows. */
const FAIR_LIMIT_US = 20;
const RATIO_LIMIT = 3;

const BEFORE = ' (before)';

function table(where: string, result: DealRoundsResult, bytes?: Record<string, number>): string[] {
  const byName = new Map(result.rows.map((r) => [r.name, r]));
  const withBase = result.rows.some((r) => r.name.endsWith(BEFORE));
  const lines = [
    `| ${where} | µs per call, median [IQR] | × its shuffle, median [IQR] |${withBase ? ' now ÷ before [IQR] |' : ''}${bytes ? ' bytes per call |' : ''}`,
    `|---|---:|---:|${withBase ? '---:|' : ''}${bytes ? '---:|' : ''}`,
  ];
  const misses: string[] = [];
  const perRound = (a: number[], b: number[]): string => {
    const [rm, r1, r3] = summary(a.map((u, i) => u / b[i]!));
    return `${fmt(rm)} [${fmt(r1)}–${fmt(r3)}]`;
  };
  for (const row of result.rows) {
    const [m, q1, q3] = summary(row.us);
    const before = row.name.endsWith(BEFORE);
    let ratio = '';
    if (row.base !== undefined) {
      const base = byName.get(row.base)!.us;
      ratio = perRound(row.us, base);
      const rm = summary(row.us.map((u, i) => u / base[i]!))[0];
      if (!before && row.goal === 'ratio' && rm > RATIO_LIMIT) {
        misses.push(`${row.name}: ${fmt(rm)}× its shuffle`);
      }
    }
    if (!before && row.goal === 'time' && m >= FAIR_LIMIT_US) {
      misses.push(`${row.name}: ${fmt(m, 1)} µs`);
    }
    const old = byName.get(row.name + BEFORE);
    const change = withBase ? ` ${old === undefined ? '' : perRound(row.us, old.us)} |` : '';
    const b = bytes?.[row.name];
    lines.push(
      `| ${row.name} | ${fmt(m)} [${fmt(q1)}–${fmt(q3)}] | ${ratio} |${change}${bytes ? ` ${b === undefined ? '' : Math.round(b).toLocaleString('en-US')} |` : ''}`,
    );
  }
  lines.push('');
  lines.push(
    misses.length === 0
      ? `Targets (each deal ≤ ${RATIO_LIMIT}× its shuffle; a fair deal and its verify < ${FAIR_LIMIT_US} µs): met.`
      : `Targets (each deal ≤ ${RATIO_LIMIT}× its shuffle; a fair deal and its verify < ${FAIR_LIMIT_US} µs) NOT met: ${misses.join('; ')}.`,
  );
  return lines;
}

const say = (line = ''): void => {
  if (!flags.includes('--json')) console.log(line);
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
say(
  `# Deals beside their shuffle — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
);
say();
say(
  `Command: \`npm run bench:deals -- ${[rounds, budgetMs, ...flags.filter((f) => f !== '--json')].join(' ')}\`; Node ${process.versions.node}, ${cpus().length} cores; load average ${load()} (1, 5, 15 min) at the start.`,
);
say();
// --base=<checkout>: another checkout's library (e.g. `git archive <rev> src | tar -x -C dir`)
// loaded into this process too, its cases interleaved with these: "now ÷ before" per round.
const baseDir = flags.find((a) => a.startsWith('--base='))?.slice('--base='.length);
const cases = dealCases();
if (baseDir !== undefined) {
  const entry = (path: string) => pathToFileURL(resolve(baseDir, path)).href;
  const lib = (await import(entry('src/index.ts'))) as Lib;
  const fair = (await import(entry('src/fair/index.ts'))) as FairLib;
  cases.push(...dealCases(lib, fair, BEFORE));
  say(`Before: the library in ${baseDir}, loaded into the same process and interleaved.`);
  say();
}
const node = dealRounds(rounds, budgetMs, cases);
const bytes = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '--expose-gc',
      '--min-semi-space-size=64',
      '--max-semi-space-size=64',
      fileURLToPath(import.meta.url),
      '--alloc',
    ],
    { encoding: 'utf8' },
  ),
) as Record<string, number>;
for (const line of table('Node', node, bytes)) say(line);
say();
say(`Load average after Node: ${load()}.`);

let browser: { ua: string; result: DealRoundsResult } | { error: string } | undefined;
if (flags.includes('--browser')) {
  const { CHROMIUM_SKIP, withSourcesPage } = await import('../test/support/serve-sources.ts');
  if (CHROMIUM_SKIP !== false) browser = { error: CHROMIUM_SKIP };
  else {
    // With --base, the page loads the other checkout's library too (served under /base/src/)
    // and interleaves its cases, as Node does.
    const baseCases =
      baseDir === undefined
        ? ''
        : `cases.push(...dealCases(await import('/base/src/index.ts'), await import('/base/src/fair/index.ts'), '${BEFORE}'));`;
    const page = `<!doctype html><meta charset="utf-8"><title>fairdeal deals</title>
<script type="module">
  import { dealCases, dealRounds } from '/bench/deal-rounds.ts';
  const cases = dealCases();
  ${baseCases}
  window.run = (rounds, budget) => ({ ua: navigator.userAgent, result: dealRounds(rounds, budget, cases) });
  window.ready = true;
</script>`;
    const roundsFile = fileURLToPath(new URL('./deal-rounds.ts', import.meta.url));
    browser = await withSourcesPage(
      page,
      (p) =>
        p.evaluate(
          ([r, b]) =>
            (
              window as unknown as {
                run: (r: number, b: number) => { ua: string; result: DealRoundsResult };
              }
            ).run(r, b),
          [rounds, budgetMs] as const,
        ),
      (path) => {
        if (path === '/bench/deal-rounds.ts') return readFileSync(roundsFile, 'utf8');
        if (baseDir === undefined || !path.startsWith('/base/src/') || !path.endsWith('.ts'))
          return undefined;
        const file = resolve(baseDir, `.${path.slice('/base'.length)}`);
        return file.startsWith(resolve(baseDir, 'src')) && existsSync(file)
          ? readFileSync(file, 'utf8')
          : undefined;
      },
    );
  }
  say();
  if ('error' in browser) say(`Chromium: not measured (${browser.error}).`);
  else {
    say(`Chromium: ${browser.ua}`);
    say();
    for (const line of table('Chromium', browser.result)) say(line);
    say();
    say(`Load average after Chromium: ${load()}.`);
  }
}
if (flags.includes('--json')) console.log(JSON.stringify({ node: node.rows, bytes, browser }));
