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
  // Tight loops over one pair at a time, each bounded by what the pairs before left: the work is
  // one pass over the texts (this runs on every table action).
  let p = first.length;
  for (let k = 1; k < events.length; k++) {
    const d = events[k]!.data;
    const m = Math.min(p, d.length);
    let i = 0;
    while (i < m && d.charCodeAt(i) === first.charCodeAt(i)) i++;
    p = i;
  }
  // A cut inside a surrogate pair would leave halves of a character in different columns;
  // harmless for JavaScript strings but not for a database's UTF-8 text, so step back.
  if (p > 0 && isHighSurrogate(first.charCodeAt(p - 1))) p--;
  let s = first.length - p;
  for (let k = 1; k < events.length; k++) {
    const d = events[k]!.data;
    const m = Math.min(s, d.length - p);
    let i = 0;
    while (i < m && d.charCodeAt(d.length - 1 - i) === first.charCodeAt(first.length - 1 - i)) i++;
    s = i;
  }
  if (s > 0 && isLowSurrogate(first.charCodeAt(first.length - s))) s--;
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
