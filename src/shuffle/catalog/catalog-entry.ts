import type { RandomSource } from '../../random/source.ts';

/**
 * Where an algorithm comes from: a founding document (one of the five blog posts docs/AUDIT.md
 * names, by its number) and what that document calls it.
 */
export interface CatalogSource {
  /**
   * The founding document's number, `000` … `004` (docs/AUDIT.md names each by its title and
   * where it was published), or `issue 4` for an entry a fairdeal issue added.
   */
  readonly document: string;
  /** What the document calls it (original wording), e.g. `shuffle_pick_1 抽牌法`. */
  readonly calls: string;
}

/**
 * One shuffle of the catalogue: the founding documents' code, transcribed faithfully (bugs
 * included) with `Math.random()` replaced by an injectable source (see `randomDouble`).
 */
export interface CatalogEntry {
  /** Stable kebab-case name used by `fairdeal audit --algorithm NAME`. */
  readonly name: string;
  /** Short human title. */
  readonly title: string;
  /** The documents that show it (first is the one transcribed). */
  readonly sources: readonly CatalogSource[];
  /** Time complexity for n items, e.g. `O(n)`, `O(n²)`, `never terminates (n ≥ 2)`. */
  readonly time: string;
  /** Extra space beyond the input, e.g. `O(1)`, `O(n)`. */
  readonly space: string;
  /** Whether every one of the n! orders is equally likely. */
  readonly uniform: boolean;
  /** Why it is (or is not) uniform, in one or two sentences. */
  readonly why: string;
  /** Whether `run` finishes for every n ≥ 0 (false: the auditor must stop it by a time limit). */
  readonly terminates: boolean;
  /** The complexity class used to group it on the complexity plot. */
  readonly growth: 'n' | 'n log n' | 'n²' | 'n² log n' | 'never';
  /**
   * Shuffles `array` the way the document does. In-place algorithms shuffle `array` itself and
   * return it; the others leave it untouched and return a new array. Uses `Math.random` (via the
   * insecure adapter) when `source` is omitted, exactly as the document.
   */
  run<T>(array: T[], source?: RandomSource): T[];
}
