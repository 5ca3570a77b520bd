import { parseArgs } from 'node:util';
import {
  type ChainResult,
  parseAnnouncement,
  parseRoster,
  parseStrictJson,
  type VerifyExpectations,
  type VerifyResult,
  verifyChain,
  verify as verifyTranscript,
} from '../../fair/index.ts';
import type { CliIo, Command } from '../io.ts';
import { UsageError } from '../io.ts';
import { ContentError, InputError, MAX_FAIR_FILE_BYTES, readBoundedText } from '../read-input.ts';
import { escapeText, safeJson } from './escape-text.ts';

const MAX_CARD_LINES = 5;

const HELP = `Usage: fairdeal verify <transcript.json> [more.json …] [--json]

Re-deals each hand from its transcript (fairdeal-v2 or v1, docs/FAIR.md) and checks every
commitment, seed, card and hash. With several files (in hand order) it also checks that they form
one unbroken chain (same table, hand numbers one apart, each prev the previous hash, never a v1
hand after a v2 one). A file may
hold a JSON array of transcripts, or the --json output of 'fairdeal deal --fair' (its transcript
is checked against its commitment). '-' reads standard input.

Verdicts: VERIFIED (players' seeds went into the deck after the dealer committed), CONSISTENT
(no client seed: the dealer alone chose the deck — not proven fair), FAILED.
Exit status: 0 when every hand is verified or consistent, 1 when anything fails.
  --json              print the verdict as JSON
  --announcement FILE the announcement you kept (fairdeal fair commit's output, exactly): the
                      transcript must carry its commitment and its header
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
 * `fairdeal verify <transcript.json> …`: a clear verdict, exit 0 (verified or consistent) or 1.
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
  const results: VerifyResult[] = entries.map((e) =>
    e.error !== undefined
      ? { ok: false, problems: [{ field: 'format', message: e.error }] }
      : verifyTranscript(e.value, {
          ...kept,
          ...(e.commitment === undefined ? {} : { commitment: e.commitment }),
        }),
  );
  const chain: ChainResult | undefined =
    entries.length > 1 ? verifyChain(entries.map((e) => e.value)) : undefined;
  const ok = results.every((r) => r.ok) && (chain?.ok ?? true);
  const alone = results.filter((r) => r.ok && r.verdict.fairness === 'dealer-alone').length;
  const verdict = !ok ? 'not-verified' : alone > 0 ? 'dealer-alone' : 'proven-fair';
  if (values.json) {
    io.out(
      `${safeJson({ ok, verdict, hands: results.map((r, i) => summary(entries[i]!.name, r)), ...(chain === undefined ? {} : { chain }) })}\n`,
    );
    return ok ? 0 : 1;
  }
  const line = (text: string) => io.out(`${escapeText(text)}\n`);
  results.forEach((r, i) => {
    const name = entries[i]!.name;
    if (r.ok) {
      const t = r.transcript;
      const v = r.verdict;
      const what = `${name}: table '${t.table}' hand ${t.hand}, ${t.preset}, ${t.cards.length} cards`;
      const legacy =
        v.version === 'fairdeal-v1'
          ? ' (fairdeal-v1: preset options and seats were not committed)'
          : '';
      if (v.fairness === 'dealer-alone') {
        line(`CONSISTENT ${what}, no client seed: the dealer alone chose the deck${legacy}`);
      } else {
        const missing = v.missing.length > 0 ? `; never revealed: ${v.missing.join(', ')}` : '';
        line(`VERIFIED  ${what}, ${v.contributors} player seed(s)${missing}${legacy}`);
      }
      if (v.seats !== null) {
        line(
          `          seats: ${v.seats.map((p, k) => `${k + 1} ${p ?? '(unbound)'}`).join(', ')}`,
        );
      }
    } else {
      line(`FAILED    ${name}: ${r.problems.length} problem(s)`);
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
      line(`CHAIN OK  ${entries.length} hands linked`);
    for (const p of links) line(`CHAIN     ${entries[p.index]?.name ?? ''}: ${p.message}`);
  }
  io.out(
    verdict === 'proven-fair'
      ? 'verdict: the deal is proven fair (the dealer committed first; players’ seeds decided the deck)\n'
      : verdict === 'dealer-alone'
        ? `verdict: consistent, but the dealer alone chose the deck of ${alone} hand(s): not proven fair\n`
        : 'verdict: NOT verified\n',
  );
  return ok ? 0 : 1;
};

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
  return {
    ...(announcement === undefined ? {} : { announcement: read(announcement, parseAnnouncement) }),
    ...(roster === undefined ? {} : { rosterHash: read(roster, parseRoster).rosterHash }),
  };
}

function summary(name: string, r: VerifyResult): Record<string, unknown> {
  return r.ok
    ? {
        file: name,
        ok: true,
        hash: r.transcript.hash,
        version: r.verdict.version,
        fairness: r.verdict.fairness,
        contributors: r.verdict.contributors,
        missing: r.verdict.missing,
        seats: r.verdict.seats,
      }
    : { file: name, ok: false, problems: r.problems };
}
