// `node bench/browser.ts` (or `npm run bench -- --browser`): shuffles, fair deals and verify in
// Chromium (Debian's /usr/bin/chromium through playwright-core), where fairdeal runs its portable
// ChaCha20 and SHA-256. Sources are served as they are, types stripped by Node (as in
// test/browser/). Peers are CommonJS packages and are not loaded in the page: the comparison is
// with the plain Math.random loop, interleaved in rounds like measure.ts. Prints JSON rows.
//
// `node bench/browser.ts [rounds] [budget ms] [--quick] [--base=<git revision>]`: `--quick` is 3
// rounds of 30 ms (for iterating on a change); `--base=main` also loads the library as it is at
// that revision (served from git, under /base/) into the same page and interleaves its seeded
// shuffles, fair deals and verify with the working tree's: a before/after ratio from one page.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, withSourcesPage } from '../test/support/serve-sources.ts';

const ROOT = resolve(fileURLToPath(new URL('../', import.meta.url)));
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const quick = flags.includes('--quick');
const base = flags.find((a) => a.startsWith('--base='))?.slice('--base='.length);
const [roundsText = quick ? '3' : '5', budgetText = quick ? '30' : '60'] = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('--'));

/**
 * Runs in the page: every size × kind, fairdeal (secure, chacha20) and the plain loop — measured
 * as in Node (bench/measure.ts --polluted): the library first runs on every kind of array, as in
 * an application that shuffles several kinds, while each kind gets a plain loop of its own
 * (`new Function`: a separate function, so V8's type feedback for it sees that kind alone), the
 * loop a user writes next to the one array it shuffles — the stricter comparison for fairdeal.
 */
const PAGE = `<!doctype html><meta charset="utf-8"><title>fairdeal bench</title>
<script type="module">
  import * as lib from '/src/index.ts';
  import * as fair from '/src/fair/index.ts';
  const withBase = ${base !== undefined};
  const baseLib = withBase ? await import('/base/src/index.ts') : undefined;
  const baseFair = withBase ? await import('/base/src/fair/index.ts') : undefined;
  window.run = (rounds, budget) => {
    const plainLoop = () => new Function('a', 'for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); const t = a[i]; a[i] = a[j]; a[j] = t; } return a;');
    const seeded = lib.chacha20('browser bench');
    const baseSeeded = withBase ? baseLib.chacha20('browser bench') : undefined;
    const rate = (f) => { let ops = 0; const t0 = performance.now(); let now = t0; do { f(); ops++; now = performance.now(); } while (now - t0 < budget); return ops * 1000 / (now - t0); };
    const rows = [];
    const kinds = { Array: (n) => Array.from({ length: n }, (_, i) => i), Uint32Array: (n) => new Uint32Array(n).map((_, i) => i), Float64Array: (n) => new Float64Array(n).map((_, i) => i) };
    // Every kind at 52 and 1,000 items (60 times) and at 70,000 (once), through each library
    // contender, and permutation, sample and toShuffled, as measure.ts --polluted does.
    const libs = [[lib, seeded], ...(withBase ? [[baseLib, baseSeeded]] : [])];
    const deck = Array.from({ length: 52 }, (_, i) => i);
    const small = [...Object.values(kinds).flatMap((make) => [make(52), make(1000)]), deck.map(String), deck.map((i) => ({ i })), deck.map((i) => i + 0.5), new Int8Array(52), new Uint8Array(52), new Int16Array(52), new Float32Array(52)];
    const large = Object.values(kinds).map((make) => make(70000));
    for (let r = 0; r < 60; r++) for (const [L, s] of libs) for (const x of r === 0 ? [...small, ...large] : small) { L.shuffle(x); L.shuffle(x, s); }
    for (const [L] of libs) { L.permutation(1000); L.sample(deck, 5); L.toShuffled(deck); }
    for (const [kind, make] of Object.entries(kinds)) for (const n of [52, 1000, 50000, 1000000]) {
      const a = make(n);
      const plain = plainLoop();
      const fs = [['secure', () => lib.shuffle(a)], ['chacha20', () => lib.shuffle(a, seeded)], ['plain', () => plain(a)]];
      if (withBase) fs.push(['chacha20 (base)', () => baseLib.shuffle(a, baseSeeded)]);
      const batch = Math.max(1, Math.floor(20000 / n));
      const one = (f) => () => { for (let i = 0; i < batch; i++) f(); };
      for (const [, f] of fs) for (let w = 0; w < 3; w++) rate(one(f));
      const r = fs.map(() => []);
      for (let k = 0; k < rounds; k++) for (let c = 0; c < fs.length; c++) { const i = (c + k) % fs.length; r[i].push(rate(one(fs[i][1])) * batch); }
      rows.push({ kind, n, rates: Object.fromEntries(fs.map(([name], i) => [name, r[i]])) });
    }
    const { transcript } = fair.fairDeal('doudizhu', { clientSeed: 'a' });
    const ops = [['fair Dou Dizhu deal', () => fair.fairDeal('doudizhu', { clientSeed: 'a' })], ['verify', () => fair.verify(transcript)]];
    if (withBase) ops.push(['fair Dou Dizhu deal (base)', () => baseFair.fairDeal('doudizhu', { clientSeed: 'a' })], ['verify (base)', () => baseFair.verify(transcript)]);
    // The keystream alone: 1,024 words (4 KiB) a call, so words/s = calls/s × 1,024.
    const words = new Uint32Array(1024);
    const secure = lib.secureRandom;
    ops.push(['secure fillUint32(1,024 words)', () => secure.fillUint32(words)], ['chacha20 fillUint32(1,024 words)', () => seeded.fillUint32(words)]);
    if (withBase) ops.push(['chacha20 fillUint32(1,024 words) (base)', () => baseSeeded.fillUint32(words)]);
    for (const [, f] of ops) for (let w = 0; w < 3; w++) rate(f);
    const opRates = ops.map(() => []);
    for (let k = 0; k < rounds; k++) for (let c = 0; c < ops.length; c++) { const i = (c + k) % ops.length; opRates[i].push(rate(ops[i][1])); }
    ops.forEach(([name], i) => rows.push({ op: name, rates: opRates[i] }));
    return { rows, ua: navigator.userAgent };
  };
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
// Sources of the library at `base` (git) under /base/src/; the working tree's under /src/.
const fromBase = (path: string): string | undefined => {
  if (base === undefined || !path.startsWith('/base/')) return undefined;
  const file = normalize(join(ROOT, path.slice('/base'.length)));
  return file.startsWith(join(ROOT, 'src')) && file.endsWith('.ts')
    ? fromRevision(base, file)
    : undefined;
};
const out = await withSourcesPage(
  PAGE,
  (page) =>
    page.evaluate(
      ([rounds, budget]) =>
        (window as unknown as { run: (r: number, b: number) => unknown }).run(rounds, budget),
      [Number(roundsText), Number(budgetText)] as const,
    ),
  fromBase,
);
console.log(JSON.stringify(out));
