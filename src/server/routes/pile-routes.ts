import { ApiError } from '../deck/api-error.ts';
import type { DeckState } from '../deck/deck-state.ts';
import { addToPile, drawFromPile, type PileDraw, shufflePile } from '../deck/pile-ops.ts';
import { returnPile } from '../deck/return-cards.ts';
import { cardList, count } from '../http/params.ts';
import { changeDeck, pilesBody, readDeck } from './deck-access.ts';
import type { ApiRoute, JsonAnswer, RouteContext } from './route-types.ts';

const ID = 'k3xq9w0m2a7tz5r1p8bc';
const CARD = {
  code: 'KH',
  image: 'http://localhost:8080/static/img/KH.png',
  images: {
    svg: 'http://localhost:8080/static/img/KH.svg',
    png: 'http://localhost:8080/static/img/KH.png',
  },
  value: 'KING',
  suit: 'HEARTS',
};

function pileBody(deck: DeckState, ctx: RouteContext, listed?: string): Record<string, unknown> {
  return {
    success: true,
    deck_id: deck.id,
    remaining: deck.stack.length,
    piles: pilesBody(deck, ctx.card, listed),
  };
}

function pileDraw(from: 'top' | 'bottom' | 'random') {
  return async (ctx: RouteContext): Promise<JsonAnswer> => {
    const list = cardList(ctx.raw);
    // The reference's `if cards:` — any value but `cards=` draws by codes, those that are not
    // cards dropped first (`cards=AS,ZZ` draws AS; `cards=ZZ` draws nothing, 200); `cards=`
    // draws by count.
    const byCodes = list !== undefined && ctx.raw.get('cards') !== '';
    const how: PileDraw = byCodes ? { codes: list.codes } : { from, count: count(ctx.raw) };
    const r = await changeDeck(ctx, (deck) => {
      const d = drawFromPile(deck, ctx.pile, how, ctx.source);
      return { next: d.cards.length > 0 ? d.state : null, result: d };
    });
    const body: Record<string, unknown> = {
      success: true,
      deck_id: ctx.deckId,
      remaining: r.state.stack.length,
      cards: r.cards.map(ctx.card),
      piles: pilesBody(r.state, ctx.card),
    };
    // Reported as a new deck reports them (the reference drops them silently).
    if (byCodes && list.rejected.length > 0) body.rejected = list.rejected;
    return { status: 200, body };
  };
}

const drawExample = (path: string) => ({
  path,
  query: 'count=1',
  status: 200,
  body: {
    success: true,
    deck_id: ID,
    remaining: 47,
    cards: [CARD],
    piles: { p1: { remaining: 1 } },
  },
});

const drawDescription = (where: string) =>
  `Moves cards from the pile to the drawn cards: \`count\` from ${where}, or exactly the listed \`cards\` (codes that are not cards are left out, as in the reference, and listed in \`rejected\`). 404 if the pile holds fewer than \`count\` cards or not all the listed ones; nothing moves then.`;

/** The pile routes. */
export const PILE_ROUTES: readonly ApiRoute[] = [
  {
    id: 'addToPile',
    paths: ['/api/deck/:deck_id/pile/:pile/add'],
    summary: 'Add drawn cards to a pile',
    description:
      'Creates the pile on first use (an empty `cards=` creates it empty). Each code moves one drawn card in no pile, or else one from another pile. Codes that could not be added are listed in `rejected`. Without a `cards` parameter: 404.',
    params: ['cards'],
    example: {
      path: '/api/deck/{deck_id}/pile/p2/add/',
      query: 'cards=ZZ',
      status: 200,
      body: {
        success: true,
        deck_id: ID,
        remaining: 47,
        piles: { p1: { remaining: 2 }, p2: { remaining: 0 } },
        rejected: ['ZZ'],
      },
    },
    handle: async (ctx) => {
      const list = cardList(ctx.raw);
      if (list === undefined) {
        throw new ApiError(404, 'CARDS_REQUIRED', 'You must specify cards to add to the pile.');
      }
      const r = await changeDeck(ctx, (deck) => {
        const out = addToPile(deck, ctx.pile, list.codes);
        return { next: out.state, result: out };
      });
      return {
        status: 200,
        body: { ...pileBody(r.state, ctx), rejected: [...list.rejected, ...r.rejected] },
      };
    },
  },
  {
    id: 'listPile',
    paths: ['/api/deck/:deck_id/pile/:pile/list'],
    summary: 'List a pile',
    description:
      'Every pile’s size, and the cards of this one (index 0 is the bottom). A pile that does not exist (e.g. deleted by a full reshuffle) is simply absent, with 200, as in the reference.',
    params: [],
    example: {
      path: '/api/deck/{deck_id}/pile/{pile}/list/',
      query: '',
      status: 200,
      body: {
        success: true,
        deck_id: ID,
        remaining: 47,
        piles: { p1: { remaining: 2, cards: [CARD, CARD] } },
      },
    },
    handle: async (ctx) => ({ status: 200, body: pileBody(await readDeck(ctx), ctx, ctx.pile) }),
  },
  {
    id: 'shufflePile',
    paths: ['/api/deck/:deck_id/pile/:pile/shuffle'],
    summary: 'Shuffle a pile',
    description: 'Shuffles the pile’s cards with the secure source.',
    params: [],
    example: {
      path: '/api/deck/{deck_id}/pile/{pile}/shuffle/',
      query: '',
      status: 200,
      body: { success: true, deck_id: ID, remaining: 47, piles: { p1: { remaining: 2 } } },
    },
    handle: async (ctx) => {
      const deck = await changeDeck(ctx, (d) => {
        const next = shufflePile(d, ctx.pile, ctx.source);
        return { next, result: next };
      });
      return { status: 200, body: pileBody(deck, ctx) };
    },
  },
  {
    id: 'drawFromPile',
    paths: ['/api/deck/:deck_id/pile/:pile/draw'],
    summary: 'Draw from a pile’s top',
    description: drawDescription('the top'),
    params: ['count', 'cards'],
    example: drawExample('/api/deck/{deck_id}/pile/{pile}/draw/'),
    handle: pileDraw('top'),
  },
  {
    id: 'drawFromPileBottom',
    paths: ['/api/deck/:deck_id/pile/:pile/draw/bottom'],
    summary: 'Draw from a pile’s bottom',
    description: drawDescription('the bottom'),
    params: ['count', 'cards'],
    example: drawExample('/api/deck/{deck_id}/pile/{pile}/draw/bottom/'),
    handle: pileDraw('bottom'),
  },
  {
    id: 'drawFromPileRandom',
    paths: ['/api/deck/:deck_id/pile/:pile/draw/random'],
    summary: 'Draw random cards from a pile',
    description: drawDescription('random places (secure source)'),
    params: ['count', 'cards'],
    example: drawExample('/api/deck/{deck_id}/pile/{pile}/draw/random/'),
    handle: pileDraw('random'),
  },
  {
    id: 'returnPile',
    paths: ['/api/deck/:deck_id/pile/:pile/return'],
    summary: 'Return a pile’s cards to the deck',
    description:
      'Puts the pile’s cards (all, or one per listed code) at the bottom of the stack. Listed codes the pile does not hold are in `rejected`. The pile stays, maybe empty.',
    params: ['cards'],
    example: {
      path: '/api/deck/{deck_id}/pile/{pile}/return/',
      query: '',
      status: 200,
      body: {
        success: true,
        deck_id: ID,
        remaining: 49,
        piles: { p1: { remaining: 0 } },
        rejected: [],
      },
    },
    handle: async (ctx) => {
      const list = cardList(ctx.raw);
      const r = await changeDeck(ctx, (deck) => {
        const out = returnPile(deck, ctx.pile, list?.codes);
        return { next: out.state, result: out };
      });
      return {
        status: 200,
        body: { ...pileBody(r.state, ctx), rejected: [...(list?.rejected ?? []), ...r.rejected] },
      };
    },
  },
];
