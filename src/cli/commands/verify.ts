import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type ChainResult,
  type VerifyResult,
  verifyChain,
  verify as verifyTranscript,
} from '../../fair/index.ts';
import type { Command } from '../io.ts';
import { UsageError } from '../io.ts';

const MAX_CARD_LINES = 5;

const HELP = `Usage: fairdeal verify <transcript.json> [more.json …] [--json]

Re-deals each hand from its transcript (docs/FAIR.md) and checks every commitment, seed, card and
hash. With several files (in hand order) it also checks that they form one unbroken chain.
A file may also hold a JSON array of transcripts. '-' reads standard input.

Exit status: 0 when everything verifies, 1 when anything does not.
  --json   print the verdict as JSON
`;

/**
 * `fairdeal verify <transcript.json> …`: a clear verdict, exit 0 (verified) or 1 (not).
 *
 * @example
 * ```sh
 * fairdeal verify hand-12.json
 * ```
 * @throws {UsageError} without a file; file errors surface as one line (exit 1).
 */
export const verify: Command = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('missing <transcript.json> (see --help)');
  const transcripts: { name: string; value: unknown }[] = [];
  for (const file of positionals) {
    const text = file === '-' ? readFileSync(0, 'utf8') : readText(resolve(io.cwd, file), file);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      io.err(`fairdeal verify: ${file} is not valid JSON\n`);
      return 1;
    }
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        transcripts.push({ name: `${file}[${i}]`, value: v });
      });
    } else {
      transcripts.push({ name: file, value });
    }
  }
  const results = transcripts.map((t) => verifyTranscript(t.value));
  const chain: ChainResult | undefined =
    transcripts.length > 1 ? verifyChain(transcripts.map((t) => t.value)) : undefined;
  const ok = results.every((r) => r.ok) && (chain?.ok ?? true);
  if (values.json) {
    io.out(
      `${JSON.stringify({ ok, hands: results.map((r, i) => summary(transcripts[i]!.name, r)), ...(chain === undefined ? {} : { chain }) }, null, 2)}\n`,
    );
    return ok ? 0 : 1;
  }
  results.forEach((r, i) => {
    const name = transcripts[i]!.name;
    if (r.ok) {
      const t = r.transcript;
      io.out(
        `VERIFIED  ${name}: table '${t.table}' hand ${t.hand}, ${t.preset}, ${t.cards.length} cards, ${t.clients.length} client seed(s)\n`,
      );
    } else {
      io.out(`FAILED    ${name}: ${r.problems.length} problem(s)\n`);
      // Every card differs when a seed or commitment does: list the first few, count the rest
      // (--json has them all).
      const cards = r.problems.filter((p) => p.field.startsWith('cards[')).length;
      let seen = 0;
      for (const p of r.problems) {
        const isCard = p.field.startsWith('cards[');
        if (isCard) seen++;
        if (!isCard || seen <= MAX_CARD_LINES) io.out(`  ${p.field}: ${p.message}\n`);
        else if (seen === MAX_CARD_LINES + 1) {
          io.out(`  … and ${cards - MAX_CARD_LINES} more cards that differ (--json lists all)\n`);
        }
      }
    }
  });
  if (chain !== undefined) {
    const links = chain.ok
      ? []
      : chain.problems.filter((p) => ['prev', 'table', 'hand'].includes(p.field));
    if (links.length === 0 && results.every((r) => r.ok))
      io.out(`CHAIN OK  ${transcripts.length} hands linked\n`);
    for (const p of links) io.out(`CHAIN     ${transcripts[p.index]!.name}: ${p.message}\n`);
  }
  io.out(ok ? 'verdict: the deal is proven fair\n' : 'verdict: NOT verified\n');
  return ok ? 0 : 1;
};

function summary(name: string, r: VerifyResult): Record<string, unknown> {
  return r.ok
    ? { file: name, ok: true, hash: r.transcript.hash }
    : { file: name, ok: false, problems: r.problems };
}

function readText(path: string, shown: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new UsageError(
      `cannot read ${shown}${code === 'ENOENT' ? ': no such file' : ` (${code})`}`,
    );
  }
}
