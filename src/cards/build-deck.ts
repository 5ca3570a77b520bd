import { FairdealError } from '../errors.ts';
import type { Card } from './card.ts';
import { jokerCard, MAX_DECK_COPIES, suitedCard, withDeckCopy } from './card.ts';
import type { DeckName, DeckSpec } from './deck-spec.ts';
import { DECK_SPECS } from './deck-spec.ts';
import { parseCard } from './parse-card.ts';
import type { Rank } from './rank.ts';
import { isRank, RANKS } from './rank.ts';
import { SUITS } from './suit.ts';

const SPEC_KEYS = new Set(['cards', 'ranks', 'jokers', 'copies', 'remove']);

/**
 * Builds a deck in the canonical order — the order a seed is applied to, so it never changes
 * (pinned by a snapshot test, documented in docs/GAMES.md):
 *
 * copy 1, then copy 2, …; within a copy spades, diamonds, clubs, hearts, each A 2 3 … 10 J Q K
 * (only the ranks kept), then the small (black) joker and the big (red) joker. This is the order
 * of a new Deck of Cards API deck, so an unshuffled fairdeal deck and theirs agree card for card.
 * An explicit `cards` list keeps its own order.
 *
 * @example
 * ```ts
 * buildDeck().length;               // 52
 * buildDeck('standard-54').at(-1);  // the big joker (RJ)
 * buildDeck({ copies: 2, jokers: true }).length; // 108
 * buildDeck({ remove: ['2D'] }).length;          // 51 (Hearts for three)
 * ```
 * @throws {FairdealError} `BAD_DECK` for an unknown deck name, an unknown field, duplicate or
 *   empty ranks, a removal of a card not in the deck, a repeated id in `cards`, or an empty deck.
 * @throws {FairdealError} `BAD_CARD` for a bad code in `cards` or `remove`.
 * @throws {RangeError} if `copies` is not an integer from 1 to 1000.
 * @throws {TypeError} if the spec is not a name or an object.
 */
export function buildDeck(spec: DeckSpec | DeckName = 'standard-52'): Card[] {
  return canonicalDeck(spec).slice();
}

/** Decks already built: a deal needs its deck's canonical order several times over (sizes, the
 *  deck to shuffle, the check of a given deck), and building one costs ~100× a shuffle. Only
 *  what cannot change is cached: deck names, and spec objects frozen all the way down (every
 *  preset's). Cards are interned and frozen; the arrays are never handed out (buildDeck copies)
 *  and not frozen either, because V8 copies a frozen array several times slower. */
const byName = new Map<string, readonly Card[]>();
const byFrozenSpec = new WeakMap<DeckSpec, readonly Card[]>();

/**
 * The canonical deck of `spec` as a shared array that callers must only read (see
 * {@link buildDeck}, which returns a copy). For the library's own use: it saves rebuilding the
 * same deck on every deal.
 *
 * @throws as {@link buildDeck}.
 */
export function canonicalDeck(spec: DeckSpec | DeckName = 'standard-52'): readonly Card[] {
  const cached = typeof spec === 'string' ? byName.get(spec) : byFrozenSpec.get(spec);
  if (cached !== undefined) return cached;
  const deck: readonly Card[] = makeDeck(resolveDeckSpec(spec));
  if (typeof spec === 'string') byName.set(spec, deck);
  else if (isFrozenSpec(spec)) byFrozenSpec.set(spec, deck);
  return deck;
}

function isFrozenSpec(spec: DeckSpec): boolean {
  return (
    Object.isFrozen(spec) &&
    [spec.cards, spec.ranks, spec.remove].every(
      (list) => list === undefined || Object.isFrozen(list),
    )
  );
}

function makeDeck(resolved: DeckSpec): Card[] {
  const deck =
    resolved.cards !== undefined ? explicitDeck(resolved.cards) : generatedDeck(resolved);
  const result = resolved.remove === undefined ? deck : removeCards(deck, resolved.remove);
  if (result.length === 0) throw new FairdealError('BAD_DECK', 'the deck spec gives no cards');
  return result;
}

/**
 * The spec object behind a deck name (or the spec itself, checked).
 *
 * @example
 * ```ts
 * resolveDeckSpec('pinochle-48').copies; // 2
 * ```
 * @throws {FairdealError} `BAD_DECK` for an unknown name or field.
 * @throws {TypeError} if the spec is not a string or an object.
 */
export function resolveDeckSpec(spec: DeckSpec | DeckName): DeckSpec {
  if (typeof spec === 'string') {
    const named = Object.hasOwn(DECK_SPECS, spec) ? DECK_SPECS[spec] : undefined;
    if (named === undefined) {
      throw new FairdealError(
        'BAD_DECK',
        `unknown deck '${spec}' (known: ${Object.keys(DECK_SPECS).join(', ')})`,
      );
    }
    return named;
  }
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) {
    throw new TypeError('deck spec must be a deck name or a spec object');
  }
  for (const key of Object.keys(spec)) {
    if (!SPEC_KEYS.has(key))
      throw new FairdealError('BAD_DECK', `unknown deck spec field '${key}'`);
  }
  if (
    spec.cards !== undefined &&
    (spec.ranks !== undefined || spec.jokers !== undefined || spec.copies !== undefined)
  ) {
    throw new FairdealError('BAD_DECK', 'an explicit card list excludes ranks, jokers and copies');
  }
  return spec;
}

function generatedDeck(spec: DeckSpec): Card[] {
  const copies = spec.copies ?? 1;
  if (!Number.isInteger(copies) || copies < 1 || copies > MAX_DECK_COPIES) {
    throw new RangeError(`copies must be an integer from 1 to ${MAX_DECK_COPIES}, got ${copies}`);
  }
  const ranks = checkRanks(spec.ranks);
  const deck: Card[] = [];
  for (let copy = 1; copy <= copies; copy++) {
    for (const suit of SUITS) {
      for (const rank of RANKS) if (ranks.has(rank)) deck.push(suitedCard(rank, suit, copy));
    }
    if (spec.jokers === true) deck.push(jokerCard('small', copy), jokerCard('big', copy));
  }
  return deck;
}

function checkRanks(ranks: readonly Rank[] | undefined): Set<Rank> {
  if (ranks === undefined) return new Set(RANKS);
  if (!Array.isArray(ranks)) throw new TypeError('ranks must be an array of rank codes');
  const set = new Set<Rank>();
  for (const r of ranks) {
    if (!isRank(r))
      throw new FairdealError('BAD_DECK', `bad rank '${String(r)}' (use A 2-9 T J Q K)`);
    if (set.has(r)) throw new FairdealError('BAD_DECK', `rank '${r}' listed twice`);
    set.add(r);
  }
  if (set.size === 0) throw new FairdealError('BAD_DECK', 'ranks must not be empty');
  return set;
}

function explicitDeck(tokens: readonly string[]): Card[] {
  if (!Array.isArray(tokens)) throw new TypeError('cards must be an array of card codes');
  const seen = new Set<string>();
  const nextCopy = new Map<string, number>();
  return tokens.map((token) => {
    let card = parseCard(token);
    if (!token.includes('#')) {
      let copy = nextCopy.get(card.code) ?? 1;
      while (seen.has(withDeckCopy(card, copy).id)) copy++;
      card = withDeckCopy(card, copy);
      nextCopy.set(card.code, copy + 1);
    }
    if (seen.has(card.id)) throw new FairdealError('BAD_DECK', `card ${card.id} listed twice`);
    seen.add(card.id);
    return card;
  });
}

function removeCards(deck: Card[], remove: readonly string[]): Card[] {
  if (!Array.isArray(remove)) throw new TypeError('remove must be an array of card codes');
  let result = deck;
  for (const token of remove) {
    const card = parseCard(token);
    const byId = token.includes('#');
    const kept = result.filter((c) => (byId ? c.id !== card.id : c.code !== card.code));
    if (kept.length === result.length) {
      throw new FairdealError('BAD_DECK', `cannot remove ${token}: not in the deck`);
    }
    result = kept;
  }
  return result;
}
