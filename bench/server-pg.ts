// `npm run bench:server -- --pg`: two `fairdeal serve` processes on ONE PostgreSQL, as behind a
// load balancer, loaded at the same time by two wrk processes (one per service process; wrk
// cannot spread one run over two origins). Requests/s are summed, p99 is the worse of the two,
// errors are summed. PostgreSQL: FAIRDEAL_BENCH_PG (a database that may be written to), else a
// throwaway cluster from tools/pg-cluster.sh with its default durability (fsync on).
// Prints a Markdown table for docs/DEPLOY.md.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cpuBetween, openPgServices, sampleCpu } from './pg-services.ts';

const _ROOT = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const run = promisify(execFile);
const pg = openPgServices();
const url = pg.url;
const start = pg.start;

interface Cell {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function parse(text: string): Cell {
  const ms = (s: string) => {
    const m = /([\d.]+)(us|ms|s)/.exec(s);
    if (!m) return Number.NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]),
    p50: ms(/\s50%\s+(\S+)/.exec(text)?.[1] ?? ''),
    p99: ms(/\s99%\s+(\S+)/.exec(text)?.[1] ?? ''),
    errors:
      Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0) +
      (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-bench-pg-'));
// wrk calls request() once before the run without sending that request, so the cycle starts at
// -2: the unsent one is the last path, the first sent is the first path.
const lua = (paths: readonly string[]) =>
  `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}
local i = -2
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
`;
// biome-ignore lint/suspicious/noExplicitAny: JSON answers.
const get = async (u: string): Promise<any> => (await fetch(u)).json();

const servers = await Promise.all([start(), start()]);
const rows: string[] = [];
try {
  const [a, b] = servers.map((s) => s.url) as [string, string];
  const decks: string[] = [];
  for (let i = 0; i < 2000; i++)
    decks.push((await get(`${i % 2 ? b : a}/api/deck/new/shuffle/`)).deck_id);
  const pileDecks: string[] = [];
  for (let i = 0; i < 100; i++) {
    const id = (await get(`${a}/api/deck/new/shuffle/`)).deck_id;
    await get(`${b}/api/deck/${id}/draw/?count=52`);
    pileDecks.push(id);
  }
  // Per process [A's paths, B's paths]. The same decks through both processes: every deck row is
  // changed by both. Piles: A moves AS in and out of pile a, B moves KH through pile b, so the
  // two loads contend for the same rows without undoing each other's moves.
  // All adds, then all draws: a deck's draw comes 100 requests after its add, so with at most 25
  // requests in flight it never overtakes it (which would be a correct 404, not a failure).
  const pileCycle = (pile: string, card: string) => [
    ...pileDecks.map((id) => `/api/deck/${id}/pile/${pile}/add/?cards=${card}`),
    ...pileDecks.map((id) => `/api/deck/${id}/pile/${pile}/draw/?count=1`),
  ];
  const draws = decks.map((id) => `/api/deck/${id}/draw/?count=1`);
  const scenarios: Record<string, readonly [string[], string[]]> = {
    'draw 1 card': [draws, draws],
    'pile add / pile draw': [pileCycle('a', 'AS'), pileCycle('b', 'KH')],
    'new deck (shuffled)': [['/api/deck/new/shuffle/'], ['/api/deck/new/shuffle/']],
  };
  const { Client } = (await import('pg')).default;
  const pgc = new Client({ connectionString: url });
  await pgc.connect();
  // CPU of both service processes and of every PostgreSQL backend serving this database.
  const servicePids = servers.map((s) => s.child.pid!);
  for (const [name, [pa, pb]] of Object.entries(scenarios)) {
    writeFileSync(join(dir, 'a.lua'), lua(pa));
    writeFileSync(join(dir, 'b.lua'), lua(pb));
    for (const total of [10, 50]) {
      const cpu0 = await sampleCpu(pgc, servicePids);
      const outs = await Promise.all(
        [a, b].map((base, k) =>
          run('wrk', [
            '-t1',
            `-c${total / 2}`,
            `-d${SECONDS}s`,
            '--latency',
            '-s',
            join(dir, k === 0 ? 'a.lua' : 'b.lua'),
            base,
          ]),
        ),
      );
      const cpuUs = cpuBetween(cpu0, await sampleCpu(pgc, servicePids));
      const cells = outs.map((o) => parse(o.stdout));
      // Say what the errors were (wrk counts non-2xx answers and socket errors and timeouts).
      for (const o of outs) {
        for (const l of o.stdout.split('\n')) {
          if (/Non-2xx|Socket errors/.test(l)) console.log(`  ${name}, ${total}: ${l.trim()}`);
        }
      }
      const sum: Cell = {
        rps: cells.reduce((x, c) => x + c.rps, 0),
        p50: Math.max(...cells.map((c) => c.p50)),
        p99: Math.max(...cells.map((c) => c.p99)),
        errors: cells.reduce((x, c) => x + c.errors, 0),
      };
      const perRequest = cpuUs / (sum.rps * SECONDS);
      const line = `| ${name} | 2 × ${total / 2} | ${Math.round(sum.rps).toLocaleString('en-US')} | ${sum.p50.toFixed(2)} | ${sum.p99.toFixed(2)} | ${perRequest.toFixed(0)} | ${Math.round(2e6 / perRequest).toLocaleString('en-US')} | ${sum.errors} |`;
      console.log(line);
      rows.push(line);
    }
  }
  await pgc.end();
  // Conservation after the load: what the two processes wrote adds up.
  const check = await get(`${a}/api/deck/${decks[0]}/`);
  console.log(`deck check: success ${check.success}, remaining ${check.remaining}`);
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((r) => s.child.once('exit', r))));
  rmSync(dir, { recursive: true, force: true });
  pg.stop();
}
console.log(
  `\n${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)} at the end, ${SECONDS} s per cell\n| operation | connections | requests/s | p50 ms (worse) | p99 ms (worse) | CPU µs/request (2 services + PostgreSQL) | requests/s on 2 free cores | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|\n${rows.join('\n')}`,
);
