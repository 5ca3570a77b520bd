// The statistics every benchmark table is made of: quantiles of per-round ratios. A ratio is
// taken within a round (two contenders timed seconds apart, interleaved), never between medians
// measured minutes apart, so that a shared machine's drift lands on both sides alike.

/** Median and interquartile range of a set of measurements. */
export type Spread = { readonly median: number; readonly q1: number; readonly q3: number };

/**
 * The q-quantile (0 ≤ q ≤ 1) of an ascending list, linearly interpolated between the two
 * nearest ranks (R's type 7, numpy's default); NaN for an empty list.
 *
 * @example
 * quantile([1, 2, 3, 4], 0.5); // 2.5
 */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/**
 * Median and quartiles of `xs`, ignoring NaN (a round in which a contender did not run).
 *
 * @example
 * spread([3, 1, 2]); // { median: 2, q1: 1.5, q3: 2.5 }
 */
export function spread(xs: readonly number[]): Spread {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return { median: quantile(s, 0.5), q1: quantile(s, 0.25), q3: quantile(s, 0.75) };
}

/**
 * The spread of the per-round ratios xs[i] ÷ ys[i] (rates measured in the same round); rounds
 * are paired by index, and a list longer than the other has its extra rounds ignored.
 *
 * @example
 * ratioSpread([2, 4, 6], [1, 2, 2]).median; // 2
 */
export function ratioSpread(xs: readonly number[], ys: readonly number[]): Spread {
  const n = Math.min(xs.length, ys.length);
  const ratios: number[] = [];
  for (let i = 0; i < n; i++) ratios.push(xs[i]! / ys[i]!);
  return spread(ratios);
}

/**
 * Per round, the fastest of `names`' rates (and which of them was fastest in most rounds, the
 * first listed on a tie); undefined when `names` is empty.
 *
 * @example
 * bestPerRound({ a: [1, 5], b: [2, 3] }, ['a', 'b']); // { rates: [2, 5], name: 'b' }
 */
export function bestPerRound(
  rates: Readonly<Record<string, readonly number[]>>,
  names: readonly string[],
): { rates: number[]; name: string } | undefined {
  const present = names.filter((name) => rates[name] !== undefined);
  if (present.length === 0) return undefined;
  const rounds = Math.min(...present.map((name) => rates[name]!.length));
  const best: number[] = [];
  const wins = new Map<string, number>(present.map((name) => [name, 0]));
  for (let r = 0; r < rounds; r++) {
    let top = present[0]!;
    for (const name of present) if (rates[name]![r]! > rates[top]![r]!) top = name;
    best.push(rates[top]![r]!);
    wins.set(top, wins.get(top)! + 1);
  }
  let name = present[0]!;
  for (const [p, w] of wins) if (w > wins.get(name)!) name = p;
  return { rates: best, name };
}
