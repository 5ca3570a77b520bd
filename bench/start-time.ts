// `npm run bench:start [-- BEFORE_CHECKOUT] [--runs=N]`: how long `fairdeal serve` takes to be
// ready, from spawning the process to the first 200 of /healthz (issue 26: "the service listens
// within 0.5 s of start"; it compressed the page first, ~2 s of CPU). Each start is a fresh
// process on a fresh SQLite file with the page built (as `npm start` runs it); the process's own
// CPU time up to that answer is read from /proc. Cases, interleaved run by run so that they see
// the same machine:
// - this checkout, as a second start finds it (Node's compile cache filled by an earlier start);
// - this checkout, cold: an empty compile cache, as the first start after an install or a change;
// - BEFORE_CHECKOUT (optional: a git worktree or `git archive` of an earlier commit, with this
//   node_modules), its own page built by its own tools/build-web.ts, without a compile cache (as
//   services started before issue 26).
// The figures go to docs/BENCHMARKS.md, "Dealer service start-up", by hand.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { keyHomeOf, spawnDealer, stopDealer } from '../test/server/spawn-server.ts';
import { buildWeb } from '../tools/build-web.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const RUNS = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 15);
const BEFORE = args.find((a) => !a.startsWith('--'));
const TICK_MS = 1000 / 100; // /proc/<pid>/stat counts CPU in clock ticks (USER_HZ = 100 on Linux)

// A git worktree names its commit; an exported tree (git archive) only its folder.
function revisionOf(checkout: string): string {
  try {
    return execFileSync('git', ['-C', checkout, 'rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return basename(checkout);
  }
}

interface Case {
  readonly name: string;
  readonly main: string;
  /** Extra environment per start (a fresh compile cache folder for the cold case). */
  readonly env: () => Record<string, string>;
  readonly ready: number[];
  readonly cpu: number[];
}

const work = mkdtempSync(join(tmpdir(), 'fairdeal-bench-start-'));
const warmCache = join(work, 'compile-cache');
let fresh = 0;
const cases: Case[] = [
  {
    name: 'this checkout (compile cache filled)',
    main: join(ROOT, 'src/cli/main.ts'),
    env: () => ({ NODE_COMPILE_CACHE: warmCache }),
    ready: [],
    cpu: [],
  },
  {
    name: 'this checkout, cold (empty compile cache)',
    main: join(ROOT, 'src/cli/main.ts'),
    env: () => ({ NODE_COMPILE_CACHE: join(work, `cold-${fresh++}`) }),
    ready: [],
    cpu: [],
  },
];
if (BEFORE !== undefined) {
  const before = resolve(BEFORE);
  execFileSync(process.execPath, [join(before, 'tools/build-web.ts')], { stdio: 'ignore' });
  cases.push({
    name: `before (${revisionOf(before)}), as it ran: no compile cache`,
    main: join(before, 'src/cli/main.ts'),
    env: () => ({ NODE_DISABLE_COMPILE_CACHE: '1' }),
    ready: [],
    cpu: [],
  });
}

function cpuMs(pid: number): number {
  // Fields 14 and 15 (utime, stime) after the command name, which is in parentheses.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** Starts so far: each start gets a database file of its own, never one another case made. */
let starts = 0;

async function startOnce(c: Case): Promise<{ ready: number; cpu: number }> {
  const db = join(work, `start-${starts++}.db`);
  const t0 = performance.now();
  const server = await spawnDealer(
    ['--port', '0', '--db', db, '--rate-limit', '0'],
    { FAIRDEAL_LOG: '0', XDG_CONFIG_HOME: keyHomeOf(join(work, 'key.db')), ...c.env() },
    c.main,
  );
  try {
    const r = await fetch(`${server.url}/healthz`);
    if (r.status !== 200) throw new Error(`/healthz answered ${r.status}`);
    const ready = performance.now() - t0;
    return { ready, cpu: cpuMs(server.child.pid!) };
  } finally {
    await stopDealer(server);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1
    ? s[(s.length - 1) / 2]!
    : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const fmt = (x: number) => Math.round(x).toLocaleString('en-US');

const load0 = loadavg()[0]!;
const started = new Date();
try {
  await buildWeb();
  for (const c of cases) await startOnce(c); // fills the compile caches; not counted
  for (let run = 0; run < RUNS; run++) {
    for (const c of cases) {
      const { ready, cpu } = await startOnce(c);
      c.ready.push(ready);
      c.cpu.push(cpu);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const load1 = loadavg()[0]!;

process.stdout.write(
  `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), load average ${load0.toFixed(2)} at the start and ${load1.toFixed(2)} at the end; ${RUNS} starts per case, interleaved.\n\n` +
    '| case | spawn → first 200 of /healthz, median ms | min – max ms | CPU of the process up to then, median ms |\n|---|---:|---:|---:|\n' +
    cases
      .map(
        (c) =>
          `| ${c.name} | ${fmt(median(c.ready))} | ${fmt(Math.min(...c.ready))} – ${fmt(Math.max(...c.ready))} | ${fmt(median(c.cpu))} |`,
      )
      .join('\n') +
    '\n',
);
