import type { AuditResult } from './audit-result.ts';
import { P_VALUE_FLOOR } from './chi-square-sf.ts';

/**
 * A p-value for people: 3 significant digits, `< 1e-12` at the floor where the library's value
 * is no longer accurate (see `P_VALUE_FLOOR`).
 *
 * @example
 * ```ts
 * formatP(0.000123); // '1.23e-4'
 * ```
 * @throws never.
 */
export function formatP(p: number): string {
  if (typeof p !== 'number') throw new TypeError('formatP needs a number');
  if (p <= P_VALUE_FLOOR) return '< 1e-12';
  if (p >= 0.001) return p.toFixed(4);
  const [m, e] = p.toExponential(2).split('e');
  return `${m}e${Number(e)}`;
}

const BROKEN_WORDS: Record<string, string> = {
  threw: 'threw an exception',
  'did-not-terminate': 'did not terminate',
  'not-a-permutation': 'not a permutation',
  crashed: 'crashed',
  'not-loadable': 'could not be loaded',
};

/**
 * The plain-text summary of an audit that `fairdeal audit` prints: verdict, tests table, worst
 * cells, throughput.
 *
 * @example
 * ```ts
 * console.log(formatSummary(result));
 * ```
 * @throws never.
 */
export function formatSummary(result: AuditResult): string {
  if (result === null || typeof result !== 'object' || !Array.isArray(result.tests)) {
    throw new TypeError('formatSummary needs an AuditResult');
  }
  const lines: string[] = [];
  const head = `${result.subject}: ${result.verdict.toUpperCase()}`;
  if (result.verdict === 'broken' && result.broken !== undefined) {
    const at = result.broken.trial === undefined ? '' : ` (trial ${result.broken.trial})`;
    lines.push(`${head} — ${BROKEN_WORDS[result.broken.kind]}${at}: ${result.broken.message}`);
  } else {
    lines.push(head);
  }
  lines.push(
    `  n = ${result.n} cards, ${result.trials} trials, family-wise α = ${result.alpha}` +
      (result.verdict === 'broken'
        ? ''
        : ` (Bonferroni: p < ${formatP(result.threshold)} per test)`) +
      (result.seed === undefined ? '' : `, seed ${result.seed}`),
  );
  if (result.tests.length > 0) {
    lines.push(
      `  ${'test'.padEnd(18)}${'statistic'.padStart(12)}${'df'.padStart(7)}${'p-value'.padStart(11)}`,
    );
    for (const t of result.tests) {
      if (!t.applicable) {
        lines.push(
          `  ${t.name.padEnd(18)}${'—'.padStart(12)}${''.padStart(7)}${'—'.padStart(11)}  (${t.note})`,
        );
        continue;
      }
      const flag = t.p < result.threshold ? '  ✗ rejects' : '';
      lines.push(
        `  ${t.name.padEnd(18)}${t.statistic.toFixed(1).padStart(12)}${String(t.df).padStart(7)}${formatP(t.p).padStart(11)}${flag}`,
      );
    }
  }
  if (result.verdict === 'uniform' && !result.tests.some((t) => t.applicable)) {
    lines.push('  warning: too few trials for any test to run — this verdict carries no evidence');
  }
  if (result.verdict === 'biased' && result.worst.length > 0) {
    lines.push('  worst cells (card → position: observed vs expected):');
    for (const c of result.worst.slice(0, 5)) {
      lines.push(
        `    card ${c.card} → position ${c.position}: ${c.observed} vs ${c.expected.toFixed(1)} (${c.ratio.toFixed(2)}×, z = ${c.z.toFixed(1)})`,
      );
    }
  }
  if (result.seconds !== undefined) {
    const rate =
      result.trialsPerSecond === undefined
        ? ''
        : `, ${Math.round(result.trialsPerSecond).toLocaleString('en-US')} trials/s`;
    lines.push(`  ${result.seconds.toFixed(2)} s on ${result.workers ?? 1} worker(s)${rate}`);
  }
  return `${lines.join('\n')}\n`;
}
