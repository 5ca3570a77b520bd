import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * Document 003, 方法一「硬幹」: draw a random card, retry if it was already drawn. The document draws
 * with `Math.floor(Math.random() * 51)` for 52 cards, so index 51 is never drawn and the loop
 * `while (shuffledCards.length != 52)` NEVER ends. The constant 51 is "deck size − 1" here, so the
 * bug is kept for every n ≥ 2 (n ≤ 1 terminates). Never call it in-process on n ≥ 2: the auditor
 * runs it in a worker with a time limit and reports `broken: did not terminate`.
 *
 * @example
 * ```ts
 * drawAndRetry.run([7]); // [7] — n = 1 is the only size that terminates
 * ```
 */
export const drawAndRetry: CatalogEntry = {
  name: 'draw-and-retry',
  title: 'Draw and retry, `* 51` (never terminates)',
  sources: [{ document: '003', calls: '方法一：硬幹' }],
  time: 'never terminates (n ≥ 2)',
  space: 'O(n)',
  uniform: false,
  why: 'Math.floor(Math.random() * 51) never yields 51, so the last card is never drawn and the loop waiting for 52 distinct cards runs forever.',
  terminates: false,
  growth: 'never',
  run<T>(cards: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    const deckSize = cards.length;
    const shuffledCards: T[] = [];
    while (shuffledCards.length !== deckSize) {
      // The document's 51 for its 52 cards: one short of the deck.
      const idx = Math.floor(random() * (deckSize - 1));
      const card = cards[idx] as T;
      if (shuffledCards.indexOf(card) !== -1) continue;
      shuffledCards.push(card);
    }
    return shuffledCards;
  },
};
