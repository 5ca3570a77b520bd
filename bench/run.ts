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
say('Shuffles per second, median of 5 rounds, each contender in a fresh process.');
for (const [s, scenario] of SCENARIOS.entries()) {
  const results = CONTENDERS.map((contender, c) => {
    if (scenario.typed && !contender.typed)
      return { name: contender.name, rate: Number.NaN, note: 'Arrays only' };
    const out = execFileSync(process.execPath, [`${here}measure.ts`, String(c), String(s)], {
      encoding: 'utf8',
    });
    const parsed = JSON.parse(out.trim().split('\n').pop()!);
    return {
      name: contender.name,
      rate: parsed.opsPerSecond ?? Number.NaN,
      note: parsed.error ?? '',
    };
  });
  const plain = results.find((r) => r.name === 'plain Math.random loop')!.rate;
  const floor = results.find((r) => r.name.startsWith('floor'))!.rate;
  say();
  say(`### ${scenario.name}`);
  say();
  say('| contender | shuffles/s | × plain loop | × floor |');
  say('|---|---:|---:|---:|');
  for (const r of results) {
    if (Number.isNaN(r.rate)) {
      say(`| ${r.name} | — | — | — (${r.note}) |`);
      continue;
    }
    say(
      `| ${r.name} | ${format(r.rate)} | ${(r.rate / plain).toFixed(2)} | ${(r.rate / floor).toFixed(2)} |`,
    );
  }
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
    "Every contender's output is first checked to be a permutation. Ratios are against the plain",
    '`Math.random` Durstenfeld loop and against the floor: the same swaps from precomputed indices,',
    'the cost of moving items with no randomness at all.',
    '',
    ...tables,
    '',
  ].join('\n');
}
