/**
 * The indexable view the core loop needs; Arrays and TypedArrays both fit. In its own file so
 * that fisher-yates.ts and its fast paths (blocked.ts, speculate.ts) share it without importing
 * each other in a circle.
 */
export interface Swappable {
  readonly length: number;
  [index: number]: unknown;
}
