import { deckOfCardsFields, parseCard } from '../../index.ts';
import { ApiError } from '../deck/api-error.ts';

/** Limits (docs/SERVICE.md, "Limits"). */
export const LIMITS = Object.freeze({
  maxDeckCount: 20,
  /** 20 decks of 54: a list can name every card of the largest deck. */
  maxCards: 1080,
  maxPileNameLength: 64,
  maxBodyBytes: 16 * 1024,
  maxUrlBytes: 8 * 1024,
});

/** The parameters of the Deck of Cards API, raw as sent (query, form or JSON body). */
export type RawParams = ReadonlyMap<string, string>;

/** A parsed `cards` list: valid upper-case codes, and the tokens that were not cards. */
export interface CardList {
  readonly codes: readonly string[];
  readonly rejected: readonly string[];
}

/** Names of the parameters, each described once for validation and for the OpenAPI document. */
export type ParamName = 'deck_count' | 'jokers_enabled' | 'cards' | 'count' | 'remaining';

/** One parameter: its OpenAPI schema and description (openapi.ts reads these). */
export interface ParamSpec {
  readonly name: ParamName;
  readonly description: string;
  readonly schema: Readonly<Record<string, unknown>>;
  readonly example: string;
}

/** Every parameter of the API. */
export const PARAMS: Readonly<Record<ParamName, ParamSpec>> = Object.freeze({
  deck_count: {
    name: 'deck_count',
    description: `How many decks are mixed, 1 to ${LIMITS.maxDeckCount} (default 1).`,
    schema: { type: 'integer', minimum: 1, maximum: LIMITS.maxDeckCount, default: 1 },
    example: '2',
  },
  jokers_enabled: {
    name: 'jokers_enabled',
    description: 'Add the two jokers (X1 black, X2 red) to every deck (`true`/`false`).',
    schema: { type: 'boolean', default: false },
    example: 'true',
  },
  cards: {
    name: 'cards',
    description: `Comma-separated card codes (AS, 0H, X1, …; case-insensitive; a space is part of the code, so \` 2S\` is not one, as in the reference), at most ${LIMITS.maxCards}. Codes that are not cards are left out and listed in \`rejected\`; on a new deck so are X1, X2 without \`jokers_enabled=true\`.`,
    schema: { type: 'string', pattern: '^[^,]*(,[^,]*)*$' },
    example: 'AS,2S,KH',
  },
  count: {
    name: 'count',
    description:
      'How many cards to draw (default 1; 0 draws nothing). More than a deck holds hands out the rest with `success: false`; more than a pile holds is a 404 and nothing moves (both as in the reference).',
    schema: { type: 'integer', minimum: 0, default: 1 },
    example: '2',
  },
  remaining: {
    name: 'remaining',
    description: 'Shuffle only the undrawn cards and keep the piles (`true`/`false`).',
    schema: { type: 'boolean', default: false },
    example: 'true',
  },
});

// An empty value means the default (`count=` is `count=1`), as clients send it.
function value(raw: RawParams, name: string): string | undefined {
  const v = raw.get(name);
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/**
 * `deck_count`, 1 to 20, default 1.
 *
 * @example
 * ```ts
 * deckCount(new Map([['deck_count', '2']])); // 2
 * ```
 * @throws {ApiError} 400 `TOO_MANY_DECKS` / `TOO_FEW_DECKS` with the reference's messages;
 *   400 `BAD_DECK_COUNT` for something that is not an integer.
 */
export function deckCount(raw: RawParams): number {
  const v = value(raw, 'deck_count');
  if (v === undefined) return 1;
  if (!/^[-+]?\d{1,15}$/.test(v)) {
    throw new ApiError(400, 'BAD_DECK_COUNT', `deck_count must be an integer, got '${clip(v)}'.`);
  }
  const n = Number(v);
  if (n > LIMITS.maxDeckCount) {
    throw new ApiError(400, 'TOO_MANY_DECKS', `The max number of Decks is ${LIMITS.maxDeckCount}.`);
  }
  if (n < 1) throw new ApiError(400, 'TOO_FEW_DECKS', 'The min number of Decks is 1.');
  return n;
}

/**
 * `count`: a non-negative integer, default 1. Huge values are kept as the largest safe integer:
 * they overdraw (the rest of the stack with `success: false`), never a refusal.
 *
 * @example
 * ```ts
 * count(new Map([['count', '']])); // 1
 * ```
 * @throws {ApiError} 400 `BAD_COUNT` for anything but digits (negative, decimal, words).
 */
export function count(raw: RawParams): number {
  const v = value(raw, 'count');
  if (v === undefined) return 1;
  if (!/^\+?\d+$/.test(v)) {
    throw new ApiError(
      400,
      'BAD_COUNT',
      `count must be a whole number of 0 or more, got '${clip(v)}'.`,
    );
  }
  const digits = v.replace(/^\+?0*/, '');
  return digits.length > 15 ? Number.MAX_SAFE_INTEGER : Number(digits || '0');
}

/**
 * A boolean parameter: true/1/yes/on or false/0/no/off (any case), default false.
 *
 * @example
 * ```ts
 * flag(new Map([['jokers_enabled', 'True']]), 'jokers_enabled'); // true
 * ```
 * @throws {ApiError} 400 `BAD_BOOLEAN` for other values.
 */
export function flag(raw: RawParams, name: 'jokers_enabled' | 'remaining'): boolean {
  return flagIfGiven(raw, name) ?? false;
}

/**
 * A boolean parameter as {@link flag} reads it, or undefined when it is absent or empty: a full
 * reshuffle keeps the deck's own `jokers_enabled` then, as the reference's does.
 *
 * @example
 * ```ts
 * flagIfGiven(new Map(), 'jokers_enabled'); // undefined
 * ```
 * @throws {ApiError} 400 `BAD_BOOLEAN` for values that are not booleans.
 */
export function flagIfGiven(
  raw: RawParams,
  name: 'jokers_enabled' | 'remaining',
): boolean | undefined {
  const v = value(raw, name)?.toLowerCase();
  if (v === undefined) return undefined;
  if (v === 'false' || v === '0' || v === 'no' || v === 'off') return false;
  if (v === 'true' || v === '1' || v === 'yes' || v === 'on') return true;
  throw new ApiError(400, 'BAD_BOOLEAN', `${name} must be true or false, got '${clip(v)}'.`);
}

/**
 * The `cards` list, or undefined when the parameter is absent (`cards=` is an empty list).
 * Tokens that are not Deck of Cards codes are dropped into `rejected`, as the reference drops
 * them (`kh,2c,ZZ,10H,0H` gives KH, 2C, 0H; `10H` is not a code there: ten is `0`; nor is ` 2S`).
 *
 * @example
 * ```ts
 * cardList(new Map([['cards', 'kh,ZZ']])); // { codes: ['KH'], rejected: ['ZZ'] }
 * ```
 * @throws {ApiError} 400 `TOO_MANY_CARDS` for more than 1,080 codes.
 */
export function cardList(raw: RawParams): CardList | undefined {
  const v = raw.get('cards');
  if (v === undefined) return undefined;
  // Not trimmed: the reference's `x in CARDS` drops ` 2S` (a client's `AS, 2S` is one card
  // there), and a drop-in must deal the same cards. Empty tokens (`AS,,2S`) are no one's typo
  // worth reporting.
  const tokens = v.split(',').filter((t) => t !== '');
  if (tokens.length > LIMITS.maxCards) {
    throw new ApiError(
      400,
      'TOO_MANY_CARDS',
      `A cards list holds at most ${LIMITS.maxCards} codes, got ${tokens.length}.`,
    );
  }
  const codes: string[] = [];
  const rejected: string[] = [];
  for (const token of tokens) {
    const code = deckOfCardsCode(token);
    if (code === undefined) rejected.push(clip(token));
    else codes.push(code);
  }
  return { codes, rejected };
}

const codeCache = new Map<string, string | undefined>();

function deckOfCardsCode(token: string): string | undefined {
  const key = token.toUpperCase();
  if (codeCache.has(key)) return codeCache.get(key);
  let code: string | undefined;
  try {
    code = deckOfCardsFields(parseCard(key, 'deckofcards')).code;
  } catch {
    code = undefined;
  }
  if (key.length <= 2) codeCache.set(key, code);
  return code;
}

const PILE_NAME = /^[-A-Za-z0-9_]{1,64}$/;

/**
 * A pile name from the path: `[-A-Za-z0-9_]{1,64}`.
 *
 * @example
 * ```ts
 * pileName('discard'); // 'discard'
 * ```
 * @throws {ApiError} 400 `BAD_PILE_NAME`.
 */
export function pileName(name: string): string {
  if (!PILE_NAME.test(name)) {
    throw new ApiError(
      400,
      'BAD_PILE_NAME',
      `A pile name is 1 to ${LIMITS.maxPileNameLength} letters, digits, '-' or '_', got '${clip(name)}'.`,
    );
  }
  return name;
}

// Echoed input is cut short, so an error body stays small whatever was sent.
function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
