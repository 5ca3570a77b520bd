// The auditor in a Web Worker the page trusts (docs/WEB.md, "Audit"): counts seeded shuffles of
// the cards 0 … n−1 with the library's trial loop and pure statistics (fairdeal/audit/browser),
// posts the card × position counts a few times a second for the live heatmap, and the verdict at
// the end. It compiles no code: a pasted shuffle runs in the sandbox (audit-sandbox.ts), which
// only sends permutations; this worker checks each one and counts the trials itself
// (audit-sandbox-tally.ts), so nothing the pasted code sends can become a verdict. A shuffle that
// hangs blocks only a worker; the page stops it when progress messages stop coming.
import {
  type AuditCounts,
  analyzeCounts,
  type BrokenReason,
  createCounts,
  formatP,
  seededTrials,
} from '../audit/browser.ts';
import type { AuditReply, AuditRequest } from './audit-protocol.ts';
import { tallySandbox } from './audit-sandbox-tally.ts';

// The DOM lib types `self` as a Window; in a dedicated worker it is its global scope.
const scope = globalThis as unknown as {
  postMessage(message: AuditReply): void;
  addEventListener(type: 'message', fn: (event: { data: AuditRequest }) => void): void;
};

const PROGRESS_MS = 150;

function broken(reason: BrokenReason, done: number): void {
  scope.postMessage({ type: 'broken', broken: reason, done });
}

function report(request: AuditRequest, counts: AuditCounts): void {
  const { subject, seed } = request;
  const result = analyzeCounts(counts, {
    subject: subject.kind === 'catalog' ? subject.name : subject.kind,
  });
  scope.postMessage({
    type: 'result',
    result: { ...result, seed },
    position: counts.position,
    p: result.tests.map((test) => formatP(test.p)),
    threshold: formatP(result.threshold),
  });
}

function progress(trials: number, counts: AuditCounts): (done: number) => void {
  let last = performance.now();
  return (done) => {
    const at = performance.now();
    if (at - last <= PROGRESS_MS) return;
    last = at;
    scope.postMessage({ type: 'progress', done, trials, position: counts.position.slice() });
  };
}

async function runSandboxed(request: AuditRequest): Promise<void> {
  const { n, trials, sandbox } = request;
  const counts = createCounts(n);
  if (sandbox === undefined) {
    broken({ kind: 'not-loadable', message: 'no sandbox to run the code in' }, 0);
    return;
  }
  const failure = await tallySandbox(sandbox, counts, {
    trials,
    onProgress: progress(trials, counts),
    onRefused: (refusal) => scope.postMessage({ type: 'refused', ...refusal }),
  });
  if (failure !== undefined) broken(failure, counts.trials);
  else report(request, counts);
}

function run(request: AuditRequest): void {
  const { subject, n, trials, seed } = request;
  if (subject.kind === 'code') {
    void runSandboxed(request);
    return;
  }
  const counts = createCounts(n);
  let runTrials: ReturnType<typeof seededTrials>;
  try {
    runTrials = seededTrials(subject);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    broken({ kind: 'not-loadable', message }, 0);
    return;
  }
  const failure = runTrials(counts, {
    seed,
    trials,
    now: () => performance.now(),
    progressMs: PROGRESS_MS,
    onProgress: (done) =>
      scope.postMessage({ type: 'progress', done, trials, position: counts.position.slice() }),
  });
  if (failure !== undefined) {
    const { kind, message, trial } = failure;
    broken({ kind, message, trial }, trial);
    return;
  }
  report(request, counts);
}

scope.addEventListener('message', (event) => {
  if (event.data?.type === 'run') run(event.data);
});
