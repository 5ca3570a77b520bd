import type { FairTranscript, VerifyResult } from '../fair/index.ts';
import { commitClientSeed, FairRound, verify } from '../fair/index.ts';
import type { Card, Deal } from '../index.ts';
import { deal, freshSeed, PRESET_NAMES, PRESETS } from '../index.ts';
import { cardImage, relabelCards } from './card-image.ts';
import { byId, showError } from './dom.ts';
import { lang, onLanguageChange, t, tf, tn } from './i18n.ts';
import { dealSeatName, presetTitle } from './preset-words.ts';
import { problemWords } from './problem-words.ts';
import { verdictWords } from './verdict-words.ts';

/** What the Deal view made last: the deal and, in fair mode, the transcript and its verdict. */
export interface DealtHand {
  readonly deal: Deal;
  readonly fair?: {
    readonly transcript: FairTranscript;
    readonly commitment: string;
    /** The library's verification of it, worded when shown (in the language of the moment). */
    readonly result: VerifyResult;
  };
}

/**
 * A fairdeal-v2 hand made entirely in this browser (docs/WEB.md, "Fair mode"): the page opens the
 * round as the dealer (server seed from Web Crypto), then commits one secret seed per seat, closes
 * the roster, reveals, deals — the order FairRound enforces — and verifies the transcript with the
 * library's verify() against the commitment it announced. It shows the protocol and its
 * verification working in a browser; it cannot prove anything to a second person, who would have
 * to hold their own seed (the table view, with the service, does that).
 */
function fairHand(preset: string, seats: number, mySeed: string): DealtHand {
  const round = FairRound.open({
    table: `web-${freshSeed().slice(0, 12)}`,
    hand: 1,
    preset,
    options: { seats },
    seating: 'roster',
  });
  const announcement = round.announcement;
  const players = Array.from({ length: seats }, (_, i) => `seat-${String(i + 1).padStart(2, '0')}`);
  // Seat 1 may bring a seed of the person's own: it then shows up, revealed, in the transcript.
  const commits = players.map((p, i) =>
    commitClientSeed(announcement, p, i === 0 && mySeed !== '' ? mySeed : freshSeed()),
  );
  for (const c of commits) round.commit(c.player, c.commitment);
  round.closeRoster();
  for (const c of commits) round.reveal(c.player, c.seed, c.salt);
  const { transcript, deal: dealt } = round.deal();
  const result = verify(JSON.stringify(transcript), { commitment: announcement.commitment });
  return { deal: dealt, fair: { transcript, commitment: announcement.commitment, result } };
}

/**
 * The badge of a fair hand in the page's language: this browser played every seat itself, so
 * the transcript is consistent, a demonstration of the format — never "proven fair" (only a
 * fairdeal-v3 table with independently keyed seats is).
 */
function fairBadge(result: VerifyResult): { text: string; className: string } {
  if (!result.ok) {
    const problems = result.problems.map((p) => problemWords(p, lang()).text).join(' ');
    return {
      text: `✗ ${t('deal.notVerified')}${t('list.colon')}${problems}`,
      className: 'badge bad',
    };
  }
  const words = verdictWords(result.verdict, lang());
  const summary = tn(`deal.summary`, result.verdict.contributors, {
    title: words.title,
    version: result.verdict.version,
  });
  return {
    text: `${words.green ? '✓' : '⚠'} ${t('deal.verified')}${t('list.colon')}${summary}`,
    className: `badge ${words.green ? 'ok' : 'warn'}`,
  };
}

function pile(title: string, cards: readonly Card[], className: string): HTMLElement {
  const box = document.createElement('section');
  box.className = `seat ${className}`;
  const h = document.createElement('h3');
  h.textContent = tf('deal.pile', { title, cards: tn('count.cards', cards.length) });
  const list = document.createElement('ul');
  list.className = 'hand';
  list.setAttribute('aria-label', h.textContent);
  for (const card of cards) {
    const li = document.createElement('li');
    li.append(cardImage(card, lang()));
    list.append(li);
  }
  box.append(h, list);
  return box;
}

function renderDeal(d: Deal): void {
  const table = byId('deal-table');
  table.replaceChildren();
  d.hands.forEach((hand, i) => {
    table.append(pile(dealSeatName(d.seatNames[i] ?? `Seat ${i + 1}`, lang()), hand, `seat-${i}`));
  });
  if (d.kitty.length > 0) table.append(pile(t('deal.kitty'), d.kitty, 'kitty'));
  if (d.board.length > 0) table.append(pile(t('deal.board'), d.board, 'board'));
  if (d.burns.length > 0) table.append(pile(t('deal.burns'), d.burns, 'burns'));
  if (d.stock.length > 0) {
    const p = document.createElement('p');
    p.className = 'stock';
    p.textContent = tn('deal.undealt', d.stock.length);
    table.append(p);
  }
}

function renderFair(hand: DealtHand): void {
  const out = byId('deal-fair-out');
  if (hand.fair === undefined) {
    out.hidden = true;
    return;
  }
  const { transcript, commitment, result } = hand.fair;
  const badge = byId('deal-badge');
  const words = fairBadge(result);
  badge.className = words.className;
  badge.textContent = words.text;
  byId('deal-commitment').textContent = commitment;
  const text = JSON.stringify(transcript, null, 2);
  byId('deal-transcript').textContent = text;
  out.hidden = false;
}

/**
 * Wires the Deal view: preset list (Dou Dizhu first), seats within the preset's range, fair
 * mode; `openInVerify` receives a transcript's text for the Verify view.
 */
export function setupDealView(openInVerify: (text: string) => void): void {
  const presetSelect = byId<HTMLSelectElement>('deal-preset');
  const seatsInput = byId<HTMLInputElement>('deal-seats');
  const fairBox = byId<HTMLInputElement>('deal-fair');
  const names = ['doudizhu', ...PRESET_NAMES.filter((n) => n !== 'doudizhu' && n !== 'custom')];
  for (const name of names) {
    const option = document.createElement('option');
    option.value = name;
    presetSelect.append(option);
  }
  const namePresets = () => {
    for (const option of Array.from(presetSelect.options)) {
      option.textContent = presetTitle(option.value, lang());
    }
  };
  namePresets();
  const syncSeats = () => {
    const p = PRESETS[presetSelect.value];
    if (p === undefined) return;
    seatsInput.min = String(p.seats.min);
    seatsInput.max = String(p.seats.max);
    seatsInput.value = String(p.seats.default);
    seatsInput.disabled = p.seats.min === p.seats.max;
  };
  presetSelect.addEventListener('change', syncSeats);
  syncSeats();
  fairBox.addEventListener('change', () => {
    byId('deal-fair-note').hidden = !fairBox.checked;
    byId('deal-seed-label').hidden = !fairBox.checked;
  });

  let last: DealtHand | undefined;
  byId<HTMLFormElement>('deal-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const error = byId('deal-error');
    error.hidden = true;
    const preset = presetSelect.value;
    const seats = Number(seatsInput.value);
    try {
      const mySeed = byId<HTMLInputElement>('deal-seed').value;
      last = fairBox.checked ? fairHand(preset, seats, mySeed) : { deal: deal(preset, { seats }) };
      renderDeal(last.deal);
      renderFair(last);
    } catch (e) {
      showError(error, e);
    }
  });
  byId('deal-copy').addEventListener('click', () => {
    const text = byId('deal-transcript').textContent ?? '';
    void navigator.clipboard?.writeText(text).then(
      () => {
        byId('deal-copied').textContent = t('deal.copied');
      },
      () => {},
    );
  });
  byId('deal-download').addEventListener('click', () => {
    const fair = last?.fair;
    if (fair === undefined) return;
    const text = JSON.stringify(fair.transcript, null, 2);
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `fairdeal-${fair.transcript.table}-${fair.transcript.hand}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });
  byId('deal-to-verify').addEventListener('click', () => {
    openInVerify(byId('deal-transcript').textContent ?? '');
  });
  onLanguageChange(() => {
    namePresets();
    if (last === undefined) return;
    renderDeal(last.deal);
    renderFair(last);
    relabelCards(byId('deal-table'), lang());
  });
}
