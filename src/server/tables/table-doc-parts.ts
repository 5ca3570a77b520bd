import type { DocParts } from '../store/doc-parts.ts';
import type { HandDocument, TableDocument } from './table-doc.ts';

type TableField = Exclude<keyof TableDocument, 'hand'>;
type HandField = keyof HandDocument;

/**
 * The fields of a table's document that the stores keep as its base (store/doc-parts.ts),
 * written only by the changes that replace one of them: the seats' keys, names, tokens and
 * invites, the table's settings and the history of its last hands; of the hand, its
 * fair-protocol record (announcement, commits, roster, reveals, receipts, the sealed round, the
 * bots' sealed seeds). In a Dou Dizhu hand those change with the claims, the three commits, the
 * three reveals and the hand's end; the bids, plays and passes in between — four in five
 * actions — write the rest alone: the game state, the log, the clock and the event counters.
 * The base is stored as the document was (sealed fields sealed): nothing moves out of the box.
 *
 * @example
 * ```ts
 * openSqliteTableStore<SealedTableDocument>({ path }, TABLE_DOC_PARTS);
 * ```
 */
export const TABLE_DOC_PARTS: DocParts = {
  top: [
    'history',
    'seatKeys',
    'botKeys',
    'names',
    'players',
    'bots',
    'invites',
    'hostToken',
    'seatTokens',
    'watchToken',
    'watchTokenHash',
    'options',
    'rules',
  ] satisfies TableField[],
  nested: {
    hand: [
      'announcement',
      'commits',
      'roster',
      'reveals',
      'receipts',
      'round',
      'botSeeds',
    ] satisfies HandField[],
  },
};
