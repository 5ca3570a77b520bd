import { parseArgs } from 'node:util';
import { fairDeal } from '../../fair/index.ts';
import type { Deal, DealOptions, DeckName, DeckSpec, SortName } from '../../index.ts';
import {
  deal as dealRound,
  formatPbnDeal,
  getPreset,
  PRESET_NAMES,
  PRESETS,
  secureRandom,
} from '../../index.ts';
import { bytesToHex } from '../hex.ts';
import type { Command } from '../io.ts';
import { UsageError } from '../io.ts';
import { useColor } from '../render/color.ts';
import type { CardStyle } from '../render/render-card.ts';
import { renderDeal } from '../render/render-deal.ts';

const HELP = `Usage: fairdeal deal <preset> [options]

Deals a round of a game and shows each seat's sorted hand, the kitty or board, and the seed
that reproduces it. Presets: ${PRESET_NAMES.join(', ')}.

Options:
  --seed S            reproduce a deal: 64 hex digits or any passphrase
                      (default: a fresh secure seed, printed so the deal can be replayed)
  --seats N           number of seats (within the preset's range)
  --dealer N          seat number of the dealer, 1-based (default: the last seat)
  --format F          text (default), json, or pbn (bridge only)
  --json              same as --format json
  --cards STYLE       text card style: symbol (A♠, default), code (AS), unicode, chinese
  --board N           bridge: board number (dealer and vulnerability), default 1
  --decks N           blackjack: decks in the shoe, 1-8 (default 6)
  --penetration P     blackjack: fraction of the shoe before the cut card (default 0.75)
  --level R           shengji, guandan: level rank 2-10, J, Q, K, A (default 2)
  --trump T           shengji, euchre: S H D C or none; skat: grand, null, S H D C
  --deck D            custom: a deck name (standard-52, standard-54, euchre-24, piquet-32,
                      stripped-36, pinochle-48, double-104, double-108) or card codes "AS,KH,…"
  --hand-size N       custom: cards per seat (default: as many as fit equally)
  --kitty N           custom: cards to the kitty
  --board-cards N     custom: cards to the board
  --sort ORDER        custom: doudizhu, guandan, shengji, bridge, suit, poker, skat, euchre,
                      pinochle, rummy, none
  --fair              provably fair: print the server commitment first, deal from the
                      server seed and the client seeds, print the transcript last
                      (check it with 'fairdeal verify'; see docs/FAIR.md)
  --client-seed S     with --fair: a player's seed (repeat for several players)
  --list              list the presets with their seats
  -h, --help          this help

Colours: red suits on a terminal; NO_COLOR turns them off, FORCE_COLOR forces them on.
`;

function integer(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,9}$/.test(value))
    throw new UsageError(`${flag} needs a whole number, got '${value}'`);
  return Number(value);
}

function fraction(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^(0|1)?(\.[0-9]+)?$/.test(value) || value === '' || value === '.') {
    throw new UsageError(`${flag} needs a number like 0.75, got '${value}'`);
  }
  return Number(value);
}

const TRUMPS: Record<string, DealOptions['trump']> = {
  s: 'S',
  h: 'H',
  d: 'D',
  c: 'C',
  '♠': 'S',
  '♥': 'H',
  '♦': 'D',
  '♣': 'C',
  none: 'none',
  grand: 'grand',
  null: 'null',
};

function deckOption(value: string | undefined): DeckSpec | DeckName | undefined {
  if (value === undefined) return undefined;
  if (/^[a-z]+-[0-9]+$/.test(value)) return value as DeckName;
  return { cards: value.split(/[\s,]+/).filter((t) => t !== '') };
}

function freshSeed(): string {
  const words = new Uint32Array(8);
  secureRandom.fillUint32(words);
  return bytesToHex(new Uint8Array(words.buffer));
}

function listPresets(): string {
  const width = Math.max(...PRESET_NAMES.map((n) => n.length));
  return `${PRESET_NAMES.map((name) => {
    const p = PRESETS[name]!;
    const seats = p.seats.min === p.seats.max ? `${p.seats.min}` : `${p.seats.min}-${p.seats.max}`;
    return `${name.padEnd(width)}  seats ${seats.padEnd(4)}  ${p.title}`;
  }).join('\n')}\n`;
}

function toJson(d: Deal): unknown {
  const ids = (cards: readonly { id: string }[]) => cards.map((c) => c.id);
  const { upCard, ...info } = d.info;
  return {
    preset: d.preset,
    seats: d.hands.length,
    dealer: d.dealer,
    seatNames: d.seatNames,
    hands: d.hands.map(ids),
    kitty: ids(d.kitty),
    board: ids(d.board),
    burns: ids(d.burns),
    stock: ids(d.stock),
    info: upCard === undefined ? info : { ...info, upCard: upCard.id },
    record: d.record,
  };
}

function toPbn(d: Deal): string {
  const b = d.info.bridge!;
  return [
    `% fairdeal ${d.record.algorithm}, seed ${d.record.seed}`,
    `[Board "${b.board}"]`,
    `[Dealer "${b.dealer}"]`,
    `[Vulnerable "${b.vulnerable}"]`,
    `[Deal "${formatPbnDeal(d.hands, b.dealer)}"]`,
    '',
  ].join('\n');
}

/**
 * `fairdeal deal <preset>`: deals a round and prints it (text, JSON or PBN) with its seed.
 *
 * @example
 * ```sh
 * fairdeal deal doudizhu --seed 'table 7'
 * fairdeal deal bridge --board 5 --format pbn
 * ```
 * @throws {UsageError} for a missing or unknown preset or a malformed option (exit 2).
 * @throws {FairdealError} for a bad seed or an option the preset does not take (exit 1).
 */
export const deal: Command = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      seed: { type: 'string' },
      seats: { type: 'string' },
      dealer: { type: 'string' },
      format: { type: 'string' },
      json: { type: 'boolean' },
      cards: { type: 'string' },
      board: { type: 'string' },
      decks: { type: 'string' },
      penetration: { type: 'string' },
      level: { type: 'string' },
      trump: { type: 'string' },
      deck: { type: 'string' },
      'hand-size': { type: 'string' },
      kitty: { type: 'string' },
      'board-cards': { type: 'string' },
      sort: { type: 'string' },
      fair: { type: 'boolean' },
      'client-seed': { type: 'string', multiple: true },
      list: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (values.list) {
    io.out(listPresets());
    return 0;
  }
  if (positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0
        ? `which game? presets: ${PRESET_NAMES.join(', ')}`
        : `one preset at a time, got ${positionals.join(' ')}`,
    );
  }
  const name = positionals[0]!;
  if (!Object.hasOwn(PRESETS, name)) {
    throw new UsageError(`unknown preset '${name}'; presets: ${PRESET_NAMES.join(', ')}`);
  }
  const format = values.json ? 'json' : (values.format ?? 'text');
  if (format !== 'text' && format !== 'json' && format !== 'pbn') {
    throw new UsageError(`--format must be text, json or pbn, got '${format}'`);
  }
  if (format === 'pbn' && name !== 'bridge') {
    throw new UsageError('--format pbn is for bridge deals only');
  }
  const style = (values.cards ?? 'symbol') as CardStyle;
  if (!['symbol', 'code', 'unicode', 'chinese'].includes(style)) {
    throw new UsageError(`--cards must be symbol, code, unicode or chinese, got '${style}'`);
  }
  let trump: DealOptions['trump'];
  if (values.trump !== undefined) {
    trump = TRUMPS[values.trump.toLowerCase()];
    if (trump === undefined) {
      throw new UsageError(
        `--trump must be S, H, D, C, none, grand or null, got '${values.trump}'`,
      );
    }
  }
  if (values.fair && values.seed !== undefined) {
    throw new UsageError(
      '--fair deals from a fresh server seed; --seed cannot be combined with it',
    );
  }
  if (!values.fair && values['client-seed'] !== undefined) {
    throw new UsageError('--client-seed goes with --fair');
  }
  if (values.fair && format === 'pbn') {
    throw new UsageError('--fair prints a transcript; use --format text or json');
  }
  const dealer = integer('--dealer', values.dealer);
  const seed = values.seed ?? freshSeed();
  const options: Record<string, unknown> = {
    seed,
    seats: integer('--seats', values.seats),
    dealer: dealer === undefined ? undefined : dealer - 1,
    boardNumber: integer('--board', values.board),
    decks: integer('--decks', values.decks),
    penetration: fraction('--penetration', values.penetration),
    level: values.level?.toUpperCase(),
    trump,
    deck: deckOption(values.deck),
    handSize: integer('--hand-size', values['hand-size']),
    kitty: integer('--kitty', values.kitty),
    boardCards: integer('--board-cards', values['board-cards']),
    sort: values.sort as SortName | undefined,
  };
  for (const key of Object.keys(options)) if (options[key] === undefined) delete options[key];
  if (options.dealer === -1) throw new UsageError('--dealer counts seats from 1');
  getPreset(name);
  if (values.fair) {
    delete options.seed;
    if (options.deck !== undefined && typeof options.deck !== 'string') {
      throw new UsageError('--fair takes --deck by name only (transcripts record plain options)');
    }
    const fair = fairDeal(name, {
      options: options as Record<string, string | number | boolean>,
      clientSeeds: values['client-seed'] ?? [],
      onCommit: (c) => {
        if (format === 'text') io.out(`Commitment: ${c}\n`);
      },
    });
    if (format === 'json') {
      const body = {
        commitment: fair.commitment,
        deal: toJson(fair.deal),
        transcript: fair.transcript,
      };
      io.out(`${JSON.stringify(body, null, 2)}\n`);
    } else {
      io.out(renderDeal(fair.deal, { color: useColor(io), style }));
      io.out(
        `Transcript (check with: fairdeal verify FILE):\n${JSON.stringify(fair.transcript, null, 2)}\n`,
      );
    }
    return 0;
  }
  const round = dealRound(name, options as DealOptions);

  if (format === 'json') {
    io.out(`${JSON.stringify(toJson(round), null, 2)}\n`);
  } else if (format === 'pbn') {
    io.out(toPbn(round));
  } else {
    io.out(renderDeal(round, { color: useColor(io), style }));
    const again = [`fairdeal deal ${name}`, `--seed ${shellQuote(seed)}`];
    for (const a of reproducingArgs(args)) again.push(a);
    io.out(`Seed: ${seed}\nReplay: ${again.join(' ')}\n`);
  }
  return 0;
};

/** The options of this run that shape the deal (so the replay line deals the same round). */
function reproducingArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  const skip = new Set(['--seed', '--format', '--json', '--cards']);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) continue;
    const [flag, inline] = a.split('=', 2) as [string, string | undefined];
    const takesValue = flag !== '--json' && flag !== '--list' && flag !== '--help';
    const value = inline ?? (takesValue ? args[++i] : undefined);
    if (skip.has(flag)) continue;
    out.push(value === undefined ? flag : `${flag} ${shellQuote(value)}`);
  }
  return out;
}

function shellQuote(s: string): string {
  return /^[A-Za-z0-9_.,:/+=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
