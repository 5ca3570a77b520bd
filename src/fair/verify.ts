import { FAIR_ALGORITHM } from './algorithm.ts';
import { rosterHash } from './commit-v2.ts';
import type { FairOptions } from './deal-options.ts';
import type { FairAnnouncement } from './fair-round.ts';
import { sameOptions } from './header.ts';
import { fromHex, toHex } from './hex.ts';
import { type AnyFairTranscript, parseTranscript } from './parse-transcript.ts';
import { seatPlayers } from './seating.ts';
import { problemOf, type VerifyProblem } from './verify-problems.ts';
import { verifyV1 } from './verify-v1.ts';
import { verifyV2 } from './verify-v2.ts';

export type { VerifyProblem } from './verify-problems.ts';

/**
 * What a verified hand proves (docs/FAIR.md §10). `players-contributed`: at least one player's
 * seed went into the key after the dealer's commitment — the dealer could not choose the deck.
 * `dealer-alone`: no client seed at all — the transcript is consistent, but the dealer could
 * have tried seeds in private until one dealt what it liked; never call that "proven fair".
 */
export interface FairVerdict {
  readonly version: 'fairdeal-v1' | 'fairdeal-v2';
  readonly fairness: 'players-contributed' | 'dealer-alone';
  /** Revealed plus plain seeds. */
  readonly contributors: number;
  /** Roster players who never revealed (v2). */
  readonly missing: readonly string[];
  /** Player of each seat, `null` for an unbound seat; `null` for v1 (seats were not bound). */
  readonly seats: readonly (string | null)[] | null;
}

/**
 * What the checker saw published before the hand, to hold the transcript to: the announcement's
 * server commitment, and (v2) the roster hash. A dealer who re-dealt under another header would
 * have to show another commitment; only someone who kept the published one can notice.
 */
export interface VerifyExpectations {
  /** The server commitment (hex) that was announced before any seed was given. */
  readonly commitment?: string;
  /**
   * The whole announcement that was published (v2; see parseAnnouncement): the transcript must
   * carry its commitment *and* its header — table, hand, prev, preset, options, seating. The
   * header is what each player agreed to; an announcement whose header and commitment disagree
   * (shown one seating, committed to another) is caught only by comparing both.
   */
  readonly announcement?: FairAnnouncement;
  /** The roster hash (hex) that was published before any reveal (v2). */
  readonly rosterHash?: string;
}

/** The verdict of {@link verify}. */
export type VerifyResult =
  | { readonly ok: true; readonly transcript: AnyFairTranscript; readonly verdict: FairVerdict }
  | { readonly ok: false; readonly problems: readonly VerifyProblem[] };

/**
 * Re-deals a hand from its transcript (fairdeal-v2, or a legacy fairdeal-v1) and checks every
 * claim in it; see docs/FAIR.md §10 for the list. Give it the JSON *text* when you have it: text
 * is parsed strictly (a duplicate key is a problem), a parsed object cannot show duplicates.
 *
 * Pure and synchronous, with no Node-only import on its path, so a web page can check a hand
 * without trusting the server. It never throws on bad input. Hashes compare in constant time.
 * Links between hands are `verifyChain`'s job.
 *
 * With `expected`, the transcript must also carry the announced commitment and roster hash.
 *
 * @example
 * ```ts
 * const r = verify(text, { commitment: announcement.commitment }); // as announced before the hand
 * if (r.ok && r.verdict.fairness === 'dealer-alone') console.log('the dealer alone chose the deck');
 * ```
 * @throws never (problems are returned).
 */
export function verify(input: unknown, expected: VerifyExpectations = {}): VerifyResult {
  let t: AnyFairTranscript;
  try {
    t = parseTranscript(input);
  } catch (error) {
    return { ok: false, problems: [problemOf(error, 'format')] };
  }
  let problems: VerifyProblem[];
  try {
    problems = t.algorithm === FAIR_ALGORITHM ? verifyV1(t) : verifyV2(t);
  } catch (error) {
    problems = [problemOf(error, 'format')];
  }
  problems.push(...expectationProblems(t, expected));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, transcript: t, verdict: verdictOf(t) };
}

function expectationProblems(t: AnyFairTranscript, e: VerifyExpectations): VerifyProblem[] {
  const out: VerifyProblem[] = [];
  if (e.announcement !== undefined) out.push(...announcementProblems(t, e.announcement));
  if (e.commitment !== undefined && e.commitment !== t.server.commitment) {
    out.push({
      field: 'server.commitment',
      message: 'the transcript does not carry the server commitment that was announced',
    });
  }
  if (e.rosterHash !== undefined) {
    const actual =
      t.algorithm === FAIR_ALGORITHM
        ? undefined
        : toHex(rosterHash(fromHex(t.server.commitment, 32, 'server.commitment'), t.roster));
    if (actual !== e.rosterHash) {
      out.push({
        field: 'roster',
        message: 'the transcript does not carry the roster that was published',
      });
    }
  }
  return out;
}

function announcementProblems(t: AnyFairTranscript, a: FairAnnouncement): VerifyProblem[] {
  if (t.algorithm === FAIR_ALGORITHM) {
    return [{ field: 'algorithm', message: 'the announcement is fairdeal-v2, the transcript v1' }];
  }
  const out: VerifyProblem[] = [];
  if (a.commitment !== t.server.commitment) {
    out.push({
      field: 'server.commitment',
      message: 'the transcript does not carry the server commitment that was announced',
    });
  }
  const differs: string[] = [];
  if (a.table !== t.table) differs.push('table');
  if (a.hand !== t.hand) differs.push('hand');
  if (a.prev !== t.prev) differs.push('prev');
  if (a.preset !== t.preset) differs.push('preset');
  if (a.preset === t.preset && !sameOptionsSafe(a.options, t.options)) differs.push('options');
  if (JSON.stringify(a.seating) !== JSON.stringify(t.seating)) differs.push('seating');
  for (const field of differs) {
    out.push({ field, message: `the transcript's ${field} is not the one that was announced` });
  }
  return out;
}

function sameOptionsSafe(a: FairOptions, b: FairOptions): boolean {
  try {
    return sameOptions(a, b);
  } catch {
    return false;
  }
}

function verdictOf(t: AnyFairTranscript): FairVerdict {
  if (t.algorithm === FAIR_ALGORITHM) {
    return {
      version: FAIR_ALGORITHM,
      fairness: t.clients.length > 0 ? 'players-contributed' : 'dealer-alone',
      contributors: t.clients.length,
      missing: [],
      seats: null,
    };
  }
  const revealed = new Set(t.reveals.map((r) => r.player));
  const contributors = t.reveals.length + (t.plain === null ? 0 : 1);
  return {
    version: 'fairdeal-v2',
    fairness: contributors > 0 ? 'players-contributed' : 'dealer-alone',
    contributors,
    missing: t.roster.filter((e) => !revealed.has(e.player)).map((e) => e.player),
    seats: seatPlayers(
      t.seating,
      t.roster.map((e) => e.player),
    ),
  };
}
