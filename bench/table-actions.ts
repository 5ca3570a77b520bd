// `node bench/table-actions.ts`: what one table action costs in process, on a SQLite file, with
// nothing over the network — the part of an action that the service's own code spends (view,
// events, what is stored and read back), so that a change to it shows without the noise of a
// load tool. Three-seat Hold'em tables (`fair: false`): per hand 8 `move`s of a hole card
// hand → board → hand, then `end-hand` and `next-hand`, each with an Idempotency-Key (so an
// answer is stored), each followed by one seat reading its new events (a poll, as a page does).
// Prints CPU µs and wall µs per action (median of five rounds).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/server/app.ts';
import { createLocalNotifier } from '../src/server/local-notifier.ts';
import { openSqliteStore } from '../src/server/store/sqlite/deck-store.ts';
import { openSqliteTableStore } from '../src/server/store/sqlite/table-store.ts';
import type { SealedTableDocument } from '../src/server/tables/sealed-table-doc.ts';
import { createSecretBox } from '../src/server/tables/secret-box.ts';

const ROUNDS = 5;
const ACTIONS = Number(process.env.BENCH_ACTIONS ?? 2000);
const TABLES = 8;
const MOVES = 8;

const dir = mkdtempSync(join(tmpdir(), 'fairdeal-bench-actions-'));
const db = join(dir, 'bench.db');
const tables = openSqliteTableStore<SealedTableDocument>({ path: db });
const app = createApp({
  store: openSqliteStore({ path: db }),
  config: { rateLimit: 0 },
  tables: {
    store: tables,
    notifier: createLocalNotifier(),
    box: createSecretBox(new Uint8Array(32).fill(9)),
  },
});

// biome-ignore lint/suspicious/noExplicitAny: JSON answers.
type Json = any;
async function call(method: string, path: string, token?: string, body?: unknown, key?: string) {
  const res = await app.request(path, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      ...(key === undefined ? {} : { 'Idempotency-Key': key }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Json;
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${res.status} ${JSON.stringify(json)}`);
  return json;
}

interface Table {
  id: string;
  token: string;
  card: string;
  version: number;
  step: number;
  onBoard: boolean;
  lastEvent: number;
}

async function newTable(): Promise<Table> {
  const r = await call('POST', '/v1/tables', undefined, {
    preset: 'holdem',
    options: { seats: 3 },
    fair: false,
  });
  const token: string = r.seatTokens[0];
  const seen = await call('GET', `/v1/tables/${r.tableId}`, token);
  return {
    id: r.tableId,
    token,
    card: seen.table.hand.yourCards[0],
    version: seen.table.version,
    step: 0,
    onBoard: false,
    lastEvent: 0,
  };
}

let keyN = 0;
async function act(t: Table): Promise<void> {
  const body =
    t.step < MOVES
      ? t.onBoard
        ? { type: 'move', cards: [t.card], from: 'board', to: 'hand' }
        : { type: 'move', cards: [t.card], from: 'hand', to: 'board' }
      : { type: t.step === MOVES ? 'end-hand' : 'next-hand' };
  const r = await call(
    'POST',
    `/v1/tables/${t.id}/actions`,
    t.token,
    { ...body, version: t.version },
    `k${keyN++}`,
  );
  t.version = r.table.version;
  if (t.step < MOVES) {
    t.onBoard = !t.onBoard;
    t.step++;
  } else if (t.step === MOVES) t.step++;
  else {
    t.step = 0;
    t.onBoard = false;
    t.card = r.table.hand.yourCards[0];
  }
  const ev = await call('GET', `/v1/tables/${t.id}/events?after=${t.lastEvent}`, t.token);
  t.lastEvent = ev.events.at(-1)?.id ?? t.lastEvent;
}

const all: Table[] = [];
for (let i = 0; i < TABLES; i++) all.push(await newTable());
for (let i = 0; i < 200; i++) await act(all[i % TABLES]!); // warm-up

const cpu: number[] = [];
const wall: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  for (let i = 0; i < ACTIONS; i++) await act(all[i % TABLES]!);
  const c = process.cpuUsage(c0);
  wall.push(((performance.now() - w0) * 1000) / ACTIONS);
  cpu.push((c.user + c.system) / ACTIONS);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `table action + event poll, in process, SQLite file (${cpus()[0]?.model ?? '?'}, Node ${process.versions.node}):`,
);
console.log(
  `  CPU ${median(cpu).toFixed(0)} µs/action, wall ${median(wall).toFixed(0)} µs/action (median of ${ROUNDS} × ${ACTIONS}; rounds: ${cpu.map((x) => x.toFixed(0)).join(', ')})`,
);
await tables.close();
rmSync(dir, { recursive: true, force: true });
