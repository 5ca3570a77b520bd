// The two parts of what a viewer sees of a table (docs/TABLES.md, "What a seat sees"): what every
// viewer sees alike, and what is the viewer's own. `view()` is their merge; an event is stored as
// them (the public part once per change, the private part per audience). Types only.
import type { ActionView, HandView, TableView } from '../../client/index.ts';

/** The hand as every viewer sees it: the hand view without the viewer's own cards. */
export type PublicHandView = Omit<HandView, 'yourCards'>;

/** The table as every viewer sees it — the seats and the host alike: no `you`, no own cards. */
export type PublicTableView = Omit<TableView, 'you' | 'hand'> & {
  readonly hand: PublicHandView | null;
};

/**
 * What only one viewer sees, and nothing else: who it is (`you`) and, once a hand is open, its own
 * cards (`hand.yourCards`). The paths are those of {@link TableView}.
 */
export interface PrivateView {
  readonly you: TableView['you'];
  readonly hand: { readonly yourCards: HandView['yourCards'] } | null;
}

/** The public part of a `state` event: the action and the table as every viewer sees it. */
export interface PublicStateEvent {
  readonly action: ActionView;
  readonly table: PublicTableView;
}
