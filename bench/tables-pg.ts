import { Agent } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { openClaimedTable } from './claimed-table.ts';
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
let verified = true;
try {
  const bases = servers.map((s) => s.url);
  const { Client } = (await import('pg')).default;
  const pgc = new Client({ connectionString: url });
  await pgc.connect();
  const servicePids = servers.map((s) => s.child.pid!);
  for (const concurrency of LEVELS) {
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
  }
  // An event as a client gets it is its change's public part (stored once per change) merged
  // with its audience's private part (counted here as stored: sealed, a little longer).
  const size = await pgc.query<{ doc: string; ev: string; stored: string }>(
    `SELECT (SELECT avg(octet_length(doc))::int FROM fd_tables) AS doc,
       (SELECT avg(octet_length(e.data) + coalesce(octet_length(p.body), 0))::int
          FROM fd_table_events e LEFT JOIN fd_event_public p ON p.table_id = e.table_id AND p.version = e.version) AS ev,
       (SELECT ((SELECT sum(octet_length(data)) FROM fd_table_events) +
                (SELECT coalesce(sum(octet_length(body)), 0) FROM fd_event_public))
               / (SELECT count(*) FROM fd_table_events))::int AS stored`,
  );
  console.log(
    `  mean stored size: table document ${size.rows[0]?.doc} B; event ${size.rows[0]?.ev} B as sent, ${size.rows[0]?.stored} B stored (public part once per change)`,
  );
  await pgc.end();
} finally {
  agent.destroy();
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((r) => s.child.once('exit', r))));
  pg.stop();
}
console.log(
  `\n${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${availableParallelism()} cores, load average ${loadBefore.toFixed(2)} before / ${loadavg()[0]!.toFixed(2)} after, ${SECONDS} s per cell, PostgreSQL ${process.env.FAIRDEAL_BENCH_PG === undefined ? 'throwaway cluster, fsync on' : 'FAIRDEAL_BENCH_PG'}; stored versions ${verified ? 'all match the 200 answers' : 'DO NOT MATCH'}\n| action | concurrency (actions in flight) | actions/s | p50 ms | p99 ms | CPU µs/action (2 services + PostgreSQL) | client CPU µs/action | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|\n${rows.join('\n')}`,
);
if (!verified) process.exitCode = 1;
