import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type AuditSubject,
  DEFAULT_ALPHA,
  DEFAULT_TIME_LIMIT_MS,
  DEFAULT_TRIALS,
  runAudit,
} from '../../audit/index.ts';
import { catalog } from '../../shuffle/catalog/index.ts';
import { gatherAuditReport } from '../audit/gather-audit-report.ts';
import {
  AUDIT_EXIT,
  auditExitStatus,
  auditJson,
  auditSummary,
  judgeAudit,
} from '../audit/judge-audit.ts';
import { type ModuleProbe, probeModule } from '../audit/probe-module.ts';
import { renderAuditReport } from '../audit/render-audit-report.ts';
import { writeHeatmap } from '../audit/write-heatmap.ts';
import type { CliIo, Command } from '../io.ts';
import { errnoWords, OutputError, oneLine, UsageError } from '../io.ts';
import { parseSeedOption } from '../options/seed-option.ts';
import { optionalWholeNumber } from '../options/whole-number.ts';
import { ensurePngRenderer } from '../render/ensure-png-renderer.ts';

const HELP = `Usage: fairdeal audit --algorithm NAME | --module FILE[#EXPORT] [options]
       fairdeal audit --list
       fairdeal audit --all [--out docs/AUDIT.md] [--runs R] [options]

Tests a shuffle for bias: card × position, adjacent pairs, rising sequences (exact Eulerian
law), all orders (n ≤ 6) and reachability, with a Bonferroni verdict at family-wise α.

  --algorithm NAME   'fairdeal' (the library's shuffle) or a catalogue algorithm (--list)
  --module FILE      your ES module: a function taking an array and returning the shuffled
                     array (or shuffling in place); #EXPORT picks a named export, otherwise the
                     default export or the only exported function. Its Math.random is replaced
                     by the seeded stream inside the worker, so runs are reproducible — unless the
                     module draws elsewhere (crypto, a Math.random saved at load): a trial run
                     before the audit checks, and the output says so (docs/AUDIT.md)
  --n N              cards per shuffle, 1-4096 (default 52)
  --trials T         shuffles to run (default ${DEFAULT_TRIALS}; at least 5·n to be conclusive)
  --seed S           seed of the chacha20 streams (default: random, printed)
  --alpha A          family-wise significance level, in (0, 1) (default ${DEFAULT_ALPHA})
  --time-limit MS    stop a shuffle that makes no progress for MS ms (default ${DEFAULT_TIME_LIMIT_MS})
  --workers W        worker threads (default: all cores)
  --json             print the full result as JSON
  --heatmap FILE     draw the card × position deviations (FILE.svg, or FILE.png with the
                     optional package @resvg/resvg-js)
  --all              audit fairdeal and the whole catalogue, write the report (--out)
  --list             list the catalogue algorithms

Exit status:
  0  uniform: no test finds a bias (evidence, not proof)
  1  biased, or broken (the shuffle threw, hung, crashed or lost cards)
  2  usage error, nothing audited: a bad option or --seed, an unknown algorithm, a --module that
     cannot be loaded or has no usable export, PNG without @resvg/resvg-js
  3  inconclusive: too few trials for the card-position test (fewer than 5·n)
  4  uniform, but the heatmap could not be drawn or written (the verdict is printed)
  (--all: 0 when every verdict matches the catalogue, 1 otherwise)
`;

function alphaOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const a = Number(value);
  if (!/^(0?\.\d+|\d(\.\d+)?e-\d+)$/i.test(value) || !(a > 0 && a < 1)) {
    throw new UsageError(`--alpha must be a number between 0 and 1, like 0.001, got '${value}'`);
  }
  return a;
}

/** Resolves `--algorithm` / `--module` into what the auditor runs, checking the file exists. */
function subjectOf(
  algorithm: string | undefined,
  module: string | undefined,
  cwd: string,
): { subject: AuditSubject; file?: string } {
  if ((algorithm === undefined) === (module === undefined)) {
    throw new UsageError(
      'give exactly one of --algorithm NAME or --module FILE[#EXPORT] (see fairdeal audit --help)',
    );
  }
  if (algorithm !== undefined) {
    if (algorithm === 'fairdeal') return { subject: { kind: 'fairdeal' } };
    if (!catalog.some((e) => e.name === algorithm)) {
      throw new UsageError(`unknown algorithm '${algorithm}' (see fairdeal audit --list)`);
    }
    return { subject: { kind: 'catalog', name: algorithm } };
  }
  const spec = module as string;
  // FILE#EXPORT, unless the whole of it names a file (a path may hold a '#' of its own).
  const hash = isFile(resolve(cwd, spec)) ? -1 : spec.lastIndexOf('#');
  const file = hash < 0 ? spec : spec.slice(0, hash);
  const exportName = hash < 0 ? '' : spec.slice(hash + 1);
  if (file === '') throw new UsageError('--module needs a file: --module FILE[#EXPORT]');
  const path = resolve(cwd, file);
  let regular = false;
  try {
    regular = statSync(path).isFile();
  } catch (error) {
    throw new UsageError(`--module: cannot read ${file}: ${errnoWords(error)}`);
  }
  if (!regular) throw new UsageError(`--module: ${file} is not a file`);
  const url = pathToFileURL(path).href;
  return {
    subject: exportName === '' ? { kind: 'module', url } : { kind: 'module', url, exportName },
    file,
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Says a module's load or export problem without the CLI's own paths. */
function moduleProblem(probe: ModuleProbe, file: string, url: string): UsageError | undefined {
  if (probe.kind === 'ok') return undefined;
  const path = decodeURIComponent(new URL(url).pathname);
  const message = oneLine(probe.message)
    .split(url)
    .join(file)
    .split(path)
    .join(file)
    .replace(/ imported from \S*\[worker eval\]/, '');
  return new UsageError(
    probe.kind === 'load-error'
      ? `--module: ${file} cannot be loaded: ${message}`
      : `--module: ${file}: ${message}`,
  );
}

function progressBar(io: CliIo): ((done: number, total: number) => void) | undefined {
  if (!io.stderrIsTTY) return undefined;
  return (done, total) => {
    const width = 30;
    const filled = Math.round((done / total) * width);
    io.err(
      `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor((done / total) * 100)}% ${done}/${total}`,
    );
    if (done === total) io.err('\r\x1b[2K');
  };
}

function heatmapFile(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/\.(svg|png)$/i.test(value)) {
    throw new UsageError(`--heatmap must name an .svg or .png file, got '${value}'`);
  }
  return value;
}

function listAlgorithms(io: CliIo): number {
  const width = Math.max(...catalog.map((e) => e.name.length), 'fairdeal'.length);
  io.out(
    `${'fairdeal'.padEnd(width)}  uniform  O(n)    fairdeal's own shuffle (Durstenfeld, exact integers)\n`,
  );
  for (const e of catalog) {
    const kind = !e.terminates ? 'hangs  ' : e.uniform ? 'uniform' : 'FLAWED ';
    io.out(
      `${e.name.padEnd(width)}  ${kind}  ${e.time.padEnd(6)}  ${e.title} [${/^\d{3}$/.test(e.sources[0]!.document) ? `document ${e.sources[0]!.document}` : e.sources[0]!.document}]\n`,
    );
    if (io.stdoutClosed) break;
  }
  return 0;
}

/** `fairdeal audit`: see HELP. */
export const audit: Command = async (args, io) => {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      algorithm: { type: 'string' },
      module: { type: 'string' },
      n: { type: 'string' },
      trials: { type: 'string' },
      seed: { type: 'string' },
      alpha: { type: 'string' },
      'time-limit': { type: 'string' },
      workers: { type: 'string' },
      json: { type: 'boolean' },
      heatmap: { type: 'string' },
      all: { type: 'boolean' },
      out: { type: 'string' },
      runs: { type: 'string' },
      list: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const given = Object.keys(values);
  if (values.list) {
    if (given.length > 1) throw new UsageError('--list takes no other options');
    return listAlgorithms(io);
  }
  const n = optionalWholeNumber('--n', values.n, 1, 4096);
  const trials = optionalWholeNumber('--trials', values.trials, 1, 1e9);
  const alpha = alphaOption(values.alpha);
  const timeLimitMs = optionalWholeNumber('--time-limit', values['time-limit'], 1, 3_600_000);
  const workers = optionalWholeNumber('--workers', values.workers, 1, 256);
  if (values.seed !== undefined) parseSeedOption(values.seed);
  const options = {
    ...(n === undefined ? {} : { n }),
    ...(trials === undefined ? {} : { trials }),
    ...(alpha === undefined ? {} : { alpha }),
    ...(timeLimitMs === undefined ? {} : { timeLimitMs }),
    ...(workers === undefined ? {} : { workers }),
  };
  if (values.all) {
    for (const flag of ['algorithm', 'module', 'heatmap', 'json'] as const) {
      if (values[flag] !== undefined) throw new UsageError(`--all does not take --${flag}`);
    }
    const runs = optionalWholeNumber('--runs', values.runs, 10, 100_000);
    const out = resolve(io.cwd, values.out ?? 'docs/AUDIT.md');
    await ensurePngRenderer();
    const data = await gatherAuditReport(
      {
        audit: options,
        ...(values.seed === undefined ? {} : { seed: values.seed }),
        ...(runs === undefined ? {} : { runs }),
        pictures: resolve(dirname(out), 'audit'),
        args,
      },
      (line) => io.err(`${line}\n`),
    );
    const { markdown, allRight } = renderAuditReport(data);
    try {
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, markdown);
    } catch (error) {
      throw new OutputError(
        `cannot write ${values.out ?? 'docs/AUDIT.md'}: ${errnoWords(error)}`,
        'EIO',
      );
    }
    io.out(
      `wrote ${out} and ${data.results.length + 1} pictures in ${resolve(dirname(out), 'audit')}${allRight ? '' : ' (some verdicts differ from the catalogue metadata!)'}\n`,
    );
    return allRight ? 0 : 1;
  }
  for (const flag of ['out', 'runs'] as const) {
    if (values[flag] !== undefined) throw new UsageError(`--${flag} goes with --all`);
  }
  const heatmap = heatmapFile(values.heatmap);
  const { subject, file } = subjectOf(values.algorithm, values.module, io.cwd);
  // Everything that can be refused is refused before the run (which may take minutes).
  if (heatmap?.toLowerCase().endsWith('.png')) await ensurePngRenderer();
  let probe: ModuleProbe | undefined;
  if (subject.kind === 'module') {
    probe = await probeModule(
      subject.url,
      subject.exportName,
      n ?? 52,
      timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
    );
    const problem = moduleProblem(probe, file ?? subject.url, subject.url);
    if (problem !== undefined) throw problem;
  }
  const onProgress = progressBar(io);
  const result = await runAudit(subject, {
    ...options,
    ...(values.seed === undefined ? {} : { seed: values.seed }),
    ...(onProgress ? { onProgress } : {}),
  });
  const judged = judgeAudit(result, probe);
  io.out(values.json ? auditJson(result, judged) : auditSummary(result, judged));
  let status = auditExitStatus(judged);
  if (heatmap !== undefined) {
    // The verdict is out already: a heatmap that cannot be drawn costs one line, never the verdict.
    try {
      await writeHeatmap(result, resolve(io.cwd, heatmap), judged.verdict);
    } catch (error) {
      const why =
        result.counts === undefined
          ? 'the shuffle is broken, there are no counts to draw'
          : (error as { code?: unknown }).code !== undefined
            ? errnoWords(error)
            : oneLine(error instanceof Error ? error.message : String(error));
      io.err(`fairdeal audit: heatmap ${heatmap} not written: ${why}\n`);
      if (status === AUDIT_EXIT.uniform) status = AUDIT_EXIT.heatmapFailed;
    }
  }
  return status;
};
