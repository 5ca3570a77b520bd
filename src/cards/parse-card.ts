import { FairdealError } from '../errors.ts';
import type { Card } from './card.ts';
import type { CardNotation } from './notation.ts';
import { parseChineseNotation } from './notation-chinese.ts';
import { parseCodeNotation } from './notation-code.ts';
import { parseDeckOfCardsNotation } from './notation-deckofcards.ts';
import { parsePokersolverNotation } from './notation-pokersolver.ts';
import { parseRlcardNotation } from './notation-rlcard.ts';
import { parseUnicodeNotation } from './notation-unicode.ts';

const PARSERS: Record<CardNotation, (token: string) => Card> = {
  code: parseCodeNotation,
  id: parseCodeNotation,
  symbol: parseCodeNotation,
  deckofcards: parseDeckOfCardsNotation,
  rlcard: parseRlcardNotation,
  pokersolver: parsePokersolverNotation,
  unicode: parseUnicodeNotation,
  chinese: parseChineseNotation,
};

/**
 * Reads one card, strictly: the whole token must be a card of the notation (no surrounding
 * spaces, no look-alike characters), otherwise BAD_CARD names the token. Only the `code`
 * notation can name a deck copy (`AS#2`); the others give copy 1.
 *
 * @example
 * ```ts
 * parseCard('10h').id;               // 'TH'
 * parseCard('A♠#2').id;              // 'AS#2'
 * parseCard('X2', 'deckofcards');    // the big (red) joker
 * parseCard('Td', 'pokersolver').id; // 'TD'
 * ```
 * @throws {FairdealError} `BAD_CARD` naming the token (and the first disallowed character).
 * @throws {FairdealError} `BAD_OPTION` for an unknown notation.
 * @throws {TypeError} if `token` is not a string.
 */
export function parseCard(token: string, notation: CardNotation = 'code'): Card {
  const parse = PARSERS[notation];
  if (parse === undefined) {
    throw new FairdealError('BAD_OPTION', `unknown card notation '${String(notation)}'`);
  }
  return parse(token);
}

/**
 * Reads a list of cards: an array of tokens, or one string of tokens separated by spaces or
 * commas (also `、` and `，` for Chinese names; glyphs may also be written without separators).
 *
 * @example
 * ```ts
 * parseCards('AS KH 10d').map((c) => c.code); // ['AS', 'KH', 'TD']
 * parseCards('🂡🂮', 'unicode').length;          // 2
 * ```
 * @throws {FairdealError} `BAD_CARD` naming the first bad token.
 * @throws {TypeError} if `input` is neither a string nor an array of strings.
 */
export function parseCards(
  input: string | readonly string[],
  notation: CardNotation = 'code',
): Card[] {
  if (typeof input === 'string') {
    let tokens = input.split(/[\s,、，]+/u).filter((t) => t !== '');
    if (notation === 'unicode') tokens = tokens.flatMap((t) => [...t]);
    return tokens.map((t) => parseCard(t, notation));
  }
  if (!Array.isArray(input)) {
    throw new TypeError('cards must be a string or an array of strings');
  }
  return input.map((t) => parseCard(t, notation));
}
