import { parseArgs } from 'node:util';
import type { FetchLike } from '../../client/index.ts';
import type { Card } from '../../index.ts';
import { deal, FairdealError, freshSeed } from '../../index.ts';
import type { Bid, DoubleChoice, DoudizhuState, Play } from '../../rules/doudizhu/index.ts';
import {
  bid,
  botBid,
  botPlay,
  canShowHand,
  cardsFor,
  double,
  doudizhuSeatView,
  formatPlay,
  pass,
  play,
  rankCounts,
  showHand,
  startBidding,
} from '../../rules/doudizhu/index.ts';
import type { CliIo, Command } from '../io.ts';
import { UsageError } from '../io.ts';
import { optionArgs } from '../options/option-args.ts';
import { shellCommand } from '../options/shell-command.ts';
import { bold, useColor } from '../render/color.ts';
import type { CardStyle } from '../render/render-card.ts';
import { renderCards } from '../render/render-card.ts';
import { playOnline } from './play-online.ts';
import {
  bidPrompt,
  bidWords,
  describePlay,
  doubleWords,
  parseBid,
  parseDouble,
  parseRanks,
  parseRuleFlags,
  parseShow,
  type ReadLine,
  scoreLines,
} from './play-words.ts';

const HELP = `Usage: fairdeal play doudizhu [options]
       fairdeal play doudizhu-4p [options]
       fairdeal play doudizhu --join LINK [--name NAME] [--cards STYLE]

Plays a hand of Dou Dizhu (斗地主) in the terminal: you are seat 1, the other seats are
fairdeal/doudizhu's bot, which sees only what its seat sees (its cards, the card counts, the
plays and the shown kitty), bids from its hand's strength and plays to win its side. The rules
are fairdeal/doudizhu's (docs/DOUDIZHU.md). You bid first; the bidding goes round once.

Online, --join LINK sits at a table of a fairdeal service (docs/CLIENT.md): LINK is the invite
link the host's page hands out, http(s)://host[:port]/#table/<id>/join/<seat>/<invite>[/name].
The seat's key is made here; its token and key stay in this process. This terminal takes the
seat's fair steps (commit, reveal) by itself, checking the dealer's announcement, roster and
receipts, shows the other seats' moves as they come, and checks every finished hand's record
here (PROVEN FAIR, or why not). After a hand it asks whether to play another.

Options:
  --join LINK     sit at an online table with this invite link
  --name NAME     your name at that table, when the host named no players (else asked)
  --seed S        reproduce the deal (default: a fresh secure seed, printed)
  --rob           rob-the-landlord bidding (抢地主): call, rob, pass (= --rule robLandlord)
  --rule NAME     a house rule of docs/DOUDIZHU.md, repeatable: doubling (加倍), showHand
                  (明牌), robLandlord, kickersMayContainRocket, …; NAME=false turns one off
  --cards STYLE   symbol (A♠, default), code (AS), unicode, chinese
  -h, --help      this help

What to type:
  bidding         1, 2, 3 or pass (with --rob: call, rob or pass)
  doubling        double or no (--rule doubling: after the bidding, ×2 on your stake)
  show            show or no (--rule showHand: the landlord, before its first play, ×2)
  playing         the ranks you play, e.g. 3 3 3 4, 10 J Q K A, 334455, BJ RJ
                  (ten as 10, T or 0; BJ the small joker, RJ the big one; suits do not matter)
  pass, p         pass (not when you lead)
  hint            show what the bot would play in your seat
  auto            play that hint
A play that is not allowed is refused with the reason, and you are asked again.
`;

export type { ReadLine } from './play-words.ts';

const SEAT_NAMES = ['You', 'Bot 2', 'Bot 3', 'Bot 4'];

/**
 * `fairdeal play doudizhu`: one hand against bots, reading moves from standard input.
 *
 * @example
 * ```sh
 * fairdeal play doudizhu --seed 'table 7'
 * ```
 * @throws {UsageError} for a game other than doudizhu / doudizhu-4p or a bad option (exit 2).
 */
export const playCommand: Command = async (args, io) => {
  const { createInterface } = await import('node:readline');
  const { stdin } = await import('node:process');
  const rl = createInterface({ input: stdin, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  try {
    return await playWith(args, io, async () => {
      const next = await lines.next();
      return next.done === true ? null : next.value;
    });
  } finally {
    rl.close();
  }
};

/**
 * The game loop with its input given as a function, so tests script it in-process.
 *
 * @example
 * ```ts
 * await playWith(['doudizhu', '--seed', 's'], io, async () => 'auto');
 * ```
 * @throws {UsageError} for bad arguments.
 */
export async function playWith(
  args: string[],
  io: CliIo,
  readLine: ReadLine,
  online: { readonly fetch?: FetchLike } = {},
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      seed: { type: 'string' },
      rob: { type: 'boolean' },
      rule: { type: 'string', multiple: true },
      join: { type: 'string' },
      name: { type: 'string' },
      cards: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const game = positionals[0];
  if (positionals.length !== 1 || (game !== 'doudizhu' && game !== 'doudizhu-4p')) {
    throw new UsageError('which game? fairdeal play doudizhu (or doudizhu-4p)');
  }
  const style = (values.cards ?? 'symbol') as CardStyle;
  if (!['symbol', 'code', 'unicode', 'chinese'].includes(style)) {
    throw new UsageError(`--cards must be symbol, code, unicode or chinese, got '${style}'`);
  }
  const color = useColor(io);
  if (values.join !== undefined) {
    if (values.seed !== undefined || values.rob !== undefined || values.rule !== undefined) {
      throw new UsageError(
        '--seed, --rob and --rule are for the offline game: the table decides them',
      );
    }
    return playOnline(
      {
        game,
        link: values.join,
        name: values.name,
        style,
        color,
        ...(online.fetch === undefined ? {} : { fetch: online.fetch }),
      },
      io,
      readLine,
    );
  }
  if (values.name !== undefined) throw new UsageError('--name goes with --join');
  const show = (cards: readonly Card[]) => renderCards(cards, { color, style });
  const seed = values.seed ?? freshSeed();
  const house = parseRuleFlags(values.rule ?? []);
  if (typeof house === 'string') throw new UsageError(house);
  const rules = { ...house, ...(values.rob === true ? { robLandlord: true } : {}) };
  io.out(`Dou Dizhu${game === 'doudizhu-4p' ? ' for four (two decks)' : ''} — seed: ${seed}\n`);
  const on = Object.entries(house).map(([k, v]) => (v ? k : `${k}=false`));
  if (on.length > 0) io.out(`House rules: ${on.join(', ')}\n`);
  const again = [
    'fairdeal',
    'play',
    game,
    ...(values.rob ? ['--rob'] : []),
    ...(values.rule ?? []).flatMap((r) => optionArgs('--rule', r)),
  ];
  io.out(`Replay: ${shellCommand([...again, ...optionArgs('--seed', seed)])}\n`);

  let state: DoudizhuState | null = null;
  for (let round = 0; state === null; round++) {
    // A redeal needs new cards from the same replayable seed: the round number is appended.
    const d = deal(game, { seed: round === 0 ? seed : `${seed} / redeal ${round}` });
    let s = startBidding(d, { rules });
    io.out(`\n${bold('Your hand', color)} (${d.hands[0]!.length}): ${show(s.hands[0]!)}\n`);
    while (s.phase === 'bidding') {
      const seat = s.turn;
      let choice: Bid;
      if (seat === 0) {
        const answer = await ask(
          io,
          readLine,
          bidPrompt({
            robLandlord: s.rules.robLandlord,
            highestBid: s.highestBid,
            called: s.caller !== null,
          }),
          (text) => {
            const b = parseBid(text);
            if (b === null) return 'type 1, 2, 3 or pass (with --rob: call, rob or pass)';
            return tryStep(() => bid(s, 0, b));
          },
        );
        if (answer === null) return abandoned(io);
        choice = parseBid(answer)!;
      } else {
        choice = botBid(doudizhuSeatView(s, seat));
        io.out(`${SEAT_NAMES[seat]}: ${bidWords(choice)}\n`);
      }
      s = bid(s, seat, choice);
    }
    if (s.phase === 'redeal') {
      io.out('Nobody bid: the cards are dealt again.\n');
      continue;
    }
    state = s;
  }

  let s = state;
  const landlord = s.landlord!;
  io.out(
    `\n${SEAT_NAMES[landlord]} ${landlord === 0 ? 'are' : 'is'} the landlord (地主) at ${s.base}; ` +
      `the kitty: ${show(s.kitty)}\n`,
  );
  while (s.phase === 'doubling') {
    const seat = s.turn;
    let choice: DoubleChoice;
    if (seat === 0) {
      const role = landlord === 0 ? 'against every farmer' : 'with the landlord';
      const answer = await ask(
        io,
        readLine,
        `Double (加倍: ×2 on your stake ${role})? (double / no): `,
        (text) => (parseDouble(text) === null ? 'type double or no' : null),
      );
      if (answer === null) return abandoned(io);
      choice = parseDouble(answer)!;
    } else {
      choice = botDouble(s, seat);
      io.out(`${SEAT_NAMES[seat]}: ${doubleWords(choice)}\n`);
    }
    s = double(s, seat, choice);
  }
  if (canShowHand(s)) {
    let showIt: boolean;
    if (landlord === 0) {
      const answer = await ask(
        io,
        readLine,
        `\n${bold('Your hand', color)}: ${show(s.hands[0]!)}\nShow it face up (明牌: the score ×2)? (show / no): `,
        (text) => (parseShow(text) === null ? 'type show or no' : null),
      );
      if (answer === null) return abandoned(io);
      showIt = parseShow(answer)!;
    } else {
      showIt = strength(s, landlord) >= 8;
    }
    if (showIt) {
      s = showHand(s, landlord);
      const whose = landlord === 0 ? 'You show your' : `${SEAT_NAMES[landlord]} shows its`;
      io.out(`${whose} hand face up (明牌, ×2): ${show(s.hands[landlord]!)}\n`);
    }
  }
  while (s.phase === 'playing') {
    const seat = s.turn;
    if (seat === 0) {
      io.out(`\n${table(s, show)}\n${bold('Your hand', color)}: ${show(s.hands[0]!)}\n`);
      if (s.lead !== null) {
        io.out(`To beat: ${show(s.lead.cards)} (${SEAT_NAMES[s.lead.seat]})\n`);
      }
      const result: { next?: DoudizhuState } = {};
      const answer = await ask(io, readLine, 'Your play: ', (text) => {
        const word = text.trim().toLowerCase();
        if (word === 'hint') {
          const move = botPlay(doudizhuSeatView(s, 0));
          io.out(`  hint: ${move.type === 'pass' ? 'pass' : formatPlay(move)}\n`);
          return '';
        }
        const step = humanStep(s, word === 'auto' ? botPlay(doudizhuSeatView(s, 0)) : text);
        if (typeof step === 'string') return step;
        result.next = step;
        return null;
      });
      if (answer === null || result.next === undefined) return abandoned(io);
      s = result.next;
      const last = s.plays.at(-1)!;
      io.out(
        `You: ${last.play.type === 'pass' ? 'pass' : describePlay(last.play, show(last.cards))}\n`,
      );
    } else {
      // The bot is handed its seat's view only: it cannot see the other hands.
      const move = botPlay(doudizhuSeatView(s, seat));
      if (move.type === 'pass') {
        s = pass(s, seat);
        io.out(`${SEAT_NAMES[seat]}: pass\n`);
      } else {
        const cards = cardsFor(s.hands[seat]!, move);
        s = play(s, seat, cards);
        io.out(`${SEAT_NAMES[seat]}: ${describePlay(move, show(cards))}\n`);
      }
    }
  }

  const score = s.score!;
  const winner = s.winner!;
  const side = winner === landlord ? 'the landlord wins' : 'the farmers win';
  io.out(`\n${SEAT_NAMES[winner]} ${winner === 0 ? 'are' : 'is'} out: ${side}.\n`);
  io.out(scoreLines(score, SEAT_NAMES));
  return 0;
}

/**
 * Prompts until `check` accepts the line (returns null) or the input ends (returns null too,
 * the caller tells). `check` returns a reason to print, or '' to re-prompt silently.
 */
async function ask(
  io: CliIo,
  readLine: ReadLine,
  prompt: string,
  check: (text: string) => string | null,
): Promise<string | null> {
  for (;;) {
    io.out(prompt);
    const line = await readLine();
    if (line === null) return null;
    const reason = check(line);
    if (reason === null) return line;
    if (reason !== '') io.out(`  ✗ ${reason}\n`);
  }
}

function abandoned(io: CliIo): number {
  io.out('\nInput ended: the hand is abandoned.\n');
  return 1;
}

/** Runs a step of the rules; returns null if allowed, else the rules' reason in words. */
function tryStep(step: () => unknown): string | null {
  try {
    step();
    return null;
  } catch (error) {
    if (error instanceof FairdealError) return error.message;
    throw error;
  }
}

/** One human move: a pass or the ranks typed; returns the next state or the reason it is refused. */
function humanStep(s: DoudizhuState, input: string | Play): DoudizhuState | string {
  let move: Play;
  if (typeof input !== 'string') move = input;
  else {
    const word = input.trim().toUpperCase();
    if (word === 'PASS' || word === 'P') {
      try {
        return pass(s, 0);
      } catch (error) {
        if (error instanceof FairdealError) return 'you lead: play something';
        throw error;
      }
    }
    const typed = parseRanks(input, s.hands[0]!, s.rules);
    if (typeof typed === 'string') return typed;
    move = typed;
  }
  if (move.type === 'pass') return pass(s, 0);
  try {
    return play(s, 0, cardsFor(s.hands[0]!, move));
  } catch (error) {
    if (error instanceof FairdealError) return error.message;
    throw error;
  }
}

/** A hand's strength in the bots' eyes: jokers, 2s and bombs. */
function strength(s: DoudizhuState, seat: number): number {
  const counts = rankCounts(s.hands[seat]!);
  const decks = s.rules.variant === 'doudizhu-4p' ? 2 : 1;
  let points = 3 * counts[14]! + 2 * counts[13]! + counts[12]! / decks;
  for (let r = 0; r < 13; r++) if (counts[r]! >= 4) points += 2;
  return points;
}

/** Doubles on a strong hand (the landlord, holding the kitty, needs a little more). */
function botDouble(s: DoudizhuState, seat: number): DoubleChoice {
  return strength(s, seat) >= (seat === s.landlord ? 8 : 6) ? 'double' : 'no-double';
}

function table(s: DoudizhuState, show: (cards: readonly Card[]) => string): string {
  const counts = s.hands
    .map((h, i) => `${SEAT_NAMES[i]}${i === s.landlord ? ' (landlord)' : ''}: ${h.length}`)
    .join(' · ');
  const landlord = s.landlord!;
  // A shown hand stays face up for the whole hand: the others see what is left of it.
  if (!s.shown || landlord === 0) return counts;
  return `${counts}\n${SEAT_NAMES[landlord]}'s hand, face up (明牌): ${show(s.hands[landlord]!)}`;
}
