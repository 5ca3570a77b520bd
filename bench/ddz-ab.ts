// `npm run bench:ddz-ab -- BEFORE_CHECKOUT`: whole fair Dou Dizhu hands (bench/doudizhu-hands.ts)
// on the table service of this checkout (after) and of BEFORE_CHECKOUT (before: a git worktree of
// an earlier commit sharing this node_modules), in ONE run: two service processes per side, each
// side on its own database of one PostgreSQL, every table's requests alternating between its
// side's two processes. Cells alternate between the sides (ROUNDS rounds, the order flipped
// each round), so both see the same machine; each cell reports actions/s, p50/p99 and the CPU
// per request of the two services and of PostgreSQL's backends for that database; then the
// medians per side and their ratio. Table state carries over from cell to cell (the tables play
// on), and 2 s of warm-up before the first cell spread them over a hand's phases.
import { Agent } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { type DdzTable, ddzStep, KINDS, newDdzTable } from './doudizhu-hands.ts';
import { cpuBetween, openPgServices, sampleCpu } from './pg-services.ts';

const BEFORE = process.argv[2] ?? process.env.FAIRDEAL_BENCH_BEFORE;
if (BEFORE === undefined) {
  console.error('usage: npm run bench:ddz-ab -- BEFORE_CHECKOUT (a git worktree of the commit)');
  process.exit(2);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const pg = openPgServices();
const { Client } = (await import('pg')).default;

interface Side {
  readonly name: 'before' | 'after';
  readonly urls: string[];
  readonly pids: number[];
  readonly pgc: InstanceType<typeof Client>;
  readonly tables: DdzTable[];
  readonly cells: { rate: number; p50: number; p99: number; svc: number; db: number }[];
}

async function side(name: 'before' | 'after', main: string | undefined): Promise<Side> {
  const url = pg.database(`fd_ddz_ab_${name}`);
  const servers = await Promise.all([pg.start(main, url), pg.start(main, url)]);
  const pgc = new Client({ connectionString: url });
  await pgc.connect();
  const urls = servers.map((s) => s.url);
  const tables = await Promise.all(
    Array.from({ length: CONCURRENCY }, (_, w) => newDdzTable(agent, urls[w % 2]!)),
  );
  return {
    name,
    urls,
    pids: servers.map((s) => s.child.pid!),
    pgc,
    tables,
    cells: [],
    // Keep the processes to stop them at the end.
    ...{ servers },
  } as Side & { servers: typeof servers };
}

async function play(s: Side, seconds: number, measure: boolean): Promise<void> {
  const ms: number[] = [];
  let views = 0;
  const stopAt = Date.now() + seconds * 1000;
  const cpu0 = await sampleCpu(s.pgc, s.pids);
  const t0 = performance.now();
  await Promise.all(
    s.tables.map(async (t) => {
      while (Date.now() < stopAt) {
        t.base = s.urls[t.version % 2]!;
        const r = await ddzStep(agent, t);
        if (r.status !== 200) throw new Error(`${s.name}: ${r.kind} ${r.status} ${r.code}`);
        if (r.kind === 'view') views++;
        else ms.push(r.ms);
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const cpu1 = await sampleCpu(s.pgc, s.pids);
  if (!measure) return;
  const all = cpuBetween(cpu0, cpu1);
  const svc = s.pids.reduce((x, pid) => x + cpu1.get(pid)! - cpu0.get(pid)!, 0);
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!;
  const n = ms.length + views;
  const cell = {
    rate: ms.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    svc: svc / n,
    db: (all - svc) / n,
  };
  s.cells.push(cell);
  console.log(
    `  ${s.name.padEnd(6)} ${cell.rate.toFixed(0).padStart(5)} actions/s  p50 ${cell.p50.toFixed(1)} ms  p99 ${cell.p99.toFixed(1)} ms  CPU µs/request: services ${cell.svc.toFixed(0)}, PostgreSQL ${cell.db.toFixed(0)}  (load ${loadavg()[0]!.toFixed(2)})`,
  );
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const quartiles = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[Math.floor((s.length - 1) / 4)]!.toFixed(0)}–${s[Math.ceil(((s.length - 1) * 3) / 4)]!.toFixed(0)}`;
};

const loadBefore = loadavg()[0]!;
const sides = [
  await side('before', join(BEFORE, 'src/cli/main.ts')),
  await side('after', undefined),
];
try {
  for (const s of sides) await play(s, 2, false);
  for (let round = 0; round < ROUNDS; round++) {
    console.log(`round ${round + 1}`);
    for (const s of round % 2 === 0 ? sides : [...sides].reverse()) await play(s, SECONDS, true);
  }
  console.log(
    `\n${new Date().toISOString().slice(0, 16)} UTC, Node ${process.version}, ${availableParallelism()} cores, load average ${loadBefore.toFixed(2)} before / ${loadavg()[0]!.toFixed(2)} after, ${CONCURRENCY} in flight, ${ROUNDS} rounds of ${SECONDS} s per side, kinds ${KINDS.join(', ')}`,
  );
  console.log(
    '| side | actions/s median [IQR] | p99 ms median | services CPU µs/request | PostgreSQL CPU µs/request |\n|---|---:|---:|---:|---:|',
  );
  for (const s of sides) {
    const col = (k: 'rate' | 'p99' | 'svc' | 'db') => s.cells.map((c) => c[k]);
    console.log(
      `| ${s.name} | ${median(col('rate')).toFixed(0)} [${quartiles(col('rate'))}] | ${median(col('p99')).toFixed(1)} | ${median(col('svc')).toFixed(0)} [${quartiles(col('svc'))}] | ${median(col('db')).toFixed(0)} [${quartiles(col('db'))}] |`,
    );
  }
  const ratio = (k: 'rate' | 'svc' | 'db') =>
    median(sides[1]!.cells.map((c, i) => c[k] / sides[0]!.cells[i]![k]));
  console.log(
    `after ÷ before, median of per-round ratios: actions/s ${ratio('rate').toFixed(2)}×, services CPU ${ratio('svc').toFixed(2)}×, PostgreSQL CPU ${ratio('db').toFixed(2)}×`,
  );
} finally {
  agent.destroy();
  for (const s of sides as (Side & { servers: { child: { kill(sig: string): void } }[] })[]) {
    for (const x of s.servers) x.child.kill('SIGTERM');
    await s.pgc.end();
  }
  pg.stop();
}
