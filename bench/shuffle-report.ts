// The shuffle sections of docs/BENCHMARKS.md, written from one run's rates: the method (with
// this run's rounds and budget), a summary whose every number comes from the run, the goal
// check, and per environment, mode and kind, a table of medians and interquartile ranges.
import {
  checkGoals,
  DECKS,
  type Env,
  goalFor,
  type Miss,
  type Mode,
  type RatioCase,
} from './goals.ts';
import { FLOOR, OURS, PLAIN } from './loops.ts';
import { bestPerRound, ratioSpread, type Spread, spread } from './stats.ts';

/** One (environment, mode, kind, size): each contender's rates, round by round, or why not. */
export type ShuffleCase = {
  readonly env: Env;
  readonly mode: Mode;
  readonly kind: string;
  readonly n: number;
  readonly rates?: Readonly<Record<string, readonly number[]>>;
  readonly error?: string;
};

export type RunInfo = {
  /** e.g. '2026-11-26 20:15 UTC' */
  readonly started: string;
  readonly minutes: number;
  readonly command: string;
  readonly node: string;
  readonly cpu: string;
  readonly chromium?: string | undefined;
  /** Node: rounds and ms of the thread's CPU time per contender and round. */
  readonly rounds: number;
  readonly budgetMs: number;
  /** Chromium: rounds and ms of wall-clock time. */
  readonly pageRounds: number;
  readonly pageBudgetMs: number;
  /** Load averages (1 / 5 / 15 min) at the start and end of the shuffles. */
  readonly loadStart: readonly number[];
  readonly loadEnd: readonly number[];
};

const SOURCES = [
  ['secure', OURS[0]],
  ['seeded', OURS[1]],
] as const;

/** Rates per second, short: 39.32 M, 426.0 k, 154.9. */
export const formatRate = (x: number) =>
  Number.isNaN(x)
    ? '—'
    : x >= 1e6
      ? `${(x / 1e6).toFixed(2)} M`
      : x >= 1e3
        ? `${(x / 1e3).toFixed(1)} k`
        : x.toFixed(1);
/** A ratio with its interquartile range: 2.41 [2.30–2.55]. */
export const formatSpread = (s: Spread | undefined) =>
  s === undefined || Number.isNaN(s.median)
    ? '—'
    : `${s.median.toFixed(2)} [${s.q1.toFixed(2)}–${s.q3.toFixed(2)}]`;
const peersOf = (rates: Readonly<Record<string, readonly number[]>>) =>
  Object.keys(rates).filter((k) => !OURS.includes(k as never) && k !== PLAIN && k !== FLOOR);

/**
 * fairdeal's cases (secure and seeded) of every measured ShuffleCase, as ratios to the plain
 * loop, the best peer of each round and the floor.
 *
 * @example
 * ratioCases([{ env: 'Node', mode: 'clean', kind: 'Array', n: 5, rates }]); // two RatioCases
 */
export function ratioCases(cases: readonly ShuffleCase[]): RatioCase[] {
  const out: RatioCase[] = [];
  for (const c of cases) {
    for (const [source, name] of SOURCES) {
      const base = { env: c.env, mode: c.mode, kind: c.kind, n: c.n, source };
      const ours = c.rates?.[name];
      const plain = c.rates?.[PLAIN];
      if (c.rates === undefined || ours === undefined || plain === undefined) {
        out.push({ ...base, plain: spread([]) });
        continue;
      }
      const best = bestPerRound(c.rates, peersOf(c.rates));
      const floor = c.rates[FLOOR];
      out.push({
        ...base,
        plain: ratioSpread(ours, plain),
        peer: best === undefined ? undefined : ratioSpread(ours, best.rates),
        floor: floor === undefined ? undefined : ratioSpread(ours, floor),
      });
    }
  }
  return out;
}

const where = (m: Miss) =>
  `${m.case.env}, ${m.case.mode}, ${m.case.kind} ${m.case.n.toLocaleString('en-US')}, ${m.case.source}`;
const list = (xs: readonly string[]) =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;
const range = (xs: readonly number[]) => {
  const ok = xs.filter((x) => !Number.isNaN(x));
  return ok.length === 0 ? '—' : `${Math.min(...ok).toFixed(2)}–${Math.max(...ok).toFixed(2)}×`;
};

function table(cases: readonly ShuffleCase[], env: Env, mode: Mode, kind: string): string[] {
  const rows = cases.filter((c) => c.env === env && c.mode === mode && c.kind === kind);
  if (rows.length === 0) return [];
  const lines = [
    '',
    `### ${env}, ${mode === 'clean' ? 'each contender alone' : 'all in one polluted process'}: ${kind}`,
    '',
    '| n | secure /s | × plain [IQR] | × best peer [IQR] | chacha20 /s | × plain [IQR] | × best peer [IQR] | plain /s | best peer (most rounds) | secure × floor [IQR] |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
  ];
  for (const c of rows) {
    const n = c.n.toLocaleString('en-US');
    if (c.rates === undefined) {
      lines.push(`| ${n} | not measured: ${c.error ?? 'no rates'} |||||||||`);
      continue;
    }
    const [secure, seeded] = ratioCases([c]);
    const best = bestPerRound(c.rates, peersOf(c.rates));
    const rate = (name: string) => formatRate(spread(c.rates![name] ?? []).median);
    lines.push(
      `| ${n} | ${rate(OURS[0])} | ${formatSpread(secure!.plain)} | ${formatSpread(secure!.peer)} | ${rate(OURS[1])} | ${formatSpread(seeded!.plain)} | ${formatSpread(seeded!.peer)} | ${rate(PLAIN)} | ${best?.name ?? '—'} | ${formatSpread(secure!.floor)} |`,
    );
  }
  return lines;
}

/**
 * The shuffle sections of docs/BENCHMARKS.md for one run (markdown, `## ` sections).
 *
 * @example
 * shuffleReport(cases, info); // '## Shuffles: how they are measured\n…'
 */
export function shuffleReport(cases: readonly ShuffleCase[], info: RunInfo): string {
  const all = ratioCases(cases);
  const envs = (['Node', 'Chromium'] as const).filter((e) => cases.some((c) => c.env === e));
  const load = (xs: readonly number[]) => xs.map((x) => x.toFixed(2)).join(' / ');
  const sizes = [...new Set(cases.map((c) => c.n))].sort((a, b) => a - b);
  const out: string[] = [
    '## Shuffles: how they are measured',
    '',
    `Run of ${info.started}, ${info.minutes.toFixed(0)} minutes: \`${info.command}\`. ${info.node}, ${info.cpu}${info.chromium === undefined ? '' : `; ${info.chromium}`}. Load average (1 / 5 / 15 min) ${load(info.loadStart)} at the start, ${load(info.loadEnd)} at the end.`,
    '',
    `- **Cases**: ${sizes.map((n) => n.toLocaleString('en-US')).join(', ')} items, as Array, Uint32Array and Float64Array, shuffled by fairdeal (secure and seeded chacha20 sources), the plain \`Math.random\` Durstenfeld loop, the peers (lodash.shuffle, d3-array's shuffle, array-shuffle, shuffle-array and fast-shuffle — the last three on Arrays only — and in Node a \`crypto.randomInt\` loop up to 100,000 items) and the floor: the same swaps from indices drawn beforehand, the cost of moving the items with no randomness at all. Every contender's output is first checked to be a permutation. In Chromium the peers are the same packages, bundled by esbuild into the page.`,
    '- **Every contender alike, two ways**: *clean*, each contender in a fresh process of its own (a Web Worker of its own in Chromium) that only ever shuffles the one array of its case; *polluted*, all contenders in one process (one page) after every one of them — fairdeal, the peers, the plain loop and the floor — first ran on every kind of array (small-integer, double, string and object Arrays, the three kinds at 52, 1,000 and 70,000 items, Int8/Uint8/Int16/Float32 arrays), as in an application that shuffles several kinds. V8 keeps type feedback per function, so pollution slows any loop that meets many kinds, the plain loop included.',
    `- **Interleaved rounds**: after a warm-up (at least 150 ms and three budgets, at least two runs), each round times every contender once, in an order that rotates from round to round: in Node ${info.rounds} rounds of ${info.budgetMs} ms of the thread's own CPU time (\`process.threadCpuUsage\`; fewer rounds at 1,000,000 items and over), because on a shared machine a wall-clock window holds whatever share of a core the scheduler gave; in Chromium, which has no such clock in a page, ${info.pageRounds} rounds of ${info.pageBudgetMs} ms of wall-clock time, a round's rate being its fastest 4 ms sample (another job only ever adds time to a sample). A ratio is the median over rounds of the ratio *within* the round; [IQR] is the interquartile range of those per-round ratios. "Best peer" is the fastest peer of each round.`,
    `- **Goal** (issue 25): at every size ≥ 1.5× the plain loop and ahead of the best peer, secure and seeded; for ${list(DECKS.map(String))} cards ≥ ${goalFor('Node', 'secure', 52)}× / ${goalFor('Node', 'seeded', 52)}× (secure / seeded) in Node and ≥ ${goalFor('Chromium', 'secure', 52)}× / ${goalFor('Chromium', 'seeded', 52)}× in Chromium, and at least 0.6 of the floor's speed. Checked in both modes and both environments.`,
    '',
    '## Shuffles: this run in brief',
    '',
  ];
  const misses: Miss[] = [];
  for (const env of envs)
    for (const mode of ['clean', 'polluted'] as const) {
      const these = all.filter((c) => c.env === env && c.mode === mode);
      if (these.length === 0) continue;
      const r = checkGoals(these);
      misses.push(...r.misses);
      const peers = these.map((c) => c.peer?.median ?? Number.NaN);
      const decks = these.filter((c) => DECKS.includes(c.n) && c.kind === 'Array');
      const deckText = decks
        .map(
          (c) =>
            `${c.n} ${c.source} ${c.plain.median.toFixed(2)}× (goal ${goalFor(env, c.source, c.n)}×)`,
        )
        .join(', ');
      out.push(
        `- **${env}, ${mode === 'clean' ? 'each contender alone' : 'all polluted'}: ${r.checked - r.misses.length} of ${r.checked} cases meet the goal.** fairdeal ÷ best peer ${range(peers)}; ÷ plain loop ${range(these.map((c) => c.plain.median))}.${deckText === '' ? '' : ` Decks (Array): ${deckText}.`}`,
      );
    }
  const errors = cases.filter((c) => c.rates === undefined);
  if (errors.length > 0)
    out.push(
      `- Not measured: ${errors.map((c) => `${c.env} ${c.mode} ${c.kind} ${c.n.toLocaleString('en-US')} (${c.error ?? 'no rates'})`).join('; ')}.`,
    );
  out.push(
    "- The IQRs are this run's spread between rounds; a shared machine's load moves whole runs more than that, so quote a run, not a row.",
    '',
    '## Shuffles: goal check',
    '',
    misses.length === 0
      ? `Every case of this run meets the goal (${all.length} cases).`
      : `Below the goal in this run (${misses.length} of ${all.length} cases):`,
  );
  if (misses.length > 0) out.push('', ...misses.map((m) => `- ${where(m)}: ${m.why}`));
  for (const env of envs) {
    out.push('', `## Shuffles in ${env}`);
    for (const mode of ['clean', 'polluted'] as const)
      for (const kind of ['Array', 'Uint32Array', 'Float64Array'])
        out.push(...table(cases, env, mode, kind));
  }
  return out.join('\n');
}
