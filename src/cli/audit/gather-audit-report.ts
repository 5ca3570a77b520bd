import { resolve } from 'node:path';
import {
  type AuditResult,
  type AuditSubject,
  DEFAULT_ALPHA,
  runAudit,
  runCalibration,
} from '../../audit/index.ts';
import { catalog } from '../../shuffle/catalog/index.ts';
import { measureComplexity, writeComplexityPlot } from '../commands/complexity.ts';
import type { AuditReportData } from './render-audit-report.ts';
import { rejects } from './render-audit-report.ts';
import { writeHeatmap } from './write-heatmap.ts';

/** What `fairdeal audit --all` runs; the defaults are those of the published report. */
export interface AuditReportSettings {
  /** Options of each audit (n, trials, alpha, time limit, workers). */
  readonly audit: {
    readonly n?: number;
    readonly trials?: number;
    readonly alpha?: number;
    readonly timeLimitMs?: number;
    readonly workers?: number;
  };
  readonly seed?: string;
  /** Calibration audits of fairdeal's shuffle (default 1000) and their trials (default 5000). */
  readonly runs?: number;
  readonly calibrationTrials?: number;
  /** Power: trial counts (default 25 … 2000) and audits per count (default 100). */
  readonly powerTrials?: readonly number[];
  readonly powerRuns?: number;
  /** Complexity: largest n (default 4096) and time per point in ms (default 30). */
  readonly complexityMaxN?: number;
  readonly complexityBudgetMs?: number;
  /** Folder of the pictures and their type (default png). */
  readonly pictures: string;
  readonly pictureExt?: 'png' | 'svg';
  /** The command's arguments, quoted in the report. */
  readonly args: readonly string[];
}

/**
 * Runs everything docs/AUDIT.md reports: audits fairdeal and the whole catalogue (with a heatmap
 * each), calibrates the false-alarm rate on fairdeal's shuffle over many seeds, measures the
 * power on each flawed algorithm, and times the algorithms against n (with a plot).
 *
 * @example
 * ```ts
 * const data = await gatherAuditReport({ audit: {}, pictures: 'docs/audit', args }, console.error);
 * ```
 * @throws {FairdealError} `MISSING_PEER` for PNG pictures without @resvg/resvg-js; file system errors.
 */
export async function gatherAuditReport(
  settings: AuditReportSettings,
  log: (line: string) => void,
): Promise<AuditReportData> {
  const started = performance.now();
  const seed = settings.seed ?? 'fairdeal audit --all';
  const alpha = settings.audit.alpha ?? DEFAULT_ALPHA;
  const runs = settings.runs ?? 1000;
  const calibrationTrials = settings.calibrationTrials ?? 5000;
  const powerTrials = settings.powerTrials ?? [25, 50, 100, 200, 500, 1000, 2000];
  const powerRuns = settings.powerRuns ?? 100;
  const pictureExt = settings.pictureExt ?? 'png';
  const workers = settings.audit.workers === undefined ? {} : { workers: settings.audit.workers };
  const subjects: { subject: AuditSubject; uniform: boolean | undefined }[] = [
    { subject: { kind: 'fairdeal' }, uniform: true },
    ...catalog.map((e) => ({
      subject: { kind: 'catalog', name: e.name } as AuditSubject,
      uniform: e.terminates ? e.uniform : undefined,
    })),
  ];
  const results: AuditResult[] = [];
  for (const { subject } of subjects) {
    const result = await runAudit(subject, { ...settings.audit, seed });
    results.push(result);
    log(`audited ${result.subject}: ${result.verdict}`);
    if (result.counts !== undefined) {
      await writeHeatmap(result, resolve(settings.pictures, `${result.subject}.${pictureExt}`));
    }
  }
  log(
    `calibrating: ${runs} audits of fairdeal's shuffle at n = 52, ${calibrationTrials} trials each`,
  );
  const calibration = await runCalibration(
    { kind: 'fairdeal' },
    { n: 52, trials: calibrationTrials, runs, seed: `${seed} / calibration`, ...workers },
  );
  const power = new Map<string, number[]>();
  for (const e of catalog.filter((x) => x.terminates && !x.uniform)) {
    const rates: number[] = [];
    for (const trials of powerTrials) {
      const { runs: r } = await runCalibration(
        { kind: 'catalog', name: e.name },
        { n: 52, trials, runs: powerRuns, seed: `${seed} / power ${trials}`, ...workers },
      );
      rates.push(r.filter((tests) => rejects(tests, alpha)).length / powerRuns);
    }
    power.set(e.name, rates);
    log(`power of ${e.name}: ${rates.join(' ')}`);
  }
  log('timing the algorithms against n');
  const series = measureComplexity(
    settings.complexityMaxN ?? 4096,
    settings.complexityBudgetMs ?? 30,
  );
  await writeComplexityPlot(series, resolve(settings.pictures, `complexity.${pictureExt}`));
  return {
    results,
    subjects,
    seed,
    alpha,
    runs,
    calibrationTrials,
    calibration,
    powerTrials,
    powerRuns,
    power,
    series,
    args: settings.args,
    seconds: (performance.now() - started) / 1000,
    picturesRel: 'audit',
    pictureExt,
  };
}
