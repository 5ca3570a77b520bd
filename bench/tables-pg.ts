// `npm run bench:server -- --pg --tables`: table actions on two `fairdeal serve` processes on one
// PostgreSQL (bench/pg-services.ts), at each level of actions in flight (BENCH_CONCURRENCY,
// default 4,16,32,64): first the generic mix (practice Hold'em: MOVES moves, end-hand,
// next-hand), then, at the same level right after it, whole fair Dou Dizhu hands
// (bench/doudizhu-hands.ts: commits, reveals, bids, plays and passes, next-hand; each seat with
// its own key), with latency per kind. Each table's every request goes to the other process than
// its previous one; after each cell, every table's stored version must equal its creation
// version plus its 200 answers (no lost write).
import { Agent } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { openClaimedTable } from './claimed-table.ts';
import {
  type DdzTable,
  ddzStep,
  KINDS,
  type Kind,
  newDdzTable,
  type StepResult,
} from './doudizhu-hands.ts';
import { cpuBetween, openPgServices, sampleCpu } from './pg-services.ts';
import { sendJson } from './send-json.ts';

const _ROOT = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LEVELS = (process.env.BENCH_CONCURRENCY ?? '4,16,32,64').split(',').map(Number);
const pg = openPgServices();
const url = pg.url;
const start = pg.start;

// Keep-alive connections, as many sockets as actions in flight (bench/send-json.ts says why).
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const post = (u: string, body: object, token?: string) => sendJson(agent, 'POST', u, body, token);

interface Table {
  id: string;
  token: string;
  card: string;
  version: number;
  created: number;
  ok: number;
  onBoard: boolean;
  /** Actions taken in the current hand. */
  step: number;
}

// A hand of MOVES moves, then end-hand and next-hand (dealt at once: fair: false). Short hands
// keep the public log, and so every view and event, the size of a real hand's.
const MOVES = Number(process.env.BENCH_MOVES_PER_HAND ?? 8);
const PER_WORKER = Number(process.env.BENCH_TABLES_PER_WORKER ?? 8);
// Dou Dizhu tables per worker: one, so that a table plays several whole hands (some 50 actions
// each) in a cell instead of a few actions of its first; two seconds of warm-up spread the
// tables over the phases of a hand before the measure starts.
const DDZ_PER_WORKER = Number(process.env.BENCH_DDZ_TABLES_PER_WORKER ?? 1);
// The mixes to run (`BENCH_MIXES=ddz` for the Dou Dizhu hands alone, as when profiling them).
const MIXES = new Set((process.env.BENCH_MIXES ?? 'generic,ddz').split(','));
function nextAction(t: Table): Record<string, unknown> {
  if (t.step < MOVES)
    return t.onBoard
      ? { type: 'move', cards: [t.card], from: 'board', to: 'hand' }
      : { type: 'move', cards: [t.card], from: 'hand', to: 'board' };
  return { type: t.step === MOVES ? 'end-hand' : 'next-hand' };
}

async function newTable(base: string): Promise<Table> {
  const t = await openClaimedTable(agent, base, {
    preset: 'holdem',
    options: { seats: 3 },
    fair: false,
  });
  return {
    id: t.id,
    token: t.tokens[0]!,
    card: t.table.hand.yourCards[0],
    version: t.table.version,
    created: t.table.version,
    ok: 0,
    onBoard: false,
    step: 0,
  };
}

const servers = await Promise.all([start(), start()]);
const rows: string[] = [];
const loadBefore = loadavg()[0]!;
const loads: string[] = [];
let verified = true;
const { Client } = (await import('pg')).default;
const pgc = new Client({ connectionString: url });
const servicePids = servers.map((s) => s.child.pid!);

// The fair Dou Dizhu hands (bench/doudizhu-hands.ts) at `concurrency` requests in flight, right
// after the generic cell of the same level: whole hands, every action of a table on the other
// process than its previous one, latency by kind.
const ddzRows: string[] = [];
const kindRows: string[] = [];
async function ddzCell(concurrency: number): Promise<void> {
  const bases = servers.map((s) => s.url);
  const owned: DdzTable[][] = await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      const mine: DdzTable[] = [];
      for (let j = 0; j < DDZ_PER_WORKER; j++)
        mine.push(await newDdzTable(agent, bases[(w + j) % 2]!));
      return mine;
    }),
  );
  const tables = owned.flat();
  // Every request goes to the process the table's version names: each action on the other one.
  for (const t of tables) t.base = bases[t.version % 2]!;
  const byKind = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  const errors = new Map<string, number>();
  let measuring = false;
  let stopAt = 0;
  const worker = async (mine: DdzTable[], k: number) => {
    for (let i = k; Date.now() < stopAt; i++) {
      const t = mine[i % mine.length]!;
      t.base = bases[t.version % 2]!;
      let r: StepResult;
      try {
        r = await ddzStep(agent, t);
      } catch (e) {
        r = { kind: 'view', status: 0, code: (e as Error).name, ms: 0 };
      }
      if (!measuring) continue;
      byKind.get(r.kind)!.push(r.ms);
      if (r.status !== 200) {
        const what = `${r.kind} ${r.status} ${r.code}`;
        errors.set(what, (errors.get(what) ?? 0) + 1);
      }
    }
  };
  stopAt = Date.now() + 2000;
  await Promise.all(owned.map(worker));
  const hands0 = tables.reduce((n, t) => n + t.hands, 0);
  measuring = true;
  const cpu0 = await sampleCpu(pgc, servicePids);
  const self0 = process.cpuUsage();
  const t0 = performance.now();
  stopAt = Date.now() + SECONDS * 1000;
  await Promise.all(owned.map(worker));
  const elapsed = (performance.now() - t0) / 1000;
  const cpu1 = await sampleCpu(pgc, servicePids);
  const serverCpu = cpuBetween(cpu0, cpu1);
  const svcCpu = servicePids.reduce((x, pid) => x + cpu1.get(pid)! - cpu0.get(pid)!, 0);
  const self = process.cpuUsage(self0);
  const hands = tables.reduce((n, t) => n + t.hands, 0) - hands0;
  const pct = (xs: number[], p: number) =>
    xs.length === 0 ? Number.NaN : xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
  const actions = KINDS.filter((k) => k !== 'view').flatMap((k) => byKind.get(k)!);
  actions.sort((x, y) => x - y);
  const views = byKind.get('view')!.length;
  const errorCount = [...errors.values()].reduce((x, y) => x + y, 0);
  const line = `| fair Dou Dizhu hands | ${concurrency} | ${Math.round(actions.length / elapsed).toLocaleString('en-US')} | ${pct(actions, 0.5).toFixed(1)} | ${pct(actions, 0.99).toFixed(1)} | ${(serverCpu / (actions.length + views)).toFixed(0)} | ${((self.user + self.system) / (actions.length + views)).toFixed(0)} | ${errorCount} |`;
  console.log(line);
  ddzRows.push(line);
  const n = actions.length + views;
  console.log(
    `  at ${concurrency}: of the CPU per request, the 2 services ${(svcCpu / n).toFixed(0)} µs, PostgreSQL ${((serverCpu - svcCpu) / n).toFixed(0)} µs: at most ${Math.round(2e6 / (serverCpu / n)).toLocaleString('en-US')} requests/s if they had both cores to themselves`,
  );
  console.log(
    `  at ${concurrency}: ${hands} whole hands (${(hands / elapsed).toFixed(1)}/s), ${views} reads of a seat's cards besides the actions`,
  );
  for (const k of KINDS) {
    const xs = byKind.get(k)!.sort((x, y) => x - y);
    const row = `| ${concurrency} | ${k} | ${Math.round(xs.length / elapsed).toLocaleString('en-US')} | ${pct(xs, 0.5).toFixed(1)} | ${pct(xs, 0.99).toFixed(1)} |`;
    console.log(row);
    kindRows.push(row);
  }
  for (const [what, count] of errors) console.log(`  errors at ${concurrency}: ${count} × ${what}`);
  for (const t of tables) {
    const r = await pgc.query<{ version: number }>('SELECT version FROM fd_tables WHERE id = $1', [
      t.id,
    ]);
    const stored = Number(r.rows[0]?.version);
    if (stored !== t.created + t.ok) {
      verified = false;
      console.log(`  table ${t.id}: stored version ${stored}, expected ${t.created + t.ok}`);
    }
  }
}

try {
  const bases = servers.map((s) => s.url);
  await pgc.connect();
  for (const concurrency of LEVELS) {
    loads.push(`${concurrency}: ${loadavg()[0]!.toFixed(2)}`);
    if (!MIXES.has('generic')) {
      if (MIXES.has('ddz')) await ddzCell(concurrency);
      continue;
    }
    // Each worker round-robins PER_WORKER tables of its own, so a table sees a hand or two per
    // cell, as at a real table, rather than hundreds of hands (a table document keeps every
    // finished hand's transcript, so it grows with the hands played).
    const owned: Table[][] = await Promise.all(
      Array.from({ length: concurrency }, async (_, w) => {
        const mine: Table[] = [];
        for (let j = 0; j < PER_WORKER; j++) mine.push(await newTable(bases[(w + j) % 2]!));
        return mine;
      }),
    );
    const tables = owned.flat();
    const latencies: number[] = [];
    const errors = new Map<string, number>();
    let measuring = false;
    let stopAt = 0;
    const worker = async (mine: Table[], k: number) => {
      for (let i = k; Date.now() < stopAt; i++) {
        const t = mine[i % mine.length]!;
        const t0 = performance.now();
        let status = 0;
        let code = '';
        try {
          const r = await post(
            `${bases[t.version % 2]}/v1/tables/${t.id}/actions`,
            { ...nextAction(t), version: t.version },
            t.token,
          );
          status = r.status;
          if (status === 200) {
            t.version = r.json.table.version;
            t.ok++;
            if (t.step < MOVES) t.onBoard = !t.onBoard;
            if (t.step === MOVES + 1) {
              t.card = r.json.table.hand.yourCards[0];
              t.onBoard = false;
              t.step = 0;
            } else t.step++;
          } else {
            code = r.json.code ?? '';
            if (r.json.version !== undefined) t.version = r.json.version;
          }
        } catch (e) {
          code = (e as Error).name;
        }
        if (!measuring) continue;
        latencies.push(performance.now() - t0);
        if (status !== 200)
          errors.set(`${status} ${code}`, (errors.get(`${status} ${code}`) ?? 0) + 1);
      }
    };
    // One second of warm-up (connections, JIT, plans), then the measured run.
    stopAt = Date.now() + 1000;
    await Promise.all(owned.map(worker));
    measuring = true;
    const cpu0 = await sampleCpu(pgc, servicePids);
    const self0 = process.cpuUsage();
    const t0 = performance.now();
    stopAt = Date.now() + SECONDS * 1000;
    await Promise.all(owned.map(worker));
    const elapsed = (performance.now() - t0) / 1000;
    const cpu1 = await sampleCpu(pgc, servicePids);
    const serverCpu = cpuBetween(cpu0, cpu1);
    const svcCpu = servicePids.reduce((x, pid) => x + cpu1.get(pid)! - cpu0.get(pid)!, 0);
    const self = process.cpuUsage(self0);
    latencies.sort((x, y) => x - y);
    const q = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
    const n = latencies.length;
    const errorCount = [...errors.values()].reduce((x, y) => x + y, 0);
    const perAction = serverCpu / n;
    const line = `| ${MOVES} moves + end-hand + next-hand | ${concurrency} | ${Math.round(n / elapsed).toLocaleString('en-US')} | ${q(0.5).toFixed(1)} | ${q(0.99).toFixed(1)} | ${perAction.toFixed(0)} | ${((self.user + self.system) / n).toFixed(0)} | ${errorCount} |`;
    console.log(line);
    console.log(
      `  at ${concurrency}: of the CPU per action, the 2 services ${(svcCpu / n).toFixed(0)} µs, PostgreSQL ${((serverCpu - svcCpu) / n).toFixed(0)} µs`,
    );
    for (const [what, count] of errors)
      console.log(`  errors at ${concurrency}: ${count} × ${what}`);
    rows.push(line);
    // No lost write: each table's stored version is its creation version + its 200 answers.
    for (const t of tables) {
      const r = await pgc.query<{ version: number }>(
        'SELECT version FROM fd_tables WHERE id = $1',
        [t.id],
      );
      const stored = Number(r.rows[0]?.version);
      if (stored !== t.created + t.ok) {
        verified = false;
        console.log(`  table ${t.id}: stored version ${stored}, expected ${t.created + t.ok}`);
      }
    }
    if (MIXES.has('ddz')) await ddzCell(concurrency);
  }
  // An event as a client gets it is its change's public part (stored once per change) merged
  // with its audience's private part (counted here as stored: sealed, a little longer).
  // A table's document is its row's part, which every action writes, and its base (schema step
  // 9), which only the changes that replace a base field write.
  const size = await pgc.query<{ doc: string; base: string; ev: string; stored: string }>(
    `SELECT (SELECT avg(octet_length(doc))::int FROM fd_tables) AS doc,
       (SELECT coalesce(avg(octet_length(base))::int, 0) FROM fd_table_bases) AS base,
       (SELECT avg(octet_length(e.data) + coalesce(octet_length(p.body), 0))::int
          FROM fd_table_events e LEFT JOIN fd_event_public p ON p.table_id = e.table_id AND p.version = e.version) AS ev,
       (SELECT ((SELECT sum(octet_length(data)) FROM fd_table_events) +
                (SELECT coalesce(sum(octet_length(body)), 0) FROM fd_event_public))
               / (SELECT count(*) FROM fd_table_events))::int AS stored`,
  );
  console.log(
    `  mean stored size: table document ${size.rows[0]?.doc} B written by every action + base ${size.rows[0]?.base} B; event ${size.rows[0]?.ev} B as sent, ${size.rows[0]?.stored} B stored (public part once per change)`,
  );
  await pgc.end();
} finally {
  agent.destroy();
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((r) => s.child.once('exit', r))));
  pg.stop();
}
console.log(
  `\n${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${availableParallelism()} cores, load average ${loadBefore.toFixed(2)} before / ${loadavg()[0]!.toFixed(2)} after, ${SECONDS} s per cell, PostgreSQL ${process.env.FAIRDEAL_BENCH_PG === undefined ? 'throwaway cluster, fsync on' : 'FAIRDEAL_BENCH_PG'}; stored versions ${verified ? 'all match the 200 answers' : 'DO NOT MATCH'}\n| action | concurrency (actions in flight) | actions/s | p50 ms | p99 ms | CPU µs/action (2 services + PostgreSQL) | client CPU µs/action | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|\n${rows.join('\n')}\n${ddzRows.join('\n')}\n\nload average at the start of each level: ${loads.join(', ')}\n\nFair Dou Dizhu hands by kind (requests/s of that kind; \`view\`: a seat reading its cards after the deal, not an action):\n| in flight | kind | requests/s | p50 ms | p99 ms |\n|---:|---|---:|---:|---:|\n${kindRows.join('\n')}`,
);
if (!verified) process.exitCode = 1;
