// `npm run bench:bots [-- --deals N] [-- --seed S]`: fairdeal/doudizhu's bot against the terminal
// game's simple bot (test/support/doudizhu-simple-bot.ts) over seeded deals, and the bot's time
// per decision. Everything but the timings is a function of the seed: the same command prints
// the same win counts.
//
// 1. Card play, duplicate: deal i makes seat i mod 3 landlord at base 1 and is played twice, the
//    bot as landlord against two simple farmers, then the simple bot as landlord against two bot
//    farmers; each strategy holds every hand from each side once.
// 2. Whole hands, bidding included: the bot in seat i mod 3 against two simple bots.
// Win rates carry exact (Clopper–Pearson) 95 % intervals; points per hand a normal 95 % interval.
import { availableParallelism, cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { DoudizhuSeatView } from '../src/rules/doudizhu/index.ts';
import { botPlay, doudizhuSeatView } from '../src/rules/doudizhu/index.ts';
import { clopperPearson } from '../test/support/binomial.ts';
import type { GameResult, Strategy } from '../test/support/doudizhu-match.ts';
import { BOT, biddingGames, duplicateGames, SIMPLE } from '../test/support/doudizhu-match.ts';

const { values } = parseArgs({
  options: { deals: { type: 'string' }, seed: { type: 'string' } },
});
const DEALS = Number(values.deals ?? 10_000);
const SEED = values.seed ?? 'fairdeal bots';
if (!Number.isInteger(DEALS) || DEALS < 3) throw new RangeError('--deals must be an integer ≥ 3');

/** The bot, timed: every decision's duration in µs. */
const playTimes: number[] = [];
const bidTimes: number[] = [];
const TIMED: Strategy = {
  name: 'bot',
  bid: (s, seat) => {
    const t = performance.now();
    const b = BOT.bid(s, seat);
    bidTimes.push((performance.now() - t) * 1000);
    return b;
  },
  play: (s, seat) => {
    const t = performance.now();
    const p = BOT.play(s, seat);
    const us = (performance.now() - t) * 1000;
    playTimes.push(us);
    if (us > 1000) slow.push(doudizhuSeatView(s, seat));
    return p;
  },
};
/** Decisions that took over 1 ms, timed again afterwards: a slow hand, or the machine? */
const slow: DoudizhuSeatView[] = [];

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
function rate(games: readonly GameResult[]): string {
  const k = games.filter((g) => g.aWon).length;
  const [lo, hi] = clopperPearson(k, games.length);
  return `${pct(k / games.length)} (${k} / ${games.length}; ${pct(lo)} – ${pct(hi)})`;
}
function points(games: readonly GameResult[]): string {
  const mean = games.reduce((s, g) => s + g.aPoints, 0) / games.length;
  const variance = games.reduce((s, g) => s + (g.aPoints - mean) ** 2, 0) / (games.length - 1);
  const half = 1.96 * Math.sqrt(variance / games.length);
  const sign = (x: number) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(2);
  return `${sign(mean)} (${sign(mean - half)} – ${sign(mean + half)})`;
}
const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

console.log(
  `fairdeal bots benchmark — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
    `Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
console.log(`seed '${SEED}', ${DEALS.toLocaleString('en')} deals\n`);

const start = performance.now();
const duplicate = duplicateGames(SEED, DEALS, TIMED, SIMPLE);
const reference = duplicateGames(SEED, DEALS, SIMPLE, SIMPLE).filter((g) => g.aLandlord);
const selfPlay = duplicateGames(SEED, DEALS, BOT, BOT).filter((g) => g.aLandlord);
console.log('### Card play (duplicate: same deals, each side once; landlord at base 1)\n');
console.log('| | bot | games |');
console.log('|---|---|---:|');
console.log(`| bot's side wins | ${rate(duplicate)} | ${duplicate.length} |`);
const asLandlord = duplicate.filter((g) => g.aLandlord);
const asFarmer = duplicate.filter((g) => !g.aLandlord);
console.log(
  `| as landlord, against two simple farmers | ${rate(asLandlord)} | ${asLandlord.length} |`,
);
console.log(`| as farmers, against a simple landlord | ${rate(asFarmer)} | ${asFarmer.length} |`);
console.log(`| points per hand (bot's side) | ${points(duplicate)} | ${duplicate.length} |`);
console.log(
  `| reference: simple landlord against simple farmers wins | ${rate(reference)} | ${reference.length} |`,
);
console.log(
  `| reference: bot landlord against bot farmers wins | ${rate(selfPlay)} | ${selfPlay.length} |`,
);

const bidding = biddingGames(SEED, DEALS, TIMED, SIMPLE);
const bl = bidding.filter((g) => g.aLandlord);
const bf = bidding.filter((g) => !g.aLandlord);
console.log(
  '\n### Whole hands, bidding included (the bot in one seat, rotated, two simple bots)\n',
);
console.log('| | bot | games |');
console.log('|---|---|---:|');
console.log(`| the bot's side wins | ${rate(bidding)} | ${bidding.length} |`);
console.log(
  `| the bot is landlord | ${pct(bl.length / bidding.length)} (a fair share: 33.3 %) | ${bidding.length} |`,
);
console.log(`| as landlord, wins | ${rate(bl)} | ${bl.length} |`);
console.log(`| as a farmer (with a simple partner), its side wins | ${rate(bf)} | ${bf.length} |`);
console.log(
  `| points per hand (the bot's seat; zero-sum, 0 = even) | ${points(bidding)} | ${bidding.length} |`,
);
const seconds = (performance.now() - start) / 1000;

console.log('\n### Time per decision (µs, every decision of the runs above)\n');
console.log('| call | decisions | mean | median | 99th percentile | max |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, xs] of [
  ['botPlay', playTimes],
  ['botBid', bidTimes],
] as const) {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `| ${name} | ${xs.length.toLocaleString('en')} | ${mean.toFixed(1)} | ${quantile(xs, 0.5).toFixed(1)} | ` +
      `${quantile(xs, 0.99).toFixed(1)} | ${quantile(xs, 1).toFixed(0)} |`,
  );
}
let slowest = 0;
for (const view of slow) {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    botPlay(view);
    best = Math.min(best, (performance.now() - t) * 1000);
  }
  slowest = Math.max(slowest, best);
}
console.log(
  `\n${slow.length} botPlay decisions took over 1 ms; timed again (best of 3), the slowest takes ` +
    `${slowest.toFixed(0)} µs: the rest of the max was the first calls (before the JIT) or the machine (a pause, another process).`,
);
console.log(
  `\n(${seconds.toFixed(0)} s in all; load average at the end ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
