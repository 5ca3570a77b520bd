// The auditor in a Web Worker (docs/WEB.md, "Audit"): counts seeded shuffles of the cards
// 0 … n−1 with the library's trial loop and pure statistics (fairdeal/audit/browser), posts the
// card × position counts a few times a second for the live heatmap, and the verdict at the end.
// A shuffle that hangs blocks only this worker; the page stops it when progress messages stop
// coming.
import {
  analyzeCounts,
  createCounts,
  formatP,
  seededTrials,
  type TrialSubject,
} from '../audit/browser.ts';
import type { AuditReply, AuditRequest, WebAuditSubject } from './audit-protocol.ts';

// The DOM lib types `self` as a Window; in a dedicated worker it is its global scope.
const scope = globalThis as unknown as {
  postMessage(message: AuditReply): void;
  addEventListener(type: 'message', fn: (event: { data: AuditRequest }) => void): void;
};

const PROGRESS_MS = 150;

function load(subject: WebAuditSubject): TrialSubject {
  if (subject.kind !== 'code') return subject;
  // The pasted source is the user's own code, run in their own browser, in this worker only (its
  // CSP allows eval and no network: see src/server/web-page.ts). It may be a function
  // declaration, a function expression or an arrow function.
  const made = new Function(`"use strict"; return (${subject.code}\n);`)() as unknown;
  if (typeof made !== 'function') throw new TypeError('the code is not a function');
  return { kind: 'user', shuffle: made as (cards: number[]) => unknown };
}

function run(request: AuditRequest): void {
  const { subject, n, trials, seed } = request;
  const counts = createCounts(n);
  let runTrials: ReturnType<typeof seededTrials>;
  try {
    runTrials = seededTrials(load(subject));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    scope.postMessage({ type: 'broken', broken: { kind: 'not-loadable', message }, done: 0 });
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
    scope.postMessage({ type: 'broken', broken: { kind, message, trial }, done: trial });
    return;
  }
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

scope.addEventListener('message', (event) => {
  if (event.data?.type === 'run') run(event.data);
});
