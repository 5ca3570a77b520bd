import type { DoudizhuScore } from '../../rules/doudizhu/index.ts';

/**
 * A Dou Dizhu hand's score at a table with stakes (底分) `stakes`: every point multiplied — the
 * farmers' `unit`, what each seat settles (`stakes`) and won or lost (`deltas`); the rules'
 * `base` and `multiplier` stay as the rules count them, so a reader sees where the points came
 * from. Running totals, the sums of the deltas, follow. Stakes 1 (the default) change nothing.
 *
 * @example
 * ```ts
 * stakedScore(score, 5)?.deltas; // [60, -30, -30] for the rules' [12, -6, -6]
 * ```
 * @throws never.
 */
export function stakedScore(score: DoudizhuScore | null, stakes = 1): DoudizhuScore | null {
  if (score === null || stakes === 1) return score;
  return {
    ...score,
    doubled: [...score.doubled],
    unit: score.unit * stakes,
    stakes: score.stakes.map((x) => x * stakes),
    deltas: score.deltas.map((x) => x * stakes),
  };
}
