import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { catalog } from '../../shuffle/catalog/index.ts';
import { gatherAuditReport } from './gather-audit-report.ts';
import {
  AUDIT_COMMAND_SECTION,
  FOUNDING_DOCUMENTS,
  renderAuditReport,
} from './render-audit-report.ts';

test('a tiny --all run gathers every audit and renders a report that says what it measured', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fairdeal-report-'));
  const log: string[] = [];
  const data = await gatherAuditReport(
    {
      audit: { trials: 2000, timeLimitMs: 200, workers: 1 },
      seed: 'tiny report',
      runs: 10,
      calibrationTrials: 500,
      powerTrials: [1000],
      powerRuns: 4,
      complexityMaxN: 32,
      complexityBudgetMs: 1,
      pictures: join(dir, 'audit'),
      pictureExt: 'svg',
      args: ['--all', '--trials', '2000'],
    },
    (line) => log.push(line),
  );
  const { markdown, allRight } = renderAuditReport(data);
  const names = ['fairdeal', ...catalog.map((e) => e.name)];
  // Every subject audited, in order, with the catalogue's own expectation beside the verdict.
  assert.deepEqual(
    data.results.map((r) => r.subject),
    names,
  );
  const rows = markdown.split('\n').filter((l) => /^\| [a-z0-9-]+ \| .* \| \*\*/.test(l));
  assert.equal(rows.length, names.length);
  for (const [i, row] of rows.entries()) {
    const cells = row.split(' | ');
    assert.equal(cells[0], `| ${names[i]}`);
    const entry = catalog.find((e) => e.name === names[i]);
    const expected =
      entry === undefined
        ? 'uniform'
        : !entry.terminates
          ? 'broken'
          : entry.uniform
            ? 'uniform'
            : 'biased';
    assert.equal(cells[2], expected, row);
  }
  // 2000 trials at n = 52 is past the power table's ≥ 99 % point for every flawed algorithm, and
  // the seed is fixed: every verdict matches the catalogue (docs/AUDIT.md, "Power").
  assert.equal(allRight, true, rows.join('\n'));
  assert.match(markdown, /^# Shuffle audit report$/m);
  assert.match(markdown, /Each shuffle is run 2,000 times on n = 52 cards/);
  // A picture per audit that produced counts, and the complexity plot; none for the broken one.
  for (const r of data.results) {
    const file = join(dir, 'audit', `${r.subject}.svg`);
    assert.equal(existsSync(file), r.verdict !== 'broken', r.subject);
    if (r.verdict !== 'broken')
      assert.match(markdown, new RegExp(`\\(audit/${r.subject}\\.svg\\)`));
  }
  assert.match(readFileSync(join(dir, 'audit', 'complexity.svg'), 'utf8'), /<svg/);
  // Calibration: 10 runs; every count of false alarms is between 0 and 10.
  const calibration = markdown.match(/^\| 0\.0\d+ \| (\d+) \/ 10 \|/gm) ?? [];
  assert.equal(calibration.length, 3);
  // Power: one row per flawed terminating algorithm, a rate per trial count, in [0, 1].
  const flawed = catalog.filter((e) => e.terminates && !e.uniform).map((e) => e.name);
  for (const name of flawed) {
    const row = new RegExp(`^\\| ${name} \\| ([0-9.]+) \\| (\\S+) \\|$`, 'm').exec(markdown);
    assert.ok(row !== null, name);
    // ≥ 99 % power at T = 1000 for every flawed algorithm (docs/AUDIT.md): all 4 runs detect it.
    assert.deepEqual([row[1], row[2]], ['1.00', '1000'], name);
  }
  assert.match(markdown, /npm run fairdeal -- audit --all --trials 2000/);
  assert.ok(markdown.includes(AUDIT_COMMAND_SECTION.join('\n')), 'exit statuses documented');
  assert.ok(markdown.includes(FOUNDING_DOCUMENTS.join('\n')), 'the founding documents named');
  // The report stands on its own: no path of the machine that generated it.
  assert.doesNotMatch(markdown, /(^|[\s(])\/(work|home|tmp|Users)\//m);
  assert.equal(log.filter((l) => l.startsWith('audited ')).length, names.length);
});

test('docs/AUDIT.md carries the sections the generator writes, word for word, and no machine path', () => {
  const doc = readFileSync(new URL('../../../docs/AUDIT.md', import.meta.url), 'utf8');
  assert.ok(doc.includes(AUDIT_COMMAND_SECTION.join('\n')));
  assert.ok(doc.includes(FOUNDING_DOCUMENTS.join('\n')));
  // Every number the verdict table cites as a source is one of the documents named.
  const cited = new Set(
    [...doc.matchAll(/^\| [a-z0-9-]+ \| ([^|]+) \| [a-z]+ \| \*\*/gm)].flatMap(
      (m) => m[1]!.match(/\b\d{3}\b/g) ?? [],
    ),
  );
  for (const n of cited)
    assert.ok(
      FOUNDING_DOCUMENTS.some((l) => l.startsWith(`- **${n}**`)),
      n,
    );
  assert.ok(cited.size >= 5, `${cited.size} documents cited`);
  assert.doesNotMatch(doc, /(^|[\s(])\/(work|home|tmp|Users)\//m);
});
