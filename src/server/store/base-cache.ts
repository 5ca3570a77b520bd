import type { DeckBase } from './deck-base.ts';

/**
 * The parsed bases of the decks in use, by id, so that a draw reads a few numbers instead of
 * parsing its deck (up to 1,080 card ids). A base never changes once written — a new one comes
 * with a new version — so an entry is valid exactly while the row's `base_version` is its
 * version. Bounded by the card slots held (stack, drawn cards, composition): 4,000,000 by default,
 * about 33 MB (8 bytes a slot, measured on Node 24: JSON.parse shares the short card strings),
 * some 2,000 twenty-deck shoes or 38,000 single decks; dropped wholesale when full.
 *
 * @example
 * ```ts
 * const bases = new BaseCache();
 * const base = bases.get(id, row.base_version) ?? bases.put(id, parseBase(version, row.state, row.cards));
 * ```
 */
export class BaseCache {
  readonly #bases = new Map<string, DeckBase>();
  readonly #limit: number;
  #held = 0;

  constructor(limit = 4_000_000) {
    this.#limit = limit;
  }

  /** The base of `id` if the one held is at `version`. */
  get(id: string, version: number): DeckBase | undefined {
    const base = this.#bases.get(id);
    return base?.version === version ? base : undefined;
  }

  /** The version of the base held for `id`, or -1 (for a read that skips a base it has). */
  versionOf(id: string): number {
    return this.#bases.get(id)?.version ?? -1;
  }

  /** Keeps `base` as the one of its deck; answers it. */
  put(id: string, base: DeckBase): DeckBase {
    const old = this.#bases.get(id);
    if (old !== undefined) this.#held -= sizeOf(old);
    if (this.#held + sizeOf(base) > this.#limit) this.clear();
    this.#bases.set(id, base);
    this.#held += sizeOf(base);
    return base;
  }

  clear(): void {
    this.#bases.clear();
    this.#held = 0;
  }
}

function sizeOf(base: DeckBase): number {
  const { cards, stack, drawn, piles } = base.deck;
  let size = cards.length + stack.length + drawn.length;
  for (const name in piles) size += piles[name]!.length;
  return size;
}
