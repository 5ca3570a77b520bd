import { FairdealError } from '../errors.ts';
import type { Deal } from '../games/index.ts';
import { bytesToHex } from '../random/hex.ts';
import { randomBytes32 } from '../random/random-bytes.ts';
import type { RandomSource } from '../random/source.ts';
import { dealWithHashes } from './build-transcript-v2.ts';
import {
  clientCommitmentV2,
  type RosterEntry,
  serverCommitmentOfHeader,
  sortedRosterHash,
} from './commit-v2.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import type { FairOptions } from './deal-options.ts';
import { FAIR_V2, type FairHeader, headerBytes, normalizeHeader } from './header.ts';
import { fromHex } from './hex.ts';
import type { Seating } from './seating.ts';
import { serverSeedSource } from './server-seed-source.ts';
import type { FairTranscript, PlainSeed, Reveal } from './transcript-v2.ts';
import { checkId, checkText, compareUtf8 } from './validate.ts';

/** Where a round stands (docs/FAIR.md §2): taking commitments, taking reveals, or dealt. */
export type FairRoundPhase = 'committing' | 'revealing' | 'dealt';

/** How to open a round. */
export interface FairRoundOptions {
  readonly table: string;
  readonly hand: number;
  readonly preset: string;
  /** Any spelling; the round commits to the canonical form (docs/FAIR.md §4). */
  readonly options?: FairOptions;
  /** Player id (or null) per seat, or `'roster'` (docs/FAIR.md §5). Required: seats are bound. */
  readonly seating: Seating;
  /** Hash of the table's previous transcript (null or absent for the first hand). */
  readonly prev?: string | null;
  /**
   * Where the server seed comes from (default `secureRandom`). It must be secure: a source known
   * to be predictable (`chacha20` seeded with a passphrase, `mathRandom`, `scriptedSource`) is
   * refused with `BAD_SEED` (docs/FAIR.md §3).
   */
  readonly source?: RandomSource;
  /**
   * TESTS AND TEST VECTORS ONLY: the server seed from this source even when it is predictable
   * (`chacha20('vectors')`), so that a test can reproduce a hand. Never in play; not with `source`.
   */
  readonly testOnlySource?: RandomSource;
}

/** What the dealer publishes first: the header and the server commitment (public). */
export interface FairAnnouncement extends FairHeader {
  readonly algorithm: 'fairdeal-v2';
  /** C_s, hex. */
  readonly commitment: string;
}

/** What the dealer publishes when it closes the roster (public). */
export interface FairRoster {
  /** The server commitment the roster belongs to. */
  readonly commitment: string;
  readonly roster: readonly RosterEntry[];
  /** R, hex. */
  readonly rosterHash: string;
}

/** What may be shown about a round at any time: no secret in it. */
export interface FairRoundPublicState {
  readonly announcement: FairAnnouncement;
  readonly phase: FairRoundPhase;
  /** Commitments accepted so far (canonical order); final once `rosterHash` is set. */
  readonly roster: readonly RosterEntry[];
  readonly rosterHash: string | null;
  readonly revealed: readonly string[];
  readonly waitingFor: readonly string[];
  /** The single party's player id, when a plain seed was given (not the seed). */
  readonly plainPlayer: string | null;
  readonly transcriptHash: string | null;
}

/**
 * The whole state of a round, for a dealer that must survive a restart. It holds the SECRET
 * server seed (and the revealed seeds and salts): store it like a private key until the reveal.
 * Produced only by {@link FairRound.exportSecretState}.
 */
export interface FairRoundSecretState {
  readonly format: 'fairdeal-v2/round';
  readonly phase: FairRoundPhase;
  readonly header: FairHeader;
  readonly serverSeed: string;
  readonly commitment: string;
  readonly roster: readonly RosterEntry[];
  readonly rosterHash: string | null;
  readonly reveals: readonly Reveal[];
  readonly plain: PlainSeed | null;
  readonly missingAllowed: boolean;
  readonly transcriptHash: string | null;
}

const order = (message: string): FairdealError => new FairdealError('PROTOCOL_ORDER', message);

/** Inserts an entry of a player not yet in `list` where the canonical order (sortRoster's) puts
 *  it: a round's lists stay sorted without copying and re-sorting them at every step. */
function insertSorted<T extends { readonly player: string }>(list: T[], entry: T): void {
  let at = list.length;
  while (at > 0 && compareUtf8(list[at - 1]!.player, entry.player) > 0) at--;
  list.splice(at, 0, entry);
}

/**
 * One provably fair hand on the dealer's side (fairdeal-v2), enforcing the order that makes it
 * fair (docs/FAIR.md §2): `open` (publish `announcement`) → `commit` per player → `closeRoster`
 * (publish the roster) → `reveal` per player → `deal`. A single party uses `addPlainSeed`
 * instead of commit/close/reveal. Steps out of order throw `PROTOCOL_ORDER`; a reveal that does
 * not match its commitment throws `REVEAL_MISMATCH`.
 *
 * Secrets live in private fields: `JSON.stringify(round)` is {@link FairRound.publicState},
 * `String(round)` and `util.inspect(round)` a one-line summary. Persist with
 * {@link FairRound.exportSecretState} and {@link FairRound.restore}.
 *
 * @example
 * ```ts
 * const round = FairRound.open({ table: 't1', hand: 1, preset: 'doudizhu', seating: 'roster' });
 * publish(round.announcement);
 * round.commit('alice', aliceCommitment); // … bob, carol: each sends commitClientSeed(…).commitment
 * publish(round.closeRoster());
 * round.reveal('alice', 'lucky7', aliceSalt); // … bob, carol
 * const { transcript } = round.deal();
 * ```
 * @throws {FairdealError} see each method.
 */
export class FairRound {
  readonly #header: FairHeader;
  /** The header's canonical bytes, written once for C_s and again used by the transcript hash
   *  (the header is this round's own: normalizeHeader made every part of it). */
  readonly #headerBytes: Uint8Array;
  readonly #serverSeed: Uint8Array;
  readonly #commitment: Uint8Array;
  /** C_s in hex, the form every announcement, roster and transcript shows. */
  readonly #commitmentHex: string;
  #phase: FairRoundPhase = 'committing';
  readonly #roster: RosterEntry[] = [];
  /** Each roster player's commitment as bytes, parsed once when it was accepted. */
  readonly #committed = new Map<string, Uint8Array>();
  #rosterHash: string | null = null;
  #rosterHashBytes: Uint8Array | null = null;
  readonly #reveals: Reveal[] = [];
  /** Each revealed player's salt as bytes, parsed once when the reveal was checked. */
  readonly #salts = new Map<string, Uint8Array>();
  #plain: PlainSeed | null = null;
  #missingAllowed = false;
  #result: { transcript: FairTranscript; deal: Deal } | undefined;

  private constructor(header: FairHeader, serverSeed: Uint8Array) {
    this.#header = header;
    // Both callers pass a fresh array (randomBytes32, fromHex): kept as is, not sliced (a slice
    // would go through Uint8Array[Symbol.species], which anyone may replace).
    this.#serverSeed = serverSeed;
    this.#headerBytes = headerBytes(header);
    this.#commitment = serverCommitmentOfHeader(this.#headerBytes, serverSeed);
    this.#commitmentHex = bytesToHex(this.#commitment);
  }

  /**
   * Opens a round with a fresh server seed; the options are put in canonical form.
   *
   * @example
   * ```ts
   * const round = FairRound.open({ table: 'club-3', hand: 12, preset: 'bridge', seating: ['n', 'e', 's', 'w'] });
   * ```
   * @throws {FairdealError} `UNKNOWN_PRESET`, `BAD_OPTION` (options, ids, seating, both
   *   `source` and `testOnlySource`), `BAD_TRANSCRIPT` (prev); `BAD_SEED` for a predictable
   *   `source`; {RangeError} for a bad hand number; `RANDOM_UNAVAILABLE`.
   */
  static open(o: FairRoundOptions): FairRound {
    const source = serverSeedSource(o);
    const header = normalizeHeader(o);
    return new FairRound(header, randomBytes32(source));
  }

  /**
   * Restores a round saved with {@link FairRound.exportSecretState}. The phase is re-derived
   * from the content and must agree with the saved one; the commitment, the roster hash, every
   * reveal and the transcript hash are recomputed — so an edited state (a phase set back to let
   * a player join after a reveal, a roster changed after it closed) is refused.
   *
   * @example
   * ```ts
   * const round = FairRound.restore(JSON.parse(stateText));
   * ```
   * @throws {FairdealError} `BAD_TRANSCRIPT` for a malformed or inconsistent state.
   */
  static restore(state: FairRoundSecretState): FairRound {
    try {
      return FairRound.#restore(state);
    } catch (error) {
      if (error instanceof FairdealError && error.code === 'BAD_TRANSCRIPT') throw error;
      throw new FairdealError(
        'BAD_TRANSCRIPT',
        `round state refused: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  static #restore(state: FairRoundSecretState): FairRound {
    const bad = (why: string): FairdealError =>
      new FairdealError('BAD_TRANSCRIPT', `round state refused: ${why}`);
    if (state?.format !== 'fairdeal-v2/round' || typeof state.header !== 'object') {
      throw bad('not a fairdeal-v2 round state');
    }
    if (!Array.isArray(state.roster) || !Array.isArray(state.reveals)) throw bad('lists missing');
    const round = new FairRound(
      normalizeHeader(state.header),
      fromHex(state.serverSeed, 32, 'serverSeed'),
    );
    if (round.commitment !== state.commitment) {
      throw bad('the server seed does not match its commitment');
    }
    for (const e of state.roster) round.#commitEntry(e.player, e.commitment);
    if (state.rosterHash !== null) {
      if (state.plain != null) round.addPlainSeed(state.plain.player, state.plain.seed);
      else round.closeRoster();
      if (round.#rosterHash !== state.rosterHash)
        throw bad('the roster changed after it was closed');
    } else if (state.reveals.length > 0 || state.plain != null || state.transcriptHash !== null) {
      throw bad('seeds were revealed, so the roster must be closed');
    }
    for (const r of state.reveals) round.reveal(r.player, r.seed, r.salt);
    if (state.transcriptHash !== null) {
      const { transcript } = round.deal({ allowMissing: state.missingAllowed === true });
      if (transcript.hash !== state.transcriptHash) throw bad('the transcript hash does not match');
    }
    if (round.phase !== state.phase) {
      throw bad(`its phase says '${state.phase}', its content is '${round.phase}'`);
    }
    return round;
  }

  /** The current phase. */
  get phase(): FairRoundPhase {
    return this.#phase;
  }

  /** The server commitment C_s (hex). */
  get commitment(): string {
    return this.#commitmentHex;
  }

  /** What to publish before accepting any commitment: header and C_s. No secret. */
  get announcement(): FairAnnouncement {
    const h = this.#header;
    return {
      algorithm: FAIR_V2,
      table: h.table,
      hand: h.hand,
      prev: h.prev,
      preset: h.preset,
      options: { ...h.options },
      seating: h.seating === 'roster' ? 'roster' : [...h.seating],
      commitment: this.commitment,
    };
  }

  /** Roster players who have not revealed yet (empty before the roster closes). */
  get waitingFor(): string[] {
    if (this.#rosterHash === null) return [];
    const revealed = new Set(this.#reveals.map((r) => r.player));
    return this.#roster.filter((e) => !revealed.has(e.player)).map((e) => e.player);
  }

  /** The transcript once dealt (public: it reveals the server seed, after the deal). */
  get transcript(): FairTranscript | undefined {
    return this.#result?.transcript;
  }

  /**
   * Records a player's commitment (phase `committing`).
   *
   * @example
   * ```ts
   * round.commit('alice', commitmentHex);
   * ```
   * @throws {FairdealError} `PROTOCOL_ORDER` once the roster is closed or for a player already
   *   in; `BAD_OPTION` for a bad id; `BAD_TRANSCRIPT` for a malformed commitment.
   */
  commit(player: string, commitment: string): void {
    this.#commitEntry(player, commitment);
  }

  #commitEntry(player: string, commitment: string): void {
    checkId(player, 'player id');
    const bytes = fromHex(commitment, 32, 'client commitment');
    if (this.#phase !== 'committing' || this.#rosterHash !== null) {
      throw order(`the roster is closed: no commitment is accepted (player '${player}')`);
    }
    if (this.#committed.has(player)) {
      throw order(`player '${player}' has committed already`);
    }
    // The roster is exactly the seats (issue 22): an entry without a seat could withhold its
    // reveal and hand the dealer one more bit of choice per such entry (2^8 decks with 8).
    const seating = this.#header.seating;
    const seats = this.#header.options.seats as number;
    if (seating === 'roster' ? this.#roster.length >= seats : !seating.includes(player)) {
      throw order(
        seating === 'roster'
          ? `the roster is full: seating by roster takes ${seats} players`
          : `player '${player}' has no seat at this hand: only seated players commit`,
      );
    }
    insertSorted(this.#roster, { player, commitment });
    this.#committed.set(player, bytes);
  }

  /**
   * Closes the roster (phase `committing` → `revealing`) and returns it to publish. With the
   * `'roster'` seating rule the roster must hold exactly one player per seat.
   *
   * @example
   * ```ts
   * publish(round.closeRoster()); // { commitment, roster, rosterHash }
   * ```
   * @throws {FairdealError} `PROTOCOL_ORDER` if it is closed already or the seating rule needs
   *   another number of players.
   */
  closeRoster(): FairRoster {
    if (this.#phase !== 'committing') throw order('the roster is closed already');
    const seats = this.#header.options.seats as number;
    if (this.#header.seating === 'roster' && this.#roster.length !== seats) {
      throw order(`seating by roster needs ${seats} players, ${this.#roster.length} committed`);
    }
    // #roster is kept in canonical order, and #committed holds its commitments already parsed.
    const r = sortedRosterHash(
      this.#commitment,
      this.#roster,
      this.#roster.map((e) => this.#committed.get(e.player)!),
    );
    this.#rosterHashBytes = r;
    this.#rosterHash = bytesToHex(r);
    this.#phase = 'revealing';
    return this.#publicRoster();
  }

  /** The closed roster to publish again (e.g. to a late player). @throws `PROTOCOL_ORDER` before it is closed. */
  get roster(): FairRoster {
    if (this.#rosterHash === null) throw order('the roster is not closed yet');
    return this.#publicRoster();
  }

  #publicRoster(): FairRoster {
    return {
      commitment: this.commitment,
      roster: this.#roster.map((e) => ({ ...e })),
      rosterHash: this.#rosterHash!,
    };
  }

  /**
   * Checks and records a roster player's revealed seed (phase `revealing`).
   *
   * @example
   * ```ts
   * round.reveal('alice', 'lucky7', saltHex);
   * ```
   * @throws {FairdealError} `PROTOCOL_ORDER` before the roster closes, after the deal, for a
   *   player not in the roster or already revealed; `REVEAL_MISMATCH` if seed and salt do not
   *   match the commitment; `BAD_OPTION`/`BAD_TRANSCRIPT` for a malformed seed or salt.
   */
  reveal(player: string, seed: string, salt: string): void {
    if (this.#phase === 'committing') throw order('the roster must be closed before any reveal');
    if (this.#phase === 'dealt') throw order('this round was dealt already');
    const committed = typeof player === 'string' ? this.#committed.get(player) : undefined;
    if (committed === undefined) throw order(`player '${player}' is not in the roster`);
    if (this.#salts.has(player)) {
      throw order(`player '${player}' revealed already`);
    }
    const saltBytes = fromHex(salt, 32, 'salt');
    const expected = clientCommitmentV2(
      this.#commitment,
      player,
      saltBytes,
      checkText(seed, 'client seed'),
    );
    if (!constantTimeEqual(expected, committed)) {
      throw new FairdealError(
        'REVEAL_MISMATCH',
        `the seed of player '${player}' does not match their commitment`,
      );
    }
    insertSorted(this.#reveals, { player, seed, salt });
    this.#salts.set(player, saltBytes);
  }

  /**
   * The single-party path: one uncommitted seed, taken after the announcement was published,
   * only while nobody has committed. Closes the (empty) roster.
   *
   * @example
   * ```ts
   * round.addPlainSeed('me', 'my lucky words');
   * ```
   * @throws {FairdealError} `PROTOCOL_ORDER` if anyone committed or the roster is closed;
   *   `BAD_OPTION` for a bad id or seed.
   */
  addPlainSeed(player: string, seed: string): void {
    checkId(player, 'player id');
    checkText(seed, 'client seed');
    if (this.#phase !== 'committing')
      throw order('the roster is closed: no plain seed is accepted');
    if (this.#roster.length > 0) {
      throw order('players committed: a plain (uncommitted) seed would let its owner choose last');
    }
    this.closeRoster();
    this.#plain = { player, seed };
  }

  /**
   * Deals the hand (phase `revealing` → `dealt`) and returns its transcript (which reveals the
   * server seed) and the games layer's `Deal`. With `allowMissing`, roster players who have not
   * revealed (a deadline passed) are recorded as missing instead of blocking the deal.
   *
   * @example
   * ```ts
   * const { transcript, deal } = round.deal();
   * ```
   * @throws {FairdealError} `PROTOCOL_ORDER` before the roster closes, while a player has not
   *   revealed (without `allowMissing`), or if the round was dealt already.
   */
  deal(o: { readonly allowMissing?: boolean } = {}): { transcript: FairTranscript; deal: Deal } {
    if (this.#phase === 'committing') throw order('close the roster before dealing');
    if (this.#phase === 'dealt') throw order('this round was dealt already');
    const waiting = this.waitingFor;
    if (waiting.length > 0 && o.allowMissing !== true) {
      throw order(
        `cannot deal: waiting for the seed of ${waiting.map((p) => `'${p}'`).join(', ')}`,
      );
    }
    this.#result = dealWithHashes(
      {
        header: this.#header,
        serverSeed: this.#serverSeed,
        roster: this.#roster,
        reveals: this.#reveals,
        plain: this.#plain,
      },
      this.#commitment,
      this.#rosterHashBytes!,
      { commitmentHex: this.#commitmentHex, salts: this.#salts, header: this.#headerBytes },
    );
    this.#missingAllowed = waiting.length > 0;
    this.#phase = 'dealt';
    return this.#result;
  }

  /**
   * What may be shown or logged at any time: no server seed, no client seed, no salt.
   *
   * @example
   * ```ts
   * console.log(JSON.stringify(round.publicState())); // safe to show or log
   * ```
   * @throws never.
   */
  publicState(): FairRoundPublicState {
    return {
      announcement: this.announcement,
      phase: this.#phase,
      roster: this.#roster.map((e) => ({ ...e })),
      rosterHash: this.#rosterHash,
      revealed: this.#reveals.map((r) => r.player),
      waitingFor: this.waitingFor,
      plainPlayer: this.#plain?.player ?? null,
      transcriptHash: this.#result?.transcript.hash ?? null,
    };
  }

  /**
   * The full state, SECRET server seed included, for {@link FairRound.restore}. The only method
   * that lets a secret out; store its result like a private key (mode 0600, never logged).
   *
   * @example
   * ```ts
   * writeFileSync(path, JSON.stringify(round.exportSecretState()), { mode: 0o600 });
   * ```
   * @throws never.
   */
  exportSecretState(): FairRoundSecretState {
    return {
      format: 'fairdeal-v2/round',
      phase: this.#phase,
      header: this.announcementHeader(),
      serverSeed: bytesToHex(this.#serverSeed),
      commitment: this.commitment,
      roster: this.#roster.map((e) => ({ ...e })),
      rosterHash: this.#rosterHash,
      reveals: this.#reveals.map((r) => ({ ...r })),
      plain: this.#plain === null ? null : { ...this.#plain },
      missingAllowed: this.#missingAllowed,
      transcriptHash: this.#result?.transcript.hash ?? null,
    };
  }

  private announcementHeader(): FairHeader {
    const { algorithm: _a, commitment: _c, ...header } = this.announcement;
    return header;
  }

  /** Generic serialisation shows only the public state (never the server seed). */
  toJSON(): FairRoundPublicState {
    return this.publicState();
  }

  /** A one-line summary without secrets. */
  toString(): string {
    const h = this.#header;
    return `FairRound(${h.preset}, table '${h.table}' hand ${h.hand}, ${this.#phase}, commitment ${this.commitment})`;
  }

  /** util.inspect / console.log: the same summary (Node looks this symbol up; no import needed). */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }
}
