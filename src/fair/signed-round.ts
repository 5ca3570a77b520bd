import { FairdealError } from '../errors.ts';
import type { Deal } from '../games/index.ts';
import { bytesToHex } from '../random/hex.ts';
import { randomBytes32 } from '../random/random-bytes.ts';
import { secureRandom } from '../random/secure.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import type { FairOptions } from './deal-options.ts';
import type { DealerSigner } from './dealer-key.ts';
import { ed25519Verify } from './ed25519.ts';
import {
  FAIR_V3,
  type FairHeaderV3,
  type FairModeV3,
  normalizeHeaderV3,
  type SeatV3,
} from './header-v3.ts';
import { fromHex } from './hex.ts';
import {
  announceMessageV3,
  clientCommitmentV3,
  commitMessageV3,
  deckKeyV3,
  type ReceiptKind,
  receiptMessageV3,
  revealMessageV3,
  rosterHashV3,
  rosterMessageV3,
  serverCommitmentV3,
  transcriptMessageV3,
} from './messages-v3.ts';
import { presetDeal } from './preset-deal.ts';
import {
  type AnyRecordV3,
  type CommitV3,
  type FairTranscriptV3,
  type RevealV3,
  recordHashV3,
  type VoidReasonV3,
  type VoidRecordV3,
} from './transcript-v3.ts';
import { checkText } from './validate.ts';

/** Where a v3 round stands. `void`: withheld or kicked, never to be dealt. */
export type SignedRoundPhase = 'committing' | 'revealing' | 'dealt' | 'void';

/** What the dealer publishes first, signed: the header, C_s and when. No secret in it. */
export interface AnnouncementV3 extends FairHeaderV3 {
  readonly algorithm: 'fairdeal-v3';
  /** C_s, hex. */
  readonly commitment: string;
  readonly at: number;
  /** The dealer's signature of `announceMessageV3(header, C_s, at)`, hex. */
  readonly signature: string;
}

/** What the dealer publishes when every seat has committed, signed. */
export interface RosterV3 {
  /** C_s, hex: the hand it belongs to. */
  readonly commitment: string;
  /** Every seat's signed commitment, seat order. */
  readonly commits: readonly CommitV3[];
  /** R, hex. */
  readonly hash: string;
  readonly at: number;
  /** The dealer's signature of `rosterMessageV3(C_s, R, at)`, hex. */
  readonly signature: string;
}

/** The dealer's signed acknowledgement of a seat's signed commit or reveal. */
export interface ReceiptV3 {
  readonly kind: ReceiptKind;
  readonly seat: number;
  /** C_s, hex. */
  readonly commitment: string;
  /** The seat's signature it acknowledges, hex. */
  readonly seatSignature: string;
  readonly at: number;
  /** The dealer's signature of `receiptMessageV3(…)`, hex. */
  readonly signature: string;
}

/** What a seat sends to commit. */
export interface SeatCommitMessage {
  readonly commitment: string;
  readonly signature: string;
}

/** What a seat sends to reveal. */
export interface SeatRevealMessage {
  readonly seed: string;
  readonly salt: string;
  readonly signature: string;
}

/** The round's whole state, SECRET server seed included (see {@link SignedRound.exportSecretState}). */
export interface SignedRoundSecretState {
  readonly format: 'fairdeal-v3/round';
  readonly phase: SignedRoundPhase;
  readonly header: FairHeaderV3;
  readonly serverSeed: string;
  readonly commitment: string;
  readonly announcedAt: number;
  readonly announceSignature: string;
  readonly commits: readonly (CommitV3 | null)[];
  readonly roster: {
    readonly hash: string;
    readonly at: number;
    readonly signature: string;
  } | null;
  readonly reveals: readonly (RevealV3 | null)[];
  readonly void: {
    readonly reason: VoidReasonV3;
    readonly seats: readonly number[];
    readonly at: number;
  } | null;
  readonly recordHash: string | null;
}

/** How to open a v3 round. */
export interface SignedRoundOptions {
  readonly mode?: FairModeV3;
  readonly table: string;
  readonly hand: number;
  readonly prev?: string | null;
  readonly preset: string;
  readonly options?: FairOptions;
  /** Every seat with the public key its player made on their own device. */
  readonly seats: readonly SeatV3[];
  readonly dealer: DealerSigner;
  /** When (ms since 1970): the library has no clock, the caller's is the dealer's. */
  readonly at: number;
  /**
   * The server seed always comes from the secure source (docs/FAIR.md §3): there is no `source`
   * option to give it a passphrase. Test vectors, and nothing else, fix it with this.
   */
  readonly testOnlyServerSeed?: Uint8Array;
}

const order = (message: string): FairdealError => new FairdealError('PROTOCOL_ORDER', message);

function checkTime(at: unknown): number {
  if (typeof at !== 'number' || !Number.isSafeInteger(at) || at < 0) {
    throw new RangeError(`a time must be a whole number of ms since 1970, got ${String(at)}`);
  }
  return at;
}

/** The seats of the non-null entries, earliest `at` first (a stable sort: ties in seat order). */
function arrivalOrder(list: readonly ({ readonly at: number } | null)[]): number[] {
  return list
    .map((x, k) => (x === null ? -1 : k))
    .filter((k) => k >= 0)
    .sort((p, q) => list[p]!.at - list[q]!.at);
}

/**
 * One fairdeal-v3 hand on the dealer's side (docs/FAIR.md, "fairdeal-v3"): `open` (publish the
 * signed announcement) → `commit` per seat, each answered by a signed receipt → `closeRoster`
 * once every seat committed (publish it) → `reveal` per seat, receipts again → `deal`, only with
 * every seat's seed. A seat that withholds past the deadline, or is kicked, ends the hand with
 * `voidHand`: it is recorded, signed and chained, never dealt. Seat signatures are checked as
 * they arrive (synchronously, node:crypto), so a forged or replayed message is refused at once.
 *
 * Times are the caller's (`at`, ms); a time earlier than the last one recorded is raised to it,
 * so the recorded order is the order of events even if the clock steps back.
 *
 * @example
 * ```ts
 * const round = SignedRound.open({ table: 't', hand: 1, preset: 'doudizhu', seats, dealer: dealerKey, at: Date.now() });
 * publish(round.announcement);
 * const receipt = round.commit(0, fromSeat0, Date.now()); // … every seat
 * publish(round.closeRoster(Date.now()));
 * round.reveal(0, revealOfSeat0, Date.now()); // … every seat
 * const { transcript } = round.deal();
 * ```
 * @throws {FairdealError} see each method.
 */
export class SignedRound {
  readonly #header: FairHeaderV3;
  readonly #dealer: DealerSigner;
  readonly #seed: Uint8Array;
  readonly #cs: Uint8Array;
  readonly #csHex: string;
  readonly #keys: readonly (Uint8Array | null)[];
  readonly #announcedAt: number;
  readonly #announceSignature: string;
  #phase: SignedRoundPhase = 'committing';
  readonly #commits: (CommitV3 | null)[];
  readonly #commitBytes: (Uint8Array | null)[];
  #roster: { hash: string; at: number; signature: string } | null = null;
  #rosterBytes: Uint8Array | null = null;
  readonly #reveals: (RevealV3 | null)[];
  #void: { reason: VoidReasonV3; seats: number[]; at: number } | null = null;
  #last: number;
  #record: { record: AnyRecordV3; deal: Deal | null } | undefined;

  private constructor(
    header: FairHeaderV3,
    dealer: DealerSigner,
    seed: Uint8Array,
    at: number,
    announceSignature?: string,
  ) {
    if (dealer?.publicKey !== header.dealer) {
      throw new FairdealError(
        'BAD_SIGNATURE',
        "the dealer signer's key is not the header's dealer key",
      );
    }
    this.#header = header;
    this.#dealer = dealer;
    this.#seed = seed;
    this.#cs = serverCommitmentV3(header, seed);
    this.#csHex = bytesToHex(this.#cs);
    this.#keys = header.seats.map((s) => (s.key === null ? null : fromHex(s.key, 32, 'seat key')));
    this.#announcedAt = at;
    this.#last = at;
    const n = header.mode === 'fair' ? header.seats.length : 0;
    this.#commits = new Array<CommitV3 | null>(n).fill(null);
    this.#commitBytes = new Array<Uint8Array | null>(n).fill(null);
    this.#reveals = [];
    this.#announceSignature =
      announceSignature ?? bytesToHex(dealer.sign(announceMessageV3(header, this.#cs, at)));
  }

  /**
   * Opens a round: a fresh server seed from the secure source, committed and announced at once.
   *
   * @example
   * ```ts
   * const round = SignedRound.open({ table: 'club-7', hand: 1, preset: 'doudizhu', seats, dealer: dealerKey, at: Date.now() });
   * ```
   * @throws {FairdealError} `BAD_OPTION` (ids, seats, keys, options), `UNKNOWN_PRESET`,
   *   `BAD_SIGNATURE` (the dealer signer does not match), `RANDOM_UNAVAILABLE`.
   */
  static open(o: SignedRoundOptions): SignedRound {
    const header = normalizeHeaderV3({ ...o, dealer: o.dealer?.publicKey });
    const seed =
      o.testOnlyServerSeed === undefined
        ? randomBytes32(secureRandom)
        : fromHex(bytesToHex(o.testOnlyServerSeed), 32, 'testOnlyServerSeed');
    return new SignedRound(header, o.dealer, seed, checkTime(o.at));
  }

  /**
   * Restores a round saved with {@link SignedRound.exportSecretState}. Every hash is recomputed
   * (C_s, each reveal against its commitment, R, the record's hash), so an edited state is
   * refused, and every seat signature is checked again — unless `checkSignatures: false`, for a
   * state the caller itself stored under authenticated encryption (the dealer service's sealed
   * tables: an edited state does not open there), where each signature was checked when it
   * arrived and re-checking it is a third of a hand's Ed25519 work for nothing. `verify` checks
   * them all in the finished record either way.
   *
   * @example
   * ```ts
   * const round = SignedRound.restore(JSON.parse(stateText), dealerKey);
   * const mine = SignedRound.restore(JSON.parse(stateText), dealerKey, { checkSignatures: false });
   * ```
   * @throws {FairdealError} `BAD_TRANSCRIPT` for a malformed or inconsistent state.
   */
  static restore(
    state: SignedRoundSecretState,
    dealer: DealerSigner,
    options: { readonly checkSignatures?: boolean } = {},
  ): SignedRound {
    const check = options.checkSignatures !== false;
    const bad = (why: string) => new FairdealError('BAD_TRANSCRIPT', `round state refused: ${why}`);
    try {
      if (state?.format !== 'fairdeal-v3/round') throw bad('not a fairdeal-v3 round state');
      const header = normalizeHeaderV3(state.header);
      fromHex(state.announceSignature, 64, 'announceSignature');
      const round = new SignedRound(
        header,
        dealer,
        fromHex(state.serverSeed, 32, 'serverSeed'),
        checkTime(state.announcedAt),
        state.announceSignature,
      );
      if (round.commitment !== state.commitment) throw bad('the server seed does not match C_s');
      // Replayed in the order they arrived (by time; ties in seat order), not in seat order:
      // the clock only moves forward (#time), so a seat that answered before a lower seat would
      // otherwise be moved to that seat's later time, and the record would no longer hash.
      for (const k of arrivalOrder(state.commits)) {
        const c = state.commits[k]!;
        round.#acceptCommit(k, c.commitment, c.signature, c.at, false, check);
      }
      if (state.roster !== null) {
        round.#close(state.roster.at, state.roster.signature);
        if (round.#roster!.hash !== state.roster.hash)
          throw bad('the roster changed after it closed');
      }
      for (const k of arrivalOrder(state.reveals)) {
        const r = state.reveals[k]!;
        round.#acceptReveal(k, r.seed, r.salt, r.signature, r.at, false, check);
      }
      if (state.void !== null) round.voidHand(state.void);
      else if (state.recordHash !== null) round.deal();
      if ((round.#record?.record.hash ?? null) !== state.recordHash) {
        throw bad('the record hash does not match');
      }
      if (round.phase !== state.phase)
        throw bad(`its phase says '${state.phase}', its content '${round.phase}'`);
      return round;
    } catch (error) {
      if (error instanceof FairdealError && error.code === 'BAD_TRANSCRIPT') throw error;
      throw bad(error instanceof Error ? error.message : String(error));
    }
  }

  /** The phase. */
  get phase(): SignedRoundPhase {
    return this.#phase;
  }

  /** C_s, hex. */
  get commitment(): string {
    return this.#csHex;
  }

  /** A copy of the header: what every announcement, record and saved state repeats. */
  #headerCopy(): FairHeaderV3 {
    const h = this.#header;
    return {
      mode: h.mode,
      table: h.table,
      hand: h.hand,
      prev: h.prev,
      preset: h.preset,
      options: { ...h.options },
      dealer: h.dealer,
      seats: h.seats.map((s) => ({ ...s })),
    };
  }

  /** The signed announcement to publish (no secret). */
  get announcement(): AnnouncementV3 {
    return {
      algorithm: FAIR_V3,
      ...this.#headerCopy(),
      commitment: this.#csHex,
      at: this.#announcedAt,
      signature: this.#announceSignature,
    };
  }

  /** Seats that have not committed (committing) or revealed (revealing); [] otherwise. */
  get waitingFor(): number[] {
    const list =
      this.#phase === 'committing'
        ? this.#commits
        : this.#phase === 'revealing'
          ? this.#reveals
          : [];
    const out: number[] = [];
    for (let k = 0; k < list.length; k++) if (list[k] === null) out.push(k);
    return out;
  }

  /** The dealt transcript or the void record, once there is one (public). */
  get record(): AnyRecordV3 | undefined {
    return this.#record?.record;
  }

  /** The signed roster, once closed. @throws `PROTOCOL_ORDER` before. */
  get roster(): RosterV3 {
    if (this.#roster === null) throw order('the roster is not closed yet');
    return {
      commitment: this.#csHex,
      commits: this.#commits.map((c) => ({ ...c! })),
      hash: this.#roster.hash,
      at: this.#roster.at,
      signature: this.#roster.signature,
    };
  }

  #time(at: number): number {
    this.#last = Math.max(this.#last, checkTime(at));
    return this.#last;
  }

  #seat(seat: unknown): number {
    if (
      !Number.isInteger(seat) ||
      (seat as number) < 0 ||
      (seat as number) >= this.#header.seats.length
    ) {
      throw order(`there is no seat ${String(seat)} at this hand`);
    }
    return seat as number;
  }

  #receipt(kind: ReceiptKind, seat: number, seatSignature: Uint8Array, at: number): ReceiptV3 {
    return {
      kind,
      seat,
      commitment: this.#csHex,
      seatSignature: bytesToHex(seatSignature),
      at,
      signature: bytesToHex(
        this.#dealer.sign(receiptMessageV3(this.#cs, kind, seat, seatSignature, at)),
      ),
    };
  }

  /**
   * Takes seat `seat`'s signed commitment (phase `committing`) and answers with a signed receipt.
   *
   * @example
   * ```ts
   * const receipt = signedRound.commit(1, { commitment, signature }, Date.now());
   * ```
   * @throws {FairdealError} `PROTOCOL_ORDER` (wrong phase, no such seat, committed already, a
   *   practice hand), `BAD_SIGNATURE` (not signed by that seat's key), `BAD_TRANSCRIPT` (hex).
   */
  commit(seat: number, message: SeatCommitMessage, at: number): ReceiptV3 {
    return this.#acceptCommit(seat, message?.commitment, message?.signature, at, true)!;
  }

  #acceptCommit(
    seat: number,
    commitment: unknown,
    signature: unknown,
    at: number,
    receipt: boolean,
    check = true,
  ): ReceiptV3 | undefined {
    if (this.#header.mode === 'practice') throw order('a practice hand takes no commitments');
    if (this.#phase !== 'committing')
      throw order('the roster is closed: no commitment is accepted');
    const k = this.#seat(seat);
    if (this.#commits[k] !== null) throw order(`seat ${k} has committed already`);
    const ck = fromHex(commitment, 32, 'commitment');
    const sig = fromHex(signature, 64, 'signature');
    if (check && !ed25519Verify(this.#keys[k]!, commitMessageV3(this.#cs, k, ck), sig)) {
      throw new FairdealError(
        'BAD_SIGNATURE',
        `that commitment is not signed by the key of seat ${k} ('${this.#header.seats[k]!.player}') for this hand`,
      );
    }
    const time = this.#time(at);
    this.#commits[k] = {
      commitment: commitment as string,
      signature: signature as string,
      at: time,
    };
    this.#commitBytes[k] = ck;
    return receipt ? this.#receipt('commit', k, sig, time) : undefined;
  }

  /**
   * Closes the roster once every seat committed, signs and returns it (publish it to every seat).
   *
   * @example
   * ```ts
   * publish(signedRound.closeRoster(Date.now()));
   * ```
   * @throws {FairdealError} `PROTOCOL_ORDER` while a seat has not committed, or when closed already.
   */
  closeRoster(at: number): RosterV3 {
    this.#close(at);
    return this.roster;
  }

  #close(at: number, signature?: string): void {
    if (this.#header.mode === 'practice') throw order('a practice hand has no roster');
    if (this.#phase !== 'committing') throw order('the roster is closed already');
    const waiting = this.waitingFor;
    if (waiting.length > 0) {
      throw order(`cannot close the roster: seat ${waiting.join(', ')} has not committed`);
    }
    const r = rosterHashV3(this.#cs, this.#commitBytes as Uint8Array[]);
    const time = this.#time(at);
    this.#rosterBytes = r;
    this.#roster = {
      hash: bytesToHex(r),
      at: time,
      signature: signature ?? bytesToHex(this.#dealer.sign(rosterMessageV3(this.#cs, r, time))),
    };
    this.#reveals.length = this.#header.seats.length;
    this.#reveals.fill(null);
    this.#phase = 'revealing';
  }

  /**
   * Takes seat `seat`'s signed reveal (phase `revealing`) and answers with a signed receipt.
   *
   * @example
   * ```ts
   * const receipt = signedRound.reveal(1, { seed: 'lucky7', salt: saltHex, signature }, Date.now());
   * ```
   * @throws {FairdealError} `PROTOCOL_ORDER`, `REVEAL_MISMATCH` (seed and salt do not open the
   *   seat's commitment), `BAD_SIGNATURE`, `BAD_TRANSCRIPT`/`BAD_OPTION` (malformed fields).
   */
  reveal(seat: number, message: SeatRevealMessage, at: number): ReceiptV3 {
    return this.#acceptReveal(seat, message?.seed, message?.salt, message?.signature, at, true)!;
  }

  #acceptReveal(
    seat: number,
    seed: unknown,
    salt: unknown,
    signature: unknown,
    at: number,
    receipt: boolean,
    check = true,
  ): ReceiptV3 | undefined {
    if (this.#phase === 'committing') throw order('the roster must be closed before any reveal');
    if (this.#phase !== 'revealing')
      throw order(`this hand is ${this.#phase}: no reveal is accepted`);
    const k = this.#seat(seat);
    if (this.#reveals[k] !== null) throw order(`seat ${k} revealed already`);
    const text = checkText(seed, 'client seed');
    const saltBytes = fromHex(salt, 32, 'salt');
    const sig = fromHex(signature, 64, 'signature');
    if (
      !constantTimeEqual(clientCommitmentV3(this.#cs, k, saltBytes, text), this.#commitBytes[k]!)
    ) {
      throw new FairdealError(
        'REVEAL_MISMATCH',
        `the seed of seat ${k} does not match its commitment`,
      );
    }
    const message = revealMessageV3(this.#cs, this.#rosterBytes!, k, saltBytes, text);
    if (check && !ed25519Verify(this.#keys[k]!, message, sig)) {
      throw new FairdealError(
        'BAD_SIGNATURE',
        `that reveal is not signed by the key of seat ${k} ('${this.#header.seats[k]!.player}') for this roster`,
      );
    }
    const time = this.#time(at);
    this.#reveals[k] = {
      seed: text,
      salt: salt as string,
      signature: signature as string,
      at: time,
    };
    return receipt ? this.#receipt('reveal', k, sig, time) : undefined;
  }

  #base(kind: 'dealt' | 'void') {
    return {
      algorithm: FAIR_V3,
      kind,
      ...this.#headerCopy(),
      server: { commitment: this.#csHex, seed: bytesToHex(this.#seed), at: this.#announcedAt },
      commits: this.#commits.map((c) => (c === null ? null : { ...c })),
      roster: this.#roster === null ? null : { hash: this.#roster.hash, at: this.#roster.at },
      reveals: this.#reveals.map((r) => (r === null ? null : { ...r })),
    } as const;
  }

  #sign<T extends Omit<AnyRecordV3, 'hash' | 'signature'>>(
    body: T,
  ): T & { hash: string; signature: string } {
    const hash = recordHashV3(body);
    return {
      ...body,
      hash: bytesToHex(hash),
      signature: bytesToHex(this.#dealer.sign(transcriptMessageV3(hash))),
    };
  }

  /**
   * Deals the hand from every seat's seed (a practice hand: from the server seed alone) and
   * returns the signed transcript and the games layer's `Deal`.
   *
   * @example
   * ```ts
   * const { transcript, deal } = signedRound.deal();
   * ```
   * @throws {FairdealError} `PROTOCOL_ORDER` while a seat has not revealed, or once dealt;
   *   `VOID_HAND` for a voided hand.
   */
  deal(): { transcript: FairTranscriptV3; deal: Deal } {
    if (this.#phase === 'void')
      throw new FairdealError('VOID_HAND', 'this hand was voided: it is never dealt');
    if (this.#phase === 'dealt') throw order('this hand was dealt already');
    const fair = this.#header.mode === 'fair';
    if (fair && (this.#phase !== 'revealing' || this.waitingFor.length > 0)) {
      const waiting = this.waitingFor;
      throw order(
        `cannot deal: every seat's seed is needed, waiting for seat ${waiting.join(', ')} to ${this.#phase === 'committing' ? 'commit' : 'reveal'}`,
      );
    }
    const r = fair ? this.#rosterBytes! : rosterHashV3(this.#cs, []);
    const seeds = fair ? this.#reveals.map((x) => x!.seed) : [];
    const plan = presetDeal(this.#header.preset, this.#header.options);
    const key = deckKeyV3(this.#seed, this.#cs, r, plan.deck, seeds);
    const dealt = plan.dealKey(key);
    const transcript = this.#sign({
      ...this.#base('dealt'),
      cards: dealt.cards,
    }) as FairTranscriptV3;
    this.#record = { record: transcript, deal: dealt.deal };
    this.#phase = 'dealt';
    return { transcript, deal: dealt.deal };
  }

  /**
   * Voids the hand: `withheld` after the deadline (the seats listed are exactly those that did
   * not commit, or did not reveal), or `kicked` (the host removed the seats given). The signed
   * record joins the table's chain; it reveals the server seed, which no longer decides anything.
   *
   * @example
   * ```ts
   * const record = signedRound.voidHand({ reason: 'withheld', at: Date.now() });
   * ```
   * @throws {FairdealError} `PROTOCOL_ORDER` once dealt or voided, for `withheld` with nobody
   *   missing, or for `kicked` without seats.
   */
  voidHand(o: {
    readonly reason: VoidReasonV3;
    readonly seats?: readonly number[];
    readonly at: number;
  }): VoidRecordV3 {
    if (this.#phase === 'dealt' || this.#phase === 'void')
      throw order(`this hand was ${this.#phase} already`);
    let seats: number[];
    if (o.reason === 'withheld') {
      seats = this.waitingFor;
      if (seats.length === 0) throw order('nobody withheld: every seat has committed and revealed');
    } else if (o.reason === 'kicked') {
      seats = [...new Set((o.seats ?? []).map((k) => this.#seat(k)))].sort((a, b) => a - b);
      if (seats.length === 0) throw order('name the seats that were kicked');
    } else {
      throw new FairdealError('BAD_OPTION', "a hand is voided as 'withheld' or 'kicked'");
    }
    this.#void = { reason: o.reason, seats, at: this.#time(o.at) };
    const record = this.#sign({
      ...this.#base('void'),
      void: { ...this.#void, seats: [...seats] },
    }) as VoidRecordV3;
    this.#record = { record, deal: null };
    this.#phase = 'void';
    return record;
  }

  /**
   * The full state, SECRET server seed included: store it like a private key (sealed, mode 0600).
   *
   * @example
   * ```ts
   * const state = signedRound.exportSecretState();
   * ```
   * @throws never.
   */
  exportSecretState(): SignedRoundSecretState {
    return {
      format: 'fairdeal-v3/round',
      phase: this.#phase,
      header: this.#headerCopy(),
      serverSeed: bytesToHex(this.#seed),
      commitment: this.#csHex,
      announcedAt: this.#announcedAt,
      announceSignature: this.#announceSignature,
      commits: this.#commits.map((c) => (c === null ? null : { ...c })),
      roster: this.#roster === null ? null : { ...this.#roster },
      reveals: this.#reveals.map((r) => (r === null ? null : { ...r })),
      void: this.#void === null ? null : { ...this.#void, seats: [...this.#void.seats] },
      recordHash: this.#record?.record.hash ?? null,
    };
  }

  /** What may be shown at any time: the announcement, the phase, who is awaited; no seed. */
  toJSON(): { announcement: AnnouncementV3; phase: SignedRoundPhase; waitingFor: number[] } {
    return { announcement: this.announcement, phase: this.#phase, waitingFor: this.waitingFor };
  }

  /** A one-line summary without secrets. */
  toString(): string {
    const h = this.#header;
    return `SignedRound(${h.preset}, table '${h.table}' hand ${h.hand}, ${this.#phase}, commitment ${this.#csHex})`;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }
}
