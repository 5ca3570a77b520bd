import { parseArgs } from 'node:util';
import {
  type ChainResult,
  describeVerdict,
  parseAnnouncement,
  parseRoster,
  parseStrictJson,
  type VerdictDescription,
  type VerifyExpectations,
  type VerifyResult,
  verifyChain,
  verify as verifyTranscript,
} from '../../fair/index.ts';
import type { CliIo, Command } from '../io.ts';
import { UsageError } from '../io.ts';
import { ContentError, InputError, MAX_FAIR_FILE_BYTES, readBoundedText } from '../read-input.ts';
import { escapeText, safeJson } from './escape-text.ts';
import { readAnnouncementV3, readRosterV3 } from './fair-v3-files.ts';
import { darkTranscriptOf, verifyDarkFiles } from './verify-dark-files.ts';

const MAX_CARD_LINES = 5;

const HELP = `Usage: fairdeal verify <transcript.json> [more.json …] [--json]

Re-deals each hand from its record (fairdeal-v3, or a legacy v2 or v1 transcript, docs/FAIR.md)
and checks every commitment, signature, seed, card and hash. A dark hand's transcript
(fairdeal-dark-v1, docs/DARK.md, or the service's record of a finished dark hand) is replayed
instead: every key proof, shuffle step, decryption share and play (exit 0 verified, 5 void, 1
failed, naming the seat at fault); dark and fair files are not mixed in one call. With several files (in hand order)
it also checks that they form one unbroken chain (same table, hand numbers one apart, each prev
the previous hash, never a v1 hand after a v2 one). A file may
hold a JSON array of transcripts, or the --json output of 'fairdeal deal --fair' (its transcript
is checked against its commitment). '-' reads standard input.

Verdicts, and the exit status each gives (a chain exits with its least proven hand; void records
beside proven-fair hands do not lower it):
  0  PROVEN FAIR     fairdeal-v3, dealt from the seeds of 2 or more independently keyed seats
  3  PRACTICE / DEALER ALONE   no player seed: the dealer alone chose the deck
  4  ONE SEAT ONLY / ONE PARTY ONLY   a single seat's (or party's) seed
  5  VOID            a verified void record: the hand was never dealt (withheld or kicked)
  6  CONSISTENT      fairdeal-v2/v1 with player seeds, but no seat signatures: who took part
                     rests on the dealer's word
  1  FAILED          anything does not verify
  --json              print the verdict as JSON
  --announcement FILE the announcement you kept (fairdeal fair commit's output, exactly): the
                      transcript must carry its commitment and its header (v3: and be signed by
                      its dealer key)
  --roster FILE       the roster you kept (fairdeal fair close's output, exactly): the transcript
                      must carry exactly that roster
Files are JSON in UTF-8, at most 16 MiB each (docs/FAIR.md §9 and §13).
`;

interface Entry {
  name: string;
  value: unknown;
  commitment?: string;
  error?: string;
}

/**
 * `fairdeal verify <transcript.json> …`: a clear verdict; exit 0 only for proven fair, 1 for a
 * failure, 3–6 for what is consistent but less than proven (describeVerdict's exit codes).
 * Every string taken from a transcript is printed with control and format characters escaped.
 *
 * @example
 * ```sh
 * fairdeal verify hand-12.json
 * ```
 * @throws {UsageError} without a file or for an unreadable one (exit 2).
 */
export const verify: Command = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      announcement: { type: 'string' },
      roster: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('missing <transcript.json> (see --help)');
  if (
    (values.announcement !== undefined || values.roster !== undefined) &&
    positionals.length > 1
  ) {
    throw new UsageError('--announcement and --roster hold one transcript: give one file');
  }
  const kept = keptRecords(io, values.announcement, values.roster);
  const entries: Entry[] = [];
  for (const file of positionals) {
    let text: string;
    try {
      text = readBoundedText(io, file, MAX_FAIR_FILE_BYTES);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      // Too large, or not UTF-8: that file fails, the others are still checked.
      entries.push({ name: file, value: undefined, error: error.message });
      continue;
    }
    let value: unknown;
    try {
      value = parseStrictJson(text);
    } catch (error) {
      entries.push({ name: file, value: undefined, error: (error as Error).message });
      continue;
    }
    if (Array.isArray(value) && value.length === 0) {
      entries.push({ name: file, value, error: 'an empty list: nothing to verify' });
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => {
        entries.push({ name: `${file}[${i}]`, value: v });
      });
    } else entries.push(unwrapDealOutput(file, value));
  }
  // Dark transcripts (docs/DARK.md) are another protocol: verified on their own, never chained.
  const dark = entries.filter(
    (e) => e.error === undefined && darkTranscriptOf(e.value) !== undefined,
  );
  if (dark.length > 0) {
    if (
      dark.length !== entries.length ||
      values.announcement !== undefined ||
      values.roster !== undefined
    ) {
      throw new UsageError(
        'dark transcripts are verified on their own: give only dark ones, without --announcement or --roster',
      );
    }
    return verifyDarkFiles(io, dark, values.json === true);
  }
  const results: VerifyResult[] = entries.map((e) =>
    e.error !== undefined
      ? { ok: false, problems: [{ field: 'format', code: 'malformed', message: e.error }] }
      : verifyTranscript(e.value, {
          ...kept,
          ...(e.commitment === undefined ? {} : { commitment: e.commitment }),
        }),
  );
  const chain: ChainResult | undefined =
    entries.length > 1 ? verifyChain(entries.map((e) => e.value)) : undefined;
  const ok = results.every((r) => r.ok) && (chain?.ok ?? true);
  const words: (VerdictDescription | undefined)[] = results.map((r) =>
    r.ok ? describeVerdict(r.verdict) : undefined,
  );
  const exit = !ok ? 1 : chainExit(words as VerdictDescription[]);
  const verdict = !ok
    ? 'not-verified'
    : exit === 0
      ? 'proven-fair'
      : (words.find((w) => w!.exitCode === exit)?.status ?? 'not-verified');
  if (values.json) {
    io.out(
      `${safeJson({ ok, verdict, exitCode: exit, hands: results.map((r, i) => summary(entries[i]!.name, r, words[i])), ...(chain === undefined ? {} : { chain }) })}\n`,
    );
    return exit;
  }
  const line = (text: string) => io.out(`${escapeText(text)}\n`);
  results.forEach((r, i) => {
    const name = entries[i]!.name;
    if (r.ok) {
      const t = r.transcript;
      const v = r.verdict;
      const w = words[i]!;
      const what =
        'cards' in t
          ? `table '${t.table}' hand ${t.hand}, ${t.preset}, ${t.cards.length} cards`
          : `table '${t.table}' hand ${t.hand}, ${t.preset}, void record`;
      line(`${w.headline.padEnd(12)} ${name}: ${what} (${v.version})`);
      line(`             ${w.detail}`);
      if (v.version === 'fairdeal-v1') {
        line('             fairdeal-v1: preset options and seats were not committed');
      }
      if (v.seats !== null) {
        const keys = v.version === 'fairdeal-v3' ? v.keys : null;
        line(
          `             seats: ${v.seats.map((p, k) => `${k + 1} ${p ?? '(unbound)'}${keys?.[k] ? ` [key ${keys[k]!.slice(0, 16)}…]` : ''}`).join(', ')}`,
        );
      }
    } else {
      line(`FAILED       ${name}: ${r.problems.length} problem(s)`);
      // Every card differs when a seed or commitment does: list the first few, count the rest
      // (--json has them all).
      const cards = r.problems.filter((p) => p.field.startsWith('cards[')).length;
      let seen = 0;
      for (const p of r.problems) {
        const isCard = p.field.startsWith('cards[');
        if (isCard) seen++;
        if (!isCard || seen <= MAX_CARD_LINES) line(`  ${p.field}: ${p.message}`);
        else if (seen === MAX_CARD_LINES + 1) {
          line(`  … and ${cards - MAX_CARD_LINES} more cards that differ (--json lists all)`);
        }
      }
    }
  });
  if (chain !== undefined) {
    const links = chain.ok
      ? []
      : chain.problems.filter((p) => ['prev', 'table', 'hand', 'chain'].includes(p.field));
    if (links.length === 0 && results.every((r) => r.ok))
      line(`CHAIN OK     ${entries.length} hands linked`);
    for (const p of links) line(`CHAIN        ${entries[p.index]?.name ?? ''}: ${p.message}`);
  }
  const voids = words.filter((w) => w?.status === 'void').length;
  const voidNote = voids > 0 && exit !== 5 ? ` (${voids} void record(s) in the chain)` : '';
  io.out(
    !ok
      ? 'verdict: NOT verified\n'
      : exit === 0
        ? `verdict: proven fair${voidNote}\n`
        : `verdict: ${words.find((w) => w!.exitCode === exit)!.headline.toLowerCase()} — not proven fair${voidNote}\n`,
  );
  return exit;
};

/** The exit status of verified records: the least proven dealt hand's; 5 only if all are void. */
function chainExit(words: readonly VerdictDescription[]): number {
  const rank = [3, 4, 6, 0]; // worst first
  const dealt = words.filter((w) => w.status !== 'void');
  if (dealt.length === 0) return 5;
  for (const code of rank) if (dealt.some((w) => w.exitCode === code)) return code;
  return 0;
}

/**
 * The `--json` output of `deal --fair` is `{ commitment, deal, transcript }`: verify its
 * transcript, held to the commitment printed beside it.
 */
function unwrapDealOutput(file: string, value: unknown): Entry {
  const v = value as Record<string, unknown> | null;
  if (
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.keys(v).sort().join() === 'commitment,deal,transcript' &&
    typeof v.commitment === 'string'
  ) {
    return { name: `${file} (its transcript)`, value: v.transcript, commitment: v.commitment };
  }
  return { name: file, value };
}

/**
 * The announcement and roster a player kept from before the hand, if given, read strictly
 * (docs/FAIR.md §13, "Files"): exactly what `fair commit` and `fair close` print. A file that is
 * not one is an error (exit 1), never a record to hold the transcript to.
 */
function keptRecords(
  io: CliIo,
  announcement: string | undefined,
  roster: string | undefined,
): VerifyExpectations {
  const read = <T>(file: string, parse: (text: string) => T): T => {
    const text = readBoundedText(io, file, MAX_FAIR_FILE_BYTES);
    try {
      return parse(text);
    } catch (error) {
      throw new InputError(`${escapeText(file)}: ${(error as Error).message}`);
    }
  };
  const kept: {
    commitment?: string;
    dealer?: string;
    rosterHash?: string;
    announcement?: ReturnType<typeof parseAnnouncement>;
  } = {};
  // Which version a kept file is, by its own fields; each is then read strictly by its reader
  // (v3: the same readers as `fairdeal fair`, fair-v3-files.ts).
  const fields = (file: string) =>
    read(file, (text) => parseStrictJson(text) as Record<string, unknown> | null);
  if (announcement !== undefined) {
    if (fields(announcement)?.algorithm === 'fairdeal-v3') {
      // A v3 announcement holds the record to its commitment (which binds the header) and to the
      // dealer key that signed it.
      const a = readAnnouncementV3(io, announcement);
      kept.commitment = a.commitment;
      kept.dealer = a.dealer;
    } else kept.announcement = read(announcement, parseAnnouncement);
  }
  if (roster !== undefined) {
    kept.rosterHash = Array.isArray(fields(roster)?.commits)
      ? readRosterV3(io, roster).hash
      : read(roster, parseRoster).rosterHash;
  }
  return kept;
}

function summary(
  name: string,
  r: VerifyResult,
  w: VerdictDescription | undefined,
): Record<string, unknown> {
  return r.ok
    ? {
        file: name,
        ok: true,
        hash: r.transcript.hash,
        version: r.verdict.version,
        status: w?.status,
        headline: w?.headline,
        detail: w?.detail,
        fairness: r.verdict.fairness,
        contributors: r.verdict.contributors,
        missing: r.verdict.missing,
        seats: r.verdict.seats,
      }
    : { file: name, ok: false, problems: r.problems };
}
