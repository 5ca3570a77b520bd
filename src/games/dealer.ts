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
  /** Randomness for the first shuffle and for reshuffles (default secureRandom). */
  readonly source?: RandomSource;
  /**
   * `shuffle` (default): `new Dealer(cards)` shuffles the cards first, so a fresh deck is never
   * dealt in its canonical order by mistake. `as-given`: the cards are already in the order to
   * deal (a shuffled deck, a replay), top first.
   */
  readonly order?: 'shuffle' | 'as-given';
  /** Out-of-cards policy (default 'throw'). */
  readonly whenEmpty?: WhenStockEmpty;
  /** Stock cards in front of a cut card (blackjack); see {@link Dealer.pastCutCard}. */
  readonly cutCard?: number;
}

/** A card by value, or by its id / code (`AS`, `AS#2`). */
export type CardRef = Card | string;

/**
 * A Dealer's whole state as plain JSON (cards by id), to save a game and continue it later with
 * {@link Dealer.fromSnapshot}. It holds the stock's order: keep it where the players cannot read
 * it. The random source is not in it (a source is not data); give one when restoring.
 */
export interface DealerSnapshot {
  readonly version: 'fairdeal-dealer-v1';
  /** The stock, top first. */
  readonly stock: readonly string[];
  /** Every pile that holds cards, bottom first, in the order the piles were first used. */
  readonly piles: Readonly<Record<string, readonly string[]>>;
  readonly whenEmpty: WhenStockEmpty;
  /** With a cut card: the stock size at which it comes out. */
  readonly cutCardAt?: number;
}

const SNAPSHOT_VERSION = 'fairdeal-dealer-v1';

function tryParse(id: string): Card | undefined {
  try {
    return parseCard(id);
  } catch {
    return undefined;
  }
}

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
 * const [drawn] = dealer.draw(1, 'hand:0'); // take the top of the stock
 * dealer.discard([drawn!]);                 // and throw it onto the discard pile
 * ```
 */
export class Dealer {
  #stock: Card[];
  readonly #piles = new Map<string, Card[]>();
  readonly #where = new Map<string, string>();
  readonly #source: RandomSource;
  readonly #whenEmpty: WhenStockEmpty;
  #behindCut: number | undefined;

  /**
   * A dealer whose stock is `cards` with no piles: shuffled first with the source, unless
   * `order: 'as-given'` says the cards are already in dealing order, top first.
   *
   * @example
   * ```ts
   * const dealer = new Dealer(buildDeck('standard-52')); // shuffled (secureRandom)
   * const replay = new Dealer(parseCards('AS KS QS'), { order: 'as-given' });
   * ```
   * @throws {FairdealError} `BAD_DECK` if a card appears twice.
   * @throws {FairdealError} `BAD_OPTION` for an unknown out-of-cards policy or order.
   * @throws {TypeError} if `cards` is not an array of cards.
   * @throws {RangeError} for a bad cutCard.
   */
  constructor(cards: readonly Card[], options: DealerOptions = {}) {
    if (!Array.isArray(cards)) throw new TypeError('Dealer needs an array of cards');
    if (options === null || typeof options !== 'object') {
      throw new TypeError('Dealer options must be an object');
    }
    const policy = options.whenEmpty ?? 'throw';
    if (policy !== 'throw' && policy !== 'reshuffle-discards') {
      throw new FairdealError('BAD_OPTION', `unknown out-of-cards policy '${String(policy)}'`);
    }
    const order = options.order ?? 'shuffle';
    if (order !== 'shuffle' && order !== 'as-given') {
      throw new FairdealError('BAD_OPTION', `unknown order '${String(order)}' (shuffle, as-given)`);
    }
    this.#whenEmpty = policy;
    this.#source = options.source ?? secureRandom;
    this.#stock = [];
    for (const card of cards) {
      if (card === null || typeof card !== 'object' || typeof card.id !== 'string') {
        throw new TypeError('Dealer needs an array of cards');
      }
    }
    this.#add(STOCK, cards);
    if (order === 'shuffle') shuffle(this.#stock, this.#source);
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
      order: 'as-given',
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
   * The whole state as cards: the stock (top first) and every pile (bottom first), copies.
   *
   * @example
   * ```ts
   * Object.keys(dealer.state().piles);
   * ```
   * @throws never.
   */
  state(): { stock: Card[]; piles: Record<string, Card[]> } {
    const piles: Record<string, Card[]> = {};
    for (const [name, cards] of this.#piles) if (cards.length > 0) piles[name] = cards.slice();
    return { stock: this.#stock.slice(), piles };
  }

  /**
   * The whole state as plain JSON, to save and later {@link Dealer.fromSnapshot restore}.
   *
   * @example
   * ```ts
   * const saved = JSON.stringify(dealer.toSnapshot());
   * ```
   * @throws never.
   */
  toSnapshot(): DealerSnapshot {
    const ids = (cards: readonly Card[]) => cards.map((c) => c.id);
    const piles: Record<string, string[]> = {};
    for (const [name, cards] of this.#piles) if (cards.length > 0) piles[name] = ids(cards);
    return {
      version: SNAPSHOT_VERSION,
      stock: ids(this.#stock),
      piles,
      whenEmpty: this.#whenEmpty,
      ...(this.#behindCut === undefined ? {} : { cutCardAt: this.#behindCut }),
    };
  }

  /**
   * A dealer restored from {@link Dealer.toSnapshot}: the same stock, piles, policy and cut card.
   * Given a source in the same state as the saved dealer's, it continues identically.
   *
   * @example
   * ```ts
   * const again = Dealer.fromSnapshot(JSON.parse(saved), { source: secureRandom });
   * ```
   * @throws {FairdealError} `BAD_SNAPSHOT` for anything that is not a snapshot of a dealer (a card
   * twice, a bad pile name, an unknown version or card code).
   */
  static fromSnapshot(
    snapshot: DealerSnapshot,
    options: { readonly source?: RandomSource } = {},
  ): Dealer {
    const bad = (why: string): FairdealError =>
      new FairdealError('BAD_SNAPSHOT', `not a Dealer snapshot: ${why}`);
    if (snapshot === null || typeof snapshot !== 'object') throw bad('not an object');
    if (snapshot.version !== SNAPSHOT_VERSION) throw bad(`version ${String(snapshot.version)}`);
    const cards = (list: unknown, where: string): Card[] => {
      if (!Array.isArray(list)) throw bad(`${where} is not a list`);
      return list.map((id) => {
        if (typeof id !== 'string') throw bad(`${where} holds a non-string`);
        const card = tryParse(id);
        if (card === undefined || card.id !== id) throw bad(`${where} holds '${id}'`);
        return card;
      });
    };
    const piles = snapshot.piles;
    if (piles === null || typeof piles !== 'object' || Array.isArray(piles)) throw bad('piles');
    const cutCardAt = snapshot.cutCardAt;
    if (cutCardAt !== undefined && (!Number.isInteger(cutCardAt) || cutCardAt < 0)) {
      throw bad('cutCardAt');
    }
    try {
      const dealer = new Dealer(cards(snapshot.stock, 'stock'), {
        order: 'as-given',
        whenEmpty: snapshot.whenEmpty,
        ...(options.source === undefined ? {} : { source: options.source }),
      });
      for (const [name, list] of Object.entries(piles)) {
        checkPileName(name);
        dealer.#add(name, cards(list, `pile ${name}`));
      }
      dealer.#behindCut = cutCardAt;
      return dealer;
    } catch (error) {
      if (error instanceof FairdealError && error.code !== 'BAD_SNAPSHOT') {
        throw bad(error.message);
      }
      throw error;
    }
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
