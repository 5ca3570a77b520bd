// The setup both PostgreSQL benchmarks share (bench/server-pg.ts, bench/tables-pg.ts): one
// database (FAIRDEAL_BENCH_PG, else a throwaway cluster from tools/pg-cluster.sh with its default
// durability, fsync on) and `fairdeal serve` processes on it, as behind a load balancer.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Running, spawnDealer } from '../test/server/spawn-server.ts';

const ROOT = new URL('..', import.meta.url).pathname;

/** A database for the benchmark and a way to start service processes on it. */
export interface PgServices {
  /** The database's URL (never printed: it may hold a password). */
  readonly url: string;
  /** Starts one `fairdeal serve` on a free loopback port, without rate limit; its URL and process. */
  /**
   * A service process; `main` is another checkout's src/cli/main.ts (a before/after run), and
   * `url` another database of the cluster ({@link PgServices.database}: a checkout whose schema
   * differs needs its own).
   */
  start(main?: string, url?: string): Promise<Running>;
  /** The URL of a fresh database `name` on the same cluster (dropped first if it exists). */
  database(name: string): string;
  /** Removes the throwaway cluster, if this made one. */
  stop(): void;
}

/**
 * Opens the database (or makes a throwaway cluster) for a PostgreSQL benchmark.
 *
 * @example
 * ```ts
 * const pg = openPgServices();
 * const [a, b] = await Promise.all([pg.start(), pg.start()]);
 * ```
 * @throws {Error} if the cluster cannot be made; `start()` rejects if a service does not start.
 */
export function openPgServices(): PgServices {
  // Processes on one database share the master key (start-up refuses PostgreSQL without one).
  const key = process.env.FAIRDEAL_SECRET_KEY ?? randomBytes(32).toString('hex');
  let cluster: string | undefined;
  let url = process.env.FAIRDEAL_BENCH_PG;
  if (url === undefined) {
    const out = execFileSync('bash', [join(ROOT, 'tools/pg-cluster.sh'), 'start'], {
      encoding: 'utf8',
    });
    url = /FAIRDEAL_TEST_PG=(\S+)/.exec(out)![1]!;
    cluster = /FAIRDEAL_PG_CLUSTER=(\S+)/.exec(out)![1]!;
  }
  const database = url;
  return {
    url: database,
    start: async (main?: string, other?: string) => {
      return spawnDealer(
        ['--port', '0', '--rate-limit', '0'],
        { DATABASE_URL: other ?? database, FAIRDEAL_SECRET_KEY: key },
        ...(main === undefined ? [] : [main]),
      );
    },
    database: (name: string) => {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a database name: ${name}`);
      for (const sql of [`DROP DATABASE IF EXISTS ${name}`, `CREATE DATABASE ${name}`]) {
        execFileSync('psql', [database, '-q', '-c', sql], { stdio: 'ignore' });
      }
      const u = new URL(database);
      u.pathname = `/${name}`;
      return u.toString();
    },
    stop: () => {
      if (cluster !== undefined)
        execFileSync('bash', [join(ROOT, 'tools/pg-cluster.sh'), 'stop', cluster]);
    },
  };
}

/** utime + stime of a process in µs, from /proc (Linux); 0 when it is gone. */
export function cpuMicros(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

/** The CPU time so far (µs) of each process that serves the benchmark, by pid. */
export type CpuSample = ReadonlyMap<number, number>;

/**
 * Samples the CPU time of the service processes and of every PostgreSQL backend connected to
 * the benchmark's database.
 *
 * @example
 * ```ts
 * const before = await sampleCpu(pgc, pids);
 * // … load …
 * const us = cpuBetween(before, await sampleCpu(pgc, pids));
 * ```
 * @throws {Error} if the query fails.
 */
export async function sampleCpu(
  pgc: { query<R>(sql: string): Promise<{ rows: R[] }> },
  servicePids: readonly number[],
): Promise<CpuSample> {
  const r = await pgc.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  const pids = [...servicePids, ...r.rows.map((x) => x.pid)];
  return new Map(pids.map((pid) => [pid, cpuMicros(pid)]));
}

/**
 * CPU time (µs) spent between two samples, process by process: a backend that started in
 * between counts whole, one that exited in between (the pool closes idle connections after
 * 10 s) is left out instead of being subtracted — the sum of two totals went negative then. An
 * exited backend's last moments are not counted: the figure can only be low, never negative.
 */
export function cpuBetween(before: CpuSample, after: CpuSample): number {
  let total = 0;
  for (const [pid, us] of after) total += Math.max(0, us - (before.get(pid) ?? 0));
  return total;
}
