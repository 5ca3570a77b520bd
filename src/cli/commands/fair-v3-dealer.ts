import { resolve } from 'node:path';
import { type AnyRecordV3, dealerSigner, type SeatV3, SignedRound } from '../../fair/index.ts';
import { FairdealError } from '../../index.ts';
import { hexToBytes } from '../hex-to-bytes.ts';
import type { CliIo } from '../io.ts';
import { OutputError, UsageError } from '../io.ts';
import { escapeText, safeJson } from './escape-text.ts';
import {
  handNumber,
  need,
  type OutTarget,
  outTarget,
  parseOptions,
  prevHash,
} from './fair-args.ts';
import { readCommitMessageV3, readRevealMessageV3 } from './fair-v3-files.ts';
import type { V3Values } from './fair-v3-flags.ts';
import { seatIndexOf, seatList, seatName, seatOfMessage } from './fair-v3-seats.ts';
import { loadRoundV3, saveRoundV3 } from './fair-v3-state.ts';
import { checkWritable, writeFileSafely } from './safe-write.ts';
import { readKeyFile, readPublicKey } from './seat-key-file.ts';

// The dealer's steps of fairdeal-v3 (docs/FAIR.md §V3.2 and §13). Each one loads the round from
// its state file, does one thing through SignedRound, saves the state, and only then prints what
// it signed: a receipt printed for a message the state did not keep would be the dealer's own
// proof against itself (disputeVoidV3).

const order = (message: string) => new FairdealError('PROTOCOL_ORDER', message);

/**
 * `fair open`: a new v3 hand, its state saved, its signed announcement printed.
 *
 * @example
 * ```sh
 * fairdeal fair open doudizhu --state round.json --dealer-key dealer.key --seat alice=alice.pub …
 * ```
 * @throws {UsageError} for bad usage; InputError or FairdealError when refused (exit 1).
 */
export async function openV3(v: V3Values, rest: string[], io: CliIo): Promise<number> {
  if (rest.length !== 1) throw new UsageError('fair open needs exactly one <preset>');
  if (v.prev !== undefined && v['prev-file'] !== undefined) {
    throw new UsageError('give --prev or --prev-file, not both');
  }
  const shown = need(v.state, '--state');
  const force = v.force === true;
  checkWritable(resolve(io.cwd, shown), { force, shown });
  const practice = v.practice === true;
  const specs = v.seat ?? [];
  if (specs.length === 0) {
    throw new UsageError('give every seat in order: --seat alice=KEY --seat bob=KEY …');
  }
  const dealerFile = need(v['dealer-key'], '--dealer-key');
  const dealerKey = readKeyFile(io, dealerFile);
  const dealer = dealerSigner(hexToBytes(dealerKey.privateKey, 32)!);
  const seats: SeatV3[] = specs.map((spec) => seatOf(io, spec, practice));
  // The library refuses these too (one key, one party); here the refusal names the flag.
  seats.forEach((s, i) => {
    if (s.key === null) return;
    if (s.key === dealer.publicKey) {
      throw new FairdealError(
        'BAD_OPTION',
        `--seat ${escapeText(s.player)}: that key is the dealer's own (${escapeText(dealerFile)}): each seat holds a key its player made`,
      );
    }
    const j = seats.findIndex((t) => t.key === s.key);
    if (j < i) {
      throw new FairdealError(
        'BAD_OPTION',
        `--seat ${escapeText(s.player)}: that key already holds ${seatName(seats, j)}: each seat holds its own key`,
      );
    }
  });
  const prev = v['prev-file'] !== undefined ? prevHash(io, v['prev-file']) : (v.prev ?? null);
  const round = SignedRound.open({
    mode: practice ? 'practice' : 'fair',
    table: v.table ?? 'table',
    hand: v.hand === undefined ? 1 : handNumber(v.hand),
    prev,
    preset: rest[0]!,
    options: parseOptions(v.option ?? []),
    seats,
    dealer,
    at: Date.now(),
  });
  saveRoundV3(io, shown, round, resolve(io.cwd, dealerFile), force);
  io.out(`${safeJson(round.announcement)}\n`);
  io.err(
    practice
      ? `fairdeal fair: practice hand opened (nobody commits; it is never called fair): deal it with 'fairdeal fair deal --state ${escapeText(shown)}'\n`
      : `fairdeal fair: hand opened, state in ${escapeText(shown)} (mode 0600); publish the announcement above; each seat commits with 'fairdeal fair client'\n`,
  );
  return 0;
}

/**
 * `--seat alice=KEY`: the player and the public key its player made. At a practice hand a seat
 * may have no key (`--seat alice`, or `alice=-`). Split at the first '=', so a player id with
 * '=' cannot be seated from the command line.
 */
function seatOf(io: CliIo, spec: string, practice: boolean): SeatV3 {
  const eq = spec.indexOf('=');
  const player = eq < 0 ? spec : spec.slice(0, eq);
  const given = eq < 0 ? '-' : spec.slice(eq + 1);
  if (given === '-' || given === '') {
    if (practice) return { player, key: null };
    throw new UsageError(
      `--seat ${escapeText(player)} needs its player's public key: --seat ${escapeText(player)}=KEY (hex, or their .pub file)`,
    );
  }
  const key = readPublicKey(io, given);
  if (key.fromPrivateFile) {
    io.err(
      `fairdeal fair: warning: ${escapeText(given)} holds a private key: whoever holds it holds seat '${escapeText(player)}'. A seat's key is made on its player's own machine (fairdeal fair keygen); the dealer needs only its public key\n`,
    );
  }
  return { player, key: key.key };
}

/**
 * The seat a dealer step is about: a message file's `seat`, or `--seat PLAYER`. */
function messageSeat(round: SignedRound, seat: number | string, file?: string): number {
  const seats = round.announcement.seats;
  return typeof seat === 'number' ? seatOfMessage(seats, seat, file!) : seatIndexOf(seats, seat);
}

/**
 * `--message FILE` or the flags, not both. */
function oneSource(v: V3Values, flags: readonly (keyof V3Values)[]): string | undefined {
  if (v.message === undefined) return undefined;
  const mixed = flags.find((f) => f !== 'seat' && v[f] !== undefined);
  if (mixed !== undefined || v.seat !== undefined) {
    throw new UsageError(`give --message FILE or --seat and the fields, not both`);
  }
  return v.message;
}

function oneSeatFlag(v: V3Values): string {
  const seats = v.seat ?? [];
  if (seats.length !== 1) throw new UsageError('give one --seat PLAYER (or --message FILE)');
  return seats[0]!;
}

/**
 * A seat's message taken by the library, its refusals said with the seat counted from 1 as every
 * other line of the CLI does (the library's messages count from 0, as its JSON does).
 */
function refusedAs<T>(
  seats: readonly SeatV3[],
  k: number,
  kind: 'commit' | 'reveal',
  take: () => T,
): T {
  try {
    return take();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const who = seatName(seats, k);
    if (code === 'BAD_SIGNATURE') {
      throw new FairdealError(
        'BAD_SIGNATURE',
        kind === 'reveal'
          ? `refused: that reveal is not signed by the key of ${who} over this hand's roster (signed for another roster or hand, or by another key)`
          : `refused: that commitment is not signed by the key of ${who} for this hand (signed by another key, or for another hand)`,
      );
    }
    if (code === 'REVEAL_MISMATCH') {
      throw new FairdealError(
        'REVEAL_MISMATCH',
        `refused: that seed and salt do not open the commitment of ${who}`,
      );
    }
    throw error;
  }
}

/**
 * `fair join`: a seat's signed commitment in, the signed receipt out.
 *
 * @example
 * ```sh
 * fairdeal fair join --state round.json --message alice-commit.json > alice-commit-receipt.json
 * ```
 * @throws {UsageError} for bad usage; InputError or FairdealError when refused (exit 1).
 */
export async function joinV3(v: V3Values, _rest: string[], io: CliIo): Promise<number> {
  const shown = need(v.state, '--state');
  const file = oneSource(v, ['commitment', 'signature']);
  const { round, save } = loadRoundV3(io, shown, v['dealer-key']);
  const seats = round.announcement.seats;
  const m =
    file === undefined
      ? {
          seat: oneSeatFlag(v),
          commitment: need(v.commitment, '--commitment'),
          signature: need(v.signature, '--signature'),
        }
      : readCommitMessageV3(io, file);
  const k = messageSeat(round, m.seat, file);
  if (round.phase === 'committing' && !round.waitingFor.includes(k)) {
    throw order(`${seatName(seats, k)} has committed already: one commitment per seat`);
  }
  const receipt = refusedAs(seats, k, 'commit', () =>
    round.commit(k, { commitment: m.commitment, signature: m.signature }, Date.now()),
  );
  save();
  io.out(`${safeJson(receipt)}\n`);
  const waiting = round.waitingFor;
  io.err(
    `fairdeal fair: the commitment of ${seatName(seats, k)} is recorded; send the seat the receipt above and show its commitment to every seat; ${
      waiting.length > 0
        ? `waiting for ${seatList(seats, waiting)}`
        : `every seat has committed: close the roster ('fairdeal fair close --state ${escapeText(shown)}')`
    }\n`,
  );
  return 0;
}

/**
 * `fair close`: the signed roster, once every seat committed.
 *
 * @example
 * ```sh
 * fairdeal fair close --state round.json > roster.json
 * ```
 * @throws {UsageError} for bad usage; InputError or FairdealError when refused (exit 1).
 */
export async function closeV3(v: V3Values, _rest: string[], io: CliIo): Promise<number> {
  const { round, save } = loadRoundV3(io, need(v.state, '--state'), v['dealer-key']);
  const seats = round.announcement.seats;
  if (round.phase === 'committing' && round.waitingFor.length > 0) {
    throw order(
      `cannot close the roster: ${seatList(seats, round.waitingFor)} has not committed (past the deadline: fair void --withheld)`,
    );
  }
  const roster = round.closeRoster(Date.now());
  save();
  io.out(`${safeJson(roster)}\n`);
  return 0;
}

/**
 * `fair reveal`: a seat's signed reveal in, the signed receipt out; the last one deals.
 *
 * @example
 * ```sh
 * fairdeal fair reveal --state round.json --message alice-reveal.json --out hand.json
 * ```
 * @throws {UsageError} for bad usage; InputError or FairdealError when refused (exit 1).
 */
export async function revealV3(v: V3Values, _rest: string[], io: CliIo): Promise<number> {
  const shown = need(v.state, '--state');
  const out = outTarget(io, v.out, v.force, shown);
  const file = oneSource(v, ['seed', 'salt', 'signature']);
  const { round, save } = loadRoundV3(io, shown, v['dealer-key']);
  const seats = round.announcement.seats;
  const m =
    file === undefined
      ? {
          seat: oneSeatFlag(v),
          seed: need(v.seed, '--seed'),
          salt: need(v.salt, '--salt'),
          signature: need(v.signature, '--signature'),
        }
      : readRevealMessageV3(io, file);
  const k = messageSeat(round, m.seat, file);
  if (round.phase === 'revealing' && !round.waitingFor.includes(k)) {
    throw order(`${seatName(seats, k)} revealed already`);
  }
  const receipt = refusedAs(seats, k, 'reveal', () =>
    round.reveal(k, { seed: m.seed, salt: m.salt, signature: m.signature }, Date.now()),
  );
  const waiting = round.waitingFor;
  // The last seed in deals the hand (§V3.2), in the same save: no state holds every seed but no
  // deal, a pause in which the dealer alone would know the deck.
  const dealt = waiting.length === 0 ? round.deal().transcript : undefined;
  save();
  io.out(`${safeJson(receipt)}\n`);
  if (dealt === undefined) {
    io.err(
      `fairdeal fair: the reveal of ${seatName(seats, k)} is recorded; send the seat the receipt above and show the reveal to every seat; waiting for ${seatList(seats, waiting)}\n`,
    );
    return 3;
  }
  io.err(`fairdeal fair: every seat revealed: the hand is dealt (hash ${dealt.hash})\n`);
  writeRecord(io, dealt, out, shown, false);
  return 0;
}

/**
 * `fair void`: the signed void record (withheld past the deadline, or kicked seats).
 *
 * @example
 * ```sh
 * fairdeal fair void --state round.json --withheld --out void.json
 * ```
 * @throws {UsageError} for bad usage; InputError or FairdealError when refused (exit 1).
 */
export async function voidV3(v: V3Values, _rest: string[], io: CliIo): Promise<number> {
  const shown = need(v.state, '--state');
  const kicked = v.kick ?? [];
  if ((v.withheld === true) === kicked.length > 0) {
    throw new UsageError('give --withheld (past the deadline) or --kick PLAYER …, one of them');
  }
  const out = outTarget(io, v.out, v.force, shown);
  const { round, save } = loadRoundV3(io, shown, v['dealer-key']);
  const seats = round.announcement.seats;
  if (round.phase === 'dealt' || round.phase === 'void') {
    throw order(`this hand was ${round.phase} already: it cannot be voided`);
  }
  const at = Date.now();
  const record =
    kicked.length > 0
      ? round.voidHand({ reason: 'kicked', seats: kicked.map((p) => seatIndexOf(seats, p)), at })
      : round.voidHand({ reason: 'withheld', at });
  save();
  io.err(
    `fairdeal fair: the hand is void (${record.void.reason}: ${seatList(seats, record.void.seats)}); it is never dealt; publish the record and open the next hand with --prev-file\n`,
  );
  writeRecord(io, record, out, shown, true);
  return 0;
}

/** `fair deal`: a practice hand, dealt from the server seed alone.
 *
 * @example
 * ```sh
 * fairdeal fair deal --state practice.json --out hand.json
 * ```
 * @throws {UsageError} for bad usage; InputError or FairdealError when refused (exit 1).
 */
export async function dealV3(v: V3Values, _rest: string[], io: CliIo): Promise<number> {
  const shown = need(v.state, '--state');
  const out = outTarget(io, v.out, v.force, shown);
  const { round, save } = loadRoundV3(io, shown, v['dealer-key']);
  if (round.announcement.mode === 'fair' && round.phase !== 'dealt' && round.phase !== 'void') {
    throw order(
      `a fair hand is dealt by its last reveal (fair reveal), from every seat's seed; ${round.phase === 'committing' ? 'still committing' : `waiting for ${seatList(round.announcement.seats, round.waitingFor)}`} (past the deadline: fair void --withheld)`,
    );
  }
  const { transcript } = round.deal();
  save();
  writeRecord(io, transcript, out, shown, true);
  return 0;
}

/** `fair transcript`: the dealt or void record of a v3 state, again.
 *
 * @example
 * ```sh
 * fairdeal fair transcript --state round.json
 * ```
 * @throws {UsageError} for bad usage; InputError or FairdealError when refused (exit 1).
 */
export async function transcriptV3(v: V3Values, _rest: string[], io: CliIo): Promise<number> {
  const shown = need(v.state, '--state');
  const out = outTarget(io, v.out, v.force, shown);
  const { round } = loadRoundV3(io, shown, v['dealer-key']);
  const record = round.record;
  if (record === undefined) {
    throw order(
      `round ${escapeText(shown)} is not dealt or void yet (phase '${round.phase}'): no record`,
    );
  }
  writeRecord(io, record, out, shown, true);
  return 0;
}

/**
 * A record to standard output, or to the `--out` checked before the round changed. `toStdout`:
 * print it when there is no `--out` (a reveal's standard output is its receipt; there, a note
 * says how to print the record instead).
 */
function writeRecord(
  io: CliIo,
  record: AnyRecordV3,
  out: OutTarget | undefined,
  shownState: string,
  toStdout: boolean,
): void {
  const text = `${safeJson(record)}\n`;
  const again = `'fairdeal fair transcript --state ${escapeText(shownState)}'`;
  if (out === undefined) {
    if (toStdout) io.out(text);
    else io.err(`fairdeal fair: print its record with ${again} (or give --out next time)\n`);
    return;
  }
  try {
    writeFileSafely(out.path, text, { ...out, secret: false });
  } catch (error) {
    // Checked before the round changed, so only the write itself failed (a full disk): the round
    // is saved, and its record is one command away.
    throw new OutputError(
      `${(error as Error).message}; the round is saved: print its record with ${again}`,
      String((error as { code?: unknown }).code),
    );
  }
  io.err(`fairdeal fair: record written to ${escapeText(out.shown)} (hash ${record.hash})\n`);
}
