import type { StoredEvent } from './table-store.ts';

/** One change's events, stored: the text they all share, and what is each one's own. */
export interface SplitEvents {
  /** The longest text every event's data starts with. */
  readonly prefix: string;
  /** The longest text every event's data ends with, after its prefix. */
  readonly suffix: string;
  /** Each event with `data` cut to its own part: prefix + data + suffix is the event's data. */
  readonly events: readonly StoredEvent[];
}

/**
 * Splits the events of one change into the text they share and their own parts. A change sends
 * one event per audience, and each is the same view of the table but for the viewer's seat and
 * cards (tables/view.ts puts those side by side), so the store keeps the shared text once per
 * change instead of once per audience — a quarter of the bytes at a three-seat table, which is
 * what PostgreSQL spent most of a table action's CPU on. Exact for any texts: joining
 * `prefix + own + suffix` gives every event's data back (event-bodies.test.ts, by property).
 * Fewer than two events share nothing.
 *
 * @example
 * ```ts
 * splitEvents([{ audience: 'a', id: 1, type: 't', data: 'x1y' }, { audience: 'b', id: 1, type: 't', data: 'x22y' }]);
 * // { prefix: 'x', suffix: 'y', events: [… data: '1' …, … data: '22' …] }
 * ```
 * @throws never.
 */
export function splitEvents(events: readonly StoredEvent[]): SplitEvents {
  if (events.length < 2) return { prefix: '', suffix: '', events };
  const first = events[0]!.data;
  let shortest = first.length;
  for (const e of events) shortest = Math.min(shortest, e.data.length);
  let p = 0;
  while (p < shortest && events.every((e) => e.data.charCodeAt(p) === first.charCodeAt(p))) p++;
  // A cut inside a surrogate pair would leave halves of a character in different columns;
  // harmless for JavaScript strings but not for a database's UTF-8 text, so step back.
  if (p > 0 && isHighSurrogate(first.charCodeAt(p - 1))) p--;
  let s = 0;
  const room = shortest - p;
  const at = (d: string, k: number) => d.charCodeAt(d.length - 1 - k);
  while (s < room && events.every((e) => at(e.data, s) === at(first, s))) s++;
  if (s > 0 && isLowSurrogate(at(first, s - 1))) s--;
  return {
    prefix: first.slice(0, p),
    suffix: first.slice(first.length - s),
    events: events.map((e) => ({ ...e, data: e.data.slice(p, e.data.length - s) })),
  };
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
