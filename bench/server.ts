// `npm run bench:server`: the dealer service under load over loopback. Starts `fairdeal serve`
// in its own process (logging on, to /dev/null; the rate limiter on but set out of reach, so its
// cost is measured), loads it with wrk (Debian's; a small built-in fetch loop if wrk is missing —
// on 2 cores the client steals CPU from the server either way, wrk much less), and reports
// requests/s and p50/p99 latency for new-deck, draw and pile operations at 1, 10 and 50
// connections. Results go to the end of docs/BENCHMARKS.md under "## Dealer service".
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

// `npm run bench:server -- --pg`: two processes on one PostgreSQL instead (bench/server-pg.ts).
if (process.argv.includes('--pg')) {
  await import('./server-pg.ts');
  process.exit(0);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = [1, 10, 50];

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

async function startServer(db: string): Promise<{ url: string; child: ChildProcess }> {
  const out = openSync('/dev/null', 'w');
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'src/cli/main.ts'),
      'serve',
      '--port',
      '0',
      '--db',
      db,
      '--rate-limit',
      '1000000000',
      '--rate-burst',
      '1000000000',
    ],
    { stdio: ['ignore', out, 'pipe'] },
  );
  let err = '';
  child.stderr?.setEncoding('utf8');
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start: ${err}`)), 20_000);
    child.stderr?.on('data', (c: string) => {
      err += c;
      const m = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
  });
  return { url, child };
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers.
async function get(url: string): Promise<any> {
  return (await fetch(url)).json();
}

function luaCycle(paths: string[]): string {
  return `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}
local i = 0
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
const wrk = hasWrk();
const tool = wrk
  ? 'wrk 4.1 (1 thread)'
  : 'built-in fetch loop (wrk not found: `apt-get install wrk`)';
const load = loadavg()[0]!.toFixed(2);
console.log(`dealer benchmark with ${tool}, ${SECONDS} s per cell, load average ${load}`);
const server = await startServer(join(dir, 'bench.db'));
const rows: string[] = [];
const results: Record<string, Record<number, Result>> = {};
let bareDraw: Result | undefined;
try {
  const base = server.url;
  // Draws: 3,000 decks of 52 (156,000 cards), visited in turn, so no draw finds a deck empty;
  // and, for the cost of big decks, 100 shoes of 6 decks.
  const decks: string[] = [];
  for (let i = 0; i < 3000; i++) decks.push((await get(`${base}/api/deck/new/shuffle/`)).deck_id);
  const shoes: string[] = [];
  for (let i = 0; i < 100; i++) {
    shoes.push((await get(`${base}/api/deck/new/shuffle/?deck_count=6`)).deck_id);
  }
  // Pile operations: 100 decks drawn empty; each request adds AS to pile p or draws it back
  // (both are write transactions), alternating, so the cycle sustains itself.
  const pileDecks: string[] = [];
  for (let i = 0; i < 100; i++) {
    const id = (await get(`${base}/api/deck/new/shuffle/`)).deck_id;
    await get(`${base}/api/deck/${id}/draw/?count=52`);
    pileDecks.push(id);
  }
  const scenarios: Record<string, string[]> = {
    'new deck (shuffled)': ['/api/deck/new/shuffle/'],
    'draw 1 card': decks.map((id) => `/api/deck/${id}/draw/?count=1`),
    'draw 1 card, 6-deck shoe': shoes.map((id) => `/api/deck/${id}/draw/?count=1`),
    'pile add / pile draw': pileDecks.flatMap((id) => [
      `/api/deck/${id}/pile/p/add/?cards=AS`,
      `/api/deck/${id}/pile/p/draw/?count=1`,
    ]),
  };
  for (const [name, paths] of Object.entries(scenarios)) {
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
  // The floor: a bare hono + node:sqlite draw handler, same load, same transaction shape.
  const bare = spawn(
    process.execPath,
    [join(ROOT, 'bench/bare-dealer.ts'), join(dir, 'bare.db'), '3000'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  try {
    let err = '';
    bare.stderr?.setEncoding('utf8');
    const [bareUrl, bareIds] = await new Promise<[string, string[]]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bare server: ${err}`)), 30_000);
      bare.stderr?.on('data', (c: string) => {
        err += c;
        const m = /bare on (\S+) (\S+)\n/.exec(err);
        if (m) {
          clearTimeout(timer);
          resolve([m[1]!, m[2]!.split(',')]);
        }
      });
    });
    const paths = bareIds.map((id) => `/api/deck/${id}/draw/`);
    // Warm-up (JIT), as the dealer was warmed up by the cells before its draws.
    if (wrk) {
      writeFileSync(join(dir, 'warm.lua'), luaCycle(paths.slice(0, 1000)));
      execFileSync('wrk', ['-t1', '-c10', '-d1s', '-s', join(dir, 'warm.lua'), bareUrl], {
        stdio: 'ignore',
      });
    }
    const cpu0 = cpuMicros(bare.pid);
    const r = wrk ? runWrk(bareUrl, paths.slice(1000), 50, dir) : await runLoop(bareUrl, paths, 50);
    r.cpuUs = (cpuMicros(bare.pid) - cpu0) / (r.rps * SECONDS);
    bareDraw = r;
    const line = `| floor: bare hono + node:sqlite draw | 50 | ${Math.round(r.rps).toLocaleString('en-US')} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.cpuUs.toFixed(0)} | ${r.errors} |`;
    console.log(line);
    rows.push(line);
  } finally {
    bare.kill('SIGKILL');
  }
} finally {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}

const draw50 = results['draw 1 card']?.[50];
const overhead = (ours: number, floor: number): string => {
  const pct = Math.round((ours / floor - 1) * 100);
  return pct >= 0 ? `${pct} % more CPU per draw` : `no more CPU per draw (${-pct} % less: noise)`;
};
const met = draw50 !== undefined && draw50.rps >= 5000 && draw50.p99 < 25;
const section = `## Dealer service

\`npm run bench:server\`, ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), load average ${load} at the start (other work shares these cores). Load from **${tool}**, ${SECONDS} s per cell, over loopback to \`fairdeal serve\` in its own process with its defaults (SQLite file, WAL, \`synchronous=NORMAL\`, one log line per request to /dev/null, the rate limiter running with its limit out of reach). Draws cycle over 3,000 decks of 52 cards (and 100 shoes of 6 decks); pile operations alternate adding AS to a pile and drawing the pile's top card back (both writes).

| operation | connections | requests/s | p50 ms | p99 ms | server CPU µs/request | non-2xx / errors |
|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

Target: ≥ 5,000 draws/s at 50 connections with p99 < 25 ms — ${draw50 === undefined ? 'not measured' : `${Math.round(draw50.rps).toLocaleString('en-US')}/s, p99 ${draw50.p99.toFixed(1)} ms: ${met ? 'met' : 'NOT met'}`} in this run (load average ${loadavg()[0]!.toFixed(2)} at the end). The server's CPU time per request does not depend on what else runs: ${draw50?.cpuUs === undefined ? '' : `a draw costs ${draw50.cpuUs.toFixed(0)} µs of server CPU, i.e. about ${Math.round(1e6 / draw50.cpuUs).toLocaleString('en-US')} draws/s for one free core`}${bareDraw?.cpuUs === undefined || draw50?.cpuUs === undefined ? '' : `; the bare handler ${bareDraw.cpuUs.toFixed(0)} µs, so validation, card objects, logging and rate limiting cost ${overhead(draw50.cpuUs, bareDraw.cpuUs)} (budget: a fifth)`}.
`;
const file = join(ROOT, 'docs/BENCHMARKS.md');
const doc = readFileSync(file, 'utf8');
const at = doc.indexOf('\n## Dealer service');
writeFileSync(file, `${(at === -1 ? doc : doc.slice(0, at)).trimEnd()}\n\n${section}`);
console.log(`\n${met ? 'target met' : 'target NOT met'}; docs/BENCHMARKS.md updated`);
