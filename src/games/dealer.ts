import type { Card } from '../cards/index.ts';
import { parseCard } from '../cards/index.ts';
import { FairdealError } from '../errors.ts';
import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { shuffle } from '../shuffle/shuffle.ts';
import type { Deal } from './deal-types.ts';

/**
 * What a draw does when the stock is short:
 * - `throw` (default): NOT_ENOUGH_CARDS, nothing moves — never a silent short draw;
 * - `reshuffle-discards`: the discard pile except its top card is shuffled and put under the
 *   stock (rummy, crazy eights), then the draw proceeds; if even that is not enough, it throws
 *   and nothing moves.
 */
export type WhenStockEmpty = 'throw' | 'reshuffle-discards';

/** Options of a {@link Dealer}. */
export interface DealerOptions {
  /** Randomness for reshuffles (default secureRandom). */
  readonly source?: RandomSource;
  /** Out-of-cards policy (default 'throw'). */
  readonly whenEmpty?: WhenStockEmpty;
  /** Stock cards in front of a cut card (blackjack); see {@link Dealer.pastCutCard}. */
  readonly cutCard?: number;
}

/** A card by value, or by its id / code (`AS`, `AS#2`). */
export type CardRef = Card | string;

/** The name of the stock; every other place is a named pile. */
const STOCK = 'stock';
const DISCARD = 'discard';

function checkCount(count: number, name = 'count'): void {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${count}`);
  }
}

function checkPileName(name: string): void {
  if (typeof name !== 'string') throw new TypeError('pile name must be a string');
  if (name === '' || name === STOCK || name.length > 64) {
    throw new FairdealError('BAD_OPTION', `bad pile name '${name}' (non-empty, not 'stock')`);
  }
}

/**
 * Play after the deal: a stock (top first) and named piles (hands, discard, burns, melds …).
 * Every card is always in exactly one place, and an operation either happens completely or
 * throws without changing anything.
 *
 * Piles list their cards bottom first, so the last card is the top (as the Deck of Cards API
 * lists piles). Cards are named by value or by id (`AS#2` for the second deck's ace).
 *
 * @example
 * ```ts
 * const dealer = Dealer.fromDeal(deal('gin-rummy'));
 * dealer.draw(1, 'hand:0');          // take the top of the stock
 * dealer.discard(['KH'], 'hand:0');  // throw the king of hearts from seat 0's hand
 * ```
 */
export class Dealer {
  #stock: Card[];
  readonly #piles = new Map<string, Card[]>();
  readonly #where = new Map<string, string>();
  readonly #source: RandomSource;
  readonly #whenEmpty: WhenStockEmpty;
  readonly #behindCut: number | undefined;

  /**
   * A dealer whose stock is `cards`, top first (e.g. a shuffled deck), with no piles.
   *
   * @example
   * ```ts
   * const dealer = new Dealer(toShuffled(buildDeck('standard-52')));
   * ```
   * @throws {FairdealError} `BAD_DECK` if a card appears twice.
   * @throws {FairdealError} `BAD_OPTION` for an unknown out-of-cards policy.
   * @throws {RangeError} for a bad cutCard.
   */
  constructor(cards: readonly Card[], options: DealerOptions = {}) {
    if (!Array.isArray(cards)) throw new TypeError('Dealer needs an array of cards');
    const policy = options.whenEmpty ?? 'throw';
    if (policy !== 'throw' && policy !== 'reshuffle-discards') {
      throw new FairdealError('BAD_OPTION', `unknown out-of-cards policy '${String(policy)}'`);
    }
    this.#whenEmpty = policy;
    this.#source = options.source ?? secureRandom;
    this.#stock = [];
    this.#add(STOCK, cards);
    if (options.cutCard !== undefined) {
      checkCount(options.cutCard, 'cutCard');
      if (options.cutCard > cards.length) throw new RangeError('cutCard is beyond the stock');
      this.#behindCut = cards.length - options.cutCard;
    }
  }

  /**
   * A dealer continuing a deal: stock = the deal's stock; piles `hand:0` …, `kitty`, `board`,
   * `burns` hold the dealt cards (blackjack's cut card is taken from the deal).
   *
   * @example
   * ```ts
   * const dealer = Dealer.fromDeal(deal('holdem', { seats: 6 }));
   * dealer.pile('board').length; // 5
   * ```
   * @throws {FairdealError} `BAD_DECK` if the deal holds a card twice.
   */
  static fromDeal(deal: Deal, options: DealerOptions = {}): Dealer {
    const cutCard = options.cutCard ?? deal.info.cutCard;
    const dealer = new Dealer(deal.stock, {
      ...options,
      ...(cutCard === undefined ? {} : { cutCard: Math.max(0, cutCard) }),
    });
    deal.hands.forEach((hand, seat) => {
      dealer.#add(`hand:${seat}`, hand);
    });
    if (deal.kitty.length > 0) dealer.#add('kitty', deal.kitty);
    if (deal.board.length > 0) dealer.#add('board', deal.board);
    if (deal.burns.length > 0) dealer.#add('burns', deal.burns);
    return dealer;
  }

  #add(place: string, cards: readonly Card[]): void {
    const ids = new Set<string>();
    for (const card of cards) {
      if (ids.has(card.id)) throw new FairdealError('BAD_DECK', `card ${card.id} appears twice`);
      ids.add(card.id);
      if (this.#where.has(card.id)) {
        throw new FairdealError(
          'BAD_DECK',
          `card ${card.id} is already in ${this.#where.get(card.id)}`,
        );
      }
    }
    const target = place === STOCK ? this.#stock : this.#pileFor(place);
    for (const card of cards) {
      this.#where.set(card.id, place);
      target.push(card);
    }
  }

  #pileFor(name: string): Card[] {
    let pile = this.#piles.get(name);
    if (pile === undefined) {
      pile = [];
      this.#piles.set(name, pile);
    }
    return pile;
  }

  /** Number of cards left in the stock. */
  get remaining(): number {
    return this.#stock.length;
  }

  /** Total number of cards this dealer holds (stock and every pile). */
  get size(): number {
    return this.#where.size;
  }

  /** The stock, top first (a copy). */
  get stock(): Card[] {
    return this.#stock.slice();
  }

  /** Whether the cut card has come out (only with a `cutCard`): time to reshuffle the shoe. */
  get pastCutCard(): boolean {
    return this.#behindCut !== undefined && this.#stock.length <= this.#behindCut;
  }

  /**
   * A pile's cards, bottom first (a copy); an unused name gives an empty list.
   *
   * @example
   * ```ts
   * dealer.pile('discard').at(-1); // the top of the discard pile
   * ```
   * @throws {FairdealError} `BAD_OPTION` for a bad pile name.
   */
  pile(name: string): Card[] {
    checkPileName(name);
    return (this.#piles.get(name) ?? []).slice();
  }

  /**
   * The names of the piles that hold cards.
   *
   * @example
   * ```ts
   * Dealer.fromDeal(deal('doudizhu')).pileNames(); // ['hand:0', 'hand:1', 'hand:2', 'kitty']
   * ```
   * @throws never.
   */
  pileNames(): string[] {
    return [...this.#piles].filter(([, cards]) => cards.length > 0).map(([name]) => name);
  }

  /**
   * Where a card is: `'stock'`, a pile name, or undefined if this dealer does not hold it.
   *
   * @example
   * ```ts
   * dealer.where('AS'); // 'hand:2'
   * ```
   * @throws {FairdealError} `BAD_CARD` for a malformed code.
   */
  where(card: CardRef): string | undefined {
    return this.#where.get(this.#id(card));
  }

  #id(ref: CardRef): string {
    if (typeof ref === 'string') return parseCard(ref).id;
    if (ref === null || typeof ref !== 'object' || typeof ref.id !== 'string') {
      throw new TypeError('a card must be a Card or a card code');
    }
    return ref.id;
  }

  /**
   * Draws `count` cards from the top of the stock onto pile `to` (default `drawn`). Short stock:
   * see {@link WhenStockEmpty}.
   *
   * @example
   * ```ts
   * dealer.draw(2, 'hand:0');
   * ```
   * @throws {FairdealError} `NOT_ENOUGH_CARDS` (nothing drawn) when the stock is short.
   * @throws {RangeError} if `count` is not a non-negative integer.
   * @throws {FairdealError} `BAD_OPTION` for a bad pile name.
   */
  draw(count = 1, to = 'drawn'): Card[] {
    checkCount(count);
    checkPileName(to);
    this.#ensure(count);
    const cards = this.#stock.splice(0, count);
    const pile = this.#pileFor(to);
    for (const card of cards) {
      pile.push(card);
      this.#where.set(card.id, to);
    }
    return cards;
  }

  /**
   * Draws at most `count` cards: fewer if the stock is short. The explicit way to accept a short
   * draw (the out-of-cards policy is not applied).
   *
   * @example
   * ```ts
   * dealer.drawUpTo(5).length; // ≤ 5
   * ```
   * @throws {RangeError} if `count` is not a non-negative integer.
   * @throws {FairdealError} `BAD_OPTION` for a bad pile name.
   */
  drawUpTo(count: number, to = 'drawn'): Card[] {
    checkCount(count);
    checkPileName(to);
    const n = Math.min(count, this.#stock.length);
    const cards = this.#stock.splice(0, n);
    const pile = this.#pileFor(to);
    for (const card of cards) {
      pile.push(card);
      this.#where.set(card.id, to);
    }
    return cards;
  }

  /**
   * Burns `count` cards from the top of the stock onto the `burns` pile.
   *
   * @example
   * ```ts
   * dealer.burn(); // before the turn
   * ```
   * @throws {FairdealError} `NOT_ENOUGH_CARDS` (nothing burnt) when the stock is short.
   * @throws {RangeError} if `count` is not a non-negative integer.
   */
  burn(count = 1): Card[] {
    return this.draw(count, 'burns');
  }

  /**
   * Deals more: `perPile` rounds of one card to each pile in order (round robin). All or nothing.
   *
   * @example
   * ```ts
   * dealer.dealRound(['hand:0', 'hand:1'], 2); // two more cards each, alternating
   * ```
   * @returns the cards each pile received, in the order of `piles`.
   * @throws {FairdealError} `NOT_ENOUGH_CARDS` (nothing dealt) when the stock is short.
   * @throws {FairdealError} `BAD_OPTION` for a bad or repeated pile name.
   * @throws {RangeError} if `perPile` is not a non-negative integer.
   */
  dealRound(piles: readonly string[], perPile = 1): Card[][] {
    if (!Array.isArray(piles)) throw new TypeError('piles must be an array of pile names');
    checkCount(perPile, 'perPile');
    for (const name of piles) checkPileName(name);
    if (new Set(piles).size !== piles.length) {
      throw new FairdealError('BAD_OPTION', 'a pile is named twice in dealRound');
    }
    this.#ensure(piles.length * perPile);
    const got: Card[][] = piles.map(() => []);
    for (let r = 0; r < perPile; r++) {
      piles.forEach((name, i) => {
        got[i]!.push(...this.draw(1, name));
      });
    }
    return got;
  }

  /**
   * Moves cards (from any pile) onto pile `to`, in the given order. Cards in the stock are not
   * taken this way (draw them); all cards must exist, each named once.
   *
   * @example
   * ```ts
   * dealer.move(dealer.pile('kitty'), 'hand:0'); // the landlord takes the kitty
   * ```
   * @throws {FairdealError} `CARD_NOT_FOUND` for a card not held, or still in the stock.
   * @throws {FairdealError} `BAD_CARD` for a card named twice or a malformed code.
   * @throws {FairdealError} `BAD_OPTION` for a bad pile name.
   */
  move(cards: readonly CardRef[], to: string): Card[] {
    checkPileName(to);
    const found = this.#locate(cards);
    for (const [card, from] of found) {
      const pile = this.#piles.get(from)!;
      pile.splice(pile.indexOf(card), 1);
    }
    const target = this.#pileFor(to);
    for (const [card] of found) {
      target.push(card);
      this.#where.set(card.id, to);
    }
    return found.map(([card]) => card);
  }

  /**
   * Discards cards from a pile onto the `discard` pile (or `to`).
   *
   * @example
   * ```ts
   * dealer.discard(['KH']);
   * ```
   * @throws as {@link Dealer.move}.
   */
  discard(cards: readonly CardRef[], to = DISCARD): Card[] {
    return this.move(cards, to);
  }

  /**
   * Puts cards from piles back under the stock (bottom), in the given order.
   *
   * @example
   * ```ts
   * dealer.returnToStock(dealer.pile('discard'));
   * ```
   * @throws {FairdealError} `CARD_NOT_FOUND` / `BAD_CARD` as {@link Dealer.move}.
   */
  returnToStock(cards: readonly CardRef[]): Card[] {
    const found = this.#locate(cards);
    for (const [card, from] of found) {
      const pile = this.#piles.get(from)!;
      pile.splice(pile.indexOf(card), 1);
    }
    for (const [card] of found) {
      this.#stock.push(card);
      this.#where.set(card.id, STOCK);
    }
    return found.map(([card]) => card);
  }

  /**
   * Puts a whole pile back under the stock (bottom card first).
   *
   * @example
   * ```ts
   * dealer.returnPile('burns');
   * ```
   * @throws {FairdealError} `BAD_OPTION` for a bad pile name.
   */
  returnPile(name: string): Card[] {
    return this.returnToStock(this.pile(name));
  }

  /**
   * Shuffles the cards remaining in the stock (piles are untouched).
   *
   * @example
   * ```ts
   * dealer.reshuffleStock();
   * ```
   * @throws never (beyond the source's own errors).
   */
  reshuffleStock(): void {
    shuffle(this.#stock, this.#source);
  }

  /**
   * The whole state: the stock (top first) and every pile (bottom first), copies.
   *
   * @example
   * ```ts
   * Object.keys(dealer.snapshot().piles);
   * ```
   * @throws never.
   */
  snapshot(): { stock: Card[]; piles: Record<string, Card[]> } {
    const piles: Record<string, Card[]> = {};
    for (const [name, cards] of this.#piles) if (cards.length > 0) piles[name] = cards.slice();
    return { stock: this.#stock.slice(), piles };
  }

  /** Finds each card's pile; throws (changing nothing) if any is missing, in stock, or repeated. */
  #locate(refs: readonly CardRef[]): [Card, string][] {
    if (!Array.isArray(refs)) throw new TypeError('cards must be an array');
    const seen = new Set<string>();
    return refs.map((ref) => {
      const id = this.#id(ref);
      if (seen.has(id)) throw new FairdealError('BAD_CARD', `card ${id} is named twice`);
      seen.add(id);
      const place = this.#where.get(id);
      if (place === undefined)
        throw new FairdealError('CARD_NOT_FOUND', `card ${id} is not held by this dealer`);
      if (place === STOCK) {
        throw new FairdealError('CARD_NOT_FOUND', `card ${id} is in the stock, not in a pile`);
      }
      return [this.#piles.get(place)!.find((c) => c.id === id)!, place];
    });
  }

  /** Makes sure `count` cards can be drawn, applying the out-of-cards policy, or throws. */
  #ensure(count: number): void {
    if (count <= this.#stock.length) return;
    const discards = this.#piles.get(DISCARD) ?? [];
    const recyclable =
      this.#whenEmpty === 'reshuffle-discards' ? Math.max(0, discards.length - 1) : 0;
    if (count > this.#stock.length + recyclable) {
      throw new FairdealError(
        'NOT_ENOUGH_CARDS',
        `cannot draw ${count}: ${this.#stock.length} left in the stock` +
          (recyclable > 0 ? ` and ${recyclable} to recycle from the discards` : ''),
        { requested: count, remaining: this.#stock.length },
      );
    }
    const recycled = shuffle(discards.splice(0, recyclable), this.#source);
    for (const card of recycled) {
      this.#stock.push(card);
      this.#where.set(card.id, STOCK);
    }
  }
}
