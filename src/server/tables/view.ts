import type { TableView } from '../../client/index.ts';
import { privateView } from './private-view.ts';
import { publicView } from './public-view.ts';
import type { TableDocument } from './table-doc.ts';
import type { PrivateView, PublicTableView } from './view-parts.ts';
import type { Viewer } from './viewer.ts';

/**
 * THE projection: what `viewer` may see of a table. Every REST body, event and header about a
 * table is made from this (docs/TABLES.md, "What a seat sees"): the part every viewer sees alike
 * (public-view.ts) merged with the viewer's own (private-view.ts), each built field by field from
 * an allow-list. A seat sees its own cards and what is public; never another seat's cards, the
 * stock, a street not dealt yet, the sealed round, token hashes or stored answers. The host sees
 * what every seat sees in common.
 *
 * @example
 * ```ts
 * view(doc, { kind: 'seat', seat: 0 }, 7).hand?.yourCards; // seat 0's cards
 * ```
 * @throws never.
 */
export function view(doc: TableDocument, viewer: Viewer, version: number): TableView {
  return mergeView(publicView(doc, version), privateView(doc, viewer));
}

/**
 * One viewer's table from its two parts: the public part with the private one's fields in their
 * places (`you` after `history`; the hand's `yourCards` first). The order of the fields is that
 * of every view this service has sent.
 *
 * @example
 * ```ts
 * mergeView(publicView(doc, 7), privateView(doc, { kind: 'host' })).you; // 'host'
 * ```
 * @throws never.
 */
export function mergeView(shared: PublicTableView, own: PrivateView): TableView {
  const { hand, ...rest } = shared;
  return {
    ...rest,
    you: own.you,
    hand: hand === null ? null : { yourCards: own.hand?.yourCards ?? null, ...hand },
  };
}
