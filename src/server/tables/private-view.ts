import type { HandDocument, TableDocument } from './table-doc.ts';
import type { PrivateView } from './view-parts.ts';
import type { Viewer } from './viewer.ts';

/**
 * What only `viewer` sees of a table: who it is, and once dealt, its own cards — the private part
 * of `view()` (view.ts), stored per audience with each event. Deny by default, like the public
 * part (public-view.ts): built field by field, so nothing else of the document can ride along;
 * and exactly these fields, so that whatever is not one viewer's own is in the public part, which
 * every viewer gets alike.
 *
 * @example
 * ```ts
 * privateView(doc, { kind: 'seat', seat: 0 }).hand?.yourCards; // seat 0's cards
 * ```
 * @throws never.
 */
export function privateView(doc: TableDocument, viewer: Viewer): PrivateView {
  return {
    you:
      viewer.kind === 'seat'
        ? { seat: viewer.seat, player: doc.players[viewer.seat] ?? '' }
        : viewer.kind,
    hand: doc.hand === null ? null : { yourCards: ownCards(doc.hand, viewer) },
  };
}

/** The viewer's cards once dealt; null before, and always for the host and a spectator. */
function ownCards(hand: HandDocument, viewer: Viewer): string[] | null {
  if (viewer.kind !== 'seat') return null;
  // A dark hand's cards are opened on each seat's own device: the service has none to show.
  if (hand.dark !== undefined) return null;
  if (hand.game !== null) return (hand.game.hands[viewer.seat] ?? []).map((c) => c.id);
  if (hand.piles !== null) return [...(hand.piles.hands[viewer.seat] ?? [])];
  return null;
}
