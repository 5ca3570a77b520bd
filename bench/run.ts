// `npm run bench` (add `-- --quick` for a shorter run, `-- --write` to rewrite
// docs/BENCHMARKS.md, `-- --no-browser` to skip Chromium, `-- --browser-only`): shuffles of 5 … 10,000,000 items (Array, Uint32Array, Float64Array)
// against the plain Math.random loop, the peers and the floor, in processes that have seen every
// kind of array; then sample, uniformInt, permutation, whole deals, fair deals and verify; then
// shuffles, fair deals and verify in Chromium (bench/browser.ts).
// Every ratio is a median of same-round ratios: contenders are interleaved within one process.
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fairdealBits, log2Factorial } from './bits.ts';
import { FLOOR, KINDS, OURS, PLAIN, SIZES } from './contenders.ts';

const here = new URL('.', import.meta.url).pathname;
const quick = process.argv.includes('--quick');
const rounds = quick ? 3 : 5;
const budgetMs = quick ? 25 : 60;

const format = (x: number) =>
  Number.isNaN(x)
    ? '—'
    : x >= 1e6
      ? `${(x / 1e6).toFixed(2)} M`
      : x >= 1e3
        ? `${(x / 1e3).toFixed(1)} k`
        : x.toFixed(1);
const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const ratio = (xs: number[], ys: number[]) => median(xs.map((x, i) => x / ys[i]!));

const lines: string[] = [];
const say = (s = '') => {
  lines.push(s);
  console.log(s);
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
const loadAtStart = load();
say(
  `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ` +
    `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ` +
    `${quick ? 'quick' : 'full'} mode (${rounds} rounds of ${budgetMs} ms per contender); ` +
    `load average at start ${loadAtStart} (1 / 5 / 15 min).`,
);

type Rates = Record<string, number[]>;
const node = (script: string, args: string[]) =>
  JSON.parse(
    execFileSync(process.execPath, [`${here}${script}`, ...args], {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    })
      .trim()
      .split('\n')
      .pop()!,
  );
const scenario = (kind: string, n: number, polluted: boolean): Rates => {
  const r = n >= 1_000_000 ? Math.min(rounds, quick ? 2 : 3) : rounds;
  const out = node('measure.ts', [
    kind,
    String(n),
    String(r),
    String(budgetMs),
    ...(polluted ? ['--polluted'] : []),
  ]);
  if (out.error) throw new Error(`bench: ${kind} ${n}: ${out.error}`);
  return out.rates as Rates;
};

const peersOf = (rates: Rates) =>
  Object.keys(rates).filter(
    (name) => !OURS.includes(name as never) && name !== FLOOR && name !== PLAIN,
  );
/** Per round, the fastest peer's rate (and which peer was fastest most often). */
const bestPeer = (rates: Rates) => {
  const peers = peersOf(rates);
  const rounds = rates[PLAIN]!.length;
  const best: number[] = [];
  const wins = new Map<string, number>();
  for (let r = 0; r < rounds; r++) {
    let top = peers[0]!;
    for (const p of peers) if (rates[p]![r]! > rates[top]![r]!) top = p;
    best.push(rates[top]![r]!);
    wins.set(top, (wins.get(top) ?? 0) + 1);
  }
  const name = [...wins].sort((a, b) => b[1] - a[1])[0]![0];
  return { best, name };
};

/** Sizes and sources that meet the goal: ≥ 1.5× the plain loop and ahead of every peer. */
const misses: string[] = [];
let checked = 0;

const table = (kind: string, polluted: boolean, sizes: readonly number[]) => {
  say();
  say(
    `### ${kind}, ${polluted ? 'in a process that has seen every kind of array' : 'in a fresh process (this kind only)'}`,
  );
  say();
  say(
    '| n | secure /s | × plain | × best peer | chacha20 /s | × plain | × best peer | plain /s | best peer (most rounds) | secure × floor |',
  );
  say('|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|');
  for (const n of sizes) {
    const rates = scenario(kind, n, polluted);
    const plain = rates[PLAIN]!;
    const { best, name } = bestPeer(rates);
    const cells: string[] = [n.toLocaleString('en-US')];
    for (const ours of OURS) {
      const xs = rates[ours]!;
      const p = ratio(xs, plain);
      const b = ratio(xs, best);
      cells.push(format(median(xs)), p.toFixed(2), b.toFixed(2));
      if (polluted) {
        checked++;
        if (!(p >= 1.5 && b > 1))
          misses.push(
            `${ours}, ${kind}, n = ${n}: ${p.toFixed(2)} × plain, ${b.toFixed(2)} × best peer`,
          );
      }
    }
    cells.push(format(median(plain)), name, ratio(rates[OURS[0]]!, rates[FLOOR]!).toFixed(2));
    say(`| ${cells.join(' | ')} |`);
    process.stderr.write(`  ${kind} ${n}${polluted ? ' (polluted)' : ''} done\n`);
  }
};

const browserOnly = process.argv.includes('--browser-only');
if (!browserOnly) {
  say();
  say('## Shuffles');
  for (const kind of KINDS) table(kind, true, SIZES);
  table('Array', false, quick ? [52, 1_000_000] : [52, 1000, 50_000, 1_000_000]);

  say();
  say('### Goal check (processes that have seen every kind)');
  say();
  say(
    `${checked - misses.length} of ${checked} (source, kind, size) cases are at least 1.5× the plain loop and ahead of every peer.`,
  );
  if (misses.length > 0) {
    say('Below the goal in this run:');
    say();
    for (const m of misses) say(`- ${m}`);
  }

  say();
  say('## Other operations (per second; each group interleaved in one process)');
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
    say('| operation | per second | µs each | × first row of its group |');
    say('|---|---:|---:|---:|');
    let first: number[] = [];
    let prefix = '';
    for (const row of out.rows) {
      const p = row.name.split(' — ')[0]!;
      if (p !== prefix) {
        prefix = p;
        first = row.rates;
      }
      const rate = median(row.rates);
      say(
        `| ${row.name} | ${format(rate)} | ${(1e6 / rate).toFixed(2)} | ${ratio(row.rates, first).toFixed(2)} |`,
      );
    }
    process.stderr.write(`  ${group} done\n`);
  }

  say();
  say('### Whole deals per second (`deal(preset)`: plan, shuffle, pattern, sorted hands)');
  say();
  say('| preset | secure | one chacha20 stream |');
  say('|---|---:|---:|');
  for (const preset of ['doudizhu', 'shengji', 'holdem', 'bridge', 'blackjack']) {
    const rate = (mode: string) => node('measure-deal.ts', [preset, mode]).opsPerSecond as number;
    say(`| ${preset} | ${format(rate('secure'))} | ${format(rate('chacha20'))} |`);
  }
}

if (!process.argv.includes('--no-browser')) {
  // Chromium (bench/browser.ts): the portable ChaCha20 and SHA-256, no peers (CommonJS).
  const out = node('browser.ts', [String(rounds), String(budgetMs)]) as {
    error?: string;
    ua?: string;
    rows?: { kind?: string; n?: number; op?: string; rates: Record<string, number[]> | number[] }[];
  };
  say();
  say('## In Chromium (interleaved in one page; plain = the plain Math.random loop)');
  say();
  if (out.error !== undefined) say(`(not measured: ${out.error})`);
  else {
    say(`${out.ua}`);
    say();
    say('| kind | n | secure /s | × plain | chacha20 /s | × plain | plain /s |');
    say('|---|---:|---:|---:|---:|---:|---:|');
    for (const row of out.rows!) {
      if (row.op !== undefined) continue;
      const r = row.rates as Record<string, number[]>;
      say(
        `| ${row.kind} | ${row.n!.toLocaleString('en-US')} | ${format(median(r.secure!))} | ${ratio(r.secure!, r.plain!).toFixed(2)} | ${format(median(r.chacha20!))} | ${ratio(r.chacha20!, r.plain!).toFixed(2)} | ${format(median(r.plain!))} |`,
      );
    }
    say();
    say('| operation in Chromium | per second | µs each |');
    say('|---|---:|---:|');
    for (const row of out.rows!) {
      if (row.op === undefined) continue;
      const rate = median(row.rates as number[]);
      say(`| ${row.op} | ${format(rate)} | ${(1e6 / rate).toFixed(1)} |`);
    }
  }
  process.stderr.write('  chromium done\n');
}

if (!browserOnly) {
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
say();
say(`Load average at the end: ${load()} (1 / 5 / 15 min).`);

if (process.argv.includes('--write')) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const url = new URL('../docs/BENCHMARKS.md', import.meta.url);
  const doc = readFileSync(url, 'utf8');
  const mark = '<!-- bench:results -->';
  const head = doc.includes(mark) ? doc.slice(0, doc.indexOf(mark)) : `${doc.trimEnd()}\n\n`;
  // Sections that other benches write after these results (## In Chromium, ## Dou Dizhu rules,
  // ## Dealer service …) stay: only the headings this run prints are replaced.
  const mine = new Set(lines.filter((l) => l.startsWith('## ')));
  const after = doc.includes(mark) ? doc.slice(doc.indexOf(mark)) : '';
  const kept = after
    .split(/\n(?=## )/)
    .slice(1)
    .filter((part) => !mine.has(part.split('\n', 1)[0]!));
  const tail = kept.length === 0 ? '' : `\n${kept.map((k) => k.trimEnd()).join('\n\n')}\n`;
  writeFileSync(url, `${head}${mark}\n\n${lines.join('\n')}\n${tail}`);
  console.log('\nwrote docs/BENCHMARKS.md');
}
