import type { ColdPart } from './doc-parts.ts';

/**
 * The parsed bases of the tables in use (doc-parts.ts), by table id, so that a change reads and
 * parses only the part of a document that changes. A base never changes once written — a new
 * one comes with a new version — so an entry is valid exactly while the row's `base_version` is
 * its version; a process holding an old one is sent the new one with its read. Bounded by the
 * bases' JSON length (32 MB by default: some 2,500 Dou Dizhu tables with a full history); dropped
 * wholesale when full.
 *
 * @example
 * ```ts
 * const bases = new ColdCache();
 * const cold = bases.get(id, row.base_version) ?? bases.put(id, row.base_version, row.base);
 * ```
 */
export class ColdCache {
  readonly #bases = new Map<string, { version: number; cold: ColdPart; size: number }>();
  readonly #limit: number;
  #held = 0;

  constructor(limit = 32 * 1024 * 1024) {
    this.#limit = limit;
  }

  /** The base of `id` if the one held is at `version`. */
  get(id: string, version: number): ColdPart | undefined {
    const entry = this.#bases.get(id);
    return entry?.version === version ? entry.cold : undefined;
  }

  /** The version of the base held for `id`, or -1 (for a read that skips a base it has). */
  versionOf(id: string): number {
    return this.#bases.get(id)?.version ?? -1;
  }

  /** Parses and keeps `text` as the base of `id` at `version`; answers it. */
  put(id: string, version: number, text: string): ColdPart {
    return this.keep(id, version, JSON.parse(text) as ColdPart, text.length);
  }

  /** Keeps an already parsed base (one this process just wrote) of JSON length `size`. */
  keep(id: string, version: number, cold: ColdPart, size: number): ColdPart {
    this.drop(id);
    if (this.#held + size > this.#limit) this.clear();
    this.#bases.set(id, { version, cold, size });
    this.#held += size;
    return cold;
  }

  /** Forgets the base of `id` (its table was deleted). */
  drop(id: string): void {
    const old = this.#bases.get(id);
    if (old === undefined) return;
    this.#held -= old.size;
    this.#bases.delete(id);
  }

  clear(): void {
    this.#bases.clear();
    this.#held = 0;
  }
}
