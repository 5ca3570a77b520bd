import { ApiError } from '../deck/api-error.ts';
import type { ActionBody } from './bodies.ts';
import { dealStreet } from './deal-street.ts';
import type { Piles, PublicAction } from './table-doc.ts';
import type { Viewer } from './viewer.ts';

/** The actions on a non-Dou-Dizhu hand's piles, as checked by bodies.ts. */
export type PileRequest = Extract<
  ActionBody,
  { readonly type: 'draw' | 'burn' | 'play' | 'discard' | 'move' | 'deal-street' }
>;

type PublicPile = 'board' | 'discard';

const bad = (message: string) => new ApiError(400, 'BAD_REQUEST', message);

function count(n: number | undefined, max: number): number {
  const wanted = n ?? 1;
  if (wanted > max) {
    throw new ApiError(409, 'NOT_ENOUGH_CARDS', `The stock holds ${max} cards.`, {
      remaining: max,
    });
  }
  return wanted;
}

function takeFrom(
  pile: readonly string[],
  cards: readonly string[],
  holder: string,
): readonly string[] {
  const left = [...pile];
  for (const c of cards) {
    const i = left.indexOf(c);
    // Never say where the card is instead: only that the holder named does not hold it.
    if (i < 0) throw new ApiError(422, 'NOT_HELD', `Not every one of those cards is in ${holder}.`);
    left.splice(i, 1);
  }
  return left;
}

/**
 * One change to the piles, checked against who holds the cards: draw from the stock (a seat to
 * itself, the host to any seat), burn from the stock, play a held card to the board, discard it,
 * move cards between the actor's hand and the public piles, or deal the next street (Hold'em,
 * Omaha). The streets held back are not in the stock: no draw or burn can reach them.
 *
 * @example
 * ```ts
 * pileAction(piles, { kind: 'seat', seat: 1 }, { type: 'draw', count: 2 });
 * ```
 * @throws {ApiError} 400 for a seat out of range, 403 when the host acts for a hand it has not,
 *   409 `NOT_ENOUGH_CARDS`, `NO_STREET_LEFT`, `WRONG_STREET`, 422 `NOT_HELD`.
 */
export function pileAction(
  piles: Piles,
  viewer: Viewer,
  req: ActionBody,
): { piles: Piles; action: PublicAction } {
  const seats = piles.hands.length;
  const actor = viewer.kind === 'seat' ? viewer.seat : null;
  switch (req.type) {
    case 'draw': {
      let to = actor;
      if (req.to !== undefined) {
        if (req.to >= seats) throw bad('to must be a seat number.');
        if (actor !== null && req.to !== actor) {
          throw new ApiError(
            403,
            'FORBIDDEN',
            'A seat draws only to itself; the host deals to any seat.',
          );
        }
        to = req.to;
      }
      if (to === null) throw bad('The host names the seat to draw to (to).');
      const n = count(req.count, piles.stock.length);
      const hands = piles.hands.map((h, i) => (i === to ? [...h, ...piles.stock.slice(0, n)] : h));
      return {
        piles: { ...piles, hands, stock: piles.stock.slice(n) },
        action: { type: 'draw', seat: to, count: n },
      };
    }
    case 'burn': {
      const n = count(req.count, piles.stock.length);
      return {
        piles: {
          ...piles,
          burns: [...piles.burns, ...piles.stock.slice(0, n)],
          stock: piles.stock.slice(n),
        },
        action: { type: 'burn', seat: actor, count: n },
      };
    }
    case 'play':
    case 'discard':
    case 'move': {
      if (actor === null) throw new ApiError(403, 'FORBIDDEN', 'Only a seat moves its cards.');
      const cards = req.cards;
      const from = req.type === 'move' ? req.from : 'hand';
      const to = req.type === 'move' ? req.to : req.type === 'play' ? 'board' : 'discard';
      if (from === to) throw bad('from and to must differ.');
      const get = (p: 'hand' | PublicPile): readonly string[] =>
        p === 'hand' ? piles.hands[actor]! : piles[p];
      const left = takeFrom(get(from), cards, from === 'hand' ? 'your hand' : `the ${from}`);
      const next: { -readonly [K in keyof Piles]: Piles[K] } = { ...piles };
      const put = (p: 'hand' | PublicPile, value: readonly string[]) => {
        if (p === 'hand') next.hands = next.hands.map((h, i) => (i === actor ? value : h));
        else next[p] = value;
      };
      put(from, left);
      put(to, [...get(to), ...cards]);
      // The cards are public now (or were): the log may name them.
      return {
        piles: next,
        action: { type: req.type, seat: actor, cards, pile: from, to },
      };
    }
    case 'deal-street':
      return dealStreet(piles, viewer, req);
    default:
      throw new ApiError(400, 'UNKNOWN_ACTION', 'Unknown action type.');
  }
}
