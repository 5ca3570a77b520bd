import { bytesToHex } from '../random/hex.ts';
import { canonicalFairOptions } from './canonical-options.ts';
import { clientCommitmentV2, serverCommitmentOfHeader, sortedRosterHash } from './commit-v2.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import { deriveDeckKeyV2 } from './deck-key-v2.ts';
import { headerBytes, sameOptions } from './header.ts';
import { fromHex } from './hex.ts';
import { presetDeal } from './preset-deal.ts';
import { checkSeating } from './seating.ts';
import { transcriptHashOfBytes } from './transcript-hash-v2.ts';
import type { FairTranscript } from './transcript-v2.ts';
import { compareUtf8 } from './validate.ts';
import { compareCards, problem, problemOf, type VerifyProblem } from './verify-problems.ts';

/**
 * Re-deals a parsed fairdeal-v2 transcript and lists what does not match (docs/FAIR.md §10):
 * canonical options, seating, server commitment (which binds the whole header), roster order,
 * every reveal against its commitment, the plain-seed rule, every card and the hash. Nothing in
 * the transcript is trusted; the key is recomputed from the seeds, C_s and the roster.
 *
 * @example
 * ```ts
 * verifyV2(parsed); // [] when everything matches
 * ```
 * @throws any library error on inputs it cannot encode (the caller reports it as a problem).
 */
export function verifyV2(t: FairTranscript): VerifyProblem[] {
  const problems: VerifyProblem[] = [];
  let canonical: ReturnType<typeof canonicalFairOptions>;
  try {
    canonical = canonicalFairOptions(t.preset, t.options);
  } catch (error) {
    const p = problemOf(error, 'options');
    return [
      {
        ...p,
        field: p.field.startsWith('options') || p.field === 'preset' ? p.field : 'options',
      },
    ];
  }
  if (!sameOptions(canonical, t.options)) {
    return [
      problem(
        'options',
        'options-not-canonical',
        `options are not in canonical form (every option, defaults filled in): expected ${JSON.stringify(canonical)}`,
      ),
    ];
  }
  try {
    checkSeating(t.seating, canonical.seats as number);
  } catch (error) {
    return [{ ...problemOf(error, 'seating'), field: 'seating' }];
  }
  if (t.seating === 'roster' && t.roster.length !== canonical.seats) {
    problems.push(
      problem(
        'seating',
        'roster-size',
        `seating by roster needs ${canonical.seats} players in the roster, it has ${t.roster.length}`,
        { seats: canonical.seats as number, roster: t.roster.length },
      ),
    );
  }
  const seed = fromHex(t.server.seed, 32, 'server.seed');
  const cs = fromHex(t.server.commitment, 32, 'server.commitment');
  // The header is written once, for C_s here and for the transcript hash below.
  const header = headerBytes(t);
  if (!constantTimeEqual(serverCommitmentOfHeader(header, seed), cs)) {
    problems.push(
      problem(
        'server.commitment',
        'server-commitment',
        'the server seed and the header (table, hand, prev, preset, options, seating) do not match the server commitment',
      ),
    );
  }
  // Every hex field is parsed once, here, and its bytes reused by the roster hash and the
  // transcript hash below (parsing them again was a tenth of verify's time, issue 11).
  const inRoster = new Map<string, Uint8Array>();
  const committed: Uint8Array[] = [];
  const salts: Uint8Array[] = [];
  t.roster.forEach((e, i) => {
    if (i > 0 && compareUtf8(t.roster[i - 1]!.player, e.player) >= 0) {
      problems.push(
        problem(
          `roster[${i}]`,
          'out-of-order',
          `the roster is not in canonical order (sorted by player id, no duplicates) at '${e.player}'`,
          { player: e.player },
        ),
      );
    }
    const bytes = fromHex(e.commitment, 32, 'commitment');
    committed.push(bytes);
    inRoster.set(e.player, bytes);
  });
  t.reveals.forEach((r, i) => {
    if (i > 0 && compareUtf8(t.reveals[i - 1]!.player, r.player) >= 0) {
      problems.push(
        problem(
          `reveals[${i}]`,
          'out-of-order',
          `reveals are not in canonical order (sorted by player id, no duplicates) at '${r.player}'`,
          { player: r.player },
        ),
      );
    }
    const commitment = inRoster.get(r.player);
    if (commitment === undefined) {
      problems.push(
        problem(
          `reveals[${i}]`,
          'not-in-roster',
          `'${r.player}' revealed a seed but is not in the roster`,
          { player: r.player },
        ),
      );
      return;
    }
    const salt = fromHex(r.salt, 32, 'salt');
    salts[i] = salt;
    const expected = clientCommitmentV2(cs, r.player, salt, r.seed);
    if (!constantTimeEqual(expected, commitment)) {
      problems.push(
        problem(
          `reveals[${i}].commitment`,
          'seed-commitment',
          `the seed of player '${r.player}' does not match their commitment`,
          { player: r.player },
        ),
      );
    }
  });
  if (t.plain !== null && t.roster.length > 0) {
    problems.push(
      problem(
        'plain',
        'plain-seed',
        `a plain (uncommitted) seed is refused when players committed (${t.roster.length} in the roster)`,
        { count: t.roster.length },
      ),
    );
  }
  if (problems.length > 0) return problems;
  // No problem so far: the roster is in canonical order (so sortedRosterHash is rosterHash), and
  // every reveal reached its check (so salts[i] is the salt of t.reveals[i]).
  const r = sortedRosterHash(cs, t.roster, committed);
  const plan = presetDeal(t.preset, t.options);
  const key = deriveDeckKeyV2(seed, {
    serverCommitment: cs,
    rosterHash: r,
    deck: plan.deck,
    roster: t.roster,
    reveals: t.reveals,
    plain: t.plain,
  });
  compareCards(t.cards, plan.cardsOfKey(key), problems);
  const actual = transcriptHashOfBytes(t, r, { commitment: cs, seed, salts, header });
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
