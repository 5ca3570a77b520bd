import process from 'node:process';
import { parseArgs } from 'node:util';
import { loadPeer } from '../../audit/index.ts';
import { enableServiceCompileCache } from '../compile-cache.ts';
import type { Command } from '../io.ts';

const HELP = `Usage: fairdeal serve [options]

Runs the dealer service (the Deck of Cards API surface) until SIGTERM or SIGINT (Ctrl-C).

Options (each also an environment variable):
  --port N            port (PORT, default 8080; 0 = any free port)
  --host ADDR         address (HOST, default 127.0.0.1; 0.0.0.0 to serve a network)
  --db PATH           SQLite file (FAIRDEAL_DB, default ./data/fairdeal.db)
                      (DATABASE_URL=postgres://… uses PostgreSQL instead: docs/DEPLOY.md)
  --synchronous L     OFF | NORMAL | FULL | EXTRA (FAIRDEAL_SYNCHRONOUS, default NORMAL)
  --rate-limit N      requests/s per client, 0 or 'off' = no limit (FAIRDEAL_RATE_LIMIT, 50)
  --rate-burst N      burst per client (FAIRDEAL_RATE_BURST, default 100)
  --public-url URL    origin for image URLs behind a proxy (PUBLIC_URL)
  --trust-proxy V     behind your own proxies: true (one), their number, or their
                      addresses/networks (FAIRDEAL_TRUST_PROXY, default false)
  --request-timeout-ms N  ms to send a whole request (FAIRDEAL_REQUEST_TIMEOUT_MS, 30000)
  --headers-timeout-ms N  ms to send the headers (FAIRDEAL_HEADERS_TIMEOUT_MS, 10000)
  --purge-days N      delete decks unchanged for N days, 0 = never (FAIRDEAL_PURGE_DAYS, 14)
  --table-purge-days N  delete tables (with their hands and events) unchanged for N days,
                      0 = never (FAIRDEAL_TABLE_PURGE_DAYS, 30); stored answers expire
                      after FAIRDEAL_ANSWER_HOURS (24): docs/DEPLOY.md, "Purges"
  --sweep-ms N        every N ms, void the table hands past their deadline and play the
                      turns whose clock ran out; 0 = not in this process (FAIRDEAL_SWEEP_MS,
                      default 1000)
  -h, --help          this help

The tables' key (docs/TABLES.md, "Keys"): FAIRDEAL_SECRET_KEY (64 hex digits), else the file
FAIRDEAL_KEY_FILE (default ~/.config/fairdeal/secret.key, made on first start, outside the data
folder: back it up on its own); FAIRDEAL_SECRET_KEY_PREVIOUS keeps old keys opening (rotation).
`;

/** `fairdeal serve`: the dealer service in the foreground. */
export const serve: Command = async (args, io) => {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      db: { type: 'string' },
      synchronous: { type: 'string' },
      'rate-limit': { type: 'string' },
      'rate-burst': { type: 'string' },
      'public-url': { type: 'string' },
      'trust-proxy': { type: 'string' },
      'request-timeout-ms': { type: 'string' },
      'headers-timeout-ms': { type: 'string' },
      'purge-days': { type: 'string' },
      'table-purge-days': { type: 'string' },
      'sweep-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const flags: Record<string, string | undefined> = {
    port: values.port,
    host: values.host,
    db: values.db,
    synchronous: values.synchronous,
    rateLimit: values['rate-limit'],
    rateBurst: values['rate-burst'],
    publicUrl: values['public-url'],
    trustProxy: values['trust-proxy'],
    requestTimeoutMs: values['request-timeout-ms'],
    headersTimeoutMs: values['headers-timeout-ms'],
    purgeDays: values['purge-days'],
    tablePurgeDays: values['table-purge-days'],
    sweepMs: values['sweep-ms'],
  };
  const overrides = Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined));
  // Before the service's modules load: a start after the first reuses their compiled code.
  enableServiceCompileCache(io.env);
  // hono and @hono/node-server are optional peers (README, "Why these dependencies"): a missing
  // one is a one-line usage error naming the package (MISSING_PEER), not a module-not-found trace.
  await loadPeer('hono', 'running the dealer service', () => import('hono'));
  await loadPeer(
    '@hono/node-server',
    'running the dealer service',
    () => import('@hono/node-server'),
  );
  const { configFrom, startServer } = await import('../../server/index.ts');
  const config = configFrom(io.env, overrides);
  // The service names its version in /openapi.json and /docs: the package's.
  const { readFileSync } = await import('node:fs');
  const { version } = JSON.parse(
    readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  const server = await startServer({ config, version });
  io.err(
    `fairdeal dealer on ${server.url} (data ${config.databaseUrl === undefined ? config.db : 'in PostgreSQL'}, rate limit ${config.rateLimit === 0 ? 'off' : `${config.rateLimit}/s burst ${config.rateBurst}`}, tables' key ${server.keyFrom})\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      io.err(`${signal}: stopping\n`);
      process.off('SIGTERM', onTerm);
      process.off('SIGINT', onInt);
      void server.close().then(resolve);
    };
    const onTerm = () => stop('SIGTERM');
    const onInt = () => stop('SIGINT');
    process.on('SIGTERM', onTerm);
    process.on('SIGINT', onInt);
  });
  io.err('stopped\n');
  return 0;
};
