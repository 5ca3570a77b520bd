// What the dark worker does with each request (docs/WEB.md "Dark tables"), apart from the
// worker's message plumbing so that Node's tests drive it directly. It holds at most one
// DarkSeat — one hand of one seat — and answers only with public messages (docs/DARK.md §8):
// the seat's key secret is never in an answer, and its step seed only in `reveal`.
import {
  DarkSeat,
  type DarkShareJSON,
  type DarkVerdict,
  darkDeck,
  loadDarkGroup,
  parseDarkTranscript,
  verifyDarkTranscript,
} from '../dark/index.ts';
import { FairdealError } from '../index.ts';
import type { DarkCalls, DarkCallType, DarkCard, DarkDealt, DarkRequest } from './dark-protocol.ts';

type Give<K extends DarkCallType> = DarkCalls[K]['give'];

/** Each seat's cards as dealt, from a verified hand whose every seed was revealed. */
async function dealtOf(transcript: unknown, verdict: DarkVerdict): Promise<DarkDealt | null> {
  if (verdict.deck === null) return null;
  const t = parseDarkTranscript(transcript);
  const { route } = darkDeck(await loadDarkGroup(), t.preset, t.seats);
  const seats: string[][] = Array.from({ length: t.seats }, () => []);
  const kitty: string[] = [];
  verdict.deck.forEach((card, position) => {
    const to = route[position];
    const seat = /^hand:(\d+)$/.exec(to ?? '');
    if (seat !== null) seats[Number(seat[1])]?.push(card);
    else if (to === 'kitty') kitty.push(card);
  });
  return { seats, kitty };
}

/**
 * The seat a dark table's worker keeps, and its answer to each request of dark-protocol.ts.
 *
 * @example
 * ```ts
 * const host = new DarkSeatHost();
 * const { key } = await host.handle({ id: 1, type: 'start', seat: 0,
 *   context: { table: 't1', hand: 1, preset: 'doudizhu', seats: 3 } }) as { key: DarkKeyJSON };
 * ```
 */
export class DarkSeatHost {
  #seat: DarkSeat | null = null;
  #label = '';
  #kittyGiven = false;
  // Shares for positions this seat does not need yet (other seats' cards), checked only when
  // their card is played: a deal then checks the 34 shares of its own 17 cards, not all 68.
  readonly #later = new Map<number, DarkShareJSON[]>();

  /** Answers one request; a refusal is thrown as the library's FairdealError. */
  async handle(request: DarkRequest): Promise<Give<DarkCallType>> {
    switch (request.type) {
      case 'start':
        return this.#start(request.context, request.seat);
      case 'keys':
        this.#need().acceptKeys(request.keys);
        return {};
      case 'shuffle':
        return { step: this.#need().shuffle(request.previous) } satisfies Give<'shuffle'>;
      case 'deck':
        this.#need().acceptDeck(request.steps);
        return {};
      case 'deal-shares':
        return { shares: this.#need().dealShares() } satisfies Give<'deal-shares'>;
      case 'shares':
        this.#accept(request.shares);
        return {};
      case 'hand':
        return { cards: this.#need().hand() } satisfies Give<'hand'>;
      case 'kitty': {
        const seat = this.#need();
        seat.giveKitty(request.seat);
        this.#kittyGiven = true;
        const held = this.#take((position) => seat.deck.route[position] === 'kitty');
        seat.acceptShares(held);
        return { shares: seat.kittyShares() } satisfies Give<'kitty'>;
      }
      case 'play': {
        const seat = this.#need();
        // A kitty card is open to everyone already (every seat shared it when the kitty was
        // given): playing it needs no share, and a second one would be refused (§10, step 5).
        const hidden = request.positions.filter((p) => seat.deck.route[p] !== 'kitty');
        for (const p of request.positions) if (!hidden.includes(p)) seat.playShare(p);
        return { shares: hidden.map((p) => seat.playShare(p)) } satisfies Give<'play'>;
      }
      case 'open':
        return { cards: this.#open(request.positions) } satisfies Give<'open'>;
      case 'reveal':
        return { reveal: this.#need().reveal() } satisfies Give<'reveal'>;
      case 'verify': {
        const verdict = await verifyDarkTranscript(request.transcript);
        return {
          verdict,
          dealt: await dealtOf(request.transcript, verdict),
        } satisfies Give<'verify'>;
      }
    }
  }

  async #start(context: DarkCalls['start']['take']['context'], seat: number) {
    const label = JSON.stringify([
      context.table,
      context.hand,
      context.preset,
      context.seats,
      seat,
    ]);
    // The same hand asked again (the page re-rendered, its stream reconnected): the same key,
    // never a second one — a seat announcing two keys for one hand would void it.
    if (this.#seat === null || label !== this.#label) {
      this.#seat = await DarkSeat.create({ ...context, seat });
      this.#label = label;
      this.#later.clear();
      this.#kittyGiven = false;
    }
    return { key: this.#seat.keyMessage() } satisfies Give<'start'>;
  }

  #accept(shares: readonly DarkShareJSON[]): void {
    const seat = this.#need();
    const now: DarkShareJSON[] = [];
    for (const s of shares) {
      const to = seat.deck.route[s.position];
      const needed = to === `hand:${seat.seat}` || (to === 'kitty' && this.#kittyGiven);
      if (needed || to === undefined) now.push(s);
      else {
        const held = this.#later.get(s.position) ?? [];
        held.push(s);
        this.#later.set(s.position, held);
      }
    }
    // A share this seat needs now is checked now; one past the deck (route undefined) too, so
    // that it is refused at once naming its seat. A kitty share that comes before this page
    // heard who took the kitty waits for `kitty`.
    seat.acceptShares(now);
  }

  #take(wanted: (position: number) => boolean): DarkShareJSON[] {
    const out: DarkShareJSON[] = [];
    for (const [position, held] of this.#later) {
      if (!wanted(position)) continue;
      out.push(...held);
      this.#later.delete(position);
    }
    return out;
  }

  #open(positions: readonly number[]): DarkCard[] {
    const seat = this.#need();
    const wanted = new Set(positions);
    seat.acceptShares(this.#take((p) => wanted.has(p)));
    return positions.map((position) => ({ position, card: seat.open(position) }));
  }

  #need(): DarkSeat {
    if (this.#seat === null)
      throw new FairdealError('PROTOCOL_ORDER', 'the dark worker has no seat yet: start first');
    return this.#seat;
  }
}
