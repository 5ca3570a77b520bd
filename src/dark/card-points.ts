import { FairdealError } from '../errors.ts';
import type { Destination } from '../games/index.ts';
import { dealFromDeck, presetDeck } from '../games/index.ts';
import { pointHex } from './bytes.ts';
import { DST } from './hash.ts';
import type { DarkGroup, DarkPoint } from './load-group.ts';

/** The deck of a dark hand: each card id's group element, and where each position is dealt. */
export interface DarkDeck {
  /** Card ids in the preset's canonical order (the start deck's order). */
  readonly ids: readonly string[];
  /** M_j = hash_to_ristretto255(utf8(ids[j]), DST "fairdeal-dark-v1 card"). */
  readonly points: readonly DarkPoint[];
  /** Where position i of the final shuffled deck goes (`hand:0`, `kitty`, …), as `deal` routes it. */
  readonly route: readonly Destination[];
  /** The card id whose element has this hex encoding. */
  cardOf(hex: string): string | undefined;
}

const cache = new Map<string, DarkDeck>();
const encoder = new TextEncoder();

/**
 * The deck of a dark hand of `preset` with `seats` seats: each card id maps to a ristretto255
 * element by hash-to-group (RFC 9380's hash_to_ristretto255, expand_message_xmd with SHA-512,
 * then RFC 9496 §4.3.4 element derivation), so nobody knows a discrete logarithm between two
 * cards. All elements are checked distinct.
 *
 * @example
 * ```ts
 * const deck = darkDeck(await loadDarkGroup(), 'doudizhu', 3);
 * deck.ids.length; // 54
 * deck.route[0]; // 'hand:0'
 * ```
 * @throws {FairdealError} `UNKNOWN_PRESET`, `BAD_OPTION` as `deal`; `BAD_DECK` if two cards
 *   share an id (a multi-deck preset whose copies are not told apart).
 */
export function darkDeck(group: DarkGroup, preset: string, seats: number): DarkDeck {
  const key = `${preset}\u0000${seats}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const cards = presetDeck(preset, { seats });
  const route = dealFromDeck(preset, cards, { seats }).route;
  const ids = cards.map((c) => c.id);
  const points = ids.map((id) => group.hasher.hashToCurve(encoder.encode(id), { DST: DST.card }));
  const byHex = new Map<string, string>();
  points.forEach((p, j) => {
    byHex.set(pointHex(p), ids[j]!);
  });
  if (byHex.size !== ids.length || new Set(ids).size !== ids.length) {
    throw new FairdealError(
      'BAD_DECK',
      `dark deals need distinct cards; ${preset}'s deck repeats one`,
    );
  }
  const deck: DarkDeck = Object.freeze({
    ids: Object.freeze(ids),
    points: Object.freeze(points),
    route: Object.freeze(route.slice()),
    cardOf: (hex: string) => byHex.get(hex),
  });
  cache.set(key, deck);
  return deck;
}
