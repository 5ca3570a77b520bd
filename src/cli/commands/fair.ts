import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type ClientCommit,
  canonicalFairOptions,
  checkRoster,
  commitClientSeed,
  type FairOptions,
  FairRound,
  type FairRoundSecretState,
  type FairTranscript,
  parseAnnouncement,
  parseRoster,
  parseStrictJson,
  type Seating,
} from '../../fair/index.ts';
import { FairdealError } from '../../index.ts';
import type { CliIo, Command } from '../io.ts';
import { OutputError, UsageError } from '../io.ts';
import { ContentError, InputError, MAX_FAIR_FILE_BYTES, readBoundedText } from '../read-input.ts';
import { escapeText, safeJson } from './escape-text.ts';
import {
  handNumber,
  need,
  type OutTarget,
  outTarget,
  parseOptions,
  prevHash,
  readJson,
  readRecord,
} from './fair-args.ts';
import { FAIR_V3_HELP, fairV3, usesFairV3, V3_ONLY_STEPS } from './fair-v3.ts';
import { writeFileSafely } from './safe-write.ts';

const HELP = `Usage:
  fairdeal fair commit <preset> --state FILE [--table T] [--hand N] [--prev HASH | --prev-file T.json]
                       [--option key=value …] [--seat ID|- …] [--seating roster] [--force]
  fairdeal fair client --announcement A.json --player P --seed S [--out FILE] [--force]
  fairdeal fair join   --state FILE --player P --commitment HEX
  fairdeal fair close  --state FILE
  fairdeal fair check-roster --roster R.json --secret FILE
  fairdeal fair reveal --state FILE (--player P --seed S --salt HEX | --secret FILE | --client-seed S)
                       [--out FILE] [--force]
  fairdeal fair deal   --state FILE [--allow-missing] [--out FILE] [--force]
  fairdeal fair transcript --state FILE [--out FILE] [--force]

A provably fair hand step by step (fairdeal-v2, docs/FAIR.md §2 and §13):
  commit        (dealer) draws a secret server seed, saves the round to the state FILE (mode 0600)
                and prints the announcement to publish: header and commitment. --seat gives the
                player of each seat in order (- for a seat bound to nobody); --seating roster seats
                the roster's players in canonical order. --option is parsed by the option's type
                (level, trump, deck, sort: text; penetration: a number; others: whole numbers).
  client        (player) checks nothing secret, draws a salt and commits to the seed and the
                announcement; prints {player, seed, salt, commitment, serverCommitment} or writes it
                to --out (mode 0600) and prints only the commitment. Publish the commitment.
  join          (dealer) records a player's commitment; refused once the roster is closed.
  close         (dealer) closes the roster and prints it: publish it before anyone reveals.
  check-roster  (player) exit 0 when the published roster holds your commitment unaltered.
  reveal        (dealer) records a revealed seed (checked against its commitment), or the one plain
                --client-seed of a single party when nobody committed. When everyone has revealed
                it deals and prints the transcript (or writes --out); otherwise exit 3.
  deal          (dealer) deals now; with --allow-missing, players who never revealed are recorded.
  transcript    (dealer) prints the transcript of a dealt round again, from its state FILE (or
                writes --out): the same transcript, re-dealt from the saved seeds.
An --out FILE is checked before anything changes (it must not exist without --force, nor be a
symbolic link, and its folder must be writable): a refusal leaves the round as it was.
`;

/**
 * `fairdeal fair commit|client|join|close|check-roster|reveal|deal`: a fairdeal-v2 hand step by
 * step. The state file is the round's secret state; every write is atomic, 0600, refuses
 * symbolic links and never replaces another file without --force.
 *
 * @example
 * ```sh
 * fairdeal fair commit doudizhu --state hand.json --table t1 --hand 1 --seating roster
 * ```
 * @throws {UsageError} for bad usage or files; FairdealError for protocol violations (exit 1).
 */
export const fair: Command = async (args, io) => {
  if (usesFairV3(args, io)) return fairV3(args, io);
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
      seat: { type: 'string', multiple: true },
      seating: { type: 'string' },
      force: { type: 'boolean' },
      announcement: { type: 'string' },
      player: { type: 'string' },
      seed: { type: 'string' },
      salt: { type: 'string' },
      secret: { type: 'string' },
      roster: { type: 'string' },
      commitment: { type: 'string' },
      'client-seed': { type: 'string', multiple: true },
      'allow-missing': { type: 'boolean' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(HELP + FAIR_V3_HELP);
    return 0;
  }
  const [step, ...rest] = positionals;
  const allowed: Record<string, string[]> = {
    commit: ['state', 'table', 'hand', 'prev', 'prev-file', 'option', 'seat', 'seating', 'force'],
    client: ['announcement', 'player', 'seed', 'out', 'force'],
    join: ['state', 'player', 'commitment'],
    close: ['state'],
    'check-roster': ['roster', 'secret'],
    reveal: ['state', 'player', 'seed', 'salt', 'secret', 'client-seed', 'out', 'force'],
    deal: ['state', 'allow-missing', 'out', 'force'],
    transcript: ['state', 'out', 'force'],
  };
  const steps = `${Object.keys(allowed).join(', ')}; fairdeal-v3 also ${V3_ONLY_STEPS.join(', ')}`;
  if (step === undefined || !Object.hasOwn(allowed, step)) {
    throw new UsageError(
      step === undefined
        ? `missing step: ${steps} (see --help)`
        : `unknown step '${escapeText(step)}' (${steps})`,
    );
  }
  for (const key of Object.keys(values)) {
    if (!allowed[step]!.includes(key)) throw new UsageError(`fair ${step} does not take --${key}`);
  }
  if (step !== 'commit' && rest.length > 0) {
    throw new UsageError(`unexpected argument '${escapeText(rest[0]!)}'`);
  }

  // The --out target is checked before any step changes anything, and written after.
  const out = outTarget(io, values.out, values.force, values.state);

  if (step === 'client') {
    // Strictly what `fair commit` printed (docs/FAIR.md §13, "Files"): the header shown below is
    // what this player commits to, so it must be one a transcript could carry.
    const announcement = readRecord(io, need(values.announcement, '--announcement'), (text) =>
      parseAnnouncement(text),
    );
    const mine = commitClientSeed(
      announcement,
      need(values.player, '--player'),
      need(values.seed, '--seed'),
    );
    io.err(
      `fairdeal fair: committing to ${escapeText(announcement.preset)} at table '${escapeText(announcement.table)}' hand ${announcement.hand}, options ${escapeText(JSON.stringify(announcement.options))}, seating ${escapeText(JSON.stringify(announcement.seating))}\n`,
    );
    if (out === undefined) {
      io.out(`${safeJson(mine)}\n`);
    } else {
      writeFileSafely(out.path, `${JSON.stringify(mine, null, 2)}\n`, { ...out, secret: true });
      io.out(`${safeJson({ player: mine.player, commitment: mine.commitment })}\n`);
    }
    return 0;
  }

  if (step === 'check-roster') {
    const roster = readRecord(io, need(values.roster, '--roster'), (text) => parseRoster(text));
    const mine = readClientSecret(io, need(values.secret, '--secret'));
    checkRoster(roster, mine);
    io.out(`roster OK: it holds your commitment as '${escapeText(mine.player)}'; you may reveal\n`);
    return 0;
  }

  const shownState = need(values.state, '--state');
  const statePath = resolve(io.cwd, shownState);
  const save = (round: FairRound, force: boolean) =>
    writeFileSafely(statePath, `${JSON.stringify(round.exportSecretState(), null, 2)}\n`, {
      secret: true,
      force,
      shown: shownState,
    });

  if (step === 'commit') {
    if (rest.length !== 1) throw new UsageError('fair commit needs exactly one <preset>');
    if (values.prev !== undefined && values['prev-file'] !== undefined) {
      throw new UsageError('give --prev or --prev-file, not both');
    }
    const prev =
      values['prev-file'] !== undefined ? prevHash(io, values['prev-file']) : (values.prev ?? null);
    const options = parseOptions(values.option ?? []);
    const round = FairRound.open({
      table: values.table ?? 'table',
      hand: values.hand === undefined ? 1 : handNumber(values.hand),
      prev,
      preset: rest[0]!,
      options,
      seating: seating(values.seat, values.seating, rest[0]!, options),
    });
    save(round, values.force === true);
    const a = round.announcement;
    if (Array.isArray(a.seating) && a.seating.every((p) => p === null)) {
      io.err('fairdeal fair: seats are not bound to players (use --seat or --seating roster)\n');
    }
    io.out(`${safeJson(a)}\n`);
    return 0;
  }

  const round = load(io, shownState);
  if (step === 'transcript') {
    const transcript = round.transcript;
    if (transcript === undefined) {
      throw new FairdealError(
        'PROTOCOL_ORDER',
        `round ${escapeText(shownState)} is not dealt yet (phase '${round.phase}'): no transcript`,
      );
    }
    writeTranscript(io, transcript, out);
    return 0;
  }
  if (step === 'join') {
    round.commit(need(values.player, '--player'), need(values.commitment, '--commitment'));
    save(round, true);
    io.err(`fairdeal fair: commitment of '${escapeText(values.player!)}' recorded\n`);
    return 0;
  }
  if (step === 'close') {
    const roster = round.closeRoster();
    save(round, true);
    io.out(`${safeJson(roster)}\n`);
    return 0;
  }
  if (step === 'reveal') {
    const plain = values['client-seed'] ?? [];
    const secret = values.secret === undefined ? undefined : readClientSecret(io, values.secret);
    const direct =
      values.player !== undefined || values.seed !== undefined || values.salt !== undefined;
    if ([plain.length > 0, secret !== undefined, direct].filter(Boolean).length !== 1) {
      throw new UsageError('give one of --player/--seed/--salt, --secret FILE or --client-seed');
    }
    if (plain.length > 1) {
      throw new UsageError(
        'one --client-seed only: several players must commit first (fair client, join, close)',
      );
    }
    if (plain.length === 1) round.addPlainSeed('client', plain[0]!);
    else if (secret !== undefined) round.reveal(secret.player, secret.seed, secret.salt);
    else {
      round.reveal(
        need(values.player, '--player'),
        need(values.seed, '--seed'),
        need(values.salt, '--salt'),
      );
    }
    const waiting = round.waitingFor;
    if (waiting.length > 0) {
      save(round, true);
      io.err(
        `fairdeal fair: waiting for the seed of ${waiting.map((p) => `'${escapeText(p)}'`).join(', ')}\n`,
      );
      return 3;
    }
  }
  const { transcript } = round.deal({ allowMissing: values['allow-missing'] === true });
  save(round, true);
  try {
    writeTranscript(io, transcript, out);
  } catch (error) {
    // Checked above, so only a failure of the write itself (a full disk) gets here: the round is
    // dealt and saved, and the way to its transcript is one command away.
    throw new OutputError(
      `${(error as Error).message}; the round is dealt and saved: print its transcript with 'fairdeal fair transcript --state ${escapeText(shownState)}'`,
      String((error as { code?: unknown }).code),
    );
  }
  return 0;
};

/** A dealt transcript to standard output, or to the --out file that was checked beforehand. */
function writeTranscript(io: CliIo, transcript: FairTranscript, out: OutTarget | undefined): void {
  const text = `${safeJson(transcript)}\n`;
  if (out === undefined) {
    io.out(text);
    return;
  }
  writeFileSafely(out.path, text, { ...out, secret: false });
  io.err(
    `fairdeal fair: transcript written to ${escapeText(out.shown)} (hash ${transcript.hash})\n`,
  );
}

function seating(
  seats: string[] | undefined,
  rule: string | undefined,
  preset: string,
  options: FairOptions,
): Seating {
  if (rule !== undefined && seats !== undefined)
    throw new UsageError('give --seat or --seating, not both');
  if (rule !== undefined) {
    if (rule !== 'roster')
      throw new UsageError(`--seating takes 'roster', got '${escapeText(rule)}'`);
    return 'roster';
  }
  if (seats !== undefined) return seats.map((s) => (s === '-' ? null : s));
  // Unbound seats, as many as the deal has (the canonical options count them).
  const n = canonicalFairOptions(preset, options).seats as number;
  return Array.from({ length: n }, () => null);
}

const SECRET_KEYS = ['commitment', 'player', 'salt', 'seed', 'serverCommitment'];

/**
 * A player's own file, as `fair client --out` wrote it: exactly `player`, `seed`, `salt`,
 * `commitment` and `serverCommitment`, all strings (their values are checked where they are
 * used: checkRoster and reveal recompute the commitment from them).
 */
function readClientSecret(io: CliIo, file: string): ClientCommit {
  const v = readJson(io, file) as Record<string, unknown> | null;
  const ok =
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.keys(v).sort().join() === SECRET_KEYS.join() &&
    SECRET_KEYS.every((k) => typeof v[k] === 'string');
  if (!ok) {
    throw new InputError(
      `${escapeText(file)} is not a player's file of 'fairdeal fair client' (exactly ${SECRET_KEYS.join(', ')}, all strings)`,
    );
  }
  return v as unknown as ClientCommit;
}

function load(io: CliIo, shown: string): FairRound {
  let text: string;
  try {
    text = readBoundedText(io, shown, MAX_FAIR_FILE_BYTES);
  } catch (error) {
    if (error instanceof ContentError || !(error instanceof InputError)) throw error;
    throw new InputError(
      `${error.message.replace(/^cannot read /, 'cannot read state file ')} (run 'fairdeal fair commit' or 'fair open' first)`,
    );
  }
  return FairRound.restore(parseStrictJson(text) as FairRoundSecretState);
}
