import { bytesToHex } from '../random/hex.ts';
import { FAIR_ALGORITHM } from './algorithm.ts';
import { rosterHash } from './commit-v2.ts';
import type { FairOptions } from './deal-options.ts';
import { ed25519Verify, ed25519VerifyAsync, hasSyncEd25519 } from './ed25519.ts';
import type { FairAnnouncement } from './fair-round.ts';
import { sameOptions } from './header.ts';
import { FAIR_V3 } from './header-v3.ts';
import { fromHex } from './hex.ts';
import { type AnyFairTranscript, parseTranscript } from './parse-transcript.ts';
import { seatPlayers } from './seating.ts';
import type { AnyRecordV3, VoidReasonV3 } from './transcript-v3.ts';
import { problem, problemOf, type VerifyProblem } from './verify-problems.ts';
import { verifyV1 } from './verify-v1.ts';
import { verifyV2 } from './verify-v2.ts';
import { checkRecordV3, type SignatureCheck } from './verify-v3.ts';

export type { VerifyProblem, VerifyProblemCode } from './verify-problems.ts';
export { VERIFY_PROBLEM_CODES } from './verify-problems.ts';

/**
 * What a verified v1 or v2 hand shows (docs/FAIR.md §10). `players-contributed`: player seeds
 * went into the key after the dealer's commitment — but v1 and v2 carry no seat signatures, so
 * who those players were rests on the dealer's word: consistent, never "proven fair".
 * `dealer-alone`: no client seed at all — the dealer could have tried seeds in private until one
 * dealt what it liked.
 */
export interface LegacyVerdict {
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
 * What a verified fairdeal-v3 record proves (docs/FAIR.md §V3.9). `proven-fair`: dealt from
 * the seeds of two or more seats, each with its own key, every one signed in order — the only
 * verdict that says "proven fair". `single-seat`: one seat; `practice`: the dealer alone;
 * `void`: never dealt (a seat withheld or was kicked).
 */
export interface FairVerdictV3 {
  readonly version: 'fairdeal-v3';
  readonly kind: 'dealt' | 'void';
  readonly fairness: 'proven-fair' | 'single-seat' | 'practice' | 'void';
  /** Seeds that decided the deck (0 at practice and in a void record). */
  readonly contributors: number;
  /** Players of the seats that withheld or were kicked (void records). */
  readonly missing: readonly string[];
  /** Player of each seat. */
  readonly seats: readonly (string | null)[];
  /** Public key of each seat (null: an unkeyed practice seat). */
  readonly keys: readonly (string | null)[];
  /** The dealer's public key. */
  readonly dealer: string;
  readonly void: { readonly reason: VoidReasonV3; readonly seats: readonly number[] } | null;
}

/** What a verified record shows, by version. */
export type FairVerdict = LegacyVerdict | FairVerdictV3;

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
  /** The roster hash (hex) that was published before any reveal (v2, v3). */
  readonly rosterHash?: string;
  /** The dealer's public key (hex) the checker trusts (v3): the record must be signed by it. */
  readonly dealer?: string;
}

/** The verdict of {@link verify}. */
export type VerifyResult =
  | { readonly ok: true; readonly transcript: AnyFairTranscript; readonly verdict: FairVerdict }
  | { readonly ok: false; readonly problems: readonly VerifyProblem[] };

/**
 * Re-deals a hand from its record (fairdeal-v3 dealt or void, or a legacy v2 or v1 transcript)
 * and checks every claim in it; docs/FAIR.md §10 and §V3.8 list them. Give it the JSON *text*
 * when you have it: text is parsed strictly (a duplicate key is a problem), a parsed object
 * cannot show duplicates. It never throws on bad input; hashes compare in constant time.
 *
 * Synchronous. A v3 record's Ed25519 signatures are checked with node:crypto where there is one
 * (Node); in a browser a v3 record gets the problem "use verifyAsync" — {@link verifyAsync} does
 * the same checks with Web Crypto everywhere. Links between hands are `verifyChain`'s job.
 *
 * With `expected`, the record must also carry the announced commitment, the published roster
 * hash and (v3) be signed by the dealer key the checker trusts.
 *
 * @example
 * ```ts
 * const r = verify(text, { commitment: announcement.commitment }); // as announced before the hand
 * if (r.ok) console.log(describeVerdict(r.verdict).headline);
 * ```
 * @throws never (problems are returned).
 */
export function verify(input: unknown, expected: VerifyExpectations = {}): VerifyResult {
  const checked = check(input, expected);
  if ('result' in checked) return checked.result;
  if (checked.signatures.length > 0 && !hasSyncEd25519()) {
    return {
      ok: false,
      problems: [
        problem(
          'signature',
          'async-only',
          'this platform checks Ed25519 signatures only asynchronously: use verifyAsync for fairdeal-v3',
        ),
      ],
    };
  }
  const bad = checked.signatures.filter((c) => !ed25519Verify(c.key, c.message, c.signature));
  return finish(checked.t, bad);
}

/**
 * {@link verify} for every platform: the same checks, with a v3 record's signatures checked by
 * Web Crypto (`crypto.subtle`, Ed25519). What a web page uses to check a hand without trusting
 * the server.
 *
 * @example
 * ```ts
 * const r = await verifyAsync(text);
 * if (r.ok && r.verdict.fairness === 'proven-fair') showGreen();
 * ```
 * @throws never (problems are returned).
 */
export async function verifyAsync(
  input: unknown,
  expected: VerifyExpectations = {},
): Promise<VerifyResult> {
  const checked = check(input, expected);
  if ('result' in checked) return checked.result;
  const results = await Promise.all(
    checked.signatures.map((c) => ed25519VerifyAsync(c.key, c.message, c.signature)),
  );
  return finish(
    checked.t,
    checked.signatures.filter((_, i) => !results[i]),
  );
}

function check(
  input: unknown,
  expected: VerifyExpectations,
): { result: VerifyResult } | { t: AnyFairTranscript; signatures: SignatureCheck[] } {
  let t: AnyFairTranscript;
  try {
    t = parseTranscript(input);
  } catch (error) {
    return { result: { ok: false, problems: [problemOf(error, 'format')] } };
  }
  let problems: VerifyProblem[];
  let signatures: SignatureCheck[] = [];
  try {
    if (t.algorithm === FAIR_V3) ({ problems, signatures } = checkRecordV3(t));
    else problems = t.algorithm === FAIR_ALGORITHM ? verifyV1(t) : verifyV2(t);
  } catch (error) {
    problems = [problemOf(error, 'format')];
  }
  try {
    problems.push(...expectationProblems(t, expected));
  } catch (error) {
    problems.push(problemOf(error, 'expected'));
  }
  if (problems.length > 0) return { result: { ok: false, problems } };
  return { t, signatures };
}

function finish(t: AnyFairTranscript, failed: readonly SignatureCheck[]): VerifyResult {
  if (failed.length > 0) {
    return { ok: false, problems: failed.map((c) => c.problem) };
  }
  return { ok: true, transcript: t, verdict: verdictOf(t) };
}

function expectationProblems(t: AnyFairTranscript, e: VerifyExpectations): VerifyProblem[] {
  const out: VerifyProblem[] = [];
  if (e.announcement !== undefined) out.push(...announcementProblems(t, e.announcement));
  if (e.commitment !== undefined && e.commitment !== t.server.commitment) {
    out.push(
      problem(
        'server.commitment',
        'not-announced-commitment',
        'the transcript does not carry the server commitment that was announced',
      ),
    );
  }
  if (e.dealer !== undefined && (t.algorithm !== FAIR_V3 || t.dealer !== e.dealer)) {
    out.push(
      problem('dealer', 'untrusted-dealer', 'the record is not signed by the dealer key you trust'),
    );
  }
  if (e.rosterHash !== undefined) {
    const actual =
      t.algorithm === FAIR_ALGORITHM
        ? undefined
        : t.algorithm === FAIR_V3
          ? t.roster?.hash
          : bytesToHex(rosterHash(fromHex(t.server.commitment, 32, 'server.commitment'), t.roster));
    if (actual !== e.rosterHash) {
      out.push(
        problem(
          'roster',
          'not-published-roster',
          'the transcript does not carry the roster that was published',
        ),
      );
    }
  }
  return out;
}

function verdictOfV3(t: AnyRecordV3): FairVerdictV3 {
  const seats = t.seats.map((s) => s.player);
  const base = {
    version: 'fairdeal-v3' as const,
    kind: t.kind,
    seats,
    keys: t.seats.map((s) => s.key),
    dealer: t.dealer,
  };
  if (t.kind === 'void') {
    return {
      ...base,
      fairness: 'void',
      contributors: 0,
      missing: t.void.seats.map((k) => seats[k]!),
      void: { reason: t.void.reason, seats: [...t.void.seats] },
    };
  }
  const contributors = t.mode === 'fair' ? t.reveals.length : 0;
  return {
    ...base,
    fairness:
      t.mode === 'practice' ? 'practice' : contributors >= 2 ? 'proven-fair' : 'single-seat',
    contributors,
    missing: [],
    void: null,
  };
}

function announcementProblems(t: AnyFairTranscript, a: FairAnnouncement): VerifyProblem[] {
  if (t.algorithm === FAIR_ALGORITHM || t.algorithm === FAIR_V3) {
    return [
      problem(
        'algorithm',
        'announcement-version',
        `the announcement is fairdeal-v2, the transcript ${t.algorithm.slice(9)}`,
        { version: t.algorithm },
      ),
    ];
  }
  const out: VerifyProblem[] = [];
  if (a.commitment !== t.server.commitment) {
    out.push(
      problem(
        'server.commitment',
        'not-announced-commitment',
        'the transcript does not carry the server commitment that was announced',
      ),
    );
  }
  const differs: string[] = [];
  if (a.table !== t.table) differs.push('table');
  if (a.hand !== t.hand) differs.push('hand');
  if (a.prev !== t.prev) differs.push('prev');
  if (a.preset !== t.preset) differs.push('preset');
  if (a.preset === t.preset && !sameOptionsSafe(a.options, t.options)) differs.push('options');
  if (JSON.stringify(a.seating) !== JSON.stringify(t.seating)) differs.push('seating');
  for (const field of differs) {
    out.push(
      problem(
        field,
        'not-announced',
        `the transcript's ${field} is not the one that was announced`,
      ),
    );
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
  if (t.algorithm === FAIR_V3) return verdictOfV3(t);
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
