/**
 * The binomial distribution, exactly (sums of probabilities in log space, no normal
 * approximation): for the bot's win-rate intervals (bench/bots.ts) and its test's threshold.
 */

const logFactorials: number[] = [0];

function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++)
    logFactorials[i] = logFactorials[i - 1]! + Math.log(i);
  return logFactorials[n]!;
}

function logPmf(n: number, k: number, p: number): number {
  if (p === 0) return k === 0 ? 0 : Number.NEGATIVE_INFINITY;
  if (p === 1) return k === n ? 0 : Number.NEGATIVE_INFINITY;
  return (
    logFactorial(n) -
    logFactorial(k) -
    logFactorial(n - k) +
    k * Math.log(p) +
    (n - k) * Math.log1p(-p)
  );
}

/** P(X ≥ k) for X ~ Binomial(n, p). */
export function binomialAtLeast(n: number, k: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  let max = Number.NEGATIVE_INFINITY;
  const terms: number[] = [];
  for (let i = k; i <= n; i++) {
    const t = logPmf(n, i, p);
    terms.push(t);
    if (t > max) max = t;
  }
  if (max === Number.NEGATIVE_INFINITY) return 0;
  let sum = 0;
  for (const t of terms) sum += Math.exp(t - max);
  return Math.min(1, Math.exp(max) * sum);
}

/** P(X ≤ k) for X ~ Binomial(n, p). */
export function binomialAtMost(n: number, k: number, p: number): number {
  return 1 - binomialAtLeast(n, k + 1, p);
}

/**
 * The Clopper–Pearson interval for a success rate: k successes in n trials, two-sided at
 * `level` (0.95): the exact binomial interval, never narrower than it should be.
 */
export function clopperPearson(k: number, n: number, level = 0.95): [number, number] {
  const tail = (1 - level) / 2;
  // lower: the p at which P(X ≥ k) = tail; upper: the p at which P(X ≤ k) = tail.
  const lower = k === 0 ? 0 : bisect((p) => binomialAtLeast(n, k, p) < tail);
  const upper = k === n ? 1 : bisect((p) => binomialAtMost(n, k, p) > tail);
  return [lower, upper];
}

/** The p in [0, 1] where `below(p)` turns from true to false (it must be monotone). */
function bisect(below: (p: number) => boolean): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (below(mid)) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The smallest k with P(X ≥ k) ≤ alpha for X ~ Binomial(n, p): a count that a player of true rate
 * p reaches by luck with probability at most alpha.
 */
export function binomialThreshold(n: number, p: number, alpha: number): number {
  let k = Math.floor(n * p);
  while (binomialAtLeast(n, k, p) > alpha) k++;
  return k;
}
