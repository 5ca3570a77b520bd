import type { RandomSource } from '../../random/source.ts';
import type { CatalogEntry } from './catalog-entry.ts';
import { randomDouble } from './random-double.ts';

/**
 * Document 002, 抽牌洗牌: "抽出纸牌的最后一张随机插入到牌库中，这般抽54次" — take the last card and
 * insert it at a random place, as many times as there are cards. The document gives no code; this
 * pops the last card and inserts it into a uniform one of the n slots (the last slot puts it back).
 * In place, O(n²) as the document says (each insertion shifts the tail).
 *
 * @example
 * ```ts
 * const deck = [1, 2, 3, 4];
 * lastToRandom.run(deck, chacha20('seed')) === deck; // true: in place
 * ```
 */
export const lastToRandom: CatalogEntry = {
  name: 'last-to-random',
  title: 'Take the last card and insert it at random, n times',
  sources: [{ document: '002', calls: '抽牌洗牌' }],
  time: 'O(n²)',
  space: 'O(1)',
  uniform: false,
  why: 'n^n equally likely paths cannot cover n! orders evenly; worse, n moves of a bottom-to-random shuffle are far from mixed (about n·ln n are needed), so cards that were never at the bottom keep their original relative order.',
  terminates: true,
  growth: 'n²',
  run<T>(pukes: T[], source?: RandomSource): T[] {
    const random = randomDouble(source);
    const n = pukes.length;
    for (let k = 0; k < n; k++) {
      const card = pukes.pop() as T;
      pukes.splice(Math.floor(random() * n), 0, card);
    }
    return pukes;
  },
};
