import type { ristretto255, ristretto255_hasher } from '@noble/curves/ed25519.js';
import { loadPeer } from '../audit/load-peer.ts';

/** A ristretto255 group element (RFC 9496), as @noble/curves makes it. */
export type DarkPoint = InstanceType<(typeof ristretto255)['Point']>;

/**
 * The prime-order group of dark deals: ristretto255 from @noble/curves (audited; no curve
 * arithmetic in fairdeal), with its RFC 9380 hasher. Every dark function takes one.
 */
export interface DarkGroup {
  readonly Point: (typeof ristretto255)['Point'];
  readonly hasher: typeof ristretto255_hasher;
  /** ℓ = 2^252 + 27742317777372353535851937790883648493, the group's prime order. */
  readonly order: bigint;
}

let loaded: DarkGroup | undefined;

/**
 * Loads the group of dark deals from the optional peer @noble/curves (docs/DARK.md §1). The
 * library has no dependencies: a page or service that never deals dark never loads it, and one
 * that does without it installed gets one line, not a crash at import.
 *
 * @example
 * ```ts
 * const group = await loadDarkGroup();
 * group.Point.BASE.toBytes().length; // 32
 * ```
 * @throws {FairdealError} `MISSING_PEER` when @noble/curves cannot be loaded.
 */
export async function loadDarkGroup(): Promise<DarkGroup> {
  if (loaded !== undefined) return loaded;
  const noble = await loadPeer(
    '@noble/curves',
    'dark deals',
    () => import('@noble/curves/ed25519.js'),
  );
  const Point = noble.ristretto255.Point;
  loaded = Object.freeze({ Point, hasher: noble.ristretto255_hasher, order: Point.Fn.ORDER });
  return loaded;
}
