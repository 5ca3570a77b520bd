/**
 * Every index sequence of a Fisher–Yates shuffle of n items — j_i ∈ [0, n − i) for each step
 * i < n − 1, n! sequences in all — as the scripted words that force it under shuffle v1: one
 * 16-bit half per step, low half first, each the largest half that the exact reducer maps to
 * j_i (never a rejected one). For exhaustive proofs: feed each to a shuffle, count the orders.
 */
export function* forcingWords(n: number): Generator<number[]> {
  const total = factorial(n);
  for (let code = 0; code < total; code++) {
    const halves: number[] = [];
    let rest = code; // code in mixed radix: digit i is j_i, base n − i
    for (let i = 0; i < n - 1; i++) {
      const bound = n - i;
      halves.push(Math.floor((((rest % bound) + 1) * 65536 - 1) / bound));
      rest = Math.floor(rest / bound);
    }
    const words: number[] = [];
    for (let i = 0; i < halves.length; i += 2)
      words.push(halves[i]! + (halves[i + 1] ?? 0) * 65536);
    yield words;
  }
}

/** n! for small n (exact below 19). */
export function factorial(n: number): number {
  let f = 1;
  for (let k = 2; k <= n; k++) f *= k;
  return f;
}
