// Minimal types for the untyped peers the benchmark compares against (no @types packages exist
// for these exact versions; the benchmark only calls their default export).
declare module 'lodash.shuffle' {
  export default function shuffle<T>(collection: ArrayLike<T>): T[];
}
declare module 'shuffle-array' {
  export default function shuffle<T>(
    array: T[],
    options?: { copy?: boolean; rng?: () => number },
  ): T[];
}
