import type { PrivateView, PublicTableView } from './view-parts.ts';

/**
 * A public table's JSON cut before its last field, `hand`, which is where a viewer's own fields go
 * ({@link mergedViewJson}): made once per change, it serves as the change's public event part and
 * as the answer to the actor, where each was a JSON.stringify of the whole table (10–16 KB late
 * in a Dou Dizhu hand, about 20 µs a time).
 */
export interface TableJson {
  /** The fields before `hand`, as JSON.stringify writes them, without the closing brace. */
  readonly head: string;
  /** The hand as JSON.stringify writes it: `null` or an object. */
  readonly hand: string;
}

/**
 * `shared` as a {@link TableJson}. `hand` is the last field publicView writes (public-view.ts):
 * {@link publicTableJson} and {@link mergedViewJson} put it back there, so the texts are exactly
 * JSON.stringify's (tested: view-json.test.ts).
 *
 * @example
 * ```ts
 * const t = tableJson(publicView(doc, 7));
 * publicTableJson(t) === JSON.stringify(publicView(doc, 7)); // true
 * ```
 * @throws never.
 */
export function tableJson(shared: PublicTableView): TableJson {
  const { hand, ...rest } = shared;
  return { head: JSON.stringify(rest).slice(0, -1), hand: JSON.stringify(hand) };
}

/**
 * `JSON.stringify(shared)` from its {@link TableJson}.
 *
 * @example
 * ```ts
 * publicTableJson(tableJson(p.public)); // the public table's JSON
 * ```
 * @throws never.
 */
export function publicTableJson(t: TableJson): string {
  return `${t.head}${t.head.length > 1 ? ',' : ''}"hand":${t.hand}}`;
}

/**
 * `JSON.stringify(mergeView(shared, own))` (view.ts) from the shared part's {@link TableJson}:
 * `you` after the public fields, the hand's `yourCards` first.
 *
 * @example
 * ```ts
 * mergedViewJson(tableJson(p.public), p.private.get('seat:0')!); // seat 0's view, as JSON
 * ```
 * @throws never.
 */
export function mergedViewJson(t: TableJson, own: PrivateView): string {
  const you = own.you === undefined ? '' : `"you":${JSON.stringify(own.you)},`;
  const cards = `"yourCards":${JSON.stringify(own.hand?.yourCards ?? null)}`;
  const hand =
    t.hand === 'null' ? 'null' : t.hand === '{}' ? `{${cards}}` : `{${cards},${t.hand.slice(1)}`;
  return `${t.head}${t.head.length > 1 ? ',' : ''}${you}"hand":${hand}}`;
}
