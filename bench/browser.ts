// `node bench/browser.ts` (or `npm run bench -- --browser`): shuffles, fair deals and verify in
// Chromium (Debian's /usr/bin/chromium through playwright-core), where fairdeal runs its portable
// ChaCha20 and SHA-256. Sources are served as they are, types stripped by Node (as in
// test/browser/). Peers are CommonJS packages and are not loaded in the page: the comparison is
// with the plain Math.random loop, interleaved in rounds like measure.ts. Prints JSON rows.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { stripTypeScriptTypes } from 'node:module';
import { tmpdir } from 'node:os';
import { join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../test/support/chromium-args.ts';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = resolve(fileURLToPath(new URL('../', import.meta.url)));
const [roundsText = '5', budgetText = '60'] = process.argv.slice(2);

/** Runs in the page: every size × kind, fairdeal (secure, chacha20) and the plain loop. */
const PAGE = `<!doctype html><meta charset="utf-8"><title>fairdeal bench</title>
<script type="module">
  import * as lib from '/src/index.ts';
  import * as fair from '/src/fair/index.ts';
  window.run = (rounds, budget) => {
    const plain = (a) => { for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); const t = a[i]; a[i] = a[j]; a[j] = t; } return a; };
    const seeded = lib.chacha20('browser bench');
    const rate = (f) => { let ops = 0; const t0 = performance.now(); let now = t0; do { f(); ops++; now = performance.now(); } while (now - t0 < budget); return ops * 1000 / (now - t0); };
    const rows = [];
    const kinds = { Array: (n) => Array.from({ length: n }, (_, i) => i), Uint32Array: (n) => new Uint32Array(n).map((_, i) => i), Float64Array: (n) => new Float64Array(n).map((_, i) => i) };
    for (const [kind, make] of Object.entries(kinds)) for (const n of [52, 1000, 50000, 1000000]) {
      const a = make(n);
      const fs = [['secure', () => lib.shuffle(a)], ['chacha20', () => lib.shuffle(a, seeded)], ['plain', () => plain(a)]];
      const batch = Math.max(1, Math.floor(20000 / n));
      const one = (f) => () => { for (let i = 0; i < batch; i++) f(); };
      for (const [, f] of fs) for (let w = 0; w < 3; w++) rate(one(f));
      const r = fs.map(() => []);
      for (let k = 0; k < rounds; k++) for (let c = 0; c < fs.length; c++) { const i = (c + k) % fs.length; r[i].push(rate(one(fs[i][1])) * batch); }
      rows.push({ kind, n, rates: Object.fromEntries(fs.map(([name], i) => [name, r[i]])) });
    }
    const { transcript } = fair.fairDeal('doudizhu', { clientSeeds: ['a', 'b', 'c'] });
    const ops = [['fair Dou Dizhu deal', () => fair.fairDeal('doudizhu', { clientSeeds: ['a', 'b', 'c'] })], ['verify', () => fair.verify(transcript)]];
    for (const [name, f] of ops) { rate(f); const r = []; for (let k = 0; k < rounds; k++) r.push(rate(f)); rows.push({ op: name, rates: r }); }
    return { rows, ua: navigator.userAgent };
  };
  window.ready = true;
</script>`;

if (!existsSync(CHROMIUM)) {
  console.log(JSON.stringify({ error: `${CHROMIUM} not found (apt-get install -y chromium)` }));
  process.exit(0);
}
const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    return;
  }
  const file = normalize(join(ROOT, path));
  if (!file.startsWith(join(ROOT, 'src')) || !file.endsWith('.ts') || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  const js = stripTypeScriptTypes(readFileSync(file, 'utf8'), { mode: 'strip' });
  res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(js);
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const address = server.address();
const port = typeof address === 'object' && address !== null ? address.port : 0;
const profile = mkdtempSync(join(tmpdir(), 'fairdeal-bench-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: [...CHROMIUM_ARGS],
});
try {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(
    () => (window as unknown as { ready?: boolean }).ready === true,
    null,
    {
      timeout: 30_000,
    },
  );
  if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
  const out = await page.evaluate(
    ([rounds, budget]) =>
      (window as unknown as { run: (r: number, b: number) => unknown }).run(rounds, budget),
    [Number(roundsText), Number(budgetText)] as const,
  );
  console.log(JSON.stringify(out));
} finally {
  await context.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
