import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  commitClientSeed,
  type FairOptions,
  FairRound,
  type FairRoundState,
} from '../../fair/index.ts';
import type { CliIo, Command } from '../io.ts';
import { UsageError } from '../io.ts';

const HELP = `Usage:
  fairdeal fair commit <preset> --state FILE [--table T] [--hand N] [--prev HASH | --prev-file T.json]
                                [--option key=value …] [--force]
  fairdeal fair client --table T --hand N --player P --seed S
  fairdeal fair join   --state FILE --player P --commitment HEX
  fairdeal fair reveal --state FILE [--player P --seed S --salt HEX] [--client-seed S …] [--out FILE]

A provably fair hand step by step (docs/FAIR.md §10):
  commit  (dealer) draws a secret server seed, saves the round to the state FILE (mode 0600: it
          holds the secret) and prints the commitment to publish, as JSON.
  client  (player) draws a salt and prints {player, seed, salt, commitment}: publish the
          commitment, keep seed and salt for the reveal.
  join    (dealer) records a player's commitment; refused once any seed has been revealed.
  reveal  (dealer) records a player's revealed seed and salt (checked against the commitment), or
          plain --client-seed values for a single party when nobody committed. When every
          committed player has revealed it deals and prints the transcript JSON (or writes --out);
          otherwise it prints whom it is waiting for and exits 3.
`;

/**
 * `fairdeal fair commit|client|join|reveal`: scripting a provably fair hand step by step.
 *
 * @example
 * ```sh
 * fairdeal fair commit doudizhu --state hand.json --table t1 --hand 1
 * fairdeal fair reveal --state hand.json --client-seed 'my words' > transcript.json
 * ```
 * @throws {UsageError} for bad usage; FairdealError for protocol violations (exit 1).
 */
export const fair: Command = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      state: { type: 'string' },
      table: { type: 'string' },
      hand: { type: 'string' },
      prev: { type: 'string' },
      'prev-file': { type: 'string' },
      option: { type: 'string', multiple: true },
      force: { type: 'boolean' },
      player: { type: 'string' },
      seed: { type: 'string' },
      salt: { type: 'string' },
      commitment: { type: 'string' },
      'client-seed': { type: 'string', multiple: true },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const [step, ...rest] = positionals;
  const allowed: Record<string, string[]> = {
    commit: ['state', 'table', 'hand', 'prev', 'prev-file', 'option', 'force'],
    client: ['table', 'hand', 'player', 'seed'],
    join: ['state', 'player', 'commitment'],
    reveal: ['state', 'player', 'seed', 'salt', 'client-seed', 'out'],
  };
  if (step === undefined || allowed[step] === undefined) {
    throw new UsageError(
      step === undefined
        ? 'missing step: commit, client, join or reveal (see --help)'
        : `unknown step '${step}' (commit, client, join or reveal)`,
    );
  }
  for (const key of Object.keys(values)) {
    if (!allowed[step]!.includes(key)) throw new UsageError(`fair ${step} does not take --${key}`);
  }
  if (step !== 'commit' && rest.length > 0)
    throw new UsageError(`unexpected argument '${rest[0]}'`);

  if (step === 'client') {
    const player = need(values.player, '--player');
    const c = commitClientSeed(
      { table: need(values.table, '--table'), hand: handNumber(need(values.hand, '--hand')) },
      player,
      need(values.seed, '--seed'),
    );
    io.out(`${JSON.stringify(c, null, 2)}\n`);
    return 0;
  }

  const statePath = resolve(io.cwd, need(values.state, '--state'));
  if (step === 'commit') {
    if (rest.length !== 1) throw new UsageError('fair commit needs exactly one <preset>');
    if (existsSync(statePath) && !values.force) {
      throw new UsageError(`${values.state} exists; refusing to overwrite a round (use --force)`);
    }
    if (values.prev !== undefined && values['prev-file'] !== undefined) {
      throw new UsageError('give --prev or --prev-file, not both');
    }
    const prev =
      values['prev-file'] !== undefined ? prevHash(io, values['prev-file']) : (values.prev ?? null);
    const round = FairRound.open({
      table: values.table ?? 'table',
      hand: values.hand === undefined ? 1 : handNumber(values.hand),
      prev,
      preset: rest[0]!,
      options: parseOptions(values.option ?? []),
    });
    save(statePath, round);
    io.out(
      `${JSON.stringify({ algorithm: 'fairdeal-v1', table: round.table, hand: round.hand, preset: round.preset, options: round.options, prev: round.prev, commitment: round.commitment }, null, 2)}\n`,
    );
    return 0;
  }

  const round = load(statePath, values.state!);
  if (step === 'join') {
    round.commit(need(values.player, '--player'), need(values.commitment, '--commitment'));
    save(statePath, round);
    io.err(`fairdeal fair: commitment of '${values.player}' recorded\n`);
    return 0;
  }

  // reveal
  const plain = values['client-seed'] ?? [];
  const single =
    values.player !== undefined || values.seed !== undefined || values.salt !== undefined;
  if (single && plain.length > 0)
    throw new UsageError('give --player/--seed/--salt or --client-seed, not both');
  if (single) {
    round.reveal(
      need(values.player, '--player'),
      need(values.seed, '--seed'),
      need(values.salt, '--salt'),
    );
  } else if (plain.length > 0) {
    round.addSeeds(plain.map((seed, i) => ({ player: `client${i + 1}`, seed })));
  } else if (round.phase === 'committing' && round.waitingFor.length === 0) {
    round.addSeeds([]); // no client seeds at all: the server seed alone decides
  }
  const waiting = round.waitingFor;
  if (waiting.length > 0) {
    save(statePath, round);
    io.err(`fairdeal fair: waiting for the seed of ${waiting.map((p) => `'${p}'`).join(', ')}\n`);
    return 3;
  }
  const { transcript } = round.deal();
  save(statePath, round);
  const text = `${JSON.stringify(transcript, null, 2)}\n`;
  if (values.out === undefined) io.out(text);
  else {
    writeFileSync(resolve(io.cwd, values.out), text);
    io.err(`fairdeal fair: transcript written to ${values.out} (hash ${transcript.hash})\n`);
  }
  return 0;
};

function need(value: string | undefined, flag: string): string {
  if (value === undefined) throw new UsageError(`missing ${flag}`);
  return value;
}

function handNumber(text: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`--hand must be a whole number, got '${text}'`);
  }
  return Number(text);
}

/** `key=value`: integers and true/false become numbers and booleans, anything else a string. */
function parseOptions(list: string[]): FairOptions {
  const options: Record<string, string | number | boolean> = {};
  for (const item of list) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`--option must be key=value, got '${item}'`);
    const key = item.slice(0, eq);
    const raw = item.slice(eq + 1);
    options[key] = /^-?\d+$/.test(raw)
      ? Number(raw)
      : raw === 'true'
        ? true
        : raw === 'false'
          ? false
          : raw;
  }
  return options;
}

function prevHash(io: CliIo, file: string): string {
  const t = JSON.parse(readFileSync(resolve(io.cwd, file), 'utf8')) as { hash?: unknown };
  if (typeof t.hash !== 'string') throw new UsageError(`${file} has no transcript hash`);
  return t.hash;
}

function load(path: string, shown: string): FairRound {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`cannot read state file ${shown} (run 'fairdeal fair commit' first)`);
  }
  return FairRound.fromJSON(JSON.parse(text) as FairRoundState);
}

function save(path: string, round: FairRound): void {
  writeFileSync(path, `${JSON.stringify(round.toJSON(), null, 2)}\n`, { mode: 0o600 });
}
