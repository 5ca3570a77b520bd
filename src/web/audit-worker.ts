// The auditor in a Web Worker (docs/WEB.md, "Audit"): counts seeded shuffles of the cards
// 0 … n−1 with the library's pure statistics (fairdeal/audit/browser), posts the card × position
// counts a few times a second for the live heatmap, and the verdict at the end. A shuffle that
// hangs blocks only this worker; the page stops it when progress messages stop coming.
import {
  analyzeCounts,
  countTrials,
  createCounts,
  formatP,
  seededMathRandom,
} from '../audit/browser.ts';
import type { RandomSource } from '../index.ts';
import { chacha20, shuffle } from '../index.ts';
import { catalogEntry } from '../shuffle/catalog/index.ts';
import type { AuditReply, AuditRequest, WebAuditSubject } from './audit-protocol.ts';

// The DOM lib types `self` as a Window; in a dedicated worker it is its global scope.
const scope = globalThis as unknown as {
  postMessage(message: AuditReply): void;
  addEventListener(type: 'message', fn: (event: { data: AuditRequest }) => void): void;
};

type Fn = (cards: number[], source: RandomSource) => unknown;

const PROGRESS_MS = 150;

function load(subject: WebAuditSubject): Fn {
  if (subject.kind === 'fairdeal') return (cards, source) => shuffle(cards, source);
  if (subject.kind === 'catalog') {
    const entry = catalogEntry(subject.name);
    return (cards, source) => entry.run(cards, source);
  }
  // The pasted source is the user's own code, run in their own browser, in this worker only (its
  // CSP allows eval and no network: see src/server/web-page.ts). It may be a function
  // declaration, a function expression or an arrow function.
  const made = new Function(`"use strict"; return (${subject.code}\n);`)() as unknown;
  if (typeof made !== 'function') throw new TypeError('the code is not a function');
  const user = made as (cards: number[]) => unknown;
  return (cards) => user(cards);
}

function run(request: AuditRequest): void {
  const { subject, n, trials, seed } = request;
  const counts = createCounts(n);
  const source = chacha20(seed);
  let fn: Fn;
  try {
    fn = load(subject);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    scope.postMessage({ type: 'broken', broken: { kind: 'not-loadable', message }, done: 0 });
    return;
  }
  if (subject.kind === 'code') Math.random = seededMathRandom(source);
  let last = performance.now();
  const failure = countTrials(fn, counts, source, trials, (done) => {
    const now = performance.now();
    if (now - last > PROGRESS_MS) {
      last = now;
      scope.postMessage({ type: 'progress', done, trials, position: counts.position.slice() });
    }
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
