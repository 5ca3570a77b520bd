import { ApiError } from '../deck/api-error.ts';
import { deckCodes } from '../deck/deck-codes.ts';
import { newDeckId } from '../deck/deck-id.ts';
import type { DeckState } from '../deck/deck-state.ts';
import { type DrawResult, drawCards, notEnough } from '../deck/draw-cards.ts';
import { newDeck } from '../deck/new-deck.ts';
import { rebuildDeck } from '../deck/rebuild-deck.ts';
import { returnCards } from '../deck/return-cards.ts';
import { shuffleDeck } from '../deck/shuffle-deck.ts';
import { cardList, count, deckCount, flag, flagIfGiven, LIMITS } from '../http/params.ts';
import { changeDeck, pilesBody, readDeck } from './deck-access.ts';
import type { ApiRoute, JsonAnswer, RouteContext } from './route-types.ts';

const CARD = {
  code: '6H',
  image: 'http://localhost:8080/static/img/6H.png',
  images: {
    svg: 'http://localhost:8080/static/img/6H.svg',
    png: 'http://localhost:8080/static/img/6H.png',
  },
  value: '6',
  suit: 'HEARTS',
};
const ID = 'k3xq9w0m2a7tz5r1p8bc';

/**
 * The codes of a new partial deck, as the reference's `Deck.open_new` reads `cards`: absent means
 * a full deck; present, only valid codes are kept — so `cards=` (empty) or a list of bad codes
 * is an empty deck — and the jokers `X1`, `X2` only with `jokers_enabled=true`. What was left out
 * is listed in `rejected` (the reference drops it silently).
 */
function partialDeck(
  ctx: RouteContext,
  jokers: boolean,
): { codes: readonly string[] | undefined; rejected: readonly string[] } {
  const list = cardList(ctx.raw);
  if (list === undefined) return { codes: undefined, rejected: [] };
  const kept = deckCodes(list.codes, jokers);
  return { codes: kept.codes, rejected: [...list.rejected, ...kept.dropped] };
}

function tooLarge(): ApiError {
  return new ApiError(400, 'DECK_TOO_LARGE', `A deck holds at most ${LIMITS.maxCards} cards.`);
}

// `first` changes the new deck before it is saved (new/draw), so it is stored in one write;
// new/draw passes it and reads no `cards`: the reference's `draw` opens a full deck whatever
// `cards` says.
async function create(
  ctx: RouteContext,
  shuffle: boolean,
  first?: (deck: DeckState) => DeckState,
): Promise<{ deck: DeckState; rejected: readonly string[] }> {
  const decks = deckCount(ctx.raw);
  const jokers = flag(ctx.raw, 'jokers_enabled');
  const { codes, rejected } =
    first === undefined ? partialDeck(ctx, jokers) : { codes: undefined, rejected: [] };
  const size = codes === undefined ? decks * (jokers ? 54 : 52) : codes.length * decks;
  if (size > LIMITS.maxCards) throw tooLarge();
  // 36^20 ids: a collision is not expected in the life of the universe, but never overwrite.
  for (let attempt = 0; attempt < 3; attempt++) {
    const options = { deckCount: decks, jokers, codes, shuffle };
    const made = newDeck(newDeckId(ctx.source), options, ctx.source);
    const deck = first === undefined ? made : first(made);
    if (await ctx.store.createDeck(deck)) return { deck, rejected };
  }
  throw new Error('could not find a free deck id');
}

function statusBody(deck: DeckState, ctx: RouteContext): Record<string, unknown> {
  const body: Record<string, unknown> = {
    success: true,
    deck_id: deck.id,
    remaining: deck.stack.length,
    shuffled: deck.shuffled,
  };
  if (Object.keys(deck.piles).length > 0) body.piles = pilesBody(deck, ctx.card);
  return body;
}

function drawBody(
  deckId: string,
  cards: readonly string[],
  remaining: number,
  complete: boolean,
  asked: number,
  ctx: RouteContext,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    success: complete,
    deck_id: deckId,
    cards: cards.map(ctx.card),
    remaining,
  };
  if (!complete) {
    body.error = notEnough(asked);
    body.code = 'NOT_ENOUGH_CARDS';
  }
  return body;
}

const newDeckHandler =
  (shuffle: boolean) =>
  async (ctx: RouteContext): Promise<JsonAnswer> => {
    const { deck, rejected } = await create(ctx, shuffle);
    const extra = rejected.length > 0 ? { rejected } : {};
    return { status: 200, body: { ...statusBody(deck, ctx), ...extra } };
  };

const drawHandler = async (ctx: RouteContext): Promise<JsonAnswer> => {
  const n = count(ctx.raw);
  const r = await changeDeck(ctx, (deck) => {
    const d = drawCards(deck, n);
    return { next: d.cards.length > 0 ? d.state : null, result: d };
  });
  return {
    status: 200,
    body: drawBody(ctx.deckId, r.cards, r.state.stack.length, r.complete, n, ctx),
  };
};

const shuffleHandler = async (ctx: RouteContext): Promise<JsonAnswer> => {
  if (flag(ctx.raw, 'remaining')) {
    const deck = await changeDeck(ctx, (d) => {
      const next = shuffleDeck(d, true, ctx.source);
      return { next, result: next };
    });
    return { status: 200, body: statusBody(deck, ctx) };
  }
  // The reference's full reshuffle is its new-deck code run on the existing deck: it refuses a
  // `deck_count` out of 1–20 before it looks the deck up (and otherwise ignores it: the deck
  // keeps its number of decks), and remakes the deck from `cards` and `jokers_enabled` when
  // given; `remaining=true` reads none of them.
  deckCount(ctx.raw);
  const jokers = flagIfGiven(ctx.raw, 'jokers_enabled');
  const list = cardList(ctx.raw);
  const r = await changeDeck(ctx, (d) => {
    if (jokers === undefined && list === undefined) {
      const next = shuffleDeck(d, false, ctx.source);
      return { next, result: { state: next, dropped: [] as readonly string[] } };
    }
    const out = rebuildDeck(d, { jokers, codes: list?.codes }, ctx.source);
    if (out.state.cards.length > LIMITS.maxCards) throw tooLarge();
    return { next: out.state, result: out };
  });
  const rejected = [...(list?.rejected ?? []), ...r.dropped];
  const extra = rejected.length > 0 ? { rejected } : {};
  return { status: 200, body: { ...statusBody(r.state, ctx), ...extra } };
};

/** The deck routes (new, status, shuffle, draw, return) and their legacy forms. */
export const DECK_ROUTES: readonly ApiRoute[] = [
  {
    id: 'newDeck',
    paths: ['/api/deck/new', '/api/new'],
    summary: 'A new unshuffled deck',
    description:
      'A new deck in the unshuffled order (A→K of spades, diamonds, clubs, hearts, then X1, X2; several decks one after another). With `cards`, a partial deck in the order given: `X1`, `X2` only with `jokers_enabled=true`, and `cards=` (empty) is an empty deck, as in the reference.',
    params: ['deck_count', 'jokers_enabled', 'cards'],
    example: {
      path: '/api/deck/new/',
      query: 'jokers_enabled=true',
      status: 200,
      body: { success: true, deck_id: ID, remaining: 54, shuffled: false },
    },
    handle: newDeckHandler(false),
  },
  {
    id: 'newShuffledDeck',
    paths: ['/api/deck/new/shuffle', '/api/shuffle'],
    summary: 'A new shuffled deck',
    description: 'A new deck shuffled with the secure source (every order exactly equally likely).',
    params: ['deck_count', 'jokers_enabled', 'cards'],
    example: {
      path: '/api/deck/new/shuffle/',
      query: 'deck_count=6',
      status: 200,
      body: { success: true, deck_id: ID, remaining: 312, shuffled: true },
    },
    handle: newDeckHandler(true),
  },
  {
    id: 'newDeckAndDraw',
    paths: ['/api/deck/new/draw'],
    summary: 'A new shuffled deck, and draw from it',
    description:
      'A new shuffled deck and `count` cards drawn from it in the same step. Always a full deck: `cards` is not read here, as in the reference.',
    params: ['deck_count', 'jokers_enabled', 'count'],
    example: {
      path: '/api/deck/new/draw/',
      query: 'count=1',
      status: 200,
      body: { success: true, deck_id: ID, cards: [CARD], remaining: 51 },
    },
    handle: async (ctx) => {
      const n = count(ctx.raw);
      let r: DrawResult | undefined;
      const { deck } = await create(ctx, true, (d) => {
        r = drawCards(d, n);
        return r.state;
      });
      return {
        status: 200,
        body: drawBody(deck.id, r!.cards, deck.stack.length, r!.complete, n, ctx),
      };
    },
  },
  {
    id: 'deckStatus',
    paths: ['/api/deck/:deck_id'],
    summary: 'A deck’s status',
    description: 'How many cards remain, whether it was shuffled, and its piles. No side effects.',
    params: [],
    example: {
      path: '/api/deck/{deck_id}/',
      query: '',
      status: 200,
      body: {
        success: true,
        deck_id: ID,
        remaining: 47,
        shuffled: true,
        piles: { p1: { remaining: 2 } },
      },
    },
    handle: async (ctx) => ({ status: 200, body: statusBody(await readDeck(ctx), ctx) }),
  },
  {
    id: 'shuffleDeck',
    paths: ['/api/deck/:deck_id/shuffle', '/api/shuffle/:deck_id'],
    summary: 'Reshuffle a deck',
    description:
      'Every card back and the piles deleted, then the whole deck shuffled (a `deck_count` outside 1–20 is refused, as in the reference; otherwise the deck keeps its number of decks). With `cards` or `jokers_enabled` the deck is made again first, as in the reference: from the listed cards (`X1`, `X2` only with jokers enabled; left-out codes in `rejected`), or a full deck with or without the jokers; without `jokers_enabled` the deck’s own setting applies. With `remaining=true` only the undrawn cards are shuffled, the piles stay, and nothing else is read.',
    params: ['remaining', 'deck_count', 'jokers_enabled', 'cards'],
    example: {
      path: '/api/deck/{deck_id}/shuffle/',
      query: 'remaining=true',
      status: 200,
      body: {
        success: true,
        deck_id: ID,
        remaining: 47,
        shuffled: true,
        piles: { p1: { remaining: 2 } },
      },
    },
    handle: shuffleHandler,
  },
  {
    id: 'draw',
    paths: ['/api/deck/:deck_id/draw', '/api/draw/:deck_id'],
    summary: 'Draw cards',
    description:
      'Draws `count` cards from the top. Asking for more than remain hands out the rest with `success: false`, `remaining: 0` and the reference’s message.',
    params: ['count'],
    example: {
      path: '/api/deck/{deck_id}/draw/',
      query: 'count=2',
      status: 200,
      body: { success: true, deck_id: ID, cards: [CARD, CARD], remaining: 45 },
    },
    handle: drawHandler,
  },
  {
    id: 'returnCards',
    paths: ['/api/deck/:deck_id/return'],
    summary: 'Return drawn cards to the deck',
    description:
      'Puts drawn cards that are in no pile back at the bottom of the stack: all of them in the unshuffled order (as in the reference), or one card per listed code in the list’s order. Listed codes that could not be returned are in `rejected`.',
    params: ['cards'],
    example: {
      path: '/api/deck/{deck_id}/return/',
      query: 'cards=ZZ',
      status: 200,
      body: { success: true, deck_id: ID, remaining: 47, rejected: ['ZZ'] },
    },
    handle: async (ctx) => {
      const list = cardList(ctx.raw);
      const r = await changeDeck(ctx, (deck) => {
        const out = returnCards(deck, list?.codes);
        return { next: out.state, result: out };
      });
      return {
        status: 200,
        body: {
          success: true,
          deck_id: ctx.deckId,
          remaining: r.state.stack.length,
          rejected: [...(list?.rejected ?? []), ...r.rejected],
        },
      };
    },
  },
];
