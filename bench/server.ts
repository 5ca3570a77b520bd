// `npm run bench:server`: the dealer service under load over loopback. Starts `fairdeal serve`
// in its own process (logging on, to /dev/null; the rate limiter on but set out of reach, so its
// cost is measured), loads it with wrk (Debian's; a small built-in fetch loop if wrk is missing —
// on 2 cores the client steals CPU from the server either way, wrk much less), and reports
// requests/s and p50/p99 latency for new-deck, draw and pile operations at 1, 10 and 50
// connections. First a head-to-head at 50 connections: draws from decks of 1, 6 and 20 decks and
// a bare hono + node:sqlite floor (and, with `-- --before=<dir>`, an earlier commit's dealer: a
// `git archive` of it with this node_modules linked in), taking turns for BENCH_ROUNDS rounds
// (5), medians and quartiles, ratios within rounds. Results go to the end of docs/BENCHMARKS.md
// under "## Dealer service" (not with BENCH_QUICK=1 or BENCH_NO_WRITE=1).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Running, spawnDealer } from '../test/server/spawn-server.ts';

const ROOT = new URL('..', import.meta.url).pathname;

// `npm run bench:server -- --pg`: two processes on one PostgreSQL instead (bench/server-pg.ts);
// with `--tables`, table actions on those two processes (bench/tables-pg.ts).
if (process.argv.includes('--pg')) {
  await import(process.argv.includes('--tables') ? './tables-pg.ts' : './server-pg.ts');
  process.exit(0);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = [1, 10, 50];
const QUICK = process.env.BENCH_QUICK === '1';

interface Result {
  readonly rps: number;
  /** Server CPU time (user + system) per request, µs: what the load on a shared machine hides. */
  cpuUs?: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
}

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    return (e as { status?: number }).status !== undefined; // wrk --version exits 1 but runs
  }
}

function startServer(db: string): Promise<Running> {
  return spawnDealer([
    '--port',
    '0',
    '--db',
    db,
    '--rate-limit',
    '1000000000',
    '--rate-burst',
    '1000000000',
  ]);
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers.
async function get(url: string): Promise<any> {
  return (await fetch(url)).json();
}

function luaCycle(paths: string[]): string {
  return `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}
-- A random start per run spreads the draws over every deck, so none runs out.
local i = math.random(#paths)
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
`;
}

// utime + stime of a process in µs, from /proc (Linux); NaN elsewhere.
function cpuMicros(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1e6) / 100; // USER_HZ is 100 on Linux
  } catch {
    return Number.NaN;
  }
}

function parseWrk(text: string): Result {
  const ms = (s: string) => {
    const m = /([\d.]+)(us|ms|s)/.exec(s);
    if (!m) return Number.NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  const p50 = /\s50%\s+(\S+)/.exec(text)?.[1] ?? '';
  const p99 = /\s99%\s+(\S+)/.exec(text)?.[1] ?? '';
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const sockErr = socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
  return { rps, p50: ms(p50), p99: ms(p99), errors: non2xx + sockErr };
}

function runWrk(base: string, paths: string[], connections: number, dir: string): Result {
  const script = join(dir, 'cycle.lua');
  writeFileSync(script, luaCycle(paths));
  const out = execFileSync(
    'wrk',
    ['-t1', `-c${connections}`, `-d${SECONDS}s`, '--latency', '-s', script, base],
    { encoding: 'utf8' },
  );
  return parseWrk(out);
}

// Fallback when wrk is missing: `connections` workers with fetch (keep-alive) for SECONDS.
async function runLoop(base: string, paths: string[], connections: number): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const p = paths[i++ % paths.length]!;
        const t = performance.now();
        const res = await fetch(base + p);
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        if (res.status >= 300) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (f: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(f * latencies.length))] ?? Number.NaN;
  return { rps: latencies.length / SECONDS, p50: q(0.5), p99: q(0.99), errors };
}

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-bench-'));
let h2hLoads: number[] = [];
const wrk = hasWrk();
const tool = wrk
  ? 'wrk 4.1 (1 thread)'
  : 'built-in fetch loop (wrk not found: `apt-get install wrk`)';
const load = loadavg()[0]!.toFixed(2);
console.log(`dealer benchmark with ${tool}, ${SECONDS} s per cell, load average ${load}`);
const server = await startServer(join(dir, 'bench.db'));
// `-- --before=<dir>`: a checkout of an earlier commit (git archive + this node_modules), whose
// `fairdeal serve` is measured in the same rounds: a before/after from one run.
const beforeDir = process.argv.find((a) => a.startsWith('--before='))?.slice('--before='.length);
const before =
  beforeDir === undefined
    ? undefined
    : await spawnDealer(
        [
          '--port',
          '0',
          '--db',
          join(dir, 'before.db'),
          '--rate-limit',
          '1000000000',
          '--rate-burst',
          '1000000000',
        ],
        {},
        join(beforeDir, 'src/cli/main.ts'),
      );
const beforeRev =
  beforeDir === undefined
    ? ''
    : (process.env.BENCH_BEFORE_NAME ??
      (() => {
        try {
          return execFileSync('git', ['-C', beforeDir, 'rev-parse', '--short', 'HEAD'], {
            encoding: 'utf8',
          }).trim();
        } catch {
          return beforeDir;
        }
      })());
const rows: string[] = [];
const results: Record<string, Record<number, Result>> = {};
let headToHead: { ours: Result; floor: Result } | undefined;
const h2hRows: string[] = [];
const ratioRows: string[] = [];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Decks of `size` decks on `base`, enough that draws never run out: their ids. */
async function makeDecks(base: string, size: number, count: number): Promise<string[]> {
  const ids: string[] = [];
  const q = size === 1 ? '' : `?deck_count=${size}`;
  for (let i = 0; i < count; i++)
    ids.push((await get(`${base}/api/deck/new/shuffle/${q}`)).deck_id);
  return ids;
}
// Per size: how many decks. Each contender draws about 5 rounds × 5 s × 15,000/s in the head-to-head
// and the 1-deck decks 100,000 more in the table by connections: some 400,000 to 520,000 cards each.
const SIZES = [
  [1, 10_000],
  [6, 1_500],
  [20, 400],
] as const;
try {
  const base = server.url;
  const decks: Record<number, string[]> = {};
  const beforeDecks: Record<number, string[]> = {};
  for (const [size, count] of SIZES) {
    decks[size] = await makeDecks(base, size, count);
    if (before !== undefined) beforeDecks[size] = await makeDecks(before.url, size, count);
  }
  // Pile operations: 100 decks drawn empty; each request adds AS to pile p or draws it back
  // (both are write transactions), alternating, so the cycle sustains itself.
  const pileDecks: string[] = [];
  for (let i = 0; i < 100; i++) {
    const id = (await get(`${base}/api/deck/new/shuffle/`)).deck_id;
    await get(`${base}/api/deck/${id}/draw/?count=52`);
    pileDecks.push(id);
  }
  const drawPaths = (ids: string[]) => ids.map((id) => `/api/deck/${id}/draw/?count=1`);
  const scenarios: Record<string, string[]> = {
    'draw 1 card': drawPaths(decks[1]!),
    'draw 1 card, 6-deck shoe': drawPaths(decks[6]!),
    'draw 1 card, 20-deck shoe': drawPaths(decks[20]!),
    'pile add / pile draw': pileDecks.flatMap((id) => [
      `/api/deck/${id}/pile/p/add/?cards=AS`,
      `/api/deck/${id}/pile/p/draw/?count=1`,
    ]),
    'new deck (shuffled)': ['/api/deck/new/shuffle/'],
  };
  // First the head-to-head: the dealer's draws from decks of 1, 6 and 20 decks and a bare
  // hono + node:sqlite draw handler (same transaction shape; with --before, the earlier commit's
  // dealer on the same three sizes), taking turns in an order that rotates every round, so
  // drifting load from other work hits all alike; medians and quartiles over the rounds, and
  // ratios taken within each round.
  const bare = spawn(
    process.execPath,
    [join(ROOT, 'bench/bare-dealer.ts'), join(dir, 'bare.db'), '10000'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  try {
    let err = '';
    bare.stderr?.setEncoding('utf8');
    const [bareUrl, bareIds] = await new Promise<[string, string[]]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bare server: ${err}`)), 60_000);
      bare.stderr?.on('data', (c: string) => {
        err += c;
        const m = /bare on (\S+) (\S+)\n/.exec(err);
        if (m) {
          clearTimeout(timer);
          resolve([m[1]!, m[2]!.split(',')]);
        }
      });
    });
    interface Contender {
      readonly name: string;
      readonly pid: number | undefined;
      readonly url: string;
      readonly paths: string[];
    }
    const contenders: Contender[] = [
      {
        name: 'floor: bare hono + node:sqlite, 1 deck',
        pid: bare.pid,
        url: bareUrl,
        paths: bareIds.map((id) => `/api/deck/${id}/draw/`),
      },
      ...SIZES.map(([size]) => ({
        name: `fairdeal dealer, ${size === 1 ? '1 deck' : `${size}-deck shoe`}`,
        pid: server.child.pid,
        url: base,
        paths: drawPaths(decks[size]!),
      })),
      ...(before === undefined
        ? []
        : SIZES.map(([size]) => ({
            name: `before (${beforeRev}), ${size === 1 ? '1 deck' : `${size}-deck shoe`}`,
            pid: before.child.pid,
            url: before.url,
            paths: drawPaths(beforeDecks[size]!),
          }))),
    ];
    // Warm-up (JIT) of each, one second.
    if (wrk) {
      for (const c of contenders) {
        writeFileSync(join(dir, 'warm.lua'), luaCycle(c.paths));
        execFileSync('wrk', ['-t1', '-c10', '-d1s', '-s', join(dir, 'warm.lua'), c.url], {
          stdio: 'ignore',
        });
      }
    }
    const measure = async (c: Contender) => {
      const cpu0 = cpuMicros(c.pid);
      const r = wrk ? runWrk(c.url, c.paths, 50, dir) : await runLoop(c.url, c.paths, 50);
      r.cpuUs = (cpuMicros(c.pid) - cpu0) / (r.rps * SECONDS);
      return r;
    };
    const runs = new Map<string, Result[]>(contenders.map((c) => [c.name, []]));
    const loads: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(loadavg()[0]!);
      for (let k = 0; k < contenders.length; k++) {
        const c = contenders[(round + k) % contenders.length]!;
        runs.get(c.name)!.push(await measure(c));
      }
      console.log(`round ${round + 1} of ${ROUNDS} done, load average ${loadavg()[0]!.toFixed(2)}`);
    }
    const q = (xs: number[], f: number) => {
      const s = [...xs].sort((x, y) => x - y);
      const at = (s.length - 1) * f;
      const lo = Math.floor(at);
      return s[lo]! + (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!) * (at - lo);
    };
    const spread = (xs: number[], digits = 0) =>
      `${fmt(q(xs, 0.5), digits)} [${fmt(q(xs, 0.25), digits)}–${fmt(q(xs, 0.75), digits)}]`;
    const fmt = (x: number, digits: number) =>
      digits === 0 ? Math.round(x).toLocaleString('en-US') : x.toFixed(digits);
    const pick = (rs: Result[]): Result => ({
      rps: q(
        rs.map((r) => r.rps),
        0.5,
      ),
      p50: q(
        rs.map((r) => r.p50),
        0.5,
      ),
      p99: q(
        rs.map((r) => r.p99),
        0.5,
      ),
      cpuUs: q(
        rs.map((r) => r.cpuUs ?? Number.NaN),
        0.5,
      ),
      errors: rs.reduce((n, r) => n + r.errors, 0),
    });
    for (const c of contenders) {
      const rs = runs.get(c.name)!;
      const line = `| ${c.name} | ${spread(rs.map((r) => r.rps))} | ${q(
        rs.map((r) => r.p50),
        0.5,
      ).toFixed(2)} | ${q(
        rs.map((r) => r.p99),
        0.5,
      ).toFixed(2)} | ${spread(rs.map((r) => r.cpuUs ?? Number.NaN))} | ${pick(rs).errors} |`;
      console.log(line);
      h2hRows.push(line);
    }
    const [floorC, one, six, twenty] = contenders;
    headToHead = { ours: pick(runs.get(one!.name)!), floor: pick(runs.get(floorC!.name)!) };
    const perRound = (a: Contender, b: Contender, k: 'rps' | 'cpuUs') =>
      runs.get(a.name)!.map((r, i) => r[k]! / runs.get(b.name)![i]![k]!);
    const ratio = (what: string, a: Contender, b: Contender) => {
      const line = `| ${what} | ${spread(perRound(a, b, 'rps'), 2)} | ${spread(perRound(a, b, 'cpuUs'), 2)} |`;
      console.log(line);
      ratioRows.push(line);
    };
    ratio('dealer 1 deck ÷ floor', one!, floorC!);
    ratio('dealer 6-deck ÷ dealer 1 deck', six!, one!);
    ratio('dealer 20-deck ÷ dealer 1 deck', twenty!, one!);
    if (before !== undefined) {
      const [b1, b6, b20] = contenders.slice(4);
      ratio(`before (${beforeRev}) 1 deck ÷ floor`, b1!, floorC!);
      ratio(`before 20-deck ÷ before 1 deck`, b20!, b1!);
      ratio('dealer 1 deck ÷ before 1 deck', one!, b1!);
      ratio('dealer 6-deck ÷ before 6-deck', six!, b6!);
      ratio('dealer 20-deck ÷ before 20-deck', twenty!, b20!);
    }
    h2hLoads = loads;
  } finally {
    bare.kill('SIGKILL');
  }
  // Then every operation at 1, 10, 50 connections (BENCH_QUICK=1: only the head-to-head above,
  // and docs/BENCHMARKS.md untouched); new decks last, as they grow the file.
  for (const [name, paths] of Object.entries(scenarios)) {
    if (QUICK) break;
    results[name] = {};
    for (const c of CONNECTIONS) {
      const cpu0 = cpuMicros(server.child.pid);
      const r = wrk ? runWrk(base, paths, c, dir) : await runLoop(base, paths, c);
      r.cpuUs = (cpuMicros(server.child.pid) - cpu0) / (r.rps * SECONDS);
      results[name]![c] = r;
      const line = `| ${name} | ${c} | ${Math.round(r.rps).toLocaleString('en-US')} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.cpuUs.toFixed(0)} | ${r.errors} |`;
      console.log(line);
      rows.push(line);
    }
  }
} finally {
  for (const s of before === undefined ? [server] : [server, before]) {
    s.child.kill('SIGTERM');
    await new Promise((r) => s.child.once('exit', r));
  }
  rmSync(dir, { recursive: true, force: true });
}

const draw50 = headToHead?.ours ?? results['draw 1 card']?.[50];
const met = draw50 !== undefined && draw50.rps >= 5000 && draw50.p99 < 25;
const ratioOf = (what: string) =>
  ratioRows
    .find((r) => r.startsWith(`| ${what} |`))
    ?.split('|')[2]
    ?.trim() ?? 'not measured';
const floorNote =
  headToHead === undefined
    ? ''
    : ` Against the floor in the same rounds: the dealer reached ${ratioOf('dealer 1 deck ÷ floor')} of its throughput (median of the rounds' ratios [quartiles]), and 20-deck draws ${ratioOf('dealer 20-deck ÷ dealer 1 deck')} of 1-deck draws'. CPU per request also rises when fewer requests share each wake-up, so throughput and CPU ratios need not agree. Part of the gap to the floor is structural: the floor answers synchronously, and @hono/node-server takes a slower path for any answer that is a Promise (one pass-through async middleware added to the floor cost about 35 µs of CPU per request at 1 connection on 2026-11-23), while the dealer's Store is asynchronous by design, for PostgreSQL.`;
const loadNote = h2hLoads.map((x) => x.toFixed(2)).join(', ');
const section = `## Dealer service

\`npm run bench:server${before === undefined ? '' : ` -- --before=<git archive of ${beforeRev}>`}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), load average ${load} at the start, ${loadNote} at the start of each head-to-head round, and ${loadavg()[0]!.toFixed(2)} at the end${Math.max(Number(load), loadavg()[0]!) >= 1.5 ? ': **other work shared these 2 cores**, so absolute throughput and p99 vary from run to run by tens of percent — compare rows of one run (and the same-round ratios), not runs' : ' (a quiet machine)'}. Load from **${tool}**, ${SECONDS} s per cell, over loopback to \`fairdeal serve\` in its own process with its defaults (SQLite file, WAL, \`synchronous=NORMAL\`, one log line per request to /dev/null, the rate limiter running with its limit out of reach). Draws cycle (from a random start) over ${SIZES.map(([size, count]) => `${count.toLocaleString('en-US')} decks of ${size === 1 ? '52 cards' : `${size} decks`}`).join(', ')}, shuffled, so no draw finds its deck empty; pile operations alternate adding AS to a pile and drawing the pile's top card back (both writes; a run that starts with a draw from a deck whose pile does not exist yet gets a correct 404, counted in the last column — and at 10 and 50 connections, where two connections meet on one deck, a draw from the pile the other just emptied is the reference's 404 overdraw, \`PILE_OVERDRAWN\`: answers as correct as the 2xx ones, and as much work). Server CPU per request is read from /proc: less disturbed by other work than throughput, though not immune.

Draws at 50 connections: the dealer on decks of 1, 6 and 20 decks and a bare hono + node:sqlite draw handler (bench/bare-dealer.ts: one JSON row per 52-card deck, read and rewritten by each draw in one transaction; no validation, logging, rate limiting or card objects)${before === undefined ? '' : `, and the dealer of ${beforeRev} (before) on the same three sizes`}, taking turns in an order that rotates every round, ${ROUNDS} rounds of ${SECONDS} s: median [first–third quartile] over the rounds.

| server | draws/s | p50 ms | p99 ms | server CPU µs/draw | non-2xx / errors |
|---|---:|---:|---:|---:|---:|
${h2hRows.join('\n')}

Ratios taken within each round (so that the machine's drift cancels), median [quartiles] over the ${ROUNDS} rounds:

| ratio | draws/s | server CPU µs/draw |
|---|---:|---:|
${ratioRows.join('\n')}

Every operation by connections (after the head-to-head, one cell each):

| operation | connections | requests/s | p50 ms | p99 ms | server CPU µs/request | non-2xx / errors |
|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

Target: ≥ 5,000 draws/s at 50 connections with p99 < 25 ms — ${draw50 === undefined ? 'not measured' : `${Math.round(draw50.rps).toLocaleString('en-US')}/s, p99 ${draw50.p99.toFixed(1)} ms: ${met ? 'met' : 'NOT met'}`} in this run.${floorNote}
`;
console.log(section);
if (QUICK || process.env.BENCH_NO_WRITE === '1') {
  process.exit(0);
}
const file = join(ROOT, 'docs/BENCHMARKS.md');
const doc = readFileSync(file, 'utf8');
const at = doc.indexOf('\n## Dealer service');
// Subsections under the heading written by other benches (### Tables on PostgreSQL …) stay.
const rest = at === -1 ? '' : doc.slice(at + 1);
const kept = rest.indexOf('\n### ') === -1 ? '' : rest.slice(rest.indexOf('\n### '));
writeFileSync(file, `${(at === -1 ? doc : doc.slice(0, at)).trimEnd()}\n\n${section}${kept}`);
console.log(`\n${met ? 'target met' : 'target NOT met'}; docs/BENCHMARKS.md updated`);
