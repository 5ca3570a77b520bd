// `node bench/fair-v3.ts` (npm run bench:v3): what fairdeal-v3's signatures cost. In Node, one
// process: the verify of a three-seat Dou Dizhu v3 record (sync, node:crypto; and verifyAsync,
// Web Crypto) beside the v2 verify of a three-player hand, and the dealer's side of a whole v3
// hand (open, three signed commits with receipts, roster, three signed reveals with receipts,
// deal). In Chromium (Debian's, through playwright-core): verifyAsync of the same record. Each
// row: the median of 15 batches, with the lowest and highest batch (docs/BENCHMARKS.md).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  commitAsSeat,
  dealerSigner,
  revealAsSeat,
  type SeatKeyPair,
  SignedRound,
  verify,
  verifyAsync,
} from '../src/fair/index.ts';
import { sha256 } from '../src/random/sha256.ts';
import { CHROMIUM_SKIP, withSourcesPage } from '../test/support/serve-sources.ts';

const v3 = JSON.parse(
  readFileSync(fileURLToPath(new URL('../test/vectors/fair-v3.json', import.meta.url)), 'utf8'),
);
const v2 = JSON.parse(
  readFileSync(fileURLToPath(new URL('../test/vectors/fair-v2.json', import.meta.url)), 'utf8'),
);
const record = v3.transcripts[0];
const v2hand = v2.transcripts[0];
const BATCHES = 15;

async function measure(run: () => unknown, perBatch: number): Promise<[number, number, number]> {
  for (let i = 0; i < perBatch; i++) await run();
  const batches: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const t0 = performance.now();
    for (let i = 0; i < perBatch; i++) await run();
    batches.push(((performance.now() - t0) * 1000) / perBatch);
  }
  batches.sort((a, b) => a - b);
  return [batches[Math.floor(BATCHES / 2)]!, batches[0]!, batches.at(-1)!];
}

const row = (name: string, [median, low, high]: [number, number, number]) =>
  console.log(`| ${name} | ${median.toFixed(1)} µs | ${low.toFixed(1)}–${high.toFixed(1)} µs |`);

const label = (s: string) => sha256(new TextEncoder().encode(s));
const dealer = dealerSigner(label('bench dealer'));
const keys: SeatKeyPair[] = v3.seats.slice(0, 3);
const seats = keys.map((k: SeatKeyPair, i: number) => ({ player: `p${i}`, key: k.publicKey }));
// The seats' messages are made once (they are made on the seats' devices, not by the dealer).
const probe = SignedRound.open({
  table: 't',
  hand: 1,
  preset: 'doudizhu',
  seats,
  dealer,
  at: 1,
  testOnlyServerSeed: label('s'),
});
const mine = await Promise.all(
  keys.map((k, i) => commitAsSeat(probe.announcement, i, `seed ${i}`, k)),
);
mine.forEach((c, i) => {
  probe.commit(i, c, 2);
});
const roster = probe.closeRoster(3);
const reveals = await Promise.all(mine.map((c, i) => revealAsSeat(c, roster, keys[i]!)));
const wholeHand = () => {
  const r = SignedRound.open({
    table: 't',
    hand: 1,
    preset: 'doudizhu',
    seats,
    dealer,
    at: 1,
    testOnlyServerSeed: label('s'),
  });
  mine.forEach((c, i) => {
    r.commit(i, c, 2);
  });
  r.closeRoster(3);
  reveals.forEach((x, i) => {
    r.reveal(i, x, 4);
  });
  return r.deal();
};
if (!verify(record).ok || !verify(wholeHand().transcript).ok)
  throw new Error('bench: v3 does not verify');

console.log(
  `fairdeal-v3 bench, ${new Date().toISOString()}, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}, Node ${process.version}`,
);
console.log('| Node | median | batches |');
console.log('|---|---|---|');
row('verify, v2 hand (3 players, no signatures)', await measure(() => verify(v2hand), 400));
row(
  'verify, v3 hand (3 seats, 7 Ed25519 signatures, node:crypto)',
  await measure(() => verify(record), 100),
);
row('verifyAsync, v3 hand (Web Crypto)', await measure(() => verifyAsync(record), 100));
row(
  'SignedRound: open … deal, dealer side (7 signatures made, 6 checked)',
  await measure(wholeHand, 50),
);

if (CHROMIUM_SKIP !== false) {
  console.log(`Chromium: not measured (${CHROMIUM_SKIP})`);
} else {
  const PAGE = `<!doctype html><meta charset="utf-8"><script type="module">
    import * as fair from '/src/fair/index.ts'; window.fair = fair; window.ready = true;</script>`;
  await withSourcesPage(PAGE, async (page) => {
    const result = await page.evaluate(
      async ([r, batches]) => {
        const f = (window as unknown as { fair: typeof import('../src/fair/index.ts') }).fair;
        const ok = (await f.verifyAsync(r)).ok;
        const times: number[] = [];
        for (let b = 0; b < (batches as number); b++) {
          const t0 = performance.now();
          for (let i = 0; i < 20; i++) await f.verifyAsync(r);
          times.push(((performance.now() - t0) * 1000) / 20);
        }
        times.sort((a, b) => a - b);
        return { ok, ua: navigator.userAgent, times };
      },
      [record, BATCHES] as const,
    );
    if (!result.ok) throw new Error('bench: v3 does not verify in Chromium');
    const t = result.times;
    console.log(`| Chromium (${/Chrome\/[\d.]+/.exec(result.ua)?.[0]}) | median | batches |`);
    row('verifyAsync, v3 hand (Web Crypto)', [t[Math.floor(t.length / 2)]!, t[0]!, t.at(-1)!]);
  });
}
