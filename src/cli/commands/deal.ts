import { parseArgs } from 'node:util';
import type { Deal, DealOptions, DeckName, DeckSpec, SortName } from '../../index.ts';
import {
  deal as dealRound,
  formatPbnDeal,
  freshSeed,
  getPreset,
  PRESET_NAMES,
  PRESETS,
} from '../../index.ts';
import type { Command } from '../io.ts';
import { UsageError } from '../io.ts';
import { inFlagWords } from '../options/deal-option-error.ts';
import { optionArgs } from '../options/option-args.ts';
import { parseSeedOption } from '../options/seed-option.ts';
import { shellCommand } from '../options/shell-command.ts';
import { useColor } from '../render/color.ts';
import type { CardStyle } from '../render/render-card.ts';
import { renderDeal } from '../render/render-deal.ts';
import { dealFair } from './deal-fair.ts';

const HELP = `Usage: fairdeal deal <preset> [options]

Deals a round of a game and shows each seat's sorted hand, the kitty or board, and the seed
that reproduces it. Presets: ${PRESET_NAMES.join(', ')}.

Options:
  --seed S            reproduce a deal: 64 hex digits or any passphrase
                      (default: a fresh secure seed, printed so the deal can be replayed)
  --seats N           number of seats (within the preset's range)
  --dealer N          seat number of the dealer, 1-based (default: the last seat)
  --format F          text (default), json, or pbn (bridge only)
  --json              same as --format json (not with another --format)
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
  --fair              a fairdeal-v2 transcript in one step: prints the server commitment
                      first and the transcript last (check it with 'fairdeal verify').
                      A demonstration of the format, not a fair protocol: the seed is
                      given before the commitment exists (use 'fairdeal fair'; docs/FAIR.md)
  --client-seed S     with --fair: the single party's seed (once)
  --out FILE          with --fair: write the transcript to FILE (never replaces a file
                      without --force)
  --list              list the presets with their seats
  -h, --help          this help

Colours: red suits on a terminal; NO_COLOR turns them off, FORCE_COLOR forces them on.
Exit status: 0 dealt, 1 failure (e.g. standard output cannot be written), 2 usage error (an
unknown preset, a bad or conflicting option, a number out of range, a bad seed or card).
`;

function integer(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,9}$/.test(value)) {
    throw new UsageError(
      /^[0-9]+$/.test(value)
        ? `${flag} is too large, got ${value}`
        : `${flag} needs a whole number, got '${value}'`,
    );
  }
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
  const { values, positionals, tokens } = parseArgs({
    args,
    allowPositionals: true,
    tokens: true,
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
      out: { type: 'string' },
      force: { type: 'boolean' },
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
  if (values.json && values.format !== undefined && values.format !== 'json') {
    throw new UsageError(`--json and --format ${values.format} contradict each other; give one`);
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
  if (values.seed !== undefined) parseSeedOption(values.seed);
  const preset = getPreset(name);
  const seats = integer('--seats', values.seats);
  if (seats !== undefined && (seats < preset.seats.min || seats > preset.seats.max)) {
    throw new UsageError(
      `--seats for ${name} must be from ${preset.seats.min} to ${preset.seats.max}, got ${seats}`,
    );
  }
  const dealer = integer('--dealer', values.dealer);
  const seatCount = seats ?? preset.seats.default;
  if (dealer !== undefined && (dealer < 1 || dealer > seatCount)) {
    throw new UsageError(
      `--dealer must be a seat from 1 to ${seatCount} (seats count from 1), got ${dealer}`,
    );
  }
  const seed = values.seed ?? freshSeed();
  const options: Record<string, unknown> = {
    seed,
    seats,
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
  if (values.fair) {
    delete options.seed;
    if (options.deck !== undefined && typeof options.deck !== 'string') {
      throw new UsageError('--fair takes --deck by name only (transcripts record plain options)');
    }
    return dealFair(
      {
        preset: name,
        options: options as Record<string, string | number | boolean>,
        clientSeeds: values['client-seed'] ?? [],
        format: format === 'json' ? 'json' : 'text',
        style,
        out: values.out,
        force: values.force === true,
        dealJson: toJson,
      },
      io,
    );
  }
  if (values.out !== undefined || values.force) {
    throw new UsageError('--out and --force go with --fair (they write its transcript)');
  }
  let round: Deal;
  try {
    round = dealRound(name, options as DealOptions);
  } catch (error) {
    throw inFlagWords(error);
  }

  if (format === 'json') {
    io.out(`${JSON.stringify(toJson(round), null, 2)}\n`);
  } else if (format === 'pbn') {
    io.out(toPbn(round));
  } else {
    io.out(renderDeal(round, { color: useColor(io), style }));
    const again = shellCommand([
      'fairdeal',
      'deal',
      name,
      ...optionArgs('--seed', seed),
      ...reproducingArgs(tokens),
    ]);
    io.out(`Seed: ${seed}\nReplay: ${again}\n`);
  }
  return 0;
};

/** The options of this run that shape the deal (so the replay line deals the same round). */
function reproducingArgs(
  tokens: readonly { kind: string; name?: string; value?: string | undefined }[],
): string[] {
  const out: string[] = [];
  const skip = new Set(['seed', 'format', 'json', 'cards', 'help', 'list']);
  for (const t of tokens) {
    if (t.kind !== 'option' || t.name === undefined || skip.has(t.name)) continue;
    const flag = `--${t.name}`;
    out.push(...(t.value === undefined ? [flag] : optionArgs(flag, t.value)));
  }
  return out;
}
