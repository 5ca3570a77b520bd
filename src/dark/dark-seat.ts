import { FairdealError } from '../errors.ts';
import { bytesToHex } from '../random/hex.ts';
import { randomBytes32 } from '../random/random-bytes.ts';
import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { type DarkDeck, darkDeck } from './card-points.ts';
import { checkContext, type DarkContext } from './context.ts';
import { jointKey } from './joint-key.ts';
import { type DarkGroup, type DarkPoint, loadDarkGroup } from './load-group.ts';
import { mayShare, ownerOf } from './may-share.ts';
import { openCard } from './open-card.ts';
import { checkSeatKey, type DarkKeyJSON, keyScalar, makeSeatKey } from './seat-key.ts';
import { checkShare, type DarkShareJSON, makeShare } from './share.ts';
import {
  type DarkCiphertext,
  type DarkStepJSON,
  deckToJSON,
  readStepDeck,
  shuffleStep,
  startDeck,
  stepCommitment,
} from './shuffle-step.ts';
import type { DarkRevealJSON } from './transcript.ts';

/** How to make a {@link DarkSeat}. */
export interface DarkSeatOptions extends DarkContext {
  /** This seat's number, 0 … seats − 1. */
  readonly seat: number;
  /** 32 secret bytes for the key (default: fresh from `source`). Tests and vectors fix it. */
  readonly keySecret?: Uint8Array;
  /** The 32-byte step seed (default: fresh from `source`). */
  readonly stepSeed?: Uint8Array;
  /** Where fresh secrets come from (default secureRandom). */
  readonly source?: RandomSource;
}

/**
 * One seat of a dark hand, in memory, as a page's worker or a bot drives it (docs/DARK.md §3):
 * it holds the seat's key secret and step seed, makes its messages, checks every message it
 * is given (naming the seat that sent a bad one) and opens its own cards. Nothing it sends
 * holds a secret until {@link DarkSeat.reveal}, and that is only the step seed.
 *
 * @example
 * ```ts
 * const seats = await Promise.all([0, 1, 2].map((seat) =>
 *   DarkSeat.create({ table: 't1', hand: 1, preset: 'doudizhu', seats: 3, seat })));
 * const keys = seats.map((s) => s.keyMessage());
 * for (const s of seats) s.acceptKeys(keys);
 * const steps: DarkStepJSON[] = [];
 * for (const s of seats) steps.push(s.shuffle(steps.at(-1)?.deck ?? null));
 * for (const s of seats) s.acceptDeck(steps);
 * const shares = seats.flatMap((s) => s.dealShares());
 * for (const s of seats) s.acceptShares(shares);
 * seats.map((s) => s.hand().length); // [17, 17, 17]
 * ```
 */
export class DarkSeat {
  readonly context: DarkContext;
  readonly seat: number;
  readonly #group: DarkGroup;
  readonly #deck: DarkDeck;
  readonly #x: bigint;
  readonly #keySecret: Uint8Array;
  readonly #seed: Uint8Array;
  #keys: DarkPoint[] | null = null;
  #joint: DarkPoint | null = null;
  #final: DarkCiphertext[] | null = null;
  #kittyTo: number | null = null;
  readonly #shares = new Map<number, Map<number, DarkPoint>>();
  readonly #played = new Set<number>();

  private constructor(group: DarkGroup, options: DarkSeatOptions) {
    this.context = checkContext(options);
    const seat = options.seat;
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.context.seats) {
      throw new RangeError(
        `seat must be an integer in [0, ${this.context.seats - 1}], got ${seat}`,
      );
    }
    this.seat = seat;
    this.#group = group;
    this.#deck = darkDeck(group, this.context.preset, this.context.seats);
    const source = options.source ?? secureRandom;
    this.#keySecret = (options.keySecret ?? randomBytes32(source)).slice();
    this.#seed = (options.stepSeed ?? randomBytes32(source)).slice();
    if (this.#seed.length !== 32)
      throw new FairdealError('BAD_SEED', 'a dark step seed must be 32 bytes');
    this.#x = keyScalar(group, this.#keySecret);
  }

  /**
   * A seat with fresh secrets (or the given ones), once @noble/curves is loaded.
   * @throws {FairdealError} `MISSING_PEER` without @noble/curves; `BAD_OPTION` for a bad context.
   */
  static async create(options: DarkSeatOptions): Promise<DarkSeat> {
    return new DarkSeat(await loadDarkGroup(), options);
  }

  /** The card ids in the preset's order and where each final position is dealt. */
  get deck(): DarkDeck {
    return this.#deck;
  }

  /** This seat's key share and its proof of knowledge: the first message of the hand. */
  keyMessage(): DarkKeyJSON {
    return makeSeatKey(this.#group, this.context, this.seat, this.#keySecret);
  }

  /**
   * Takes every seat's key message (in seat order, this seat's own included and unchanged),
   * checks each proof and computes the joint key.
   * @throws {FairdealError} `BAD_SIGNATURE` naming the seat whose key fails.
   */
  acceptKeys(keys: readonly DarkKeyJSON[]): void {
    if (keys.length !== this.context.seats) {
      throw new FairdealError(
        'BAD_SIGNATURE',
        `expected ${this.context.seats} keys, got ${keys.length}`,
      );
    }
    const points = keys.map((k, i) => {
      if (k.seat !== i)
        throw new FairdealError(
          'BAD_SIGNATURE',
          `key ${i} names seat ${k.seat}: keys come in seat order`,
          { seat: k.seat },
        );
      return checkSeatKey(this.#group, this.context, k);
    });
    if (!points[this.seat]!.equals(this.#group.Point.BASE.multiply(this.#x))) {
      throw new FairdealError(
        'BAD_SIGNATURE',
        `the key given for seat ${this.seat} is not this seat's own`,
        { seat: this.seat },
      );
    }
    this.#keys = points;
    this.#joint = jointKey(this.#group, points);
  }

  /**
   * This seat's shuffle step over the previous seat's output deck (`null` for seat 0: the start
   * deck), with the commitment to its seed.
   * @throws {FairdealError} `PROTOCOL_ORDER` before the keys; `REVEAL_MISMATCH` naming the
   *   previous seat for a malformed input deck.
   */
  shuffle(previous: DarkStepJSON['deck'] | null): DarkStepJSON {
    const joint = this.#need(this.#joint, 'the keys');
    const n = this.#deck.ids.length;
    let input: DarkCiphertext[];
    if (this.seat === 0) {
      input = startDeck(this.#group, this.#deck.points);
    } else {
      if (previous === null)
        throw new FairdealError(
          'PROTOCOL_ORDER',
          `seat ${this.seat} shuffles the previous seat's deck`,
        );
      input = readStepDeck(this.#group, { seat: this.seat - 1, commitment: '', deck: previous }, n);
    }
    const out = shuffleStep(this.#group, joint, input, this.#seed);
    return {
      seat: this.seat,
      commitment: stepCommitment(this.context, this.seat, this.#seed),
      deck: deckToJSON(out),
    };
  }

  /**
   * Takes every seat's published step (in seat order) and keeps the last one's output: the deck
   * cards are dealt from. The steps are checked only for shape here; their seeds are revealed and
   * replayed at the end of the hand.
   * @throws {FairdealError} `REVEAL_MISMATCH` naming a seat whose step is malformed.
   */
  acceptDeck(steps: readonly DarkStepJSON[]): void {
    if (steps.length !== this.context.seats) {
      throw new FairdealError(
        'REVEAL_MISMATCH',
        `expected ${this.context.seats} shuffle steps, got ${steps.length}`,
      );
    }
    let last: DarkCiphertext[] = [];
    steps.forEach((step, i) => {
      if (step.seat !== i)
        throw new FairdealError(
          'REVEAL_MISMATCH',
          `step ${i} names seat ${step.seat}: steps come in seat order`,
          { seat: step.seat },
        );
      last = readStepDeck(this.#group, step, this.#deck.ids.length);
    });
    this.#final = last;
  }

  /** This seat's shares for every card dealt to another seat: what deals them their hands. */
  dealShares(): DarkShareJSON[] {
    const out: DarkShareJSON[] = [];
    this.#deck.route.forEach((to, position) => {
      const owner = ownerOf(to);
      if (owner !== null && owner !== this.seat) out.push(this.#share(position));
    });
    return out;
  }

  /** Records which seat took the kitty (Dou Dizhu's landlord): the kitty may now be opened. */
  giveKitty(seat: number): void {
    this.#kittyTo = seat;
  }

  /** This seat's shares for the kitty, once {@link giveKitty} named its seat. */
  kittyShares(): DarkShareJSON[] {
    if (this.#kittyTo === null)
      throw new FairdealError('PROTOCOL_ORDER', 'the kitty opens once its seat is known');
    const out: DarkShareJSON[] = [];
    this.#deck.route.forEach((to, position) => {
      if (to === 'kitty') out.push(this.#share(position));
    });
    return out;
  }

  /**
   * The share that plays one of this seat's cards: with it, everyone opens the card.
   * @throws {FairdealError} `ILLEGAL_PLAY` for a position not in this seat's hand.
   */
  playShare(position: number): DarkShareJSON {
    const to = this.#deck.route[position];
    const mine = ownerOf(to) === this.seat || (to === 'kitty' && this.#kittyTo === this.seat);
    if (!mine) {
      throw new FairdealError(
        'ILLEGAL_PLAY',
        `position ${position} is not in seat ${this.seat}'s hand`,
        { seat: this.seat, position },
      );
    }
    this.#played.add(position);
    return this.#share(position);
  }

  /**
   * Checks and keeps shares from other seats (and this seat's own, which it ignores).
   * @throws {FairdealError} `BAD_SIGNATURE` naming the sending seat and position.
   */
  acceptShares(shares: readonly DarkShareJSON[]): void {
    const keys = this.#need(this.#keys, 'the keys');
    const final = this.#need(this.#final, 'the shuffled deck');
    for (const s of shares) {
      if (s.seat === this.seat) continue;
      const detail = { seat: s.seat, position: s.position, check: 'share' };
      if (
        !Number.isInteger(s.seat) ||
        s.seat < 0 ||
        s.seat >= this.context.seats ||
        !(s.position in final)
      ) {
        throw new FairdealError(
          'PROTOCOL_ORDER',
          `a share names seat ${s.seat} and position ${s.position}, which this hand has not`,
          detail,
        );
      }
      const state = { played: true, kittyGiven: this.#kittyTo !== null };
      if (!mayShare(this.#deck.route[s.position], s.seat, state)) {
        throw new FairdealError(
          'PROTOCOL_ORDER',
          `seat ${s.seat} shared position ${s.position}, which it must not open`,
          detail,
        );
      }
      const d = checkShare(this.#group, this.context, keys[s.seat]!, final[s.position]!.a, s);
      const got = this.#shares.get(s.position) ?? new Map<number, DarkPoint>();
      got.set(s.seat, d);
      this.#shares.set(s.position, got);
    }
  }

  /**
   * The card at a position, when every other seat's share for it is in: this seat's own share
   * is added here and never leaves it.
   * @throws {FairdealError} `PROTOCOL_ORDER` when a share is missing; `REVEAL_MISMATCH`.
   */
  open(position: number): string {
    const final = this.#need(this.#final, 'the shuffled deck');
    const got = this.#shares.get(position);
    for (let s = 0; s < this.context.seats; s++) {
      if (s !== this.seat && !got?.has(s)) {
        throw new FairdealError(
          'PROTOCOL_ORDER',
          `position ${position} still lacks seat ${s}'s share`,
          { seat: s, position },
        );
      }
    }
    const c = final[position]!;
    const mine = c.a.multiply(this.#x);
    return openCard(this.#deck, c.b, [...got!.values(), mine], position);
  }

  /** This seat's hand: its positions (and the kitty's, if it took it) and their cards. */
  hand(): { position: number; card: string }[] {
    const out: { position: number; card: string }[] = [];
    this.#deck.route.forEach((to, position) => {
      if (ownerOf(to) === this.seat || (to === 'kitty' && this.#kittyTo === this.seat)) {
        out.push({ position, card: this.open(position) });
      }
    });
    return out;
  }

  /** The step seed, revealed at the end of the hand so anyone can replay this seat's shuffle. */
  reveal(): DarkRevealJSON {
    return { seat: this.seat, seed: bytesToHex(this.#seed) };
  }

  #share(position: number): DarkShareJSON {
    const keys = this.#need(this.#keys, 'the keys');
    const final = this.#need(this.#final, 'the shuffled deck');
    return makeShare(
      this.#group,
      this.context,
      this.seat,
      this.#x,
      keys[this.seat]!,
      final[position]!.a,
      position,
    );
  }

  #need<T>(value: T | null, what: string): T {
    if (value === null)
      throw new FairdealError('PROTOCOL_ORDER', `seat ${this.seat} needs ${what} first`, {
        seat: this.seat,
      });
    return value;
  }
}
