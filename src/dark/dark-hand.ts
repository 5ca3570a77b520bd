import { FairdealError } from '../errors.ts';
import { bytesToHex } from '../random/hex.ts';
import { readBytes32, refuser } from './bytes.ts';
import { type DarkDeck, darkDeck } from './card-points.ts';
import { checkContext, DARK_VERSION, type DarkContext } from './context.ts';
import { jointKey } from './joint-key.ts';
import { type DarkGroup, type DarkPoint, loadDarkGroup } from './load-group.ts';
import { mayShare, ownerOf } from './may-share.ts';
import { openCard } from './open-card.ts';
import { checkSeatKey, type DarkKeyJSON } from './seat-key.ts';
import { checkShare, type DarkShareJSON } from './share.ts';
import {
  type DarkCiphertext,
  type DarkStepJSON,
  readStepDeck,
  replayShuffleStep,
  startDeck,
} from './shuffle-step.ts';
import type { DarkPlayJSON, DarkRevealJSON, DarkTranscript, DarkVoidJSON } from './transcript.ts';

/**
 * The public side of one dark hand — what a service (or any watcher) holds: no secret, only the
 * messages, each checked as it arrives, in the order of docs/DARK.md §8. A message that fails is
 * refused whole (nothing is recorded) with the error naming the seat that sent it; what was
 * accepted becomes the transcript.
 *
 * @example
 * ```ts
 * const hand = await DarkHand.open({ table: 't1', hand: 1, preset: 'doudizhu', seats: 3 });
 * hand.addKey(keyFromSeat0); // BAD_SIGNATURE naming the seat if its proof fails
 * hand.transcript().keys.length; // 1
 * ```
 */
export class DarkHand {
  readonly context: DarkContext;
  readonly #group: DarkGroup;
  readonly #deck: DarkDeck;
  readonly #keys: DarkKeyJSON[] = [];
  readonly #points: DarkPoint[] = [];
  #joint: DarkPoint | null = null;
  readonly #steps: DarkStepJSON[] = [];
  readonly #decks: DarkCiphertext[][] = [];
  readonly #shares: DarkShareJSON[] = [];
  readonly #byPosition = new Map<number, Map<number, DarkPoint>>();
  readonly #plays: DarkPlayJSON[] = [];
  readonly #opened = new Map<number, string>();
  readonly #reveals: DarkRevealJSON[] = [];
  #kittyTo: number | null = null;
  #void: DarkVoidJSON | null = null;

  private constructor(group: DarkGroup, context: DarkContext) {
    this.context = checkContext(context);
    this.#group = group;
    this.#deck = darkDeck(group, this.context.preset, this.context.seats);
  }

  /**
   * A new hand, once @noble/curves is loaded.
   * @throws {FairdealError} `MISSING_PEER`; `BAD_OPTION`, `UNKNOWN_PRESET` for a bad context.
   */
  static async open(context: DarkContext): Promise<DarkHand> {
    return new DarkHand(await loadDarkGroup(), context);
  }

  /** The card ids and where each final position is dealt. */
  get deck(): DarkDeck {
    return this.#deck;
  }

  /**
   * What the hand waits for: `key` or `shuffle` (with the seat whose turn it is), `deal`
   * (shares, plays, the kitty), or `void`.
   */
  get waitingFor(): {
    readonly stage: 'key' | 'shuffle' | 'deal' | 'void';
    readonly seat: number | null;
  } {
    if (this.#void !== null) return { stage: 'void', seat: null };
    if (this.#keys.length < this.context.seats) return { stage: 'key', seat: this.#keys.length };
    if (this.#steps.length < this.context.seats)
      return { stage: 'shuffle', seat: this.#steps.length };
    return { stage: 'deal', seat: null };
  }

  /**
   * The next seat's key (seats in order).
   * @throws {FairdealError} `PROTOCOL_ORDER` out of turn; `BAD_SIGNATURE` naming the seat.
   */
  addKey(key: DarkKeyJSON): void {
    this.#turn('key', key.seat);
    this.#points.push(checkSeatKey(this.#group, this.context, key));
    this.#keys.push({ seat: key.seat, key: key.key, proof: { c: key.proof.c, z: key.proof.z } });
    if (this.#keys.length === this.context.seats) this.#joint = jointKey(this.#group, this.#points);
  }

  /**
   * The next seat's shuffle step (seats in order): its deck must decode; its seed is checked
   * when revealed.
   * @throws {FairdealError} `PROTOCOL_ORDER` out of turn; `REVEAL_MISMATCH` naming the seat.
   */
  addStep(step: DarkStepJSON): void {
    this.#turn('shuffle', step.seat);
    const deck = readStepDeck(this.#group, step, this.#deck.ids.length);
    readBytes32(
      step.commitment,
      refuser('REVEAL_MISMATCH', `seat ${step.seat}'s commitment`, {
        seat: step.seat,
        check: 'shuffle',
      }),
    );
    this.#decks.push(deck);
    this.#steps.push({
      seat: step.seat,
      commitment: step.commitment,
      deck: step.deck.map(([a, b]) => [a, b] as const),
    });
  }

  /**
   * A seat's share for another seat's card, the kitty (once given) or the board. A seat's own
   * card is shared only by {@link DarkHand.addPlay}. Returns the card when the position is now
   * open to everyone (the kitty, the board), else null.
   * @throws {FairdealError} `PROTOCOL_ORDER` (not dealing yet, a share its seat must not make, a
   *   second one) or `BAD_SIGNATURE` (its proof), naming the seat.
   */
  addShare(share: DarkShareJSON): string | null {
    return this.#share(share, false);
  }

  /**
   * A seat plays the card at `share.position` by publishing its own share for it: the card must be
   * in its hand (or the kitty it took); everyone's other shares must be in. Returns the card.
   * @throws {FairdealError} `ILLEGAL_PLAY` (not its position, played twice, a share missing),
   *   `BAD_SIGNATURE` naming the seat.
   */
  addPlay(share: DarkShareJSON): string {
    const { seat, position } = share;
    const detail = { seat, position, reason: 'not-in-hand' };
    const to = this.#deck.route[position];
    if (!(ownerOf(to) === seat || (to === 'kitty' && this.#kittyTo === seat))) {
      throw new FairdealError(
        'ILLEGAL_PLAY',
        `seat ${seat} played position ${position}, which is not in its hand`,
        detail,
      );
    }
    if (this.#plays.some((p) => p.position === position)) {
      throw new FairdealError(
        'ILLEGAL_PLAY',
        `seat ${seat} played position ${position} twice`,
        detail,
      );
    }
    const got = this.#byPosition.get(position);
    for (let s = 0; s < this.context.seats; s++) {
      if (s !== seat && !got?.has(s) && to !== 'kitty') {
        throw new FairdealError(
          'ILLEGAL_PLAY',
          `seat ${seat} played position ${position} before seat ${s}'s share for it`,
          detail,
        );
      }
    }
    if (to === 'kitty') {
      const card = this.#opened.get(position);
      if (card === undefined)
        throw new FairdealError(
          'ILLEGAL_PLAY',
          `the kitty's position ${position} is not open yet`,
          detail,
        );
      this.#plays.push({ seat, position, card });
      return card;
    }
    const card = this.#share(share, true)!;
    this.#plays.push({ seat, position, card });
    return card;
  }

  /**
   * The kitty goes to `seat` (Dou Dizhu's landlord): every seat may now share it.
   * @throws {FairdealError} `PROTOCOL_ORDER` if it was given already.
   */
  giveKitty(seat: number): void {
    if (this.#kittyTo !== null)
      throw new FairdealError('PROTOCOL_ORDER', 'the kitty was given already');
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.context.seats) {
      throw new RangeError(`seat must be an integer in [0, ${this.context.seats - 1}]`);
    }
    this.#kittyTo = seat;
  }

  /**
   * A seat's step seed, revealed at the end: its step is replayed at once.
   * @throws {FairdealError} `PROTOCOL_ORDER` (no step yet, revealed twice) or `REVEAL_MISMATCH`
   *   naming the seat.
   */
  addReveal(reveal: DarkRevealJSON): void {
    const { seat } = reveal;
    const step = this.#steps[seat];
    if (step === undefined || this.#joint === null) {
      throw new FairdealError('PROTOCOL_ORDER', `seat ${seat} reveals a seed before its step`, {
        seat,
      });
    }
    if (this.#reveals.some((r) => r.seat === seat)) {
      throw new FairdealError('PROTOCOL_ORDER', `seat ${seat} revealed its seed twice`, { seat });
    }
    const seed = readBytes32(
      reveal.seed,
      refuser('REVEAL_MISMATCH', `seat ${seat}'s revealed seed`, { seat, check: 'shuffle' }),
    );
    const input = seat === 0 ? startDeck(this.#group, this.#deck.points) : this.#decks[seat - 1]!;
    replayShuffleStep(this.#group, this.context, this.#joint, input, step, seed);
    this.#reveals.push({ seat, seed: bytesToHex(seed) });
  }

  /** The hand is void: `seat` stopped sending at `stage` (the service's deadline passed). */
  stop(seat: number, stage: DarkVoidJSON['stage']): void {
    if (this.#void === null) this.#void = { seat, stage };
  }

  /** The card at a position opened to everyone (played, kitty, board), if it is. */
  opened(position: number): string | undefined {
    return this.#opened.get(position);
  }

  /** Everything accepted so far, as the transcript of docs/DARK.md §9. */
  transcript(): DarkTranscript {
    return {
      version: DARK_VERSION,
      ...this.context,
      keys: this.#keys.slice(),
      steps: this.#steps.slice(),
      shares: this.#shares.slice(),
      kittyTo: this.#kittyTo,
      plays: this.#plays.slice(),
      reveals: this.#reveals.slice(),
      void: this.#void,
    };
  }

  #share(share: DarkShareJSON, playing: boolean): string | null {
    const { seat, position } = share;
    const detail = { seat, position, check: 'share' };
    if (this.waitingFor.stage !== 'deal') {
      throw new FairdealError(
        'PROTOCOL_ORDER',
        `seat ${seat} sent a share before the deck was shuffled`,
        detail,
      );
    }
    const final = this.#decks[this.context.seats - 1]!;
    if (
      !Number.isInteger(seat) ||
      seat < 0 ||
      seat >= this.context.seats ||
      !Number.isInteger(position) ||
      final[position] === undefined
    ) {
      throw new FairdealError(
        'PROTOCOL_ORDER',
        `a share names seat ${seat} and position ${position}, which this hand has not`,
        detail,
      );
    }
    const to = this.#deck.route[position];
    if (!mayShare(to, seat, { played: playing, kittyGiven: this.#kittyTo !== null })) {
      throw new FairdealError(
        'PROTOCOL_ORDER',
        `seat ${seat} shared position ${position} (${to}), which it must not open`,
        detail,
      );
    }
    const got = this.#byPosition.get(position) ?? new Map<number, DarkPoint>();
    if (got.has(seat))
      throw new FairdealError(
        'PROTOCOL_ORDER',
        `seat ${seat} shared position ${position} twice`,
        detail,
      );
    const d = checkShare(this.#group, this.context, this.#points[seat]!, final[position]!.a, share);
    got.set(seat, d);
    this.#byPosition.set(position, got);
    this.#shares.push({
      seat,
      position,
      share: share.share,
      proof: { c: share.proof.c, z: share.proof.z },
    });
    if (got.size === this.context.seats && (playing || ownerOf(to) === null)) {
      const card = openCard(this.#deck, final[position]!.b, [...got.values()], position);
      this.#opened.set(position, card);
      return card;
    }
    return null;
  }

  #turn(stage: 'key' | 'shuffle', seat: number): void {
    const next = this.waitingFor;
    if (next.stage !== stage || next.seat !== seat) {
      throw new FairdealError(
        'PROTOCOL_ORDER',
        `seat ${seat} sent its ${stage === 'key' ? 'key' : 'shuffle step'} out of turn (waiting for ${next.stage}${next.seat === null ? '' : ` from seat ${next.seat}`})`,
        { seat },
      );
    }
  }
}
