import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fakeIo } from '../../../test/support/fake-io.ts';
import { deal } from '../../index.ts';
import {
  bid,
  botBid,
  botPlay,
  cardsFor,
  type DoudizhuState,
  doudizhuSeatView,
  pass,
  play,
  startBidding,
} from '../../rules/doudizhu/index.ts';
import { main } from '../main.ts';
import { playWith } from './play.ts';
import { bidWords, bombWords, scoreLines } from './play-words.ts';

/** Answers each prompt from a script; after the script, `then` for every further prompt. */
async function run(args: string[], script: string[], then: (out: string) => string | null) {
  const io = fakeIo('/');
  const queue = [...script];
  let prompts = 0;
  const code = await playWith(args, io, async () => {
    prompts++;
    assert.ok(prompts < 500, 'the game asks a bounded number of questions');
    return queue.length > 0 ? queue.shift()! : then(io.stdout);
  });
  return { code, out: io.stdout };
}

const deltasOf = (out: string) =>
  [...out.matchAll(/(?:You|Bot \d) ([+-]?\d+)/g)].map((m) => Number(m[1]));

test('play doudizhu: bad input re-prompts with the reason; the hand plays to a zero-sum score', async () => {
  const script = ['5', '3', 'Z', '3 4', 'pass', '10 T 0 0', 'BJ RJ'];
  const r = await run(['doudizhu', '--seed', 'play test'], script, () => 'auto');
  assert.equal(r.code, 0);
  assert.match(r.out, /seed: play test\nReplay: fairdeal play doudizhu --seed 'play test'/);
  assert.match(r.out, /✗ type 1, 2, 3 or pass/);
  assert.match(r.out, /You are the landlord \(地主\) at 3; the kitty: /);
  assert.match(r.out, /✗ I don't know 'Z'/);
  assert.match(r.out, /✗ 3 4 is not a Dou Dizhu combination/);
  assert.match(r.out, /✗ you lead: play something/);
  assert.match(r.out, /✗ you do not hold BJ RJ/);
  // 10, T and 0 all name the ten: four of them are a bomb, which this hand does not hold.
  assert.match(r.out, /✗ you do not hold 10 10 10 10/);
  // The verb agrees with its side: "the landlord wins", "the farmers win" (issue 26).
  assert.match(
    r.out,
    /(You are|Bot \d is) out: (the landlord wins|the farmers win)\.\nScore: base 3, /,
  );
  assert.doesNotMatch(r.out, /landlord win\b|farmers wins/);
  const deltas = deltasOf(r.out.slice(r.out.lastIndexOf('Score:')));
  assert.equal(deltas.length, 3);
  assert.equal(
    deltas.reduce((a, b) => a + b, 0),
    0,
  );
  // Same seed, same answers: the same game, line for line.
  const again = await run(['doudizhu', '--seed', 'play test'], script, () => 'auto');
  assert.equal(again.out, r.out);
});

test('play: a play that does not beat is refused with the rules’ reason', async () => {
  // Seed 'beat me': you pass, Bot 3 becomes landlord and leads 3 3; a single 3 answers a pair.
  let tried = 0;
  const r = await run(['doudizhu', '--seed', 'beat me'], [], (out) => {
    if (out.endsWith('or pass): ')) return 'pass';
    if (out.includes('To beat: ') && tried === 0 && out.endsWith('Your play: ')) {
      tried++;
      return '3';
    }
    return 'auto';
  });
  assert.equal(r.code, 0);
  assert.equal(tried, 1);
  assert.match(
    r.out,
    /To beat: 3♠ 3♣ \(Bot 3\)\nYour play: {3}✗ 3 does not beat 3 3: play a higher pair/,
  );
});

test('play: the computer seats are fairdeal/doudizhu’s bot, and auto plays its move for you', async () => {
  // You pass the bidding and type auto every turn: the game must be exactly the library's bot in
  // every seat (yours included), with your pass as seat 0's bid.
  const seed = 'bot seats';
  const r = await run(['doudizhu', '--seed', seed], ['pass'], () => 'auto');
  assert.equal(r.code, 0);
  let s: DoudizhuState | null = null;
  for (let round = 0; s === null; round++) {
    let b = startBidding(
      deal('doudizhu', { seed: round === 0 ? seed : `${seed} / redeal ${round}` }),
    );
    while (b.phase === 'bidding') {
      b = bid(b, b.turn, b.turn === 0 ? 'pass' : botBid(doudizhuSeatView(b, b.turn)));
    }
    if (b.phase === 'playing') s = b;
  }
  while (s.phase === 'playing') {
    const move = botPlay(doudizhuSeatView(s, s.turn));
    s = move.type === 'pass' ? pass(s, s.turn) : play(s, s.turn, cardsFor(s.hands[s.turn]!, move));
  }
  const names = ['You', 'Bot 2', 'Bot 3'];
  assert.match(r.out, new RegExp(`${names[s.landlord!]} (are|is) the landlord`));
  assert.deepEqual(deltasOf(r.out.slice(r.out.lastIndexOf('Score:'))), [...s.score!.deltas]);
  const laid = s.plays.filter((p) => p.play.type !== 'pass').length;
  // Every card play is printed as "Name: cards  type …" (two spaces before the type).
  assert.equal([...r.out.matchAll(/(?:You|Bot \d): [^\n]*? {2}[a-z]/g)].length, laid);
});

test('play --rob and the four-player game run to the end', async () => {
  const rob = await run(['doudizhu', '--rob', '--seed', 'robbing'], [], (out) =>
    out.endsWith('(call / pass): ') ? 'call' : out.endsWith('(rob / pass): ') ? 'rob' : 'auto',
  );
  assert.equal(rob.code, 0);
  assert.match(rob.out, /Score: /);
  const four = await run(['doudizhu-4p', '--seed', 'four'], [], (out) =>
    out.endsWith('or pass): ') ? '3' : 'auto',
  );
  assert.equal(four.code, 0);
  assert.equal(deltasOf(four.out.slice(four.out.lastIndexOf('Score:'))).length, 4);
});

test('play: input that ends abandons the hand (exit 1); usage errors exit 2', async () => {
  const r = await run(['doudizhu', '--seed', 'eof'], [], () => null);
  assert.equal(r.code, 1);
  assert.match(r.out, /Input ended: the hand is abandoned\./);
  const io = fakeIo('/');
  assert.equal(await main(['play'], io), 2);
  assert.match(io.stderr, /which game\?/);
  assert.equal(await main(['play', 'chess'], fakeIo('/')), 2);
  assert.equal(await main(['play', 'doudizhu', '--cards', 'x'], fakeIo('/')), 2);
  const help = fakeIo('/');
  assert.equal(await main(['play', '--help'], help), 0);
  assert.match(help.stdout, /Usage: fairdeal play doudizhu/);
});

test('play through a real process: scripted standard input', () => {
  const input = `3\nZ\n${'auto\n'.repeat(80)}`;
  const result = spawnSync(
    process.execPath,
    ['src/cli/main.ts', 'play', 'doudizhu', '--seed', 'stdin'],
    {
      input,
      encoding: 'utf8',
      cwd: new URL('../../..', import.meta.url).pathname,
      timeout: 30_000,
    },
  );
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /✗ I don't know 'Z'/);
  assert.match(result.stdout, /Score: base 3/);
  assert.equal(result.stderr, '');
});

test("the end line agrees with the side that won, for a landlord win and a farmers' win", async () => {
  const seen = new Set<string>();
  for (let n = 0; n < 40 && seen.size < 2; n++) {
    const r = await run(['doudizhu', '--seed', `grammar ${n}`], [], (out) =>
      out.endsWith('or pass): ') ? 'pass' : 'auto',
    );
    const landlord = /\n(You|Bot \d) (?:are|is) the landlord/.exec(r.out)?.[1];
    const end = /\n(You are|Bot \d is) out: (.*)\n/.exec(r.out);
    if (landlord === undefined || end === null) continue; // nobody bid: a redeal, same seed line
    const winner = end[1]!.replace(/ (are|is)$/, '');
    const expected = winner === landlord ? 'the landlord wins.' : 'the farmers win.';
    assert.equal(end[2], expected, r.out.slice(-300));
    seen.add(expected);
  }
  assert.equal(seen.size, 2, 'both outcomes were played');
});

test('score words: a rocket is called the rocket, bombs are counted apart, ×2 each', () => {
  assert.equal(bombWords(0, 0), 'no bombs (×1)');
  assert.equal(bombWords(1, 0), '1 bomb (×2)');
  assert.equal(bombWords(2, 0), '2 bombs (×4)');
  assert.equal(bombWords(1, 1), 'the rocket (×2)');
  assert.equal(bombWords(2, 1), '1 bomb and the rocket (×4)');
  assert.equal(bombWords(4, 1), '3 bombs and the rocket (×16)');
  const score = {
    landlord: 0,
    landlordWon: false,
    base: 2,
    bombs: 2,
    rockets: 1,
    spring: false,
    antiSpring: true,
    multiplier: 8,
    unit: 16,
    deltas: [-32, 16, 16],
  };
  assert.equal(
    scoreLines(score, ['You', 'Bot 2', 'Bot 3']),
    'Score: base 2, 1 bomb and the rocket (×4), anti-spring 反春 (×2) = 16 a farmer\n' +
      'You -32, Bot 2 +16, Bot 3 +16\n',
  );
  // A record from before rockets were counted apart: its rocket was scored as a bomb.
  const { rockets: _, ...old } = score;
  assert.match(scoreLines(old, ['You', 'Bot 2', 'Bot 3']), /base 2, 2 bombs \(×4\)/);
});

test('bids read right after "You:" and after a bot\'s name', () => {
  assert.deepEqual(([3, 'pass', 'call', 'rob'] as const).map(bidWords), [
    'bid 3',
    'pass',
    'call the landlord (叫地主)',
    'rob the landlord (抢地主)',
  ]);
});

/** Points per seat from the last line of the output. */
const lastDeltas = (out: string) => deltasOf(out.slice(out.lastIndexOf('\nYou ')));

test('--rule doubling --rule showHand: you bid 3, double, show; the score multiplies as documented', async () => {
  const args = ['doudizhu', '--seed', 'dbl 1', '--rule', 'doubling', '--rule', 'showHand'];
  const r = await run(args, ['3', 'maybe', 'double', 'perhaps', 'show'], () => 'auto');
  assert.equal(r.code, 0);
  assert.match(r.out, /House rules: doubling, showHand\n/);
  assert.match(
    r.out,
    /Replay: fairdeal play doudizhu --rule doubling --rule showHand --seed 'dbl 1'\n/,
  );
  // The farmers choose first, then you, the landlord, against every farmer at once.
  assert.match(
    r.out,
    /Bot 2: (no )?double \(.+\)\nBot 3: (no )?double \(.+\)\nDouble \(加倍: ×2 on your stake against every farmer\)\? \(double \/ no\): {3}✗ type double or no\n/,
  );
  assert.match(r.out, /\(show \/ no\): {3}✗ type show or no\n/);
  assert.match(r.out, /You show your hand face up \(明牌, ×2\): /);
  const score =
    /Score: base 3, .*the landlord's hand shown 明牌 \(×2\) = (\d+) a farmer before doubling\nDoubled 加倍 \(×2\): ([^;]+); at stake with the landlord: Bot 2 (\d+), Bot 3 (\d+)\n/.exec(
      r.out,
    );
  assert.ok(score, r.out.slice(-400));
  const unit = Number(score[1]);
  const doubledBots = [2, 3].map((n) => score[2]!.split(', ').includes(`Bot ${n}`));
  assert.ok(score[2]!.startsWith('You'), 'you doubled');
  const stakes = doubledBots.map((d) => unit * 2 * (d ? 2 : 1));
  assert.deepEqual([Number(score[3]), Number(score[4])], stakes);
  const deltas = lastDeltas(r.out);
  const sign = /You are out/.test(r.out) ? 1 : -1;
  assert.deepEqual(deltas, [
    sign * (stakes[0]! + stakes[1]!),
    -sign * stakes[0]!,
    -sign * stakes[1]!,
  ]);
  // Same seed, same answers, same game.
  assert.equal(
    (await run(args, ['3', 'maybe', 'double', 'perhaps', 'show'], () => 'auto')).out,
    r.out,
  );
});

test('--rule showHand: a bot landlord that shows keeps its hand face up for the farmers to see', async () => {
  const args = ['doudizhu', '--seed', 'show 15', '--rule', 'doubling', '--rule', 'showHand'];
  const r = await run(args, ['pass', 'no'], () => 'auto');
  assert.equal(r.code, 0);
  assert.match(r.out, /Bot 2 shows its hand face up \(明牌, ×2\): /);
  // Every turn of yours shows what is left of it, and it shrinks as Bot 2 plays.
  const views = [...r.out.matchAll(/Bot 2's hand, face up \(明牌\): (.*)\n/g)].map(
    (m) => m[1]!.split(' ').length,
  );
  assert.ok(views.length >= 2, 'shown on your turns');
  for (let i = 1; i < views.length; i++) assert.ok(views[i]! <= views[i - 1]!);
  assert.match(r.out, /the landlord's hand shown 明牌 \(×2\)/);
  // Without the rules, the same seed asks nothing of the kind.
  const plain = await run(['doudizhu', '--seed', 'show 15'], ['pass'], () => 'auto');
  assert.doesNotMatch(plain.out, /Double|明牌|加倍/);
});

test('--rule: unknown names and values are usage errors; --rule is for the offline game', async () => {
  for (const [words, message] of [
    [
      ['--rule', 'double'],
      /unknown rule 'double': the rules are fourWithTwo, .*doubling, showHand/,
    ],
    [['--rule', 'doubling=maybe'], /--rule doubling takes =true or =false/],
    [['--rule', 'variant=doudizhu-4p'], /unknown rule 'variant'/],
    [
      ['--join', 'http://127.0.0.1:1/#table/x/join/0/y', '--rule', 'doubling'],
      /--rule are for the offline game/,
    ],
  ] as const) {
    const io = fakeIo('/');
    assert.equal(await main(['play', 'doudizhu', ...words], io), 2, words.join(' '));
    assert.match(io.stderr, message);
  }
  // A flag turned off is said, and replayed.
  const r = await run(['doudizhu', '--seed', 'x', '--rule', 'fourWithTwo=false'], [], () => null);
  assert.match(r.out, /House rules: fourWithTwo=false\nReplay: .* --rule fourWithTwo=false /);
});
