// The setup both PostgreSQL benchmarks share (bench/server-pg.ts, bench/tables-pg.ts): one
// database (FAIRDEAL_BENCH_PG, else a throwaway cluster from tools/pg-cluster.sh with its default
// durability, fsync on) and `fairdeal serve` processes on it, as behind a load balancer.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type Running, spawnDealer } from '../test/server/spawn-server.ts';

const ROOT = new URL('..', import.meta.url).pathname;

/** A database for the benchmark and a way to start service processes on it. */
export interface PgServices {
  /** The database's URL (never printed: it may hold a password). */
  readonly url: string;
  /** Starts one `fairdeal serve` on a free loopback port, without rate limit; its URL and process. */
  start(): Promise<Running>;
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
    start: async () => {
      return spawnDealer(['--port', '0', '--rate-limit', '0'], {
        DATABASE_URL: database,
        FAIRDEAL_SECRET_KEY: key,
      });
    },
    stop: () => {
      if (cluster !== undefined)
        execFileSync('bash', [join(ROOT, 'tools/pg-cluster.sh'), 'stop', cluster]);
    },
  };
}
