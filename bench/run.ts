// `npm run bench`: every contender on every scenario, each in its own process, in one run;
// prints shuffles per second, ratios to the plain Math.random loop and to the floor, and bits.
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { fairdealBits, log2Factorial } from './bits.ts';
import { CONTENDERS, SCENARIOS } from './contenders.ts';

const here = new URL('.', import.meta.url).pathname;
const format = (x: number) =>
  x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)} k` : x.toFixed(1);

const lines: string[] = [];
const say = (s = '') => {
  lines.push(s);
  console.log(s);
};
say(
  `fairdeal benchmark — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ` +
    `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`,
);
// Several passes, each running every contender once, in an order rotated from pass to pass: on a
// shared machine speed drifts over minutes, and a contender measured only once, at a bad moment,
// would carry that moment in its ratio. Each ratio is the median of its per-pass ratios (both
// sides measured minutes apart at most); shuffles/s is the median over passes.
const passesArg = process.argv.indexOf('--passes');
const passes = passesArg > 0 ? Number(process.argv[passesArg + 1]) : 3;
if (!Number.isInteger(passes) || passes < 1) {
  console.error('bench: --passes must be a positive integer');
  process.exit(2);
}
say(
  `Shuffles per second: each contender in a fresh process (median of 5 rounds), ${passes} passes; ` +
    'ratios are medians of per-pass ratios.',
);
const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
/** Per scenario, per contender, the rate of each pass: the targets table reads them. */
const allRates: number[][][] = [];
for (const [s, scenario] of SCENARIOS.entries()) {
  const rates = CONTENDERS.map(() => [] as number[]);
  allRates[s] = rates;
  const notes = CONTENDERS.map(() => '');
  for (let pass = 0; pass < passes; pass++) {
    for (let r = 0; r < CONTENDERS.length; r++) {
      const c = (r + pass * 3) % CONTENDERS.length;
      const contender = CONTENDERS[c]!;
      if (scenario.typed && !contender.typed) {
        notes[c] = 'Arrays only';
        rates[c]![pass] = Number.NaN;
        continue;
      }
      const out = execFileSync(process.execPath, [`${here}measure.ts`, String(c), String(s)], {
        encoding: 'utf8',
      });
      const parsed = JSON.parse(out.trim().split('\n').pop()!);
      rates[c]![pass] = parsed.opsPerSecond ?? Number.NaN;
      if (parsed.error) notes[c] = parsed.error;
    }
    process.stderr.write(`  ${scenario.name}: pass ${pass + 1}/${passes} done\n`);
  }
  const plain = rates[CONTENDERS.findIndex((c) => c.name === 'plain Math.random loop')]!;
  const floor = rates[CONTENDERS.findIndex((c) => c.name.startsWith('floor'))]!;
  const ratio = (xs: number[], to: number[]) => median(xs.map((x, p) => x / to[p]!));
  say();
  say(`### ${scenario.name}`);
  say();
  say('| contender | shuffles/s | × plain loop | × floor |');
  say('|---|---:|---:|---:|');
  for (const [c, contender] of CONTENDERS.entries()) {
    const rate = median(rates[c]!);
    if (Number.isNaN(rate)) {
      say(`| ${contender.name} | — | — | — (${notes[c]}) |`);
      continue;
    }
    say(
      `| ${contender.name} | ${format(rate)} | ${ratio(rates[c]!, plain).toFixed(2)} | ${ratio(rates[c]!, floor).toFixed(2)} |`,
    );
  }
}
// The project's speed targets (issue #2), checked on this run's own numbers.
const scenarioIndex = (name: string) => SCENARIOS.findIndex((x) => x.name === name);
const contenderIndex = (name: string) => CONTENDERS.findIndex((c) => c.name === name);
const perPass = (scenario: string, a: string, b: string) => {
  const rs = allRates[scenarioIndex(scenario)]!;
  const x = rs[contenderIndex(a)]!;
  const y = rs[contenderIndex(b)]!;
  return median(x.map((v, p) => v / y[p]!));
};
const FLOOR = 'floor (precomputed swaps)';
const PLAIN = 'plain Math.random loop';
const targets: [what: string, scenario: string, a: string, b: string, target: number][] = [
  ['secure 52 cards × plain loop', '52 cards (Array)', 'fairdeal (secure)', PLAIN, 2.5],
  [
    'secure 52 cards × lodash.shuffle',
    '52 cards (Array)',
    'fairdeal (secure)',
    'lodash.shuffle',
    4,
  ],
  ['secure 52 cards × floor', '52 cards (Array)', 'fairdeal (secure)', FLOOR, 0.5],
  ['chacha20 52 cards × plain loop', '52 cards (Array)', 'fairdeal (chacha20)', PLAIN, 2],
  ['chacha20 54 cards × plain loop', '54 cards (Array)', 'fairdeal (chacha20)', PLAIN, 2],
  ['secure 1,000,000 (Array) × plain loop', '1,000,000 (Array)', 'fairdeal (secure)', PLAIN, 1.6],
];
say();
say('### Targets (medians of per-pass ratios, this run)');
say();
say('| ratio | measured | target | met |');
say('|---|---:|---:|:---:|');
for (const [what, scenario, a, b, target] of targets) {
  const r = perPass(scenario, a, b);
  say(`| ${what} | ${r.toFixed(2)} | ≥ ${target} | ${r >= target ? 'yes' : 'no'} |`);
}
// Whole deals (no peer deals cards the same way, so these stand alone): the shuffle is a small
// part of a deal; plan, deck, dealing pattern and sorted hands are the rest.
say();
say('### Deals per second (`deal(preset)`, whole: plan, shuffle, pattern, sorted hands)');
say();
say('| preset | secure | one chacha20 stream |');
say('|---|---:|---:|');
for (const preset of ['doudizhu', 'shengji', 'holdem', 'bridge', 'blackjack']) {
  const rate = (mode: string) => {
    const out = execFileSync(process.execPath, [`${here}measure-deal.ts`, preset, mode], {
      encoding: 'utf8',
    });
    return JSON.parse(out.trim().split('\n').pop()!).opsPerSecond as number;
  };
  say(`| ${preset} | ${format(rate('secure'))} | ${format(rate('chacha20'))} |`);
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

if (process.argv.includes('--write')) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(new URL('../docs/BENCHMARKS.md', import.meta.url), benchmarksDoc(lines));
  console.log('\nwrote docs/BENCHMARKS.md');
}

/** docs/BENCHMARKS.md: how the numbers were made, then the tables of this run. */
export function benchmarksDoc(tables: string[]): string {
  return [
    '# Benchmarks',
    '',
    'Reproduce with `npm run bench` (prints the tables) or `npm run bench -- --write` (rewrites this',
    'file). Each contender runs on each scenario in its own fresh Node process, so that no contender',
    "pollutes another's JIT feedback; it warms up, then reports the median of five timed rounds.",
    'The whole field runs in several passes (`--passes N`, default 3), the order rotated each pass,',
    "so that drift in a shared machine's speed does not land on one contender; each ratio is the",
    'median of the per-pass ratios. Even so, on a shared 2-core machine a ratio moves by about',
    '±10 % from one run to the next (the 52-card secure × floor ratio has read 0.45 to 0.54);',
    'quote a run, not a single row.',
    "Every contender's output is first checked to be a permutation. Ratios are against the plain",
    '`Math.random` Durstenfeld loop and against the floor: the same swaps from precomputed indices,',
    'the cost of moving items with no randomness at all.',
    '',
    ...tables,
    '',
  ].join('\n');
}
