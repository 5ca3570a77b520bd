import {
  type AuditResult,
  type AuditSubject,
  type AuditTestResult,
  type ComplexitySeries,
  DEFAULT_TRIALS,
  formatP,
} from '../../audit/index.ts';
import { chacha20 } from '../../index.ts';
import {
  catalog,
  checkDeck,
  checkDouDizhuDeal,
  dealDouDizhu000,
  foundingDecks,
} from '../../shuffle/catalog/index.ts';
import { complexityTable } from '../commands/complexity.ts';
import { shellCommand } from '../options/shell-command.ts';
import { judgeAudit } from './judge-audit.ts';

/** Everything `fairdeal audit --all` measured, from which the report is written. */
export interface AuditReportData {
  /** The audits, fairdeal first, then the catalogue in its order. */
  readonly results: readonly AuditResult[];
  /** What each audited subject is expected to be (catalogue metadata; undefined: never ends). */
  readonly subjects: readonly { subject: AuditSubject; uniform: boolean | undefined }[];
  readonly seed: string;
  readonly alpha: number;
  /** Calibration: independent audits of fairdeal's shuffle, each of calibrationTrials trials. */
  readonly runs: number;
  readonly calibrationTrials: number;
  readonly calibration: { runs: (readonly AuditTestResult[])[]; seconds: number };
  /** Power: detection rate of each flawed algorithm at each trial count, over powerRuns audits. */
  readonly powerTrials: readonly number[];
  readonly powerRuns: number;
  readonly power: ReadonlyMap<string, readonly number[]>;
  readonly series: readonly ComplexitySeries[];
  /** The command's arguments, for the "Reproduce" section. */
  readonly args: readonly string[];
  readonly seconds: number;
  /** Where the pictures are, relative to the report, and their type. */
  readonly picturesRel: string;
  readonly pictureExt: 'png' | 'svg';
}

/**
 * The founding documents the catalogue transcribes, named by their titles and where they were
 * published — not by where a copy lies on some machine, so the report stands on its own.
 */
export const FOUNDING_DOCUMENTS: readonly string[] = [
  'The founding documents are five Chinese-language blog posts on shuffling a deck for a card game; src/shuffle/catalog/ transcribes their code, bugs included:',
  '',
  '- **000** 「真•扑克牌洗牌算法实现」 (“A real playing-card shuffle, implemented”), by 前端西瓜哥 on CSDN: the deck, shuffle and deal of an online Dou Dizhu game.',
  '- **001** “javascript 洗牌算法” (JavaScript shuffle algorithms), cnblogs.com/jkisjk, 2012-04-23 (as reposted): draw (抽牌法), swap (换牌法) and insert (插牌法) methods.',
  '- **002** 「洗牌算法」 (“Shuffle algorithms”), a 2018 blog post beside the Unity project IceLanguage/LinHowe_GameAlgorithm on GitHub: 抽牌洗牌 (draw to the last place), Fisher–Yates, Knuth–Durstenfeld and Inside-Out.',
  '- **003** 「有趣的洗牌演算法」 (“Interesting shuffle algorithms”), a Traditional-Chinese blog post: 硬幹 (draw and retry), 隨機抽牌 (random draw) and 隨機交換 (random swaps).',
  '- **004** 「洗牌算法-扑克牌原来这么玩！」 (“Shuffling: so that is how playing cards work!”), dailc.github.io, 2017-03-07, answering a SegmentFault question: a deck (`Poker`), the original Fisher–Yates and the modern (Knuth–Durstenfeld) shuffle.',
  '',
];

/** A source as the report names it: "document 003" (listed above by its title), or "issue 4". */
function documentName(document: string): string {
  return /^\d{3}$/.test(document) ? `document ${document}` : document;
}

/**
 * What `fairdeal audit` answers and refuses, kept in the generated report (docs/AUDIT.md) so the
 * exit statuses are documented where the verdicts are.
 */
export const AUDIT_COMMAND_SECTION: readonly string[] = [
  '## Exit status',
  '',
  '| status | meaning |',
  '|---:|---|',
  '| 0 | **uniform**: no applicable test rejects at the family-wise α (evidence of no bias at this power, not a proof) |',
  '| 1 | **biased** (a test rejects), or **broken** (the shuffle threw, hung, crashed its worker or returned something that is not a permutation) |',
  '| 2 | usage error, nothing was audited: a bad option or number, an empty or malformed `--seed`, an unknown algorithm, a `--module` file that is missing or cannot be loaded, an export that is mistyped or not a function, no export chosen when the module has several functions and no default, a `.png` heatmap without the optional package @resvg/resvg-js, conflicting options (`--all` with `--algorithm`, `--list` with anything) |',
  '| 3 | **inconclusive**: too few trials to judge. A uniform verdict counts only when the card-position test (or, for n ≤ 6, the test of all n! orders) could run, which takes at least 5 trials per card × position cell: T ≥ 5·n (260 at n = 52). `--trials 5` once let a biased shuffle through a CI gate as "uniform". A biased verdict stands at any T. Even past 5·n the power is low: see "Power" for the trials needed against each flaw. |',
  '| 4 | uniform, but the heatmap asked for could not be drawn or written; the verdict is printed first, the heatmap problem is one line on stderr. A biased, broken or inconclusive verdict keeps its own status (1, 1, 3) when its heatmap fails. |',
  '',
  '`--all` exits 0 when every verdict matches the catalogue metadata and 1 otherwise. `--json` carries the verdict (`uniform`, `biased`, `broken` or `inconclusive`), `conclusive` (false when inconclusive, with the reason in `inconclusive`), and `reproducible`.',
  '',
  '### When `--seed` cannot reproduce a `--module` run',
  '',
  'The seed drives `Math.random` inside the audit workers; a module that draws from anywhere else is not reproducible, and the output says so (`reproducible: false` with the reason in JSON, a `note:` line in text) instead of printing the seed as if it could replay the run. Before the audit the CLI loads the module in a throw-away worker and runs three shuffles twice on the same seeded `Math.random`: if it calls `crypto` (Web Crypto `getRandomValues` / `randomUUID`, or `node:crypto` `randomBytes`, `randomInt`, `randomFill(Sync)`, `randomUUID`) or the two runs differ (a `Math.random` saved before the audit began, its own generator, the clock), the run is flagged. Limits: the check is empirical — a module that draws elsewhere only rarely or only after its first few shuffles, or that behaves differently in the audit workers, passes unnoticed; `reproducible` is `null` when the trial run hung, crashed or threw (the audit then reports it). Catalogue algorithms and fairdeal draw only from the seeded source and are always reproducible.',
  '',
];

/**
 * Family-wise verdict of one calibration run at level α (Bonferroni over applicable tests).
 *
 * @example
 * ```ts
 * calibration.runs.filter((tests) => rejects(tests, 0.001)).length; // false alarms
 * ```
 * @throws never.
 */
export function rejects(tests: readonly AuditTestResult[], alpha: number): boolean {
  const applicable = tests.filter((t) => t.applicable);
  return applicable.some((t) => t.p < alpha / Math.max(1, applicable.length));
}

/** Wilson 95 % interval for k successes out of m. */
function wilson(k: number, m: number): [number, number] {
  const z = 1.96;
  const p = k / m;
  const centre = (p + (z * z) / (2 * m)) / (1 + (z * z) / m);
  const half = (z * Math.sqrt((p * (1 - p)) / m + (z * z) / (4 * m * m))) / (1 + (z * z) / m);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** Kolmogorov–Smirnov distance of p-values from the uniform law on [0, 1]. */
function ks(ps: number[]): number {
  const s = ps.slice().sort((a, b) => a - b);
  let d = 0;
  for (let i = 0; i < s.length; i++)
    d = Math.max(d, (i + 1) / s.length - s[i]!, s[i]! - i / s.length);
  return d;
}

/**
 * The Markdown of docs/AUDIT.md from what `fairdeal audit --all` measured: how the auditor
 * decides, the verdict table against the catalogue's metadata, a heatmap section per algorithm,
 * calibration, power, time complexity, the founding documents' decks, and how to reproduce it.
 * `allRight` is false when a verdict differs from what the catalogue says the algorithm is.
 *
 * @example
 * ```ts
 * const { markdown, allRight } = renderAuditReport(await gatherAuditReport(settings, log));
 * ```
 * @throws never for data gathered by gatherAuditReport.
 */
export function renderAuditReport(data: AuditReportData): { markdown: string; allRight: boolean } {
  const { results, subjects, seed, alpha, runs, calibration, power, series, args } = data;
  const { calibrationTrials, powerTrials, powerRuns, picturesRel, pictureExt } = data;
  const md: string[] = [];
  let allRight = true;
  const first = results[0]!;
  md.push(
    '# Shuffle audit report',
    '',
    'Generated by `fairdeal audit --all` (command at the end). Every number below was measured by that run; the audits are seeded (chacha20), so the same command reproduces the verdicts and p-values exactly — only timings vary.',
    '',
    '## How the auditor decides',
    '',
    `Each shuffle is run ${first.trials.toLocaleString('en-US')} times on n = ${first.n} cards (0 … ${first.n - 1}, position 0 = top), spread over worker threads; trial chunk c always draws from \`chacha20(seed, c)\`, so results do not depend on the number of cores. Five tests, each with a statistic, degrees of freedom and a p-value:`,
    '',
    '| test | what it sees | law under a fair shuffle |',
    '|---|---|---|',
    '| card-position | each card equally likely at each position (the workhorse) | (n−1)/n · Pearson X² ~ χ²((n−1)²): the cells are sums of permutation matrices, whose covariance is Π/(n−1) on the zero-margin space, so the raw X² has mean n(n−1), not (n−1)² |',
    '| adjacent-pairs | each card equally likely to follow each other card (catches kept runs) | Pearson X² of the n(n−1) ordered pairs is a mix of χ² parts with weights 1 (symmetric), (n+1)/(n−1) (antisymmetric), 1/(n−1) (margins); we project and reweight them, giving χ²(n(n−1)−1) |',
    '| rising-sequences | number of rising sequences (Bayer–Diaconis), against the exact Eulerian law (BigInt), thin tails pooled to expectations ≥ 5 | multinomial χ²(cells − 1) |',
    '| permutations | every one of the n! orders equally likely (3 ≤ n ≤ 6 only, T ≥ 5·n!) | multinomial χ²(n! − 1) |',
    '| reachability | every card reached every position | P(any empty cell) ≤ n²(1−1/n)^T (union bound) |',
    '',
    `Verdict: **uniform** if no applicable test has p < α/k (Bonferroni, α = ${alpha} family-wise, k applicable tests), **biased** otherwise (with the worst card → position cells), **broken** if the code threw, hung (no progress within the time limit), crashed its worker, or returned something that is not a permutation of the cards.`,
    '',
    `p-values are the chi-square upper tail computed by fairdeal itself (src/audit/chi-square-sf.ts, no dependency, browser-safe): the regularized upper incomplete gamma Q(df/2, x/2) computed directly — the series for P where x < a + 1 (Q is not small there), otherwise the continued fraction for Q by the modified Lentz method (Numerical Recipes 3rd ed. §6.2; DLMF 8.7.1, 8.9.2), with ln Γ from Stirling's series (DLMF 5.11.1) shifted up by the recurrence. Because the tail is never computed as 1 − P, it keeps its relative accuracy: against independent mpmath values (\`test/vectors/audit-chi2-reference.json\`, df 1 … 2652, p from 0.9 down to 1e-10) the largest relative error measured is 1.7e-12, at every p alike (the test holds it under 1e-11; jstat's \`1 − cdf\`, used up to 0.1.0, was off by 3.2e-7 at p = 1e-10). p-values under 1e-12 are still reported as "< 1e-12" (\`P_VALUE_FLOOR\`); verdict thresholds (≥ 2e-4 at the default α) are far above it.`,
    '',
    '## Verdicts at the default settings',
    '',
    '| algorithm | source | expected | verdict | card-position p | adjacent-pairs p | rising-sequences p | worst cell | trials/s |',
    '|---|---|---|---|---|---|---|---|---:|',
  );
  results.forEach((r, i) => {
    const expectedUniform = subjects[i]!.uniform;
    const expected =
      expectedUniform === undefined ? 'broken' : expectedUniform ? 'uniform' : 'biased';
    const verdict = judgeAudit(r).verdict;
    if (expected !== verdict) allRight = false;
    const entry = catalog.find((e) => e.name === r.subject);
    const source =
      entry === undefined ? 'fairdeal' : entry.sources.map((s) => s.document).join(', ');
    const p = (name: string) => {
      const t = r.tests.find((x) => x.name === name);
      return t === undefined || !t.applicable ? '—' : formatP(t.p);
    };
    const w = r.worst[0];
    const worst =
      r.verdict === 'biased' && w !== undefined
        ? `card ${w.card} → ${w.position}: ${w.ratio.toFixed(2)}×`
        : r.verdict === 'broken'
          ? (r.broken?.kind ?? '')
          : '';
    const rate =
      r.trialsPerSecond === undefined ? '—' : Math.round(r.trialsPerSecond).toLocaleString('en-US');
    md.push(
      `| ${r.subject} | ${source} | ${expected} | **${verdict}** | ${p('card-position')} | ${p('adjacent-pairs')} | ${p('rising-sequences')} | ${worst} | ${rate} |`,
    );
  });
  md.push(
    '',
    `Source: founding document number (000 … 004, listed below), or the issue that added the entry. Throughput includes starting the workers (${first.workers} on this machine). Pairs with identical p-values are not a glitch: on the same seeded draws, draw-splice and the original Fisher–Yates build the very same orders (both take the k-th remaining card, counting from the low end), and draw-move-last builds the mirror image of Knuth–Durstenfeld's order (the same state, filled from the other end), which every test here scores identically.`,
    '',
    ...FOUNDING_DOCUMENTS,
    'Audit your own shuffle the same way: `npm run fairdeal -- audit --module my-shuffle.js#shuffle --heatmap mine.png`. The module runs in worker threads with `Math.random` replaced by the seeded stream (reproducible), and a hang, throw, crash or wrong output is reported as broken (so is an error thrown later from a timer the module set with no delay: the worker answers only after such timers have run).',
    '',
    ...AUDIT_COMMAND_SECTION,
    '## Heatmaps',
    '',
    'Each cell: how often the card (row; its position before the shuffle) ended at the position (column), divided by the fair expectation T/n, on a log scale — white is fair, red too often (≥ 2× saturates), blue too rarely (≤ ½×).',
    '',
  );
  for (const r of results) {
    md.push(`### ${r.subject} — ${judgeAudit(r).verdict}`, '');
    const entry = catalog.find((e) => e.name === r.subject);
    if (entry !== undefined) {
      md.push(
        `${entry.title}. ${entry.sources.map((s) => `${documentName(s.document)} (“${s.calls}”)`).join('; ')}. Time ${entry.time}, space ${entry.space}. ${entry.uniform ? 'Uniform' : 'Not uniform'}: ${entry.why}`,
        '',
      );
    }
    if (r.verdict === 'broken') md.push(`Broken: ${r.broken?.message}`, '');
    else md.push(`![${r.subject} heatmap](${picturesRel}/${r.subject}.${pictureExt})`, '');
  }
  // Calibration.
  md.push('## Calibration: false alarms on fairdeal’s own shuffle', '');
  md.push(
    `${runs} independent audits of fairdeal's \`shuffle\` (n = 52, ${calibrationTrials} trials each, seeds \`chacha20("${seed} / calibration", r)\`), ${calibration.seconds.toFixed(1)} s. A calibrated auditor calls a fair shuffle biased at a rate of at most α (Bonferroni is conservative when tests are dependent):`,
    '',
    '| family-wise α | false alarms | rate | 95 % interval |',
    '|---|---:|---:|---|',
  );
  for (const a of [0.05, 0.01, 0.001]) {
    const k = calibration.runs.filter((tests) => rejects(tests, a)).length;
    const [lo, hi] = wilson(k, runs);
    md.push(
      `| ${a} | ${k} / ${runs} | ${(k / runs).toFixed(4)} | ${lo.toFixed(4)} … ${hi.toFixed(4)} |`,
    );
  }
  md.push(
    '',
    `Each test's p-values over the ${runs} runs should be uniform on [0, 1]; Kolmogorov–Smirnov distance D (the 1 % critical value is ${(1.63 / Math.sqrt(runs)).toFixed(3)}):`,
    '',
    '| test | D | mean statistic | df |',
    '|---|---:|---:|---:|',
  );
  for (const name of ['card-position', 'adjacent-pairs', 'rising-sequences'] as const) {
    const ts = calibration.runs
      .map((tests) => tests.find((t) => t.name === name)!)
      .filter((t) => t.applicable);
    const mean = ts.reduce((acc, t) => acc + t.statistic, 0) / ts.length;
    const dfs = [...new Set(ts.map((t) => t.df))].join(', ');
    md.push(`| ${name} | ${ks(ts.map((t) => t.p)).toFixed(4)} | ${mean.toFixed(1)} | ${dfs} |`);
  }
  // Power.
  md.push(
    '',
    '## Power: trials needed to catch each flawed algorithm',
    '',
    `Detection rate at family-wise α = ${alpha}, n = 52, over ${powerRuns} seeded audits per cell. "Trials needed" is the smallest trial count with ≥ 99 % detection (with 100 runs, 100/100 bounds the true power above 0.963 at 95 % confidence; 99/100 above 0.946). The default ${DEFAULT_TRIALS.toLocaleString('en-US')} trials is far above all of them. draw-and-retry never finishes a shuffle and is reported broken by the time limit instead.`,
    '',
    `| algorithm | ${powerTrials.map((t) => `T=${t}`).join(' | ')} | trials needed |`,
    `|---|${powerTrials.map(() => '---:').join('|')}|---:|`,
  );
  for (const [name, rates] of power) {
    let needed = '> 2000';
    for (let i = powerTrials.length - 1; i >= 0 && rates[i]! >= 0.99; i--)
      needed = String(powerTrials[i]);
    md.push(`| ${name} | ${rates.map((r) => r.toFixed(2)).join(' | ')} | ${needed} |`);
  }
  // Complexity.
  md.push(
    '',
    '## Time complexity',
    '',
    'Time per shuffle (µs, minimum over batches, including copying the input and drawing the words) against n, on one core of this machine. "slope" is the fitted exponent k of time ∝ n^k over the larger half of n: ≈ 1 for O(n), → 2 for O(n²). The splice-based O(n²) algorithms move memory with `memmove`, a few thousand bytes per microsecond, so up to n = 4096 their fitted slopes stay well below 2 (the linear part still weighs) while they are already 10–20× slower than the O(n) ones; the original Fisher–Yates (a scan per draw) and draw-and-retry-full (coupon-collector retries, each with an `indexOf`) show their quadratic growth plainly. Timings are noisy when other processes share the cores.',
    '',
    `![time per shuffle against n, log-log](${picturesRel}/complexity.${pictureExt})`,
    '',
    complexityTable(series).trimEnd(),
    '',
  );
  // Decks and deal.
  md.push('## The documents’ decks and Dou Dizhu deal', '');
  for (const deck of foundingDecks) {
    const check = checkDeck(deck.build().map(deck.toCode), deck.intended);
    md.push(
      `- ${deck.name} (${documentName(deck.source.document)}, \`${deck.source.calls}\`): ${check.size} cards, intended ${check.expectedSize} — ${check.ok ? 'correct' : `**faulty**: missing ${check.missing.join(' ') || 'none'}${check.duplicated.length ? `, duplicated ${check.duplicated.join(' ')}` : ''}`}`,
    );
  }
  const d000 = foundingDecks.find((d) => d.name === 'deck-000')!;
  const deal = dealDouDizhu000(
    catalog.find((e) => e.name === 'knuth-durstenfeld')!.run(d000.build(), chacha20(seed)),
  );
  const faults = checkDouDizhuDeal({
    kitty: deal.kitty.map(d000.toCode),
    hands: deal.hands.map((h) => h.map(d000.toCode)),
  });
  md.push(
    `- Document 000's \`doudizhu()\` on its own deck deals hands of ${deal.hands.map((h) => h.length).join(', ')} and a kitty of ${deal.kitty.length}; the deal check reports: ${faults.join('; ')}. With the tens restored the same deal and \`sortCards\` pass the check.`,
    '',
    '## Reproduce',
    '',
    '```sh',
    shellCommand(['npm', 'run', 'fairdeal', '--', 'audit', ...args]),
    '```',
    '',
    `Finished in ${data.seconds.toFixed(0)} s on ${first.workers} worker threads.`,
    '',
  );
  return { markdown: md.join('\n'), allRight };
}
