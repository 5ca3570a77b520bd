import { type AuditResult, formatSummary } from '../../audit/index.ts';
import type { ModuleProbe } from './probe-module.ts';

/** The CLI's verdict: the auditor's, plus `inconclusive` when too few trials ran to judge. */
export type CliVerdict = 'uniform' | 'biased' | 'broken' | 'inconclusive';

/** Exit status of `fairdeal audit` (docs/AUDIT.md, "Exit status"). */
export const AUDIT_EXIT = {
  uniform: 0,
  biased: 1,
  broken: 1,
  usage: 2,
  inconclusive: 3,
  /** Uniform, but the heatmap asked for could not be drawn or written. */
  heatmapFailed: 4,
} as const;

/** An audit as the CLI reports it. */
export interface JudgedAudit {
  readonly verdict: CliVerdict;
  /** Why the verdict is inconclusive (absent otherwise). */
  readonly inconclusive?: string;
  /** false when --seed cannot reproduce the run; undefined when that could not be checked. */
  readonly reproducible: boolean | undefined;
  /** Why the run is not (or not known to be) reproducible. */
  readonly reproducibility?: string;
}

/**
 * Judges an audit for the command line. A `uniform` verdict is only evidence when the
 * card-position test (or, for n ≤ 6, the test of all n! orders) could run: with fewer trials than
 * 5 per card × position cell no test sees the classic biases, and `--trials 5` once passed a
 * biased shuffle as uniform. Such a run is `inconclusive` (exit 3), never `uniform`. A `biased`
 * verdict stands whatever the trials: a rejection at α is evidence at any sample size.
 *
 * @example
 * ```ts
 * judgeAudit(await runAudit({ kind: 'fairdeal' }, { trials: 5 })).verdict; // 'inconclusive'
 * ```
 * @throws never.
 */
export function judgeAudit(result: AuditResult, probe?: ModuleProbe): JudgedAudit {
  let reproducible: boolean | undefined = true;
  let reproducibility: string | undefined;
  if (probe !== undefined && probe.kind === 'ok') {
    reproducible = probe.reproducible;
    reproducibility =
      probe.reproducible === false
        ? probe.reason
        : probe.reproducible === undefined
          ? 'not checked: the module did not finish a trial run before the audit'
          : undefined;
  }
  const base = {
    reproducible,
    ...(reproducibility === undefined ? {} : { reproducibility }),
  };
  if (result.verdict !== 'uniform' || result.n < 2) return { verdict: result.verdict, ...base };
  const judged = result.tests.some(
    (t) => t.applicable && (t.name === 'card-position' || t.name === 'permutations'),
  );
  if (judged) return { verdict: 'uniform', ...base };
  const needed = 5 * result.n;
  return {
    verdict: 'inconclusive',
    inconclusive: `too few trials to judge: the card-position test needs at least 5 per card × position cell (≥ ${needed.toLocaleString('en-US')} trials at n = ${result.n}), this run had ${result.trials.toLocaleString('en-US')}`,
    ...base,
  };
}

/**
 * The exit status for a judged audit (before any heatmap trouble).
 *
 * @example
 * ```ts
 * auditExitStatus({ verdict: 'inconclusive', reproducible: true }); // 3
 * ```
 * @throws never.
 */
export function auditExitStatus(judged: JudgedAudit): number {
  return AUDIT_EXIT[judged.verdict];
}

/**
 * The text `fairdeal audit` prints: the auditor's summary with the CLI's verdict on the first
 * line, and a note when --seed does not reproduce the run.
 *
 * @example
 * ```ts
 * io.out(auditSummary(result, judgeAudit(result)));
 * ```
 * @throws never.
 */
export function auditSummary(result: AuditResult, judged: JudgedAudit): string {
  const lines = formatSummary(result).split('\n');
  if (judged.verdict === 'inconclusive') {
    lines[0] = `${result.subject}: INCONCLUSIVE — ${judged.inconclusive}`;
    const warning = lines.findIndex((l) => l.startsWith('  warning: too few trials'));
    if (warning >= 0) lines.splice(warning, 1);
  }
  if (judged.reproducible === false || judged.reproducible === undefined) {
    const at = lines.findIndex((l) => l.startsWith('  n = '));
    lines.splice(
      at + 1,
      0,
      `  note: the seed does not reproduce this run: ${judged.reproducibility}`,
    );
  }
  return lines.join('\n');
}

/**
 * The JSON `fairdeal audit --json` prints: the result without its raw typed arrays, the CLI's
 * verdict (with `conclusive` and why not), whether --seed reproduces the run, and the
 * card × position matrix.
 *
 * @example
 * ```ts
 * JSON.parse(auditJson(result, judgeAudit(result))).conclusive; // true
 * ```
 * @throws never.
 */
export function auditJson(result: AuditResult, judged: JudgedAudit): string {
  const { counts, verdict: _auditor, ...rest } = result;
  const matrix =
    counts === undefined
      ? undefined
      : Array.from({ length: counts.n }, (_, card) =>
          Array.from(counts.position.subarray(card * counts.n, (card + 1) * counts.n)),
        );
  const body = {
    verdict: judged.verdict,
    conclusive: judged.verdict !== 'inconclusive',
    ...(judged.inconclusive === undefined ? {} : { inconclusive: judged.inconclusive }),
    ...rest,
    reproducible: judged.reproducible ?? null,
    ...(judged.reproducibility === undefined ? {} : { reproducibility: judged.reproducibility }),
    cardPositionCounts: matrix,
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}
