import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

/** A dealer running as a real process on a loopback port. */
export interface Running {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code (or signal name) once the process is gone. */
  readonly exited: Promise<number | string>;
}

/**
 * Starts `fairdeal serve --port 0 --db <db>` with the rate limit off, logging off and the key
 * file in {@link keyHomeOf}(db), and waits
 * (at most 15 s) for the line naming its URL. The caller must kill it (tests do in `finally`).
 *
 * @example
 * ```ts
 * const s = await spawnServer('/tmp/x.db');
 * ```
 * @throws {Error} if the process exits or says nothing within 15 s.
 */
export function spawnServer(db: string, extra: string[] = []): Promise<Running> {
  return spawnDealer(['--port', '0', '--db', db, '--rate-limit', '0', ...extra], {
    FAIRDEAL_LOG: '0',
    // The tables' key file goes to the user's configuration by default (docs/TABLES.md, "Keys"):
    // the tests' own, beside their database, never the home of whoever runs them.
    XDG_CONFIG_HOME: keyHomeOf(db),
  });
}

/**
 * The configuration folder {@link spawnServer} gives the server on `db` (its key file is
 * `<that>/fairdeal/secret.key`, unless FAIRDEAL_SECRET_KEY is set).
 *
 * @example
 * ```ts
 * keyHomeOf('/tmp/x/db.sqlite'); // '/tmp/x/db.sqlite.config'
 * ```
 * @throws never.
 */
export function keyHomeOf(db: string): string {
  return `${db}.config`;
}

/**
 * Starts `fairdeal serve <args>` as a process of its own (the tests' servers and the
 * benchmarks' alike; its stdout, the request log, is discarded), with `env` added to this
 * process's environment, and waits (at most 15 s) for the line naming its URL.
 *
 * @example
 * ```ts
 * const s = await spawnDealer(['--port', '0', '--rate-limit', '0'], { DATABASE_URL: url });
 * ```
 * @throws {Error} if the process exits or says nothing within 15 s.
 */
export async function spawnDealer(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
  main: string = MAIN,
): Promise<Running> {
  const child = spawn(process.execPath, [main, 'serve', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  let err = '';
  child.stderr?.setEncoding('utf8');
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start: ${err}`));
    }, 15_000);
    child.stderr?.on('data', (chunk: string) => {
      err += chunk;
      const m = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (m !== null) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited: ${err}`));
    });
  });
  return { url, child, stderr: () => err, exited };
}

/**
 * Stops a dealer started by {@link spawnDealer}: SIGTERM (a clean shutdown), then SIGKILL if it
 * is still running after 10 s. Resolves once the process is gone.
 *
 * @example
 * ```ts
 * after(() => stopDealer(server));
 * ```
 * @throws never.
 */
export async function stopDealer(server: Running | undefined): Promise<void> {
  if (server === undefined) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(timer);
}

/** GET a JSON answer. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
export async function getJson(url: string): Promise<{ status: number; body: any }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json() };
}
