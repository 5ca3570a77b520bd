import type { StateEvent } from '../../client/index.ts';
import type { StoredEvent } from '../store/table-store.ts';
import { mergeView } from './view.ts';
import type { PrivateView, PublicStateEvent } from './view-parts.ts';

/**
 * A stored `state` event as its audience receives it: the public part of its change merged with
 * the audience's own (view.ts, `mergeView`) — the action, then the table as that viewer sees it.
 * An event stored before its parts were kept apart (`public: null`) is read whole, as it was sent.
 * The store's rows are the service's own writing (apply-action.ts, `tableEvents`), opened by the
 * codec (sealed-table-store.ts).
 *
 * @example
 * ```ts
 * eventData(event).table.hand?.yourCards; // the audience's cards, as in its view()
 * ```
 * @throws {SyntaxError} when a part is not JSON (a row not written by this service).
 */
export function eventData(e: StoredEvent): StateEvent {
  if (e.public === null) return JSON.parse(e.data);
  const shared: PublicStateEvent = JSON.parse(e.public);
  const own: PrivateView = JSON.parse(e.data);
  return { action: shared.action, table: mergeView(shared.table, own) };
}

/**
 * {@link eventData} as the text a stream sends (an event stored whole: its text as stored).
 *
 * @example
 * ```ts
 * send(`id: ${e.id}\nevent: ${e.type}\ndata: ${eventText(e)}\n\n`);
 * ```
 * @throws {SyntaxError} as {@link eventData}.
 */
export function eventText(e: StoredEvent): string {
  return e.public === null ? e.data : JSON.stringify(eventData(e));
}
