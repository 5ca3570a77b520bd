/**
 * Checks that `value` is an array-like of exactly the cards 0 … n−1, each once. Returns `undefined`
 * when it is, else a one-line description of what is wrong (for a `broken` verdict).
 *
 * @example
 * ```ts
 * checkPermutation([0, 0, 2], 3, new Uint8Array(3)); // 'card 0 appears twice; card 1 is missing'
 * ```
 * @throws never.
 */
export function checkPermutation(value: unknown, n: number, seen: Uint8Array): string | undefined {
  if (!Array.isArray(value) && !(ArrayBuffer.isView(value) && !(value instanceof DataView))) {
    return `returned ${describe(value)} instead of an array`;
  }
  const items = value as ArrayLike<unknown>;
  if (items.length !== n) return `returned ${items.length} items instead of ${n}`;
  seen.fill(0);
  for (let p = 0; p < n; p++) {
    const card = items[p];
    if (typeof card !== 'number' || !Number.isInteger(card) || card < 0 || card >= n) {
      return `position ${p} holds ${describe(card)}, not one of the cards 0…${n - 1}`;
    }
    if (seen[card] === 1) {
      let missing = 0;
      seen[card] = 2;
      for (let p2 = p + 1; p2 < n; p2++) {
        const c = items[p2];
        if (typeof c === 'number' && c >= 0 && c < n) seen[c] = 1;
      }
      while (missing < n && seen[missing] !== 0) missing++;
      return `card ${card} appears twice; card ${missing} is missing`;
    }
    seen[card] = 1;
  }
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'object') return `an object (${Object.prototype.toString.call(value)})`;
  return `${typeof value} ${String(value).slice(0, 40)}`;
}
