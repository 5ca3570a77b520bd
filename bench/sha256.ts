// `npm run bench:sha256 [-- rounds budgetMs] [--browser]`: the portable SHA-256's compressions
// (JavaScript, WebAssembly: src/random/sha256-wasm.ts) in ns per 64-byte block, median [IQR] of
// interleaved rounds, in Node and (--browser) in Debian's Chromium through playwright-core — where
// the portable code is what every digest runs (issue 25 part 3; docs/BENCHMARKS.md, Run D).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type ShaRoundsResult, shaRounds } from './sha256-rounds.ts';

const args = process.argv.slice(2);
const [roundsText = '15', budgetText = '40'] = args.filter((a) => !a.startsWith('--'));
const rounds = Number(roundsText);
const budgetMs = Number(budgetText);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

function median(values: number[]): [number, number, number] {
  const s = [...values].sort((a, b) => a - b);
  const q = (p: number) => {
    const at = (s.length - 1) * p;
    const lo = Math.floor(at);
    return s[lo]! + (s[Math.ceil(at)]! - s[lo]!) * (at - lo);
  };
  return [q(0.5), q(0.25), q(0.75)];
}

function table(where: string, result: ShaRoundsResult): string[] {
  const lines = [`| ${where}: bytes | JS ns/block | WebAssembly ns/block | JS ÷ WebAssembly |`];
  lines.push('|---:|---:|---:|---:|');
  const fmt = ([m, a, b]: [number, number, number]) =>
    `${m.toFixed(0)} [${a.toFixed(0)}–${b.toFixed(0)}]`;
  for (const js of result.rows.filter((r) => r.name === 'js')) {
    const wasm = result.rows.find((r) => r.name === 'wasm' && r.length === js.length);
    const ratio = wasm ? median(js.ns.map((x, i) => x / wasm.ns[i]!))[0].toFixed(2) : '–';
    lines.push(
      `| ${js.length} | ${fmt(median(js.ns))} | ${wasm ? fmt(median(wasm.ns)) : 'none'} | ${ratio} |`,
    );
  }
  return lines;
}

console.log(`Load average before: ${load()}.`);
console.log(`Node ${process.version}`);
for (const line of table('Node', shaRounds(rounds, budgetMs))) console.log(line);
console.log(`Load average after Node: ${load()}.`);
if (args.includes('--browser')) {
  const { CHROMIUM_SKIP, withSourcesPage } = await import('../test/support/serve-sources.ts');
  if (CHROMIUM_SKIP !== false) console.log(`Chromium: not measured (${CHROMIUM_SKIP}).`);
  else {
    const page = `<!doctype html><meta charset="utf-8"><title>fairdeal sha256</title>
<script type="module">
  import { shaRounds } from '/bench/sha256-rounds.ts';
  window.run = (rounds, budget) => ({ ua: navigator.userAgent, result: shaRounds(rounds, budget) });
  window.ready = true;
</script>`;
    const file = fileURLToPath(new URL('./sha256-rounds.ts', import.meta.url));
    const got = await withSourcesPage(
      page,
      (p) =>
        p.evaluate(
          ([r, b]) =>
            (
              window as unknown as {
                run: (r: number, b: number) => { ua: string; result: ShaRoundsResult };
              }
            ).run(r, b),
          [rounds, budgetMs] as const,
        ),
      (path) => (path === '/bench/sha256-rounds.ts' ? readFileSync(file, 'utf8') : undefined),
    );
    console.log(`Chromium: ${got.ua}`);
    for (const line of table('Chromium', got.result)) console.log(line);
    console.log(`Load average after Chromium: ${load()}.`);
  }
}
