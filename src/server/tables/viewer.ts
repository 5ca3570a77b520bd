/** Who is asking: one seat, or the host (who sees only what everyone sees). */
export type Viewer = { readonly kind: 'seat'; readonly seat: number } | { readonly kind: 'host' };

/**
 * The event audience of a viewer: `seat:N` or `host` (store/table-store.ts).
 *
 * @example
 * ```ts
 * audienceOf({ kind: 'seat', seat: 2 }); // 'seat:2'
 * ```
 * @throws never.
 */
export function audienceOf(viewer: Viewer): string {
  return viewer.kind === 'seat' ? `seat:${viewer.seat}` : 'host';
}

/**
 * Every audience of a table with `seats` seats, seats first.
 *
 * @example
 * ```ts
 * audiences(3); // [seat:0 seat:1 seat:2 host]
 * ```
 * @throws never.
 */
export function audiences(seats: number): Viewer[] {
  return [
    ...Array.from({ length: seats }, (_, seat) => ({ kind: 'seat' as const, seat })),
    { kind: 'host' as const },
  ];
}
