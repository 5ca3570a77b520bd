import { buildDeck, deckOfCardsFields } from '../../index.ts';

const fullDecks = new Map<string, readonly string[]>();

/**
 * The card identities of a new deck, in the reference's unshuffled order: `deckCount` copies one
 * after another, each A→K of spades, diamonds, clubs, hearts (then `X1`, `X2` with jokers) —
 * the library's canonical order, so the library decides it. With `codes` (a partial deck), each
 * copy holds those codes in the order given; a code that repeats gets the next copy number.
 *
 * @example
 * ```ts
 * composeDeck(2, false).slice(51, 53); // ['KH', 'AS#2']
 * composeDeck(1, false, ['AS', 'AS']); // ['AS', 'AS#2']
 * ```
 * @throws never for valid Deck of Cards codes (the caller parses them).
 */
export function composeDeck(
  deckCount: number,
  jokers: boolean,
  codes?: readonly string[],
): readonly string[] {
  if (codes === undefined) {
    const key = `${deckCount}/${jokers}`;
    let deck = fullDecks.get(key);
    if (deck === undefined) {
      deck = Object.freeze(
        buildDeck({ copies: deckCount, jokers }).map((card) => {
          const code = deckOfCardsFields(card).code;
          return card.deck === 1 ? code : `${code}#${card.deck}`;
        }),
      );
      fullDecks.set(key, deck);
    }
    return deck;
  }
  const seen = new Map<string, number>();
  const ids: string[] = [];
  for (let copy = 0; copy < deckCount; copy++) {
    for (const code of codes) {
      const n = (seen.get(code) ?? 0) + 1;
      seen.set(code, n);
      ids.push(n === 1 ? code : `${code}#${n}`);
    }
  }
  return ids;
}
