/** A deck as one founding document builds it, with a translation of its card strings. */
export interface FoundingDeck {
  /** Stable name, e.g. `deck-000`. */
  readonly name: string;
  /** The document's number and what it calls the builder. */
  readonly source: { readonly document: string; readonly calls: string };
  /** What the document meant to build. */
  readonly intended: 'standard-52' | 'standard-54';
  /** Builds the deck exactly as the document's code does (its mistakes included). */
  build(): string[];
  /**
   * Translates one of the document's card strings to a neutral code: rank (`A 2 … 10 J Q K`) +
   * suit (`S H C D`), or `BJ` / `SJ` for the big / small joker; `undefined` if it is not a card.
   */
  toCode(card: string): string | undefined;
}

const SUIT_000 = ['S', 'H', 'C', 'D']; // document 000: 黑桃、红心、梅花、方块 = 0, 1, 2, 3
const RANKS = new Set(['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']);

/**
 * Document 000's `getCards` (closure cache included). Its text lists the ranks
 * `[3, 4, 5, 6, 7, 8, 9, 10, 'J', 'Q', 'K', 'A', 2]`, but the code it ships writes
 * `[3, 4, 5, 6, 7, 8, 9, 'A', 2, 'J', 'Q', 'K']`: the tens are FORGOTTEN, so the "54-card" Dou Dizhu
 * deck has 50 cards (its own printed output shows 50).
 */
function getCards000(): () => string[] {
  let cacheCards: string[] | undefined;
  return () => {
    if (cacheCards) return [...cacheCards];
    const nums = [3, 4, 5, 6, 7, 8, 9, 'A', 2, 'J', 'Q', 'K']; // 牌的大小
    const types = [0, 1, 2, 3]; // 黑桃、红心...
    cacheCards = nums.reduce<string[]>((cards, curr) => {
      for (const type of types) {
        cards.push(`${curr}_${type}`);
      }
      return cards;
    }, []);
    cacheCards.push('M', 'N'); // 大小王
    return [...cacheCards];
  };
}

/** Document 003's deck: four suits × A … K, 52 cards, codes like `10S`. Correct. */
function getCards003(): string[] {
  const suits = ['S', 'H', 'D', 'C'];
  const points = ['A', 2, 3, 4, 5, 6, 7, 8, 9, 10, 'J', 'Q', 'K'];
  const cards: string[] = [];
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 13; j++) {
      cards.push(`${points[j]}${suits[i]}`);
    }
  }
  return cards;
}

/** Document 004's `Poker` constructor: 4 suits × 13 values + 大王, 小王 = 54 cards. Correct. */
function getCards004(): string[] {
  const cardType = ['黑桃', '红桃', '梅花', '方块'];
  const cardValue = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  const specialCard = ['大王', '小王'];
  let allCards: string[] = [];
  for (const type of cardType) {
    for (const value of cardValue) allCards.push(type + value);
  }
  allCards = allCards.concat(specialCard);
  return allCards;
}

const SUIT_004: Record<string, string> = { 黑桃: 'S', 红桃: 'H', 梅花: 'C', 方块: 'D' };

/**
 * The founding documents' deck builders, transcribed faithfully, each with a translation to
 * neutral codes so that {@link checkDeck} can catch their faults (document 000 forgets the tens).
 *
 * @example
 * ```ts
 * const deck = foundingDecks.find((d) => d.name === 'deck-000')!;
 * checkDeck(deck.build().map(deck.toCode), deck.intended).missing; // ['10S', '10H', '10C', '10D']
 * ```
 * @throws never.
 */
export const foundingDecks: readonly FoundingDeck[] = [
  {
    name: 'deck-000',
    source: { document: '000', calls: 'getCards' },
    intended: 'standard-54',
    build: getCards000(),
    toCode(card) {
      if (card === 'M') return 'BJ'; // sortCards ranks M (9999999) above N (999999)
      if (card === 'N') return 'SJ';
      const [num, type] = card.split('_');
      const suit = SUIT_000[Number(type)];
      return num !== undefined && RANKS.has(num) && suit !== undefined ? num + suit : undefined;
    },
  },
  {
    name: 'deck-003',
    source: { document: '003', calls: '準備工作：先準備個牌組' },
    intended: 'standard-52',
    build: getCards003,
    toCode(card) {
      const rank = card.slice(0, -1);
      const suit = card.slice(-1);
      return RANKS.has(rank) && 'SHCD'.includes(suit) && suit !== '' ? rank + suit : undefined;
    },
  },
  {
    name: 'deck-004',
    source: { document: '004', calls: 'function Poker()' },
    intended: 'standard-54',
    build: getCards004,
    toCode(card) {
      if (card === '大王') return 'BJ';
      if (card === '小王') return 'SJ';
      const suit = SUIT_004[card.slice(0, 2)];
      const rank = card.slice(2);
      return suit !== undefined && RANKS.has(rank) ? rank + suit : undefined;
    },
  },
];
