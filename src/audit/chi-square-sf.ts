/**
 * The smallest p-value the auditor reports: anything smaller is returned as this floor ("p <
 * 1e−12"), never as a false precise number. Verdict thresholds are ≥ 1e−7 (α = 0.001 over ≤ 5
 * tests), five orders of magnitude above it, so the floor never changes a verdict.
 */
export const P_VALUE_FLOOR = 1e-12;

/**
 * Upper-tail probability of the chi-square distribution, P(X ≥ x) for X ~ χ²(df): the regularized
 * upper incomplete gamma Q(df/2, x/2), computed directly (no dependency, browser-safe). Values
 * below {@link P_VALUE_FLOOR} are returned as the floor: the true p-value is at most that.
 *
 * Q is computed as itself, not as 1 − P, so the tail keeps its relative accuracy: against the
 * mpmath values of test/vectors/audit-chi2-reference.json (df 1 … 2652, p from 0.9 down to
 * 1e−10) the largest relative error measured is 1.7e−12, at every p alike (statistics.test.ts
 * holds it under 1e−11); jstat's 1 − P, used before 0.2.0, was off by 3.2e−7 at p = 1e−10.
 *
 * @example
 * ```ts
 * chiSquareSf(2700, 2601); // ≈ 0.0861587
 * ```
 * @throws {TypeError} if x or df is not a number.
 * @throws {RangeError} if df is not a positive finite number or x is NaN.
 */
export function chiSquareSf(x: number, df: number): number {
  if (typeof x !== 'number' || typeof df !== 'number') {
    throw new TypeError('chiSquareSf needs numbers (x, df)');
  }
  if (!(df > 0) || !Number.isFinite(df)) throw new RangeError(`df must be positive, got ${df}`);
  if (Number.isNaN(x)) throw new RangeError('chi-square statistic is NaN');
  if (x <= 0) return 1;
  if (x === Number.POSITIVE_INFINITY) return P_VALUE_FLOOR;
  const q = upperGammaQ(df / 2, x / 2);
  return Math.min(1, Math.max(P_VALUE_FLOOR, q));
}

/** Convergence: stop when a step changes the result by less than an ulp or two. */
const EPS = 2 ** -53;
/** Lentz's guard against a zero denominator (Numerical Recipes 3rd ed., §5.2). */
const TINY = 1e-300;
/** Far more than needed: the continued fraction converges in O(√a) steps (a ≤ 1327 here). */
const MAX_STEPS = 100_000;

/**
 * Regularized upper incomplete gamma Q(a, x) = Γ(a, x) / Γ(a), for a > 0, x > 0: the series for
 * P when x < a + 1 (there Q is not small, so 1 − P loses nothing), otherwise the continued
 * fraction for Q itself by the modified Lentz method — Numerical Recipes 3rd ed., §6.2
 * (gser / gcf); DLMF 8.7.1 and 8.9.2.
 */
export function upperGammaQ(a: number, x: number): number {
  // x^a e^(−x) / Γ(a), in logs: every term is accurate to an ulp of itself, so for the auditor's
  // largest a (≈ 1326, terms ≈ 1e4) the exponent is good to ≈ 1e−12 absolute, i.e. relative.
  const logFront = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    // DLMF 8.7.1: γ(a, x) = x^a e^(−x) Σ x^n / (a (a+1) … (a+n)).
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < MAX_STEPS; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    return 1 - sum * Math.exp(logFront);
  }
  // DLMF 8.9.2 in its even form (NR eq. 6.2.7): Γ(a, x) = x^a e^(−x) / (x+1−a − 1(1−a)/(x+3−a − …)).
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_STEPS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < EPS) break;
  }
  return Math.exp(logFront) * h;
}

const HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

/**
 * ln Γ(z) for z > 0: Stirling's series (DLMF 5.11.1, seven terms) at z ≥ 15, where its first
 * omitted term is below 1e−18, reached from smaller z by the recurrence Γ(z) = Γ(z+n) / (z…(z+n−1)).
 */
export function logGamma(z: number): number {
  let shift = 0;
  let product = 1;
  while (z + shift < 15) {
    product *= z + shift;
    shift++;
  }
  const w = z + shift;
  const w2 = w * w;
  // Bernoulli terms B_2k / (2k (2k−1) w^(2k−1)), k = 1 … 7, by Horner in 1/w².
  const series =
    (1 / w) *
    (1 / 12 +
      (1 / w2) *
        (-1 / 360 +
          (1 / w2) *
            (1 / 1260 +
              (1 / w2) *
                (-1 / 1680 +
                  (1 / w2) * (1 / 1188 + (1 / w2) * (-691 / 360360 + (1 / w2) * (1 / 156)))))));
  return (w - 0.5) * Math.log(w) - w + HALF_LOG_TWO_PI + series - Math.log(product);
}
