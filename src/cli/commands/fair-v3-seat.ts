import {
  type AnnouncementV3,
  checkAnnouncementV3,
  checkReceiptV3,
  checkRosterV3,
  commitAsSeat,
  createSeatKey,
  disputeVoidV3,
  type ReceiptV3,
  revealAsSeat,
  type VoidRecordV3,
  verify,
} from '../../fair/index.ts';
import { FairdealError } from '../../index.ts';
import type { CliIo } from '../io.ts';
import { UsageError } from '../io.ts';
import { shellCommand } from '../options/shell-command.ts';
import { InputError } from '../read-input.ts';
import { escapeText, safeJson } from './escape-text.ts';
import { need, outTarget, readJson } from './fair-args.ts';
import {
  readAnnouncementV3,
  readReceiptV3,
  readRosterV3,
  readSeatFileV3,
  type SeatFileV3,
} from './fair-v3-files.ts';
import type { V3Values } from './fair-v3-flags.ts';
import { seatIndexOf, seatName } from './fair-v3-seats.ts';
import { writeFileSafely } from './safe-write.ts';
import { readKeyFile, readPublicKey } from './seat-key-file.ts';

// The seat's steps of fairdeal-v3 (docs/FAIR.md §V3.2 and §13), run on the player's own machine
// with the player's own key, and the checks anyone can make of receipts and void records. No
// step prints a private key; only sign-reveal prints the seed, because a reveal is the seed.

const short = (key: string | null) => (key === null ? 'no key' : `key ${key.slice(0, 16)}…`);

/**
 * `fair keygen`: a key pair from the secure source, the private half only in the 0600 file.
 *
 * @example
 * ```sh
 * fairdeal fair keygen --out alice.key > alice.pub
 * ```
 * @throws {UsageError} for bad usage; InputError or FairdealError when refused (exit 1).
 */
export async function keygenV3(v: V3Values, _rest: string[], io: CliIo): Promise<number> {
  const out = outTarget(
    io,
    need(v.out, '--out (the private key is never printed)'),
    v.force,
    undefined,
  )!;
  const key = await createSeatKey();
  writeFileSafely(out.path, `${JSON.stringify(key, null, 2)}\n`, { ...out, secret: true });
  io.out(`${key.publicKey}\n`);
  io.err(
    `fairdeal fair: private key written to ${escapeText(out.shown)} (mode 0600): it stays on this machine; the public key above is what you give the dealer\n`,
  );
  return 0;
}

/**
 * The seat a key file holds in an announcement, or why not: its own seat by player id, and that
 * seat's key must be this file's (else whoever holds that seat is someone else).
 */
function ownSeat(a: AnnouncementV3, player: string, publicKey: string, keyFile: string): number {
  const k = seatIndexOf(a.seats, player);
  if (a.seats[k]!.key !== publicKey) {
    const mine = a.seats.findIndex((s) => s.key === publicKey);
    throw new FairdealError(
      'BAD_SIGNATURE',
      `${seatName(a.seats, k)} of this announcement does not hold the key of ${escapeText(keyFile)}: someone else sits there${mine < 0 ? '' : ` (your key is at ${seatName(a.seats, mine)})`}`,
    );
  }
  return k;
}

/**
 * `fair client` (v3): check the announcement, commit, sign; the secret file and the message.
 *
 * @example
 * ```sh
 * fairdeal fair client --announcement ann.json --seat alice --key alice.key --seed lucky7 --out alice.json
 * ```
 * @throws {UsageError} for bad usage; InputError or FairdealError when refused (exit 1).
 */
export async function clientV3(v: V3Values, _rest: string[], io: CliIo): Promise<number> {
  const out = outTarget(
    io,
    need(v.out, '--out (your seed and salt stay in that file until you reveal)'),
    v.force,
    undefined,
  )!;
  const seats = v.seat ?? [];
  if (seats.length !== 1) throw new UsageError('give your seat once: --seat PLAYER');
  const a = readAnnouncementV3(io, need(v.announcement, '--announcement'));
  const keyFile = need(v.key, '--key');
  const key = readKeyFile(io, keyFile);
  const trusted = v['dealer-pub'] === undefined ? undefined : readPublicKey(io, v['dealer-pub']);
  const k = ownSeat(a, seats[0]!, key.publicKey, keyFile);
  await checkAnnouncementV3(a, {
    seat: k,
    publicKey: key.publicKey,
    ...(trusted === undefined ? {} : { dealer: trusted.key }),
  });
  const mine = await commitAsSeat(a, k, need(v.seed, '--seed'), key);
  const file: SeatFileV3 = { ...mine, announcement: a };
  writeFileSafely(out.path, `${JSON.stringify(file, null, 2)}\n`, { ...out, secret: true });
  io.err(
    `fairdeal fair: committed as ${seatName(a.seats, k)} to ${escapeText(a.preset)} at table '${escapeText(a.table)}' hand ${a.hand}, options ${escapeText(JSON.stringify(a.options))}, seats ${a.seats.map((s, i) => `${seatName(a.seats, i)} [${short(s.key)}]`).join(', ')}; your file: ${escapeText(out.shown)} (mode 0600)\n`,
  );
  if (trusted === undefined) {
    io.err(
      `fairdeal fair: warning: the announcement is signed by dealer ${short(a.dealer)}; you did not say which dealer you trust (--dealer-pub KEY): check that key is your dealer's\n`,
    );
  }
  io.out(
    `${safeJson({ seat: mine.seat, commitment: mine.commitment, signature: mine.signature })}\n`,
  );
  return 0;
}

/**
 * `fair check-roster` (v3): exit 0 when it is safe to reveal.
 *
 * @example
 * ```sh
 * fairdeal fair check-roster --roster roster.json --secret alice.json
 * ```
 * @throws {UsageError} for bad usage; InputError or FairdealError when refused (exit 1).
 */
export async function checkRosterStepV3(v: V3Values, _rest: string[], io: CliIo): Promise<number> {
  const roster = readRosterV3(io, need(v.roster, '--roster'));
  const mine = readSeatFileV3(io, need(v.secret, '--secret'));
  await checkRosterV3(roster, mine.announcement, mine);
  io.out(
    `roster OK: every seat's commitment is signed by its key, yours as ${seatName(mine.announcement.seats, mine.seat)} unaltered, and the dealer signed the roster; you may reveal\n`,
  );
  return 0;
}

/**
 * `fair sign-reveal`: the roster checked first, then the reveal signed over it.
 *
 * @example
 * ```sh
 * fairdeal fair sign-reveal --roster roster.json --secret alice.json --key alice.key
 * ```
 * @throws {UsageError} for bad usage; InputError or FairdealError when refused (exit 1).
 */
export async function signRevealV3(v: V3Values, _rest: string[], io: CliIo): Promise<number> {
  const out = outTarget(io, v.out, v.force, undefined);
  const roster = readRosterV3(io, need(v.roster, '--roster'));
  const secret = need(v.secret, '--secret');
  const mine = readSeatFileV3(io, secret);
  const keyFile = need(v.key, '--key');
  const key = readKeyFile(io, keyFile);
  const a = mine.announcement;
  if (a.seats[mine.seat]?.key !== key.publicKey) {
    throw new InputError(
      `${escapeText(keyFile)} is not the key of ${seatName(a.seats, mine.seat)}, the seat of ${escapeText(secret)}`,
    );
  }
  // A reveal signs R: signing a roster that was not checked would vouch for whatever it holds.
  await checkRosterV3(roster, a, mine);
  const reveal = await revealAsSeat(mine, roster, key);
  const text = `${safeJson(reveal)}\n`;
  if (out === undefined) io.out(text);
  else {
    writeFileSafely(out.path, text, { ...out, secret: true });
    io.err(`fairdeal fair: your reveal is in ${escapeText(out.shown)} (mode 0600): send it\n`);
  }
  return 0;
}

/**
 * An announcement's own signature and header, checked as its first seat would (the library checks
 * the rest of a seat's view there too): what a receipt is held to.
 */
async function checkAnnouncementSigned(a: AnnouncementV3, file: string): Promise<void> {
  const first = a.seats[0]?.key;
  if (a.mode !== 'fair' || typeof first !== 'string') {
    throw new InputError(`${escapeText(file)}: a practice hand has no receipts`);
  }
  await checkAnnouncementV3(a, { seat: 0, publicKey: first });
}

/**
 * `fair receipt`: exit 0 when the announcement's dealer signed the receipt, for that hand.
 *
 * @example
 * ```sh
 * fairdeal fair receipt --receipt alice-reveal-receipt.json --announcement ann.json
 * ```
 * @throws {UsageError} for bad usage; InputError or FairdealError when refused (exit 1).
 */
export async function receiptV3(v: V3Values, _rest: string[], io: CliIo): Promise<number> {
  const files = v.receipt ?? [];
  if (files.length !== 1) throw new UsageError('give one --receipt FILE');
  const r = readReceiptV3(io, files[0]!);
  const file = need(v.announcement, '--announcement');
  const a = readAnnouncementV3(io, file);
  await checkAnnouncementSigned(a, file);
  if (r.commitment !== a.commitment) {
    throw new FairdealError(
      'BAD_SIGNATURE',
      `${escapeText(files[0]!)} is a receipt for another hand (commitment ${r.commitment.slice(0, 16)}…), not this announcement's`,
    );
  }
  if (r.seat < 0 || r.seat >= a.seats.length || !(await checkReceiptV3(r, a.dealer))) {
    throw new FairdealError(
      'BAD_SIGNATURE',
      `${escapeText(files[0]!)} is NOT signed by the dealer's key of this announcement: it proves nothing`,
    );
  }
  io.out(
    `receipt OK: the dealer (${short(a.dealer)}) signed that it took the ${r.kind} of ${seatName(a.seats, r.seat)} at ${new Date(r.at).toISOString()}\n`,
  );
  return 0;
}

/**
 * `fair dispute`: a void record held to the receipts a seat kept. Exit 1: the dealer dropped one.
 *
 * @example
 * ```sh
 * fairdeal fair dispute --record void.json --receipt alice-reveal-receipt.json
 * ```
 * @throws {UsageError} for bad usage; InputError or FairdealError when refused (exit 1).
 */
export async function disputeV3(v: V3Values, _rest: string[], io: CliIo): Promise<number> {
  const file = need(v.record, '--record');
  const files = v.receipt ?? [];
  if (files.length === 0) throw new UsageError('give the receipts you kept: --receipt FILE …');
  const checked = verify(readJson(io, file));
  if (!checked.ok) {
    throw new FairdealError(
      'BAD_TRANSCRIPT',
      `${escapeText(file)} does not verify (${escapeText(
        checked.problems
          .map((p) => `${p.field}: ${p.message}`)
          .join('; ')
          .slice(0, 200),
      )}): run ${escapeText(shellCommand(['fairdeal', 'verify', file]))}`,
    );
  }
  const record = checked.transcript as VoidRecordV3;
  if (record.algorithm !== 'fairdeal-v3' || record.kind !== 'void') {
    throw new InputError(
      `${escapeText(file)} is not a void record: a dispute holds a void record to receipts`,
    );
  }
  const receipts: ReceiptV3[] = [];
  for (const f of files) {
    const r = readReceiptV3(io, f);
    if (r.commitment !== record.server.commitment) {
      io.err(`fairdeal fair: ${escapeText(f)} is a receipt for another hand: not counted\n`);
    } else if (!(await checkReceiptV3(r, record.dealer))) {
      io.err(
        `fairdeal fair: ${escapeText(f)} is not signed by this record's dealer: not counted\n`,
      );
    } else receipts.push(r);
  }
  const caught = await disputeVoidV3(record, receipts);
  for (const p of caught) {
    const k = Number(/\[(\d+)\]/.exec(p.field)?.[1]);
    io.out(`DEALER CAUGHT  ${p.field} (${seatName(record.seats, k)}): ${escapeText(p.message)}\n`);
  }
  if (caught.length > 0) return 1;
  io.out(
    `no receipt contradicts ${escapeText(file)}: ${receipts.length} receipt(s) of this hand checked\n`,
  );
  return 0;
}
