// The bot plays clearly better than the terminal game's old simple bot: a seeded duplicate match
// (test/support/doudizhu-match.ts: each deal played twice, each strategy as landlord once and as
// the farmers once). The pass mark comes from the binomial distribution, not from a guess.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  binomialAtLeast,
  binomialAtMost,
  binomialThreshold,
  clopperPearson,
} from '../../../../test/support/binomial.ts';
import { BOT, duplicateGames, SIMPLE } from '../../../../test/support/doudizhu-match.ts';

const DEALS = 300;
/**
 * The lower end of the 95 % interval of the bot's win rate over 10,000 deals (20,000 games),
 * `npm run bench:bots`, docs/DOUDIZHU.md.
 */
const MEASURED_LOW = 0.72;
/** The same for each side alone: as landlord 72.2 %, as farmers 71.2 % (the lower of the two). */
const MEASURED_SIDE_LOW = 0.712;

test('the binomial helpers agree with published values', () => {
  // R: binom.test(50, 100)$conf.int = 0.3983211 0.6016789
  const [lo, hi] = clopperPearson(50, 100);
  assert.ok(Math.abs(lo - 0.3983211) < 1e-6 && Math.abs(hi - 0.6016789) < 1e-6, `${lo} ${hi}`);
  // P(X ≥ 8) for X ~ Bin(10, 0.5) = 56 / 1024; P(X ≤ 2) likewise.
  assert.ok(Math.abs(binomialAtLeast(10, 8, 0.5) - 56 / 1024) < 1e-12);
  assert.ok(Math.abs(binomialAtMost(10, 2, 0.5) - 56 / 1024) < 1e-12);
});

test('the bot beats the old simple bot in a seeded duplicate match (landlord and farmers alike)', () => {
  const games = duplicateGames('bot strength test', DEALS, BOT, SIMPLE);
  const n = games.length;
  // A bot no better than the simple one wins each game with probability 1/2 at most; it would
  // reach `pass` wins by luck with probability ≤ 1e-4. (The two games of a deal pull opposite
  // ways — a landlord's strong hand wins one and loses the other — so treating them as
  // independent overstates the spread: the bound is conservative.)
  const mark = binomialThreshold(n, 0.5, 1e-4);
  // And the bot as measured would fall short of it with probability below one in a million: the
  // test is not flaky at its real strength, whatever the seed.
  assert.ok(binomialAtMost(n, mark - 1, MEASURED_LOW) < 1e-6);
  const wins = games.filter((g) => g.aWon).length;
  assert.ok(wins >= mark, `the bot's side won ${wins} of ${n} games; the mark is ${mark}`);
  // Both halves, as landlord and as farmers: each a majority that luck gives an even player with
  // probability ≤ 1e-3, and that the bot as measured misses with probability below 1e-5.
  for (const side of [true, false]) {
    const half = games.filter((g) => g.aLandlord === side);
    const halfMark = binomialThreshold(half.length, 0.5, 1e-3);
    assert.ok(binomialAtMost(half.length, halfMark - 1, MEASURED_SIDE_LOW) < 1e-5);
    const halfWins = half.filter((g) => g.aWon).length;
    assert.ok(
      halfWins >= halfMark,
      `as ${side ? 'landlord' : 'farmers'}: ${halfWins} of ${half.length}, mark ${halfMark}`,
    );
  }
  // Points too: the bot's side comes out ahead.
  assert.ok(games.reduce((s, g) => s + g.aPoints, 0) > 0);
});
