// `node bench/dark-browser.ts [rounds]` (npm run bench:dark-browser): a dark deal in Chromium
// (Debian's /usr/bin/chromium through playwright-core), as a dark table's pages run it — the
// page's own dark-worker.js as `npm run build:web` builds it, one worker per seat (three in one
// page here; at a table each seat's is on its own device), the page relaying their public
// messages as the service does. From the first key to every seat seeing its 17 cards, total and
// per step (keys, each shuffle step, the deck read, shares made, shares checked, opening), and
// `verifyDarkTranscript` of the whole hand in a fourth worker. Each row: the median of the
// rounds (default 11, after 2 warm-ups, each a new hand) with the interquartile range; the
// target for the deal is under 1 s (issue 24). Prints the rows for docs/BENCHMARKS.md.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { DARK_WORKER_CSP, PAGE_CSP } from '../src/server/web-page.ts';
import { launchChromium } from '../test/support/chromium.ts';
import { buildWeb } from '../tools/build-web.ts';

const rounds = Number(process.argv[2] ?? 11);
/** The rows' names in docs/BENCHMARKS.md, by the page's step names. */
const LABELS: Record<string, string> = {
  keys: 'keys (made, sent, every proof checked)',
  'shuffle 0': 'shuffle step, seat 1',
  'shuffle 1': 'shuffle step, seat 2',
  'shuffle 2': 'shuffle step, seat 3',
  deck: 'the final deck read by every seat',
  'shares made': 'shares made (34 a seat)',
  'shares checked': 'shares checked (34 a seat: its own 17 cards)',
  opening: 'opening (17 cards a seat)',
  'deal: first key to every seat seeing its 17 cards':
    '**the deal: first key to every seat seeing its 17 cards** (target < 1 s)',
  'verifyDarkTranscript of the whole hand (in a worker)':
    '`verifyDarkTranscript` of the whole hand, in a worker',
};
const WARM = 2;
const dir = mkdtempSync(join(tmpdir(), 'fairdeal-dark-bench-'));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadBefore = load();

await buildWeb(join(dir, 'web'));
await build({
  entryPoints: [fileURLToPath(new URL('./dark-browser-page.ts', import.meta.url))],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  outfile: join(dir, 'bench.js'),
  logLevel: 'silent',
});

const PAGE =
  '<!doctype html><meta charset="utf-8"><title>dark bench</title><script type="module" src="/bench.js"></script>';
const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/') {
    res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': PAGE_CSP });
    res.end(PAGE);
    return;
  }
  const file = normalize(join(dir, path));
  if (!file.startsWith(dir) || !file.endsWith('.js')) {
    res.writeHead(404).end();
    return;
  }
  try {
    const body = readFileSync(file);
    const csp = path === '/web/dark-worker.js' ? DARK_WORKER_CSP : PAGE_CSP;
    res.writeHead(200, { 'content-type': 'text/javascript', 'content-security-policy': csp });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await launchChromium();
const times = new Map<string, number[]>();
try {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(origin);
  await page.waitForFunction(() => 'darkRound' in globalThis);
  for (let r = 0; r < WARM + rounds; r++) {
    const round = await page.evaluate(
      (hand) =>
        (
          globalThis as unknown as { darkRound(h: number): Promise<Record<string, number>> }
        ).darkRound(hand),
      r + 1,
    );
    if (r < WARM) continue;
    for (const [step, ms] of Object.entries(round))
      times.set(step, [...(times.get(step) ?? []), ms]);
  }
  if (errors.length > 0) throw new Error(errors.join('\n'));
  const version = browser.version();
  const quantile = (sorted: number[], f: number) => sorted[Math.round(f * (sorted.length - 1))]!;
  const num = (x: number) => x.toFixed(x < 10 ? 1 : 0);
  const ms = (x: number) => `${num(x)} ms`;
  console.log(
    `Chromium ${version} headless, ${new Date().toISOString()}, ${rounds} rounds after ${WARM} warm-ups, load average ${loadBefore} before and ${load()} after`,
  );
  console.log(
    `command: npm run bench:dark-browser${process.argv[2] ? ` -- ${process.argv[2]}` : ''}`,
  );
  console.log('| step (Chromium, three workers in one page) | median | IQR |');
  console.log('|---|---:|---|');
  for (const [step, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `| ${LABELS[step] ?? step} | ${ms(quantile(sorted, 0.5))} | ${num(quantile(sorted, 0.25))}–${ms(quantile(sorted, 0.75))} |`,
    );
  }
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
