import { canonicalDeck } from '../cards/build-deck.ts';
import type { Card } from '../cards/index.ts';
import { FairdealError } from '../errors.ts';
import { dealOrder } from '../games/deal-from-deck.ts';
import { dealLayout } from '../games/deal-layout.ts';
import type { Deal, DealOptions } from '../games/index.ts';
import { dealFromDeck, getPreset, resolvePlan } from '../games/index.ts';
import type { FairOptions } from './deal-options.ts';
import { shuffleDeck } from './shuffle-deck.ts';
import type { DealtCard } from './transcript.ts';

/** How a preset turns into a canonical deck and deals a shuffled one. */
export interface PresetDealPlan {
  /** The canonical deck (buildDeck order), as Card values. Shared: read it, never change it. */
  readonly cards: readonly Card[];
  /** The canonical deck as card ids — what the deck key binds. Shared: read it only. */
  readonly deck: readonly string[];
  /** Deals a shuffled deck given as card ids (top first), checked to be the canonical deck's
   *  cards: every card with its destination, and the Deal. */
  deal(shuffled: readonly string[]): { cards: DealtCard[]; deal: Deal };
  /** Shuffles the canonical deck with a deck key (`shuffleDeck(key, cards)`) and deals it: every
   *  card with its destination, and the Deal. Its positions are shuffled, not its cards — the
   *  same swaps — so the deal needs no id lookup and no check. */
  dealKey(key: Uint8Array): { cards: DealtCard[]; deal: Deal };
  /** The `cards` of {@link PresetDealPlan.dealKey} alone (what verify compares), without the
   *  Deal, as two lists: no object per card (verify allocated 3.8 KB of them, issue 25). */
  cardsOfKey(key: Uint8Array): DealtIds;
}

/** Dealt cards as parallel lists: position `i` dealt card `cards[i]` to `to[i]`. */
export interface DealtIds {
  /** Card ids in dealt order (top of the shuffled deck first). */
  readonly cards: readonly string[];
  /** Each position's destination, as long as `cards`. Shared by every deal of the plan. */
  readonly to: readonly string[];
}

/** Card ids of each canonical deck (the games layer caches the decks themselves, frozen cards
 *  in arrays it never hands out), computed once: a deal used to rebuild the deck, its ids and an
 *  id → card map every time. */
const idsOf = new WeakMap<readonly Card[], readonly string[]>();

/**
 * Adapts a games preset to the fair protocol: the canonical deck comes from the preset's plan
 * (seat-count variants and options such as blackjack's `decks` included), and dealing is the games
 * layer's own `dealPlan` — what `dealFromDeck` runs after it resolves the plan and checks the
 * deck; here the plan is resolved once, and the deck is a shuffle of the plan's own cards — whose
 * `route` gives each deck position its destination. So a fair deal is dealt by exactly the code
 * that deals every other hand.
 *
 * @example
 * ```ts
 * const plan = presetDeal('doudizhu', {});
 * plan.deck.length; // 54
 * ```
 * @throws {FairdealError} `UNKNOWN_PRESET`; `BAD_OPTION` for options the preset does not take,
 *   or for `seed` / `source` (a fair deal's randomness comes from the protocol only).
 * @throws {RangeError} for out-of-range numeric options.
 */
export function presetDeal(preset: string, options: FairOptions): PresetDealPlan {
  for (const key of ['seed', 'source']) {
    if (Object.hasOwn(options, key)) {
      throw new FairdealError(
        'BAD_OPTION',
        `option '${key}' is not allowed in a fair deal: its randomness comes from the seeds`,
      );
    }
  }
  const plan = resolvePlan(getPreset(preset), options as DealOptions);
  const cards = canonicalDeck(plan.deck);
  let deck = idsOf.get(cards);
  if (deck === undefined) {
    // Frozen: it is shared by every deal of this deck, and deck-key-v2.ts keeps the encoding of
    // frozen decks only.
    deck = Object.freeze(cards.map((c) => c.id));
    idsOf.set(cards, deck);
  }
  const dealOptions = options as DealOptions;
  const layout = dealLayout(plan);
  return {
    cards,
    deck,
    deal(shuffled) {
      const byId = new Map(cards.map((c) => [c.id, c]));
      const given = shuffled.map((id) => {
        const card = byId.get(id);
        if (card === undefined)
          throw new FairdealError('BAD_DECK', `card '${id}' is not in the deck`);
        return card;
      });
      return withRoute(dealFromDeck(preset, given, dealOptions));
    },
    cardsOfKey(key) {
      const ranks = shuffleDeck(key, layout.rankWords);
      const cards = new Array<string>(ranks.length);
      for (let p = 0; p < ranks.length; p++) cards[p] = layout.sorted[ranks[p]!]!.id;
      return { cards, to: layout.route };
    },
    dealKey(key) {
      // The hand ranks shuffled, not the cards: the same swaps (dealOrder says why).
      return withRoute(
        dealOrder(plan, layout, shuffleDeck(key, layout.rankWords), layout.sorted, 'deck'),
      );
    },
  };
}

function withRoute(dealt: Deal): { cards: DealtCard[]; deal: Deal } {
  const route = dealt.route;
  return { cards: dealt.deck.map((c, i) => ({ card: c.id, to: route[i]! })), deal: dealt };
}
