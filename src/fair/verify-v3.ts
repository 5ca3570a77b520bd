import { bytesToHex } from '../random/hex.ts';
import { canonicalFairOptions } from './canonical-options.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import { sameOptions } from './header.ts';
import { checkSeatsV3 } from './header-v3.ts';
import { fromHex } from './hex.ts';
import {
  clientCommitmentV3,
  commitMessageV3,
  deckKeyV3,
  revealMessageV3,
  rosterHashV3,
  serverCommitmentV3,
  transcriptMessageV3,
} from './messages-v3.ts';
import { presetDeal } from './preset-deal.ts';
import { type AnyRecordV3, recordHashV3 } from './transcript-v3.ts';
import {
  compareCards,
  problem,
  problemOf,
  type VerifyProblem,
  type VerifyProblemCode,
} from './verify-problems.ts';

/** One Ed25519 signature a v3 record claims, for the platform's verifier to check. */
export interface SignatureCheck {
  readonly field: string;
  readonly key: Uint8Array;
  readonly message: Uint8Array;
  readonly signature: Uint8Array;
  /** What to say when it does not verify. */
  readonly problem: VerifyProblem;
}

/**
 * Checks everything of a parsed v3 record except the Ed25519 signatures, which it returns for
 * the caller to run (synchronously in Node, with Web Crypto in a browser: verify.ts). In this
 * order (docs/FAIR.md §V3.8): options and seats; the server seed against C_s; the mode's shape
 * (a practice hand has no commits; a fair roster closes only when every seat committed; a dealt
 * fair hand has every reveal); each reveal against its commitment; R; for a void record, that
 * the seats named are exactly the ones missing; the order of the times; the cards; the hash.
 *
 * @example
 * ```ts
 * const { problems, signatures } = checkRecordV3(parsed);
 * ```
 * @throws any library error on inputs it cannot encode (the caller reports it as a problem).
 */
export function checkRecordV3(t: AnyRecordV3): {
  problems: VerifyProblem[];
  signatures: SignatureCheck[];
} {
  const problems: VerifyProblem[] = [];
  const signatures: SignatureCheck[] = [];
  const say = (
    field: string,
    code: VerifyProblemCode,
    message: string,
    params?: Readonly<Record<string, string | number>>,
  ) => problems.push(problem(field, code, message, params));
  let canonical: ReturnType<typeof canonicalFairOptions>;
  try {
    canonical = canonicalFairOptions(t.preset, t.options);
  } catch (error) {
    return { problems: [problemOf(error, 'options')], signatures };
  }
  if (!sameOptions(canonical, t.options)) {
    say(
      'options',
      'options-not-canonical',
      `options are not in canonical form: expected ${JSON.stringify(canonical)}`,
    );
    return { problems, signatures };
  }
  try {
    checkSeatsV3(t.seats, canonical.seats as number, t.mode, t.dealer);
  } catch (error) {
    return { problems: [problemOf(error, 'seats')], signatures };
  }
  const seed = fromHex(t.server.seed, 32, 'server.seed');
  const cs = fromHex(t.server.commitment, 32, 'server.commitment');
  if (!constantTimeEqual(serverCommitmentV3(t, seed), cs)) {
    say(
      'server.commitment',
      'server-commitment',
      'the server seed and the header (mode, table, hand, prev, preset, options, dealer, seats) do not match the server commitment',
    );
  }
  const n = t.seats.length;
  const dealt = t.kind === 'dealt';
  const keys = t.seats.map((s) => (s.key === null ? null : fromHex(s.key, 32, 'seat key')));
  const who = (k: number) => `seat ${k} ('${t.seats[k]!.player}')`;
  const seat = (k: number) => ({ seat: k, player: t.seats[k]!.player });

  if (t.mode === 'practice') {
    if (t.commits.length > 0 || t.roster !== null || t.reveals.length > 0) {
      say('commits', 'practice-shape', 'a practice hand has no commits, roster or reveals');
    }
  } else if (t.commits.length !== n) {
    say(
      'commits',
      'commit-count',
      `a fair hand lists one commit per seat: ${n} seats, ${t.commits.length} commits`,
      { seats: n, count: t.commits.length },
    );
  }
  const commitBytes: (Uint8Array | null)[] = t.commits.map((c, k) => {
    if (c === null) {
      if (dealt) {
        say(
          `commits[${k}]`,
          'missing-commit',
          `${who(k)} has no commitment, yet the hand was dealt`,
          seat(k),
        );
      }
      return null;
    }
    const ck = fromHex(c.commitment, 32, `commits[${k}].commitment`);
    if (k < n && keys[k] !== null) {
      signatures.push({
        field: `commits[${k}].signature`,
        key: keys[k]!,
        message: commitMessageV3(cs, k, ck),
        signature: fromHex(c.signature, 64, 'signature'),
        problem: problem(
          `commits[${k}].signature`,
          'commit-signature',
          `the commitment of ${who(k)} is not signed by that seat's key for this hand`,
          seat(k),
        ),
      });
    }
    return ck;
  });

  let r: Uint8Array | null = null;
  if (t.roster !== null) {
    if (commitBytes.some((c) => c === null) || commitBytes.length !== n) {
      say('roster', 'roster-early', 'the roster closed before every seat had committed');
    } else {
      r = rosterHashV3(cs, commitBytes as Uint8Array[]);
      if (!constantTimeEqual(r, fromHex(t.roster.hash, 32, 'roster.hash'))) {
        say('roster.hash', 'roster-hash', "the roster hash does not match the seats' commitments");
      }
    }
  }
  if (t.roster === null && t.reveals.length > 0) {
    say('reveals', 'reveal-early', 'seeds were revealed before the roster closed');
  } else if (t.roster !== null && t.reveals.length !== n) {
    say(
      'reveals',
      'reveal-count',
      `once the roster closed, reveals list one entry per seat: ${n} seats, ${t.reveals.length}`,
      { seats: n, count: t.reveals.length },
    );
  }
  if (dealt && t.mode === 'fair' && t.roster === null) {
    say('roster', 'no-roster', 'a fair hand was dealt without a closed roster');
  }
  t.reveals.forEach((rv, k) => {
    if (rv === null) {
      if (dealt) {
        say(
          `reveals[${k}]`,
          'missing-reveal',
          `${who(k)} never revealed, yet the hand was dealt`,
          seat(k),
        );
      }
      return;
    }
    const ck = commitBytes[k];
    if (ck == null || r === null) return;
    const salt = fromHex(rv.salt, 32, `reveals[${k}].salt`);
    if (!constantTimeEqual(clientCommitmentV3(cs, k, salt, rv.seed), ck)) {
      say(
        `reveals[${k}].commitment`,
        'seed-commitment',
        `the seed of ${who(k)} does not match its commitment`,
        seat(k),
      );
    }
    if (keys[k] !== null && k < n) {
      signatures.push({
        field: `reveals[${k}].signature`,
        key: keys[k]!,
        message: revealMessageV3(cs, r, k, salt, rv.seed),
        signature: fromHex(rv.signature, 64, 'signature'),
        problem: problem(
          `reveals[${k}].signature`,
          'reveal-signature',
          `the reveal of ${who(k)} is not signed by that seat's key for this roster`,
          seat(k),
        ),
      });
    }
  });

  if (t.kind === 'void') {
    const v = t.void;
    const sorted = v.seats.every((k, i) => k < n && (i === 0 || v.seats[i - 1]! < k));
    if (!sorted || v.seats.length === 0) {
      say(
        'void.seats',
        'void-seats',
        'void seats must be seat numbers of this hand, ascending, at least one',
      );
    } else if (v.reason === 'withheld') {
      const missing = (t.roster === null ? t.commits : t.reveals)
        .map((x, k) => (x === null ? k : -1))
        .filter((k) => k >= 0);
      if (t.mode !== 'fair' || missing.join(',') !== v.seats.join(',')) {
        say(
          'void.seats',
          'void-seats-wrong',
          `a hand voided as withheld names exactly the seats that did not ${t.roster === null ? 'commit' : 'reveal'} (${missing.join(', ') || 'none'}), not ${v.seats.join(', ')}`,
          { step: t.roster === null ? 'commit' : 'reveal' },
        );
      }
    }
  }

  const times: [string, number][] = [['server.at', t.server.at]];
  t.commits.forEach((c, k) => {
    if (c !== null) times.push([`commits[${k}].at`, c.at]);
  });
  if (t.roster !== null) {
    for (const [field, at] of times.slice(1)) {
      if (at > t.roster.at) say(field, 'after-roster', `${field} is after the roster closed`);
    }
    times.push(['roster.at', t.roster.at]);
  }
  t.reveals.forEach((x, k) => {
    if (x !== null) times.push([`reveals[${k}].at`, x.at]);
  });
  for (const [field, at] of times.slice(1)) {
    if (at < t.server.at) {
      say(field, 'before-announced', `${field} is before the hand was announced`);
    }
    if (t.roster !== null && field.startsWith('reveals') && at < t.roster.at) {
      say(field, 'before-roster', `${field} is before the roster closed`);
    }
  }
  if (t.kind === 'void') {
    const late = times.find(([, at]) => at > t.void.at);
    if (late !== undefined) {
      say('void.at', 'void-early', `the hand was voided before ${late[0]}`, { what: late[0] });
    }
  }
  if (problems.length > 0) return { problems, signatures: [] };

  if (t.kind === 'dealt') {
    const plan = presetDeal(t.preset, t.options);
    const seeds = t.mode === 'fair' ? t.reveals.map((x) => x!.seed) : [];
    const key = deckKeyV3(seed, cs, r ?? rosterHashV3(cs, []), plan.deck, seeds);
    compareCards(t.cards, plan.cardsOfKey(key), problems);
  }
  const actual = recordHashV3(t);
  if (!constantTimeEqual(actual, fromHex(t.hash, 32, 'hash'))) {
    say(
      'hash',
      'hash',
      `the hash field does not match the content, which hashes to ${bytesToHex(actual)}`,
    );
  }
  signatures.push({
    field: 'signature',
    key: fromHex(t.dealer, 32, 'dealer'),
    message: transcriptMessageV3(actual),
    signature: fromHex(t.signature, 64, 'signature'),
    problem: problem(
      'signature',
      'dealer-signature',
      "the record is not signed by the dealer's key",
    ),
  });
  return { problems, signatures };
}
