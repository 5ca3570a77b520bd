/**
 * What a change function returns, for decks and tables alike: the document to save — `null` for
 * no change — and the answer handed back to the caller. A table's change adds the rows written
 * with it (table-store.ts, `TableChange`).
 *
 * The function must be pure and synchronous: SQLite runs it inside one `BEGIN IMMEDIATE`
 * transaction with no `await`, and a PostgreSQL store may run it again after losing a race.
 *
 * @example
 * ```ts
 * const draw = (deck: DeckState): Change<DeckState, string[]> => {
 *   const r = drawCards(deck, 2);
 *   return { next: r.state, result: r.cards };
 * };
 * ```
 */
export interface Change<Doc, T> {
  readonly next: Doc | null;
  readonly result: T;
}
