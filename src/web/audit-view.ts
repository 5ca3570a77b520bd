// The audit view ("will it shuffle?"), loaded on demand with its worker. It draws a seed from Web
// Crypto, starts audit-worker.js (the statistics, trusted) and, for pasted code, audit-sandbox.js
// (the code, untrusted) joined to it by a channel; paints the card × position heatmap as counts
// arrive and shows the verdict with its p-values at the end. Only the trusted worker's messages
// are read: the sandbox could post anything, even a made-up verdict.
import type { AuditResult, BrokenReason } from '../audit/browser.ts';
import { divergingColor } from '../audit/browser.ts';
import { freshSeed } from '../index.ts';
import { catalog } from '../shuffle/catalog/index.ts';
import type {
  AuditReply,
  AuditRequest,
  Refusal,
  SandboxStart,
  WebAuditSubject,
} from './audit-protocol.ts';
import { auditRefusalText } from './audit-refusal-words.ts';
import { brokenWords, noteWords, testName } from './audit-words.ts';
import { catalogWords } from './catalog-words.ts';
import { byId, el, fillNodes, plain, withCode } from './dom.ts';
import { lang, onLanguageChange, t, tf, tn } from './i18n.ts';

/** A worker that sends nothing for this long is running a shuffle that does not terminate. */
const SILENCE_LIMIT_MS = 5_000;
const MAX_TRIALS = 1_000_000;

type Finished = (
  | { kind: 'result'; result: Omit<AuditResult, 'counts'>; p: readonly string[]; threshold: string }
  | { kind: 'broken'; broken: BrokenReason; done: number }
  | { kind: 'stopped' }
) & {
  /** What the sandbox's policy refused during the run (pasted code only). */
  refused?: readonly Refusal[];
};

/**
 * Paints counts[card·n + p] / (trials / n) on the canvas, log2 on the diverging scale of the
 * auditor's own heatmapSvg (½× deep blue, 1× white, 2× deep red), so the page and
 * `fairdeal audit --heatmap` agree.
 */
function paint(canvas: HTMLCanvasElement, n: number, done: number, position: Float64Array): void {
  const ctx = canvas.getContext('2d');
  if (ctx === null) return;
  const cell = Math.max(1, Math.floor(canvas.width / n));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const expected = done / n;
  for (let card = 0; card < n; card++) {
    for (let p = 0; p < n; p++) {
      const ratio = expected > 0 ? position[card * n + p]! / expected : 1;
      ctx.fillStyle = divergingColor(ratio <= 0 ? -1 : Math.log2(ratio));
      ctx.fillRect(p * cell, card * cell, cell, cell);
    }
  }
}

/** The list of what the sandbox refused, under the verdict. */
function renderRefused(refused: readonly Refusal[]): HTMLElement {
  const box = el('div', 'refused');
  box.id = 'audit-refused';
  const list = el('ul');
  for (const r of refused) list.append(el('li', '', auditRefusalText(r)));
  box.append(el('p', 'note', auditRefusalText()), list);
  return box;
}

function renderResult(finished: Finished): void {
  renderVerdict(finished);
  if (finished.refused !== undefined && finished.refused.length > 0) {
    byId('audit-result').append(renderRefused(finished.refused));
  }
}

function renderVerdict(finished: Finished): void {
  const out = byId('audit-result');
  out.replaceChildren();
  if (finished.kind === 'stopped') {
    out.append(el('p', 'note', t('audit.stopped')));
    return;
  }
  if (finished.kind === 'broken') {
    const b = finished.broken;
    const words = brokenWords(b, lang(), SILENCE_LIMIT_MS / 1000);
    const badge = el('p', 'badge bad', `${t('audit.broken')}${t('list.colon')}`);
    badge.append(...fillNodes(words.text, { what: el('code', '', words.what ?? '') }));
    if (words.detail !== undefined) badge.append(' ', el('code', '', words.detail));
    badge.id = 'audit-verdict';
    badge.dataset.verdict = 'broken';
    badge.dataset.kind = b.kind;
    out.append(badge);
    return;
  }
  const r = finished.result;
  const uniform = r.verdict === 'uniform';
  const badge = el(
    'p',
    `badge ${uniform ? 'ok' : 'bad'}`,
    `${subjectName(r.subject)}${t('list.colon')}${uniform ? t('audit.uniform') : t('audit.biased')}`,
  );
  badge.id = 'audit-verdict';
  badge.dataset.verdict = r.verdict;
  const summary = tf('audit.summary', {
    n: r.n,
    trials: tn('audit.trials', r.trials),
    alpha: r.alpha,
    threshold: finished.threshold,
  });
  const line = el('p', 'note');
  line.append(...fillNodes(summary, { seed: el('code', '', r.seed ?? '') }));
  out.append(badge, line);
  const entry = catalog.find((e) => e.name === r.subject);
  if (entry !== undefined) {
    const words = catalogWords(entry, lang());
    const about = el('p', 'note');
    about.append(
      ...withCode(tf('audit.about', { title: words.title, time: words.time, why: words.why })),
    );
    const sources = el('p', 'note');
    sources.append(
      ...withCode(tf('audit.sources', { sources: words.sources.join(t('list.semi')) })),
    );
    out.append(about, sources);
  }
  const table = el('table', 'tests');
  const head = el('tr');
  for (const key of ['audit.test', 'audit.statistic', 'audit.df', 'audit.p'] as const) {
    const th = el('th', '', t(key));
    th.scope = 'col';
    head.append(th);
  }
  table.append(head);
  r.tests.forEach((test, i) => {
    const tr = el('tr', test.applicable && test.p < r.threshold ? 'bad' : '');
    const note = noteWords(test.note, lang());
    tr.title = note ?? '';
    tr.dataset.test = test.name;
    const why = el('td', '', test.applicable ? (finished.p[i] ?? '') : (note ?? ''));
    // A note the page has no words for is the auditor's own: shown as code.
    if (!test.applicable && note === undefined) why.append(el('code', '', test.note));
    tr.append(
      el('td', '', testName(test.name, lang())),
      el('td', '', test.applicable ? test.statistic.toFixed(1) : '—'),
      el('td', '', test.applicable ? String(test.df) : '—'),
      why,
    );
    table.append(tr);
  });
  out.append(table);
  if (!uniform && r.worst.length > 0) {
    out.append(el('h3', '', t('audit.worst')));
    const list = el('ul');
    for (const w of r.worst.slice(0, 5)) {
      list.append(
        el(
          'li',
          '',
          tf('audit.worstCell', {
            card: w.card,
            position: w.position,
            ratio: w.ratio.toFixed(2),
            z: w.z.toFixed(1),
          }),
        ),
      );
    }
    out.append(list);
  }
}

/** What was audited, as the page names it: fairdeal, a catalogue algorithm, or your function. */
function subjectName(subject: string): string {
  if (subject === 'code') return t('audit.subject.code');
  const entry = catalog.find((e) => e.name === subject);
  return entry === undefined ? subject : plain(catalogWords(entry, lang()).short);
}

function clamp(value: number, min: number, max: number, fallback: number): number {
  return Number.isInteger(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

/** Wires the audit view (called once, when its tab is first opened). */
export function setupAuditView(): void {
  const select = byId<HTMLSelectElement>('audit-algorithm');
  const nInput = byId<HTMLInputElement>('audit-n');
  const trialsInput = byId<HTMLInputElement>('audit-trials');
  const go = byId<HTMLButtonElement>('audit-go');
  const stop = byId<HTMLButtonElement>('audit-stop');
  const progress = byId<HTMLProgressElement>('audit-progress');
  const canvas = byId<HTMLCanvasElement>('audit-heatmap');
  const custom = byId('audit-custom');

  const fill = () => {
    const keep = select.value;
    select.replaceChildren();
    const add = (value: string, label: string) => {
      const o = el('option', '', label);
      o.value = value;
      select.append(o);
    };
    add('fairdeal', t('audit.fairdeal'));
    for (const e of catalog) {
      const name = plain(catalogWords(e, lang()).short);
      add(
        `catalog:${e.name}`,
        `${name} — ${e.uniform ? t('audit.uniformTag') : t('audit.flawedTag')}`,
      );
    }
    add('code', t('audit.custom'));
    select.value = keep === '' ? 'fairdeal' : keep;
  };
  const chips = byId('audit-flawed');
  const nameChips = () => {
    for (const b of Array.from(
      chips.querySelectorAll<HTMLButtonElement>('button[data-algorithm]'),
    )) {
      const e = catalog.find((x) => x.name === b.dataset.algorithm);
      if (e === undefined) continue;
      const words = catalogWords(e, lang());
      b.replaceChildren(...withCode(words.short));
      b.title = plain(words.title);
    }
  };
  fill();
  for (const e of catalog.filter((x) => !x.uniform && x.terminates)) {
    const b = el('button', 'chip');
    b.type = 'button';
    b.dataset.algorithm = e.name;
    b.addEventListener('click', () => {
      select.value = `catalog:${e.name}`;
      custom.hidden = true;
      start();
    });
    chips.append(b);
  }
  nameChips();
  select.addEventListener('change', () => {
    custom.hidden = select.value !== 'code';
  });

  let worker: Worker | undefined;
  let sandbox: Worker | undefined;
  let refused: Refusal[] = [];
  let watchdog: ReturnType<typeof setInterval> | undefined;
  let lastFinished: Finished | undefined;

  const finish = (f: Finished) => {
    if (watchdog !== undefined) clearInterval(watchdog);
    watchdog = undefined;
    worker?.terminate();
    worker = undefined;
    sandbox?.terminate();
    sandbox = undefined;
    go.disabled = false;
    stop.disabled = true;
    lastFinished = { ...f, refused };
    renderResult(lastFinished);
  };

  const start = () => {
    if (worker !== undefined) finish({ kind: 'stopped' });
    const n = clamp(Number(nInput.value), 2, 104, 52);
    const trials = clamp(Number(trialsInput.value), 100, MAX_TRIALS, 20_000);
    nInput.value = String(n);
    trialsInput.value = String(trials);
    const v = select.value;
    const subject: WebAuditSubject =
      v === 'code'
        ? { kind: 'code', code: byId<HTMLTextAreaElement>('audit-code').value }
        : v.startsWith('catalog:')
          ? { kind: 'catalog', name: v.slice('catalog:'.length) }
          : { kind: 'fairdeal' };
    const seed = freshSeed();
    refused = [];
    byId('audit-result').replaceChildren(el('p', 'note', t('audit.running')));
    progress.max = trials;
    progress.value = 0;
    paint(canvas, n, 0, new Float64Array(n * n));
    go.disabled = true;
    stop.disabled = false;
    const w = new Worker('/web/audit-worker.js', { type: 'module', name: 'fairdeal-audit' });
    worker = w;
    let heard = performance.now();
    watchdog = setInterval(() => {
      if (performance.now() - heard > SILENCE_LIMIT_MS) {
        finish({
          kind: 'broken',
          broken: {
            kind: 'did-not-terminate',
            message: `no progress for ${SILENCE_LIMIT_MS / 1000} s`,
          },
          done: progress.value,
        });
      }
    }, 500);
    w.addEventListener('message', (event: MessageEvent<AuditReply>) => {
      if (worker !== w) return;
      heard = performance.now();
      const m = event.data;
      if (m.type === 'refused') {
        refused.push({ directive: m.directive, blocked: m.blocked });
      } else if (m.type === 'progress') {
        progress.value = m.done;
        paint(canvas, n, m.done, m.position);
      } else if (m.type === 'result') {
        progress.value = trials;
        paint(canvas, n, m.result.trials, m.position);
        finish({ kind: 'result', result: m.result, p: m.p, threshold: m.threshold });
      } else {
        finish({ kind: 'broken', broken: m.broken, done: m.done });
      }
    });
    w.addEventListener('error', (event) => {
      if (worker !== w) return;
      event.preventDefault();
      finish({
        kind: 'broken',
        broken: { kind: 'crashed', message: event.message || 'the worker failed' },
        done: progress.value,
      });
    });
    if (subject.kind !== 'code') {
      const request: AuditRequest = { type: 'run', subject, n, trials, seed };
      w.postMessage(request);
      return;
    }
    // The sandbox gets the code and one end of a channel; the trusted worker the other end. No
    // message listener on the sandbox: what it posts to the page is never read.
    const channel = new MessageChannel();
    const s = new Worker('/web/audit-sandbox.js', { name: 'fairdeal-audit-sandbox' });
    sandbox = s;
    s.addEventListener('error', (event) => {
      if (sandbox !== s) return;
      event.preventDefault();
      finish({
        kind: 'broken',
        broken: { kind: 'crashed', message: event.message || 'the sandbox failed' },
        done: progress.value,
      });
    });
    const code: SandboxStart = { type: 'start', code: subject.code, n, seed, port: channel.port1 };
    s.postMessage(code, [channel.port1]);
    const request: AuditRequest = {
      type: 'run',
      subject: { kind: 'code' },
      n,
      trials,
      seed,
      sandbox: channel.port2,
    };
    w.postMessage(request, [channel.port2]);
  };

  byId<HTMLFormElement>('audit-form').addEventListener('submit', (event) => {
    event.preventDefault();
    start();
  });
  stop.addEventListener('click', () => finish({ kind: 'stopped' }));
  onLanguageChange(() => {
    fill();
    nameChips();
    if (lastFinished !== undefined) renderResult(lastFinished);
  });
}
