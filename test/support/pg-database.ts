import { randomBytes } from 'node:crypto';
import { loadPg } from '../../src/server/store/postgres/load-pg.ts';

/** A fresh database for one test file, or why the PostgreSQL tests are skipped. */
export type TestDatabase =
  | { readonly url: string; readonly skip?: undefined; drop(): Promise<void> }
  | { readonly url?: undefined; readonly skip: string; drop(): Promise<void> };

const HOW = 'run them with: tools/pg-cluster.sh run --fast -- npm test';

/**
 * Creates an empty database on the server named by FAIRDEAL_TEST_PG (tools/pg-cluster.sh sets
 * it), so each test file has its own schema and data and nothing is left behind (`drop`).
 *
 * Under CI (CI=true) the PostgreSQL tests must run: a missing variable or an unreachable server
 * throws, which fails the test file. Elsewhere they are reported as skipped, with the reason —
 * never as passed.
 *
 * @example
 * ```ts
 * const db = await testDatabase();
 * test('…', { skip: db.skip }, async () => { … db.url … });
 * after(() => db.drop());
 * ```
 * @throws {Error} under CI when no PostgreSQL server is reachable.
 */
export async function testDatabase(): Promise<TestDatabase> {
  const ci = process.env.CI === 'true';
  const admin = process.env.FAIRDEAL_TEST_PG;
  const none = async () => {};
  if (admin === undefined || admin === '') {
    if (ci)
      throw new Error(
        `FAIRDEAL_TEST_PG is not set, but under CI the PostgreSQL tests must run (${HOW})`,
      );
    return { skip: `no PostgreSQL: FAIRDEAL_TEST_PG is not set (${HOW})`, drop: none };
  }
  const { Client } = await loadPg();
  const name = `fd_test_${randomBytes(6).toString('hex')}`;
  const client = new Client({ connectionString: admin, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await client.end().catch(() => {});
    const why = `PostgreSQL at FAIRDEAL_TEST_PG unreachable: ${(error as Error).message}`;
    if (ci) throw new Error(why);
    return { skip: `${why} (${HOW})`, drop: none };
  }
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: admin });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
