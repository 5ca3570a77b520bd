import { parseArgs } from 'node:util';
import { parseStrictJson } from '../../fair/index.ts';
import type { CliIo } from '../io.ts';
import { UsageError } from '../io.ts';
import { MAX_FAIR_FILE_BYTES, readBoundedText } from '../read-input.ts';
import { escapeText } from './escape-text.ts';
import {
  closeV3,
  dealV3,
  joinV3,
  openV3,
  revealV3,
  transcriptV3,
  voidV3,
} from './fair-v3-dealer.ts';
import { parseV3Flags, V3_FLAGS, type V3Values } from './fair-v3-flags.ts';
import {
  checkRosterStepV3,
  clientV3,
  disputeV3,
  keygenV3,
  receiptV3,
  signRevealV3,
} from './fair-v3-seat.ts';
import { V3_STATE_FORMAT } from './fair-v3-state.ts';

/** The usage of the fairdeal-v3 steps (`fairdeal fair --help` prints it after v2's). */
export const FAIR_V3_HELP = `
fairdeal-v3, every seat signs (docs/FAIR.md "fairdeal-v3" and §13):
  fairdeal fair keygen --out FILE [--force]
  fairdeal fair open <preset> --state FILE --dealer-key FILE --seat PLAYER=KEY … [--table T]
                     [--hand N] [--prev HASH | --prev-file F] [--option key=value …] [--practice]
                     [--force]
  fairdeal fair client --announcement A.json --seat PLAYER --key FILE --seed S --out FILE
                       [--dealer-pub KEY] [--force]
  fairdeal fair join   --state FILE (--message M.json | --seat PLAYER --commitment HEX --signature HEX)
  fairdeal fair close  --state FILE
  fairdeal fair check-roster --roster R.json --secret FILE
  fairdeal fair sign-reveal --roster R.json --secret FILE --key FILE [--out FILE] [--force]
  fairdeal fair reveal --state FILE (--message M.json | --seat PLAYER --seed S --salt HEX
                       --signature HEX) [--out FILE] [--force]
  fairdeal fair void   --state FILE (--withheld | --kick PLAYER …) [--out FILE] [--force]
  fairdeal fair deal   --state FILE [--out FILE] [--force]                  (a practice hand)
  fairdeal fair transcript --state FILE [--out FILE] [--force]
  fairdeal fair receipt --receipt R.json --announcement A.json
  fairdeal fair dispute --record V.json --receipt R.json [--receipt …]
Every dealer step also takes --dealer-key FILE (default: the file 'open' was given).

  keygen        (anyone) an Ed25519 key pair made on this machine, written to --out (mode 0600);
                prints only the public key. A key file open to other users is refused.
  open          (dealer) opens a v3 hand: seats in order, each PLAYER with the public KEY its player
                made (64 hex digits, or a file holding them); saves the state FILE (0600) and
                prints the signed announcement to publish. --practice: nobody commits.
  client        (seat) for a fairdeal-v3 announcement: checks the dealer's signature and that your
                key holds your seat, commits to --seed and signs; writes your file to --out (0600)
                and prints only {seat, commitment, signature}: send it to the dealer.
  join          (dealer) takes a seat's signed commitment; prints the signed receipt for the seat.
  close         (dealer) once every seat committed: prints the signed roster (publish it).
  check-roster  (seat) exit 0 when the roster holds every seat's signed commitment, yours unaltered.
  sign-reveal   (seat) checks the roster, then prints {seat, seed, salt, signature}: your reveal.
  reveal        (dealer) takes a seat's signed reveal; prints the signed receipt. The last one deals
                and writes the transcript to --out (or 'fair transcript' prints it); exit 3 while
                waiting for others.
  void          (dealer) voids the hand: --withheld after the deadline, or --kick seats; prints the
                signed void record (it is never dealt).
  transcript    (dealer) prints the dealt or void record of a v3 state again.
  receipt       (anyone) exit 0 when the dealer of the announcement signed the receipt.
  dispute       (anyone) exit 1 when a receipt proves a void record dropped a seat's message.
`;

type Step = (values: V3Values, rest: string[], io: CliIo) => Promise<number>;

const DEALER = ['state', 'dealer-key'];
const STEPS: Record<string, { flags: string[]; run: Step; positionals?: number }> = {
  keygen: { flags: ['out', 'force'], run: keygenV3 },
  open: {
    flags: [...DEALER, 'seat', 'table', 'hand', 'prev', 'prev-file', 'option', 'practice', 'force'],
    run: openV3,
    positionals: 1,
  },
  client: {
    flags: ['announcement', 'seat', 'key', 'seed', 'dealer-pub', 'out', 'force'],
    run: clientV3,
  },
  join: { flags: [...DEALER, 'message', 'seat', 'commitment', 'signature'], run: joinV3 },
  close: { flags: DEALER, run: closeV3 },
  'check-roster': { flags: ['roster', 'secret'], run: checkRosterStepV3 },
  'sign-reveal': { flags: ['roster', 'secret', 'key', 'out', 'force'], run: signRevealV3 },
  reveal: {
    flags: [...DEALER, 'message', 'seat', 'seed', 'salt', 'signature', 'out', 'force'],
    run: revealV3,
  },
  void: { flags: [...DEALER, 'withheld', 'kick', 'out', 'force'], run: voidV3 },
  deal: { flags: [...DEALER, 'out', 'force'], run: dealV3 },
  transcript: { flags: [...DEALER, 'out', 'force'], run: transcriptV3 },
  receipt: { flags: ['receipt', 'announcement'], run: receiptV3 },
  dispute: { flags: ['record', 'receipt'], run: disputeV3 },
};

/**
 * `fairdeal fair <step>` for fairdeal-v3 (docs/FAIR.md §13): seat keys made on the player's
 * machine, signed commitments and reveals, signed receipts, void records. fair.ts sends a step
 * here when {@link usesFairV3} says so.
 *
 * @example
 * ```sh
 * fairdeal fair keygen --out alice.key > alice.pub
 * ```
 * @throws {UsageError} for bad usage (exit 2); InputError, FairdealError for refused files and
 *   protocol violations (exit 1).
 */
export async function fairV3(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseV3Flags(args);
  if (values.help) {
    io.out(FAIR_V3_HELP.trimStart());
    return 0;
  }
  const [step, ...rest] = positionals;
  const spec = step === undefined ? undefined : STEPS[step];
  if (spec === undefined || !Object.hasOwn(STEPS, step!)) {
    throw new UsageError(`unknown step '${escapeText(step ?? '')}' (see fairdeal fair --help)`);
  }
  for (const key of Object.keys(values)) {
    if (!spec.flags.includes(key)) {
      throw new UsageError(`fair ${step} does not take --${key} (fairdeal-v3; see --help)`);
    }
  }
  if (rest.length > (spec.positionals ?? 0)) {
    throw new UsageError(`unexpected argument '${escapeText(rest[spec.positionals ?? 0]!)}'`);
  }
  return spec.run(values, rest, io);
}

/** Steps that exist only in v3. */
export const V3_ONLY_STEPS = ['keygen', 'open', 'sign-reveal', 'void', 'receipt', 'dispute'];
const V3_ONLY = new Set(V3_ONLY_STEPS);
/** Steps both versions have, told apart by their state file. */
const BY_STATE = new Set(['join', 'close', 'reveal', 'deal', 'transcript']);

/** Flags no v2 step takes. */
const V3_ONLY_FLAGS = [
  'dealer-key',
  'dealer-pub',
  'key',
  'message',
  'signature',
  'kick',
  'withheld',
  'practice',
  'receipt',
  'record',
];

/** Every string flag of both versions, so that a loose parse still pairs flags with values. */
const LOOSE = Object.fromEntries(
  [
    ...Object.entries(V3_FLAGS)
      .filter(([, o]) => o.type === 'string')
      .map(([k]) => k),
    'player',
    'seating',
    'client-seed',
  ].map((k) => [k, { type: 'string', multiple: true } as const]),
);

/**
 * Whether `fairdeal fair …` is a fairdeal-v3 step: one only v3 has, or a shared step whose file
 * is v3 — a state file of `fair open`, an announcement whose `algorithm` is `fairdeal-v3`, a
 * roster with signed `commits`. Anything unreadable stays with v2, which reports it as before.
 *
 * @example
 * ```ts
 * if (usesFairV3(args, io)) return fairV3(args, io);
 * ```
 * @throws never.
 */
export function usesFairV3(args: string[], io: CliIo): boolean {
  let values: Record<string, unknown>;
  let step: string | undefined;
  try {
    const parsed = parseArgs({ args, strict: false, allowPositionals: true, options: LOOSE });
    values = parsed.values;
    step = parsed.positionals[0];
  } catch {
    return false;
  }
  if (step === undefined) return false;
  if (V3_ONLY.has(step)) return true;
  // A flag only v3 has: its step reports a missing or unreadable file in its own words.
  if (V3_ONLY_FLAGS.some((f) => values[f] !== undefined)) return true;
  const peek = (flag: string): Record<string, unknown> | undefined => {
    const file = (values[flag] as string[] | undefined)?.[0];
    if (file === undefined || file === '-') return undefined;
    try {
      return parseStrictJson(readBoundedText(io, file, MAX_FAIR_FILE_BYTES)) as Record<
        string,
        unknown
      >;
    } catch {
      return undefined;
    }
  };
  if (step === 'client') return peek('announcement')?.algorithm === 'fairdeal-v3';
  if (step === 'check-roster') return Array.isArray(peek('roster')?.commits);
  if (BY_STATE.has(step)) return peek('state')?.format === V3_STATE_FORMAT;
  return false;
}
