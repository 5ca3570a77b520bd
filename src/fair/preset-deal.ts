import type { Card } from '../cards/index.ts';
import { buildDeck } from '../cards/index.ts';
import { FairdealError } from '../errors.ts';
import type { Deal, DealOptions } from '../games/index.ts';
import { dealFromDeck, getPreset, resolvePlan } from '../games/index.ts';
import type { FairOptions } from './deal-options.ts';
import type { DealtCard } from './transcript.ts';

/** How a preset turns into a canonical deck and deals a shuffled one. */
export interface PresetDealPlan {
  /** The canonical deck (buildDeck order), as Card values. */
  readonly cards: readonly Card[];
  /** The canonical deck as card ids — what the deck key binds. */
  readonly deck: readonly string[];
  /** Deals a shuffled deck (ids, top first): every card with its destination, and the Deal. */
  deal(shuffled: readonly string[]): { cards: DealtCard[]; deal: Deal };
}

/**
 * Adapts a games preset to the fair protocol: the canonical deck comes from the preset's plan
 * (seat-count variants and options such as blackjack's `decks` included), and dealing is the games
 * layer's own `dealFromDeck`, whose `route` gives each deck position its destination. So a fair
 * deal is dealt by exactly the code that deals every other hand.
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
  const dealOptions = options as DealOptions;
  const plan = resolvePlan(getPreset(preset), dealOptions);
  const cards = buildDeck(plan.deck);
  const byId = new Map(cards.map((c) => [c.id, c]));
  return {
    cards,
    deck: cards.map((c) => c.id),
    deal(shuffled) {
      const deck = shuffled.map((id) => {
        const card = byId.get(id);
        if (card === undefined)
          throw new FairdealError('BAD_DECK', `card '${id}' is not in the deck`);
        return card;
      });
      const dealt = dealFromDeck(preset, deck, dealOptions);
      return {
        cards: dealt.deck.map((c, i) => ({ card: c.id, to: dealt.route[i]! })),
        deal: dealt,
      };
    },
  };
}
