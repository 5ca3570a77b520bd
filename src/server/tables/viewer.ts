/**
 * Who is asking: one seat, the host (who sees only what everyone sees), or a spectator of a room
 * (who sees the same, and may do nothing but read: docs/TABLES.md, "Rooms").
 */
export type Viewer =
  | { readonly kind: 'seat'; readonly seat: number }
  | { readonly kind: 'host' }
  | { readonly kind: 'spectator' };

/**
 * The event audience of a viewer: `seat:N`, `host` or `spectator` (store/table-store.ts).
 *
 * @example
 * ```ts
 * audienceOf({ kind: 'seat', seat: 2 }); // 'seat:2'
 * ```
 * @throws never.
 */
export function audienceOf(viewer: Viewer): string {
  return viewer.kind === 'seat' ? `seat:${viewer.seat}` : viewer.kind;
}

/**
 * The viewer an audience names (the inverse of {@link audienceOf}).
 *
 * @example
 * ```ts
 * viewerOf('seat:1'); // { kind: 'seat', seat: 1 }
 * ```
 * @throws never (an audience of no viewer reads as the host, who sees what every viewer sees).
 */
export function viewerOf(audience: string): Viewer {
  if (audience === 'spectator') return { kind: 'spectator' };
  if (audience.startsWith('seat:')) return { kind: 'seat', seat: Number(audience.slice(5)) };
  return { kind: 'host' };
}

/**
 * Every audience of a table with `seats` seats, seats first; a room's spectators last (only a
 * room has them, so other tables store no spectator events).
 *
 * @example
 * ```ts
 * audiences(3); // [seat:0 seat:1 seat:2 host]
 * audiences(3, true); // [seat:0 seat:1 seat:2 host spectator]
 * ```
 * @throws never.
 */
export function audiences(seats: number, room = false): Viewer[] {
  return [
    ...Array.from({ length: seats }, (_, seat) => ({ kind: 'seat' as const, seat })),
    { kind: 'host' as const },
    ...(room ? [{ kind: 'spectator' as const }] : []),
  ];
}
