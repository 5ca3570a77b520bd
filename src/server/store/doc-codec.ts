import { ColdCache } from './cold-cache.ts';
import { type ColdPart, type DocParts, joinDoc, sameBase, splitDoc } from './doc-parts.ts';

/** A document as a store writes it: its JSON, and its base's JSON where the base changed. */
export interface DocWrite {
  /** The document without its base fields (or whole, without parts). */
  readonly doc: string;
  /** The new base (JSON), or null: the base stored stays. */
  readonly base: string | null;
  /** The new base as parsed, for the cache once the write is in. */
  readonly cold: ColdPart | undefined;
}

/**
 * What the table stores share to keep a document as a base and the rest (doc-parts.ts): the
 * JSON of both, the cache of parsed bases, and the choice of writing the base or keeping it.
 * Without parts a document is one JSON text, as before schema step 9.
 *
 * @example
 * ```ts
 * const codec = new DocCodec<Doc>(parts);
 * const { doc, cold } = codec.read(id, row.doc, row.base_version, row.base, held);
 * ```
 */
export class DocCodec<Doc> {
  readonly #parts: DocParts | undefined;
  readonly #bases = new ColdCache();

  constructor(parts: DocParts | undefined) {
    this.#parts = parts;
  }

  /** The base version this process holds parsed for `id` (-1: none): a read skips that base. */
  known(id: string): number {
    return this.#parts === undefined ? -1 : this.#bases.versionOf(id);
  }

  /** The parsed base held for `id` at `version`, to keep with a read asked for it. */
  held(id: string, version: number): ColdPart | undefined {
    return this.#bases.get(id, version);
  }

  /**
   * The document from a row: `doc` with the base put back — the base read with it (`base`), or,
   * when the read skipped it as known, the one held (`held`, taken when the read was asked).
   * `baseVersion` 0: the document is whole.
   *
   * @throws {Error} when the row's base was skipped as known and none is held (a store bug).
   */
  read(
    id: string,
    docText: string,
    baseVersion: number,
    base: string | null,
    held: ColdPart | undefined,
  ): { doc: Doc; cold: ColdPart | undefined } {
    const hot: unknown = JSON.parse(docText);
    if (this.#parts === undefined || baseVersion === 0) return { doc: hot as Doc, cold: undefined };
    const cold = base !== null ? this.#bases.put(id, baseVersion, base) : held;
    if (cold === undefined) throw new Error(`table ${id}: its base ${baseVersion} was not read`);
    return { doc: joinDoc(hot, cold) as Doc, cold };
  }

  /** What to write for `next`, given the base its change read (`readCold`). */
  write(next: Doc, readCold: ColdPart | undefined): DocWrite {
    if (this.#parts === undefined)
      return { doc: JSON.stringify(next), base: null, cold: undefined };
    const { hot, cold } = splitDoc(this.#parts, next);
    const keep = sameBase(readCold, cold);
    return { doc: JSON.stringify(hot), base: keep ? null : JSON.stringify(cold), cold };
  }

  /** After a write of `w` made version `version` of `id`: a new base is held parsed. */
  written(id: string, version: number, w: DocWrite): void {
    if (w.base !== null && w.cold !== undefined) {
      this.#bases.keep(id, version, w.cold, w.base.length);
    }
  }

  /** The table is gone. */
  drop(id: string): void {
    this.#bases.drop(id);
  }
}
