// `node bench/browser.ts [rounds] [budget ms] [--quick] [--sizes=5,52,…] [--modes=clean,polluted]
// [--base=<git revision>]` (run by `npm run bench`): shuffles, fair deals, verify and the
// keystream in Chromium (Debian's /usr/bin/chromium through playwright-core), where fairdeal runs
// its portable ChaCha20 and SHA-256. fairdeal's sources are served as they are (types stripped by
// Node, as in test/browser/); the peers are the same packages as in Node, bundled by esbuild
// (some are CommonJS) and served in place of bench/peers-entry.ts. Every shuffle case is timed
// both ways, as in Node: `clean`, each contender in a Web Worker of its own (bench/page-worker.ts),
// and `polluted`, all in the page after every contender ran on every kind of array
// (bench/pollute.ts). `--quick` is 3 rounds of 30 ms at fewer sizes; `--base=main` also loads the
// library at that revision (served from git, under /base/) and interleaves its fair deals,
// verify and keystream with this tree's. Prints one JSON object.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { CHROMIUM, withSourcesPage } from '../test/support/serve-sources.ts';
import { QUICK_SIZES, SIZES } from './contenders.ts';
import { KINDS } from './loops.ts';

const ROOT = resolve(fileURLToPath(new URL('../', import.meta.url)));
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const flag = (name: string) =>
  flags.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = flags.includes('--quick');
const base = flag('base');
const sizes = flag('sizes')?.split(',').map(Number) ?? (quick ? QUICK_SIZES : SIZES);
const modes = (flag('modes')?.split(',') ?? ['clean', 'polluted']) as ('clean' | 'polluted')[];
const [roundsText = quick ? '3' : '5', budgetText = quick ? '30' : '60'] = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('--'));
const rounds = Number(roundsText);
const budgetMs = Number(budgetText);

const PAGE = `<!doctype html><meta charset="utf-8"><title>fairdeal bench</title>
<script type="module">
  import { shuffles, operations } from '/bench/page-bench.ts';
  const base = ${base !== undefined}
    ? { lib: await import('/base/src/index.ts'), fair: await import('/base/src/fair/index.ts') }
    : undefined;
  window.shuffles = shuffles;
  window.operations = (rounds, budget) => operations(rounds, budget, base);
  window.ready = true;
</script>`;

/** A source file as it is at a git revision (`git show`), or undefined if it is not there. */
function fromRevision(revision: string, file: string): string | undefined {
  const relative = file.slice(ROOT.length).replace(/^\/+/, '');
  try {
    return execFileSync('git', ['show', `${revision}:${relative}`], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
}

if (!existsSync(CHROMIUM)) {
  console.log(JSON.stringify({ error: `${CHROMIUM} not found (apt-get install -y chromium)` }));
  process.exit(0);
}
const peers = (
  await build({
    entryPoints: [join(ROOT, 'bench/peers-entry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  })
).outputFiles[0]!.text;
const BENCH_FILES = new Set([
  'loops',
  'page-bench',
  'page-contenders',
  'page-worker',
  'pollute',
  'timing',
]);
const extra = (path: string): string | undefined => {
  if (path === '/bench/peers-entry.ts') return peers;
  const name = /^\/bench\/([a-z-]+)\.ts$/.exec(path)?.[1];
  if (name !== undefined && BENCH_FILES.has(name))
    return readFileSync(join(ROOT, 'bench', `${name}.ts`), 'utf8');
  if (base === undefined || !path.startsWith('/base/')) return undefined;
  const file = normalize(join(ROOT, path.slice('/base'.length)));
  return file.startsWith(join(ROOT, 'src')) && file.endsWith('.ts')
    ? fromRevision(base, file)
    : undefined;
};

type Case = {
  mode: string;
  kind: string;
  n: number;
  rates?: Record<string, number[]>;
  error?: string;
};
type Page = {
  shuffles: (m: string, k: string, n: number, r: number, b: number) => Promise<unknown>;
  operations: (r: number, b: number) => unknown;
};
const out = await withSourcesPage(
  PAGE,
  async (page) => {
    const cases: Case[] = [];
    for (const mode of modes)
      for (const kind of KINDS)
        for (const n of sizes) {
          const started = performance.now();
          try {
            const rates = (await page.evaluate(
              ([m, k, size, r, b]) =>
                (window as unknown as Page).shuffles(m, k, size, r, b) as Promise<
                  Record<string, number[]>
                >,
              [mode, kind, n, rounds, budgetMs] as const,
            )) as Record<string, number[]>;
            cases.push({ mode, kind, n, rates });
          } catch (e) {
            // The page could not hold or time this case (10,000,000 items in every contender's
            // Worker): the report says so rather than leave the row out.
            cases.push({ mode, kind, n, error: (e as Error).message.split('\n', 1)[0]! });
          }
          const s = ((performance.now() - started) / 1000).toFixed(1);
          process.stderr.write(`  chromium ${mode} ${kind} ${n} (${s} s)\n`);
        }
    const ops = await page.evaluate(([r, b]) => (window as unknown as Page).operations(r, b), [
      rounds,
      budgetMs,
    ] as const);
    const ua = await page.evaluate(() => navigator.userAgent);
    return { ua, cases, ops };
  },
  extra,
);
console.log(JSON.stringify(out));
