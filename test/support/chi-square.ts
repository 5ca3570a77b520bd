/**
 * Test thresholds computed from the distribution, not guessed.
 *
 * Wilson–Hilferty: the upper-α quantile of chi-square(df), accurate to <1% for df ≥ 30.
 * Lower quantiles: pass alpha close to 1.
 */
export function chiSquareQuantile(df: number, alpha: number): number {
  const z = normalUpperQuantile(alpha);
  const h = 2 / (9 * df);
  return df * (1 - h + z * Math.sqrt(h)) ** 3;
}

function normalUpperQuantile(alpha: number): number {
  // Bisection on the complementary error function, enough for a test threshold.
  let lo = -40;
  let hi = 40;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (0.5 * erfc(mid / Math.SQRT2) > alpha) lo = mid;
    else hi = mid;
  }
  return lo;
}

function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  // Numerical Recipes erfcc, fractional error < 1.2e-7.
  const t = 1 / (1 + 0.5 * x);
  return (
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t *
                              (-1.13520398 +
                                t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    )
  );
}
