// `npm run bench:tables-v3 -- BEFORE_CHECKOUT`: a table service before and after a change, in ONE
// run (written for fairdeal-v3's signatures; any earlier commit whose tables speak fairdeal-v3's
// client side, or fairdeal-v2's, works). Two service processes of this checkout (after) and two
// of BEFORE_CHECKOUT (a git worktree of the earlier commit, sharing this node_modules), each side
// on its own database of one throwaway PostgreSQL; cells alternate between the sides, so both see
// the same machine.
//
// Two mixes, each on 3-seat Hold'em tables round-robined by the workers:
// - practice: 8 moves, end-hand, next-hand (dealt at once). v3 signs each announcement and each
//   record; v2 signed nothing in the action path.
// - fair: 3 commits, 3 reveals (the last deals), end-hand, next-hand. v3: each commit and reveal
//   is an Ed25519 signature the service checks and a receipt it signs; the clients' own signing
//   (Web Crypto, async) is counted in the client column, not the service's.
// Server CPU per action is read from /proc for the two services and PostgreSQL's backends.
import { Agent } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  type AnnouncementV3,
  commitAsSeat,
  commitClientSeed,
  type RosterV3,
  revealAsSeat,
  type SeatCommitV3,
  type SeatKeyPair,
} from '../src/fair/index.ts';
import { openClaimedTable } from './claimed-table.ts';
import { cpuBetween, openPgServices, sampleCpu } from './pg-services.ts';
import { sendJson } from './send-json.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const BEFORE = process.argv[2] ?? process.env.FAIRDEAL_BENCH_BEFORE;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const LEVELS = (process.env.BENCH_CONCURRENCY ?? '8,32').split(',').map(Number);
const MOVES = 8;
const PER_WORKER = 4;

// biome-ignore lint/suspicious/noExplicitAny: JSON answers.
type Json = any;
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const send = (method: string, u: string, body?: object, token?: string) =>
  sendJson(agent, method, u, body, token);

interface Table {
  base: string;
  id: string;
  v3: boolean;
  tokens: string[];
  keys: SeatKeyPair[];
  players: string[];
  version: number;
  step: number;
  card: string;
  onBoard: boolean;
  secrets: (SeatCommitV3 | { seed: string; salt: string })[];
  /** The hand's announcement and (v3) roster, read once per hand by the client. */
  hand: Json;
}

async function newTable(base: string, fair: boolean): Promise<Table> {
  const t = await openClaimedTable(agent, base, { preset: 'holdem', options: { seats: 3 }, fair });
  return {
    base,
    id: t.id,
    v3: t.v3,
    tokens: t.tokens,
    keys: t.keys,
    players: t.table.players,
    version: t.table.version,
    step: 0,
    card: t.table.hand.yourCards?.[0] ?? '',
    onBoard: false,
    secrets: [],
    hand: null,
  };
}

/** The next request of a table, made as its seat's client would (signing included). */
async function nextRequest(
  t: Table,
  fair: boolean,
  view: () => Promise<Json>,
): Promise<[object, string]> {
  const seat0 = t.tokens[0]!;
  if (!fair) {
    if (t.step < MOVES) {
      return [
        t.onBoard
          ? { type: 'move', cards: [t.card], from: 'board', to: 'hand' }
          : { type: 'move', cards: [t.card], from: 'hand', to: 'board' },
        seat0,
      ];
    }
    return [{ type: t.step === MOVES ? 'end-hand' : 'next-hand' }, seat0];
  }
  // One read of the table per hand for the announcement, one (v3) for the roster: the same reads
  // on both sides, so the server CPU per action compares the actions themselves.
  if (t.step === 0 || (t.step === 3 && t.v3)) t.hand = (await view()).hand;
  if (t.step < 3) {
    const k = t.step;
    const hand = t.hand;
    if (t.v3) {
      const mine = await commitAsSeat(hand.announcement as AnnouncementV3, k, `s${k}`, t.keys[k]!);
      t.secrets[k] = mine;
      return [
        { type: 'commit', commitment: mine.commitment, signature: mine.signature },
        t.tokens[k]!,
      ];
    }
    const mine = commitClientSeed(hand.announcement, t.players[k]!, `s${k}`);
    t.secrets[k] = mine;
    return [{ type: 'commit', commitment: mine.commitment }, t.tokens[k]!];
  }
  if (t.step < 6) {
    const k = t.step - 3;
    if (t.v3) {
      const roster = t.hand.roster as RosterV3;
      const r = await revealAsSeat(t.secrets[k] as SeatCommitV3, roster, t.keys[k]!);
      return [{ type: 'reveal', seed: r.seed, salt: r.salt, signature: r.signature }, t.tokens[k]!];
    }
    const s = t.secrets[k] as { seed: string; salt: string };
    return [{ type: 'reveal', seed: s.seed, salt: s.salt }, t.tokens[k]!];
  }
  return [{ type: t.step === 6 ? 'end-hand' : 'next-hand' }, seat0];
}

if (BEFORE === undefined) {
  console.error('usage: npm run bench:tables-v3 -- <checkout of an earlier commit>');
  process.exit(2);
}
const pg = openPgServices();
// Each side on its own database of the one cluster: a checkout whose schema differs (a newer
// migration step) must not share its tables.
const sides = [
  { label: 'after (this checkout)', main: join(ROOT, 'src/cli/main.ts'), url: pg.url },
  {
    label: `before (${BEFORE})`,
    main: join(BEFORE, 'src/cli/main.ts'),
    url: pg.database('fairdeal_bench_before'),
  },
];
const servers = await Promise.all(
  sides.flatMap((s) => [pg.start(s.main, s.url), pg.start(s.main, s.url)]),
);
const rows: string[] = [];
const loadBefore = loadavg()[0]!;
try {
  const { Client } = (await import('pg')).default;
  // One connection per side's database: its backends are what the side's CPU counts.
  const clients = sides.map((s) => new Client({ connectionString: s.url }));
  await Promise.all(clients.map((c) => c.connect()));
  for (const fair of [false, true]) {
    for (const concurrency of LEVELS) {
      for (const [i, side] of sides.entries()) {
        const mine = servers.slice(2 * i, 2 * i + 2);
        const bases = mine.map((s) => s.url);
        const owned = await Promise.all(
          Array.from({ length: concurrency }, async (_, w) => {
            const list: Table[] = [];
            for (let j = 0; j < PER_WORKER; j++)
              list.push(await newTable(bases[(w + j) % 2]!, fair));
            return list;
          }),
        );
        let measuring = false;
        let stopAt = 0;
        let ok = 0;
        let errors = 0;
        const latencies: number[] = [];
        const worker = async (list: Table[], k: number) => {
          for (let n = k; Date.now() < stopAt; n++) {
            const t = list[n % list.length]!;
            const view = async () =>
              (await send('GET', `${t.base}/v1/tables/${t.id}`, undefined, t.tokens[0])).json.table;
            const [body, token] = await nextRequest(t, fair, view);
            const t0 = performance.now();
            const r = await send(
              'POST',
              `${t.base}/v1/tables/${t.id}/actions`,
              { ...body, version: t.version },
              token,
            );
            if (measuring) latencies.push(performance.now() - t0);
            if (r.status === 200) {
              if (measuring) ok++;
              t.version = r.json.table.version;
              const last = fair ? 7 : MOVES + 1;
              if (!fair && t.step < MOVES) t.onBoard = !t.onBoard;
              if (t.step === last) {
                t.step = 0;
                t.card = r.json.table.hand.yourCards?.[0] ?? '';
                t.onBoard = false;
              } else t.step++;
            } else {
              if (measuring) errors++;
              if (r.json.version !== undefined) t.version = r.json.version;
            }
          }
        };
        stopAt = Date.now() + 1000;
        await Promise.all(owned.map(worker));
        measuring = true;
        const pids = mine.map((s) => s.child.pid!);
        const cpu0 = await sampleCpu(clients[i]!, pids);
        const self0 = process.cpuUsage();
        const t0 = performance.now();
        stopAt = Date.now() + SECONDS * 1000;
        await Promise.all(owned.map(worker));
        const elapsed = (performance.now() - t0) / 1000;
        const cpu = cpuBetween(cpu0, await sampleCpu(clients[i]!, pids));
        const self = process.cpuUsage(self0);
        latencies.sort((x, y) => x - y);
        const q = (p: number) =>
          latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
        const line = `| ${fair ? 'fair: 3 commits, 3 reveals, end, next' : `practice: ${MOVES} moves, end, next`} | ${side.label} | ${concurrency} | ${Math.round(ok / elapsed).toLocaleString('en-US')} | ${q(0.5).toFixed(1)} | ${q(0.99).toFixed(1)} | ${(cpu / Math.max(1, ok + errors)).toFixed(0)} | ${((self.user + self.system) / Math.max(1, ok + errors)).toFixed(0)} | ${errors} |`;
        console.log(line);
        rows.push(line);
      }
    }
  }
  await Promise.all(clients.map((c) => c.end()));
} finally {
  agent.destroy();
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((r) => s.child.once('exit', r))));
  pg.stop();
}
console.log(
  `\n${new Date().toISOString()}, Node ${process.version}, ${availableParallelism()} cores, load average ${loadBefore.toFixed(2)} before / ${loadavg()[0]!.toFixed(2)} after, ${SECONDS} s per cell, two service processes per side on one throwaway PostgreSQL (fsync on)\n| mix | side | actions in flight | actions/s | p50 ms | p99 ms | server CPU µs/action (2 services + PostgreSQL) | client CPU µs/action | errors |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n${rows.join('\n')}`,
);
