import { FairdealError } from '../errors.ts';
import { clientCommitment, serverCommitment } from './commitments.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import { deriveDeckKey } from './derive-key.ts';
import { fromHex, toHex } from './hex.ts';
import { parseTranscript } from './parse-transcript.ts';
import { presetDeal } from './preset-deal.ts';
import { shuffleDeck } from './shuffle-deck.ts';
import type { FairTranscript } from './transcript.ts';
import { transcriptHash } from './transcript-hash.ts';
import { compareUtf8 } from './validate.ts';

/** One thing that does not match, named precisely enough to act on. */
export interface VerifyProblem {
  /** Which part: `format`, `server.commitment`, `clients[2].commitment`, `cards[17]`, `hash`, `prev`, … */
  readonly field: string;
  /** One line for humans, e.g. "card at position 17 is 7H, the seeds give QS". */
  readonly message: string;
}

/** The verdict of {@link verify}. */
export type VerifyResult =
  | { readonly ok: true; readonly transcript: FairTranscript }
  | { readonly ok: false; readonly problems: readonly VerifyProblem[] };

/**
 * Re-deals a hand from its transcript and checks every claim in it: the server seed against the
 * server commitment, each committed client seed against its commitment, the canonical order of
 * the clients, every card and its destination against the re-dealt deck, and the transcript hash.
 * It never trusts the transcript's own hash or cards: everything is recomputed from the seeds.
 *
 * Pure and synchronous, with no Node-only import on its path, so a web page can check a hand
 * without trusting the server. It never throws on bad input: malformed JSON is a `format` problem.
 * Hashes are compared in constant time. The link to the previous hand is checked by `verifyChain`.
 *
 * @example
 * ```ts
 * const r = verify(JSON.parse(text));
 * if (!r.ok) for (const p of r.problems) console.log(`${p.field}: ${p.message}`);
 * ```
 * @throws never (problems are returned).
 */
export function verify(input: unknown): VerifyResult {
  let t: FairTranscript;
  try {
    t = parseTranscript(input);
  } catch (error) {
    return fail([{ field: fieldOf(error), message: messageOf(error) }]);
  }
  const problems: VerifyProblem[] = [];
  const ref = { table: t.table, hand: t.hand };
  try {
    const seed = fromHex(t.server.seed, 32, 'server.seed');
    if (!constantTimeEqual(serverCommitment(ref, seed), fromHex(t.server.commitment, 32, 'c'))) {
      problems.push({
        field: 'server.commitment',
        message: 'the server seed does not match the server commitment',
      });
    }
    t.clients.forEach((c, i) => {
      if (i > 0 && compareUtf8(t.clients[i - 1]!.player, c.player) >= 0) {
        problems.push({
          field: `clients[${i}]`,
          message: `clients are not in canonical order (sorted by player id, no duplicates) at '${c.player}'`,
        });
      }
      if (c.commitment === undefined || c.salt === undefined) return;
      const expected = clientCommitment(ref, c.player, fromHex(c.salt, 32, 'salt'), c.seed);
      if (!constantTimeEqual(expected, fromHex(c.commitment, 32, 'commitment'))) {
        problems.push({
          field: `clients[${i}].commitment`,
          message: `the seed of player '${c.player}' does not match their commitment`,
        });
      }
    });
    const plan = presetDeal(t.preset, t.options);
    const key = deriveDeckKey(seed, {
      ...ref,
      preset: t.preset,
      options: t.options,
      deck: plan.deck,
      clients: t.clients,
    });
    const expected = plan.deal(shuffleDeck(key, plan.deck)).cards;
    compareCards(t, expected, problems);
    const actual = transcriptHash(t);
    if (!constantTimeEqual(actual, fromHex(t.hash, 32, 'hash'))) {
      problems.push({
        field: 'hash',
        message: `the hash field does not match the content, which hashes to ${toHex(actual)}`,
      });
    }
  } catch (error) {
    problems.push({ field: fieldOf(error), message: messageOf(error) });
  }
  return problems.length === 0 ? { ok: true, transcript: t } : fail(problems);
}

function compareCards(
  t: FairTranscript,
  expected: readonly { card: string; to: string }[],
  problems: VerifyProblem[],
): void {
  const n = Math.max(t.cards.length, expected.length);
  for (let i = 0; i < n; i++) {
    const got = t.cards[i];
    const want = expected[i];
    if (got === undefined || want === undefined) {
      problems.push({
        field: 'cards',
        message: `the transcript lists ${t.cards.length} cards, the seeds deal ${expected.length}`,
      });
      return;
    }
    if (got.card !== want.card) {
      problems.push({
        field: `cards[${i}]`,
        message: `card at position ${i} is ${got.card}, the seeds give ${want.card}`,
      });
    } else if (got.to !== want.to) {
      problems.push({
        field: `cards[${i}].to`,
        message: `card ${got.card} at position ${i} went to ${got.to}, the preset deals it to ${want.to}`,
      });
    }
  }
}

function fail(problems: VerifyProblem[]): VerifyResult {
  return { ok: false, problems };
}

function fieldOf(error: unknown): string {
  const field = error instanceof FairdealError ? error.detail?.field : undefined;
  return typeof field === 'string' ? field : 'format';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
