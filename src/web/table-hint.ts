// Hint (docs/WEB.md, "Sit at a table"): the rules library's first legal play for this hand
// against the play to beat — `legalPlays` and `cardsFor` of fairdeal/doudizhu, run here; the
// service still decides.
import type { TableView } from '../client/index.ts';
import type { Card } from '../index.ts';
import { parseCard } from '../index.ts';
import type { Play } from '../rules/doudizhu/index.ts';
import { cardsFor, classify, legalPlays } from '../rules/doudizhu/index.ts';

/**
 * The cards of the first legal play of seat `me`'s hand in `tv`, or [] when it can only pass.
 *
 * @example
 * ```ts
 * hint(view, 1); // ['3H']
 * ```
 */
export function hint(tv: TableView | null, me: number): string[] {
  const g = tv?.hand?.game;
  const hand: Card[] = (tv?.hand?.yourCards ?? []).map((c) => parseCard(c));
  let previous: Play | null = null;
  if (g?.lead !== null && g?.lead !== undefined && g.lead.seat !== me) {
    previous = classify(
      g.lead.cards.map((c) => parseCard(c)),
      tv?.rules,
    );
  }
  const plays = legalPlays(hand, previous, tv?.rules).filter((p) => p.type !== 'pass');
  const first = plays[0];
  return first === undefined ? [] : cardsFor(hand, first).map((c) => c.id);
}
