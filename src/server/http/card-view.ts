import { deckOfCardsFields, parseCard } from '../../index.ts';
import { codeOf } from '../deck/deck-state.ts';

/** A card as clients of the Deck of Cards API read it (field order as the reference's). */
export interface CardBody {
  readonly code: string;
  readonly image: string;
  readonly images: { readonly svg: string; readonly png: string };
  readonly value: string;
  readonly suit: string;
}

/**
 * The file name of a card's image: its code, except `aceDiamonds` for AD, as the reference names
 * it because ad blockers block `AD.png`.
 *
 * @example
 * ```ts
 * imageName('AD'); // 'aceDiamonds'
 * ```
 * @throws never.
 */
export function imageName(code: string): string {
  return code === 'AD' ? 'aceDiamonds' : code;
}

const fields = new Map<string, { code: string; value: string; suit: string }>();

function fieldsOf(code: string): { code: string; value: string; suit: string } {
  let f = fields.get(code);
  if (f === undefined) {
    f = deckOfCardsFields(parseCard(code, 'deckofcards'));
    fields.set(code, f);
  }
  return f;
}

/**
 * Builds card bodies for one origin (`https://host`), caching them: a card body is the same
 * object for every request from that origin. A few origins are cached (the Host header is the
 * client's to choose, so the cache must not grow with it).
 *
 * @example
 * ```ts
 * cardViews('http://localhost:8080')('AS#2').image; // 'http://localhost:8080/static/img/AS.png'
 * ```
 * @throws {FairdealError} `BAD_CARD` for an id that is not a card (never for a stored deck).
 */
export function cardViews(origin: string): (cardId: string) => CardBody {
  const cached = byOrigin.get(origin);
  if (cached !== undefined) return cached;
  const cache = new Map<string, CardBody>();
  const view = (cardId: string): CardBody => {
    const code = codeOf(cardId);
    let body = cache.get(code);
    if (body === undefined) {
      const f = fieldsOf(code);
      const base = `${origin}/static/img/${imageName(f.code)}`;
      body = Object.freeze({
        code: f.code,
        image: `${base}.png`,
        images: Object.freeze({ svg: `${base}.svg`, png: `${base}.png` }),
        value: f.value,
        suit: f.suit,
      });
      cache.set(code, body);
    }
    return body;
  };
  if (byOrigin.size < 8) byOrigin.set(origin, view);
  return view;
}

const byOrigin = new Map<string, (cardId: string) => CardBody>();
