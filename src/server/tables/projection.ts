import type { Audience } from '../store/table-store.ts';
import { privateView } from './private-view.ts';
import { publicView } from './public-view.ts';
import type { TableDocument } from './table-doc.ts';
import type { PrivateView, PublicTableView } from './view-parts.ts';
import { audienceOf, audiences } from './viewer.ts';

/** A table as its viewers see it: the part they all see alike, and each one's own. */
export interface Projection {
  readonly public: PublicTableView;
  /** Per audience (`seat:0` …, `host`, a room's `spectator`): exactly what that viewer alone sees. */
  readonly private: ReadonlyMap<Audience, PrivateView>;
}

/**
 * What every viewer of the table sees, in its two parts: `view(doc, viewer, version)` is
 * `mergeView(p.public, p.private.get(audienceOf(viewer)))` (view.ts). A change's events keep
 * these parts as they are (apply-action.ts, `tableEvents`): the public part once, each
 * audience's private part with that audience's event. The house's bot seats have no audience.
 *
 * @example
 * ```ts
 * const p = projection(doc, 7);
 * p.private.get('seat:1')?.hand?.yourCards; // seat 1's cards, and in p.public no one's
 * ```
 * @throws never.
 */
export function projection(doc: TableDocument, version: number): Projection {
  return {
    public: publicView(doc, version),
    // The house's bot reads no events (it moves in the service, from the document): a bot seat
    // gets no private part, so its cards are never written as an event (docs/TABLES.md, "Bots").
    private: new Map(
      audiences(doc.seats, doc.roomCodeHash !== undefined)
        .filter((v) => v.kind !== 'seat' || doc.bots?.includes(v.seat) !== true)
        .map((v) => [audienceOf(v), privateView(doc, v)]),
    ),
  };
}
