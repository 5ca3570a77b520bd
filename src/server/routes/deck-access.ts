import { ApiError } from '../deck/api-error.ts';
import { isDeckIdShape } from '../deck/deck-id.ts';
import type { DeckState } from '../deck/deck-state.ts';
import type { Change } from '../store/change.ts';
import type { RouteContext } from './route-types.ts';

function notFound(): ApiError {
  return new ApiError(404, 'DECK_NOT_FOUND', 'Deck ID does not exist.');
}

/**
 * Applies a pure change to the route's deck, atomically.
 *
 * @example
 * ```ts
 * const cards = await changeDeck(ctx, (deck) => ({ next: null, result: deck.stack.length }));
 * ```
 * @throws {ApiError} 404 `DECK_NOT_FOUND` (also for a path segment that cannot be an id), and
 *   whatever ApiError the change throws (the transaction is rolled back then).
 */
export async function changeDeck<T>(
  ctx: RouteContext,
  change: (deck: DeckState) => Change<DeckState, T>,
): Promise<T> {
  if (!isDeckIdShape(ctx.deckId)) throw notFound();
  const outcome = await ctx.store.withDeck(ctx.deckId, change);
  if (!outcome.found) throw notFound();
  return outcome.value;
}

/**
 * Reads the route's deck (no touch: reads do not delay the purge).
 *
 * @example
 * ```ts
 * const deck = await readDeck(ctx);
 * ```
 * @throws {ApiError} 404 `DECK_NOT_FOUND`.
 */
export async function readDeck(ctx: RouteContext): Promise<DeckState> {
  if (!isDeckIdShape(ctx.deckId)) throw notFound();
  const deck = await ctx.store.readDeck(ctx.deckId);
  if (deck === undefined) throw notFound();
  return deck;
}

/**
 * `{ name: { remaining } }` for every pile, and the cards of `listed` if given.
 *
 * @example
 * ```ts
 * pilesBody(deck, ctx.card); // { p1: { remaining: 2 } }
 * ```
 * @throws never.
 */
export function pilesBody(
  deck: DeckState,
  card: RouteContext['card'],
  listed?: string,
): Record<string, unknown> {
  const piles: Record<string, unknown> = Object.create(null);
  for (const name of Object.keys(deck.piles)) {
    const pile = deck.piles[name]!;
    piles[name] =
      name === listed
        ? { remaining: pile.length, cards: pile.map(card) }
        : { remaining: pile.length };
  }
  return piles;
}
