import type { VerifyResult } from '../fair/index.ts';
import { verifyAsync } from '../fair/index.ts';
import { parseCard } from '../index.ts';
import { cardImage } from './card-image.ts';
import { byId, el } from './dom.ts';
import { lang, list, onLanguageChange, t, tf } from './i18n.ts';
import { destination, problemWords } from './problem-words.ts';
import { verdictWords } from './verdict-words.ts';

interface ListedCard {
  readonly card: string;
  readonly to: string;
}

// The cards as the transcript lists them, for the card-by-card table; verify() itself reads the
// text strictly, this only needs to show what was claimed (and copes with anything).
function listedCards(text: string): ListedCard[] {
  try {
    const cards = (JSON.parse(text) as { cards?: unknown }).cards;
    if (!Array.isArray(cards)) return [];
    return cards.slice(0, 2000).map((c) => ({
      card: String((c as { card?: unknown })?.card ?? '?'),
      to: String((c as { to?: unknown })?.to ?? '?'),
    }));
  } catch {
    return [];
  }
}

// A card of the transcript: its face, and its code as the record writes it (the record is
// machine text: the code is shown as code, beside the face the page labels).
function cardCell(code: string): HTMLElement {
  const td = el('td');
  try {
    const img = cardImage(parseCard(code), lang(), 'card small');
    td.append(img, el('code', 'code', code));
  } catch {
    td.append(el('code', 'code', code));
  }
  return td;
}

function render(text: string, result: VerifyResult): void {
  const out = byId('verify-result');
  out.replaceChildren();
  // Verified is not proven fair: green only for proven-fair, amber with the reason otherwise
  // (the library's describeVerdict, the same words as `fairdeal verify` and /v1/verify).
  const words = result.ok ? verdictWords(result.verdict, lang()) : undefined;
  const badge = el('p', `badge ${words === undefined ? 'bad' : words.green ? 'ok' : 'warn'}`);
  badge.id = 'verify-badge';
  badge.dataset.ok = String(result.ok);
  badge.dataset.status = words?.status ?? 'failed';
  if (result.ok) {
    const v = result.verdict;
    const w = words!;
    badge.textContent = `${w.green ? '✓' : '⚠'} ${tf('verify.okLine', { version: v.version, title: w.title })}`;
    out.append(badge, el('p', 'note', w.detail));
    if (v.missing.length > 0) {
      out.append(el('p', 'note', tf('verify.missingLine', { names: list(v.missing) })));
    }
  } else {
    badge.textContent = `✗ ${t('verify.bad')}`;
    out.append(badge, el('h3', '', t('verify.problems')));
    const problems = el('ul', 'problems');
    problems.id = 'verify-problems';
    for (const p of result.problems) {
      const li = el('li');
      li.dataset.code = p.code;
      const words = problemWords(p, lang());
      li.append(el('code', '', p.field), ` ${words.text}`);
      if (words.detail !== undefined) li.append(' ', el('code', 'detail', words.detail));
      problems.append(li);
    }
    out.append(problems);
  }
  const bad = new Map<number, string>();
  if (!result.ok) {
    for (const p of result.problems) {
      const m = /^cards\[(\d+)\]$/.exec(p.field);
      if (m !== null) bad.set(Number(m[1]), problemWords(p, lang()).text);
    }
  }
  const cards = listedCards(text);
  if (cards.length === 0) return;
  // Without a format-level failure every card not named in a problem re-dealt to the same place.
  const cardsChecked = result.ok || !result.problems.some((p) => p.field === 'format');
  const table = el('table', 'cards');
  table.id = 'verify-cards';
  const head = el('tr');
  for (const key of ['verify.position', 'verify.card', 'verify.to', 'verify.check'] as const) {
    const th = el('th', '', t(key));
    th.scope = 'col';
    head.append(th);
  }
  table.append(el('thead'), el('tbody'));
  table.tHead?.append(head);
  cards.forEach((c, i) => {
    const tr = el('tr');
    const problem = bad.get(i);
    tr.className = problem !== undefined ? 'bad' : cardsChecked ? 'ok' : '';
    tr.append(el('td', '', String(i)), cardCell(c.card), el('td', '', destination(c.to, lang())));
    tr.append(el('td', '', problem !== undefined ? `✗ ${problem}` : cardsChecked ? '✓' : '—'));
    table.tBodies[0]?.append(tr);
  });
  out.append(table);
}

/**
 * Wires the Verify view: paste or upload a transcript; verify() runs here, in the browser, with
 * the optional announced commitment. Returns a function that fills the view with a transcript
 * (the Deal view's "Open in Verify").
 */
export function setupVerifyView(): (text: string) => void {
  const input = byId<HTMLTextAreaElement>('verify-input');
  const commitment = byId<HTMLInputElement>('verify-commitment');
  let last: { text: string; result: VerifyResult } | undefined;
  const run = () => {
    const text = input.value.trim();
    if (text === '') {
      byId('verify-result').replaceChildren(el('p', 'error', t('verify.empty')));
      last = undefined;
      return;
    }
    const expected = commitment.value.trim().toLowerCase();
    // Web Crypto checks a fairdeal-v3 record's Ed25519 signatures: asynchronous in a browser.
    void verifyAsync(text, expected === '' ? {} : { commitment: expected }).then((result) => {
      last = { text, result };
      render(text, result);
    });
  };
  byId<HTMLFormElement>('verify-form').addEventListener('submit', (event) => {
    event.preventDefault();
    run();
  });
  byId<HTMLInputElement>('verify-file').addEventListener('change', (event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (file === undefined) return;
    // A transcript is a few KiB; anything past 4 MiB is not one.
    if (file.size > 4 * 1024 * 1024) {
      byId('verify-result').replaceChildren(
        el('p', 'error', tf('verify.tooLarge', { file: file.name })),
      );
      return;
    }
    void file.text().then((text) => {
      input.value = text;
      run();
    });
  });
  onLanguageChange(() => {
    if (last !== undefined) render(last.text, last.result);
  });
  return (text: string) => {
    input.value = text;
    commitment.value = '';
    run();
  };
}
