import { bytesToHex } from '../random/hex.ts';
import { clientCommitment, serverCommitment } from './commitments.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import { deriveDeckKey } from './derive-key.ts';
import { fromHex } from './hex.ts';
import { presetDeal } from './preset-deal.ts';
import type { FairTranscriptV1 } from './transcript.ts';
import { transcriptHash } from './transcript-hash.ts';
import { compareUtf8 } from './validate.ts';
import { compareCards, problem, type VerifyProblem } from './verify-problems.ts';

/**
 * Re-deals a parsed fairdeal-v1 transcript and lists what does not match (Appendix A of
 * docs/FAIR.md). Adds v2's rule for plain seeds: an uncommitted seed is refused whenever the
 * hand has more than one client (it could have been chosen after the others were seen).
 *
 * @example
 * ```ts
 * verifyV1(parsed); // [] when everything matches
 * ```
 * @throws any library error on inputs it cannot encode (the caller reports it as a problem).
 */
export function verifyV1(t: FairTranscriptV1): VerifyProblem[] {
  const problems: VerifyProblem[] = [];
  const ref = { table: t.table, hand: t.hand };
  const seed = fromHex(t.server.seed, 32, 'server.seed');
  if (!constantTimeEqual(serverCommitment(ref, seed), fromHex(t.server.commitment, 32, 'c'))) {
    problems.push(
      problem(
        'server.commitment',
        'server-commitment',
        'the server seed does not match the server commitment',
      ),
    );
  }
  t.clients.forEach((c, i) => {
    if (i > 0 && compareUtf8(t.clients[i - 1]!.player, c.player) >= 0) {
      problems.push(
        problem(
          `clients[${i}]`,
          'out-of-order',
          `clients are not in canonical order (sorted by player id, no duplicates) at '${c.player}'`,
          { player: c.player },
        ),
      );
    }
    if (c.commitment === undefined || c.salt === undefined) {
      if (t.clients.length > 1) {
        problems.push(
          problem(
            `clients[${i}]`,
            'plain-seed',
            `the seed of '${c.player}' is plain (uncommitted) in a hand with ${t.clients.length} clients: it could have been chosen after the others`,
            { player: c.player, count: t.clients.length },
          ),
        );
      }
      return;
    }
    const expected = clientCommitment(ref, c.player, fromHex(c.salt, 32, 'salt'), c.seed);
    if (!constantTimeEqual(expected, fromHex(c.commitment, 32, 'commitment'))) {
      problems.push(
        problem(
          `clients[${i}].commitment`,
          'seed-commitment',
          `the seed of player '${c.player}' does not match their commitment`,
          { player: c.player },
        ),
      );
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
  compareCards(t.cards, plan.cardsOfKey(key), problems);
  const actual = transcriptHash(t);
  if (!constantTimeEqual(actual, fromHex(t.hash, 32, 'hash'))) {
    problems.push(
      problem(
        'hash',
        'hash',
        `the hash field does not match the content, which hashes to ${bytesToHex(actual)}`,
      ),
    );
  }
  return problems;
}
