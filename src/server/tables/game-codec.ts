import { type Card, parseCard } from '../../index.ts';
import type { DoudizhuState, PlayRecord } from '../../rules/doudizhu/index.ts';

/**
 * A Dou Dizhu state as the table store seals it: every card written as its id (`AS`, `AS#2`,
 * `BJ`) instead of the card object, and `cardsAs` saying so. A card object is seven fields (about
 * 85 bytes of JSON) where its id is 2–5: a hand's state shrinks to about 40 %, and with it what
 * every action seals, stores, sends to the database and reads back (docs/BENCHMARKS.md, "Whole
 * fair Dou Dizhu hands").
 */
export type PackedGame = Omit<DoudizhuState, 'hands' | 'kitty' | 'plays' | 'lead'> & {
  readonly hands: readonly (readonly string[])[];
  readonly kitty: readonly string[];
  readonly plays: readonly PackedPlay[];
  readonly lead: PackedPlay | null;
  readonly cardsAs: typeof CARDS_AS_IDS;
};

type PackedPlay = Omit<PlayRecord, 'cards'> & { readonly cards: readonly string[] };

const CARDS_AS_IDS = 'id';

const ids = (cards: readonly Card[]): string[] => cards.map((c) => c.id);
const packPlay = (p: PlayRecord): PackedPlay => ({ ...p, cards: ids(p.cards) });

/**
 * The state with its cards as ids, for sealing ({@link unpackGame} undoes it).
 *
 * @example
 * ```ts
 * JSON.stringify(packGame(state)).length; // about 40 % of JSON.stringify(state)
 * ```
 * @throws never.
 */
export function packGame(game: DoudizhuState): PackedGame {
  return {
    ...game,
    hands: game.hands.map(ids),
    kitty: ids(game.kitty),
    plays: game.plays.map(packPlay),
    lead: game.lead === null ? null : packPlay(game.lead),
    cardsAs: CARDS_AS_IDS,
  };
}

// Cards are frozen (cards/parse-card.ts), so one object per id serves every state.
const cards = new Map<string, Card>();
function card(id: string): Card {
  let c = cards.get(id);
  if (c === undefined) {
    c = parseCard(id);
    if (c.id !== id) throw new Error(`a stored card id is not canonical: ${JSON.stringify(id)}`);
    cards.set(id, c);
  }
  return c;
}
const objects = (list: readonly string[]): Card[] => list.map(card);
const unpackPlay = (p: PackedPlay): PlayRecord => ({ ...p, cards: objects(p.cards) });

/**
 * The state {@link packGame} packed, with its card objects back — or, for a state stored before
 * packing (no `cardsAs`), the state as it is.
 *
 * @example
 * ```ts
 * unpackGame(JSON.parse(JSON.stringify(packGame(state)))); // deep-equal to state
 * ```
 * @throws {Error} for a stored card id that is not a card (the document is damaged).
 */
export function unpackGame(stored: PackedGame | DoudizhuState): DoudizhuState {
  if (!('cardsAs' in stored)) return stored;
  const { cardsAs: _, ...game } = stored;
  return {
    ...game,
    hands: game.hands.map(objects),
    kitty: objects(game.kitty),
    plays: game.plays.map(unpackPlay),
    lead: game.lead === null ? null : unpackPlay(game.lead),
  };
}
