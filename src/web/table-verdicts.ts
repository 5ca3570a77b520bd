// Every finished or void hand, verified in this browser (docs/WEB.md, "Sit at a table") by
// fairdeal/client's verifyHand: the record is fetched from the service and checked by the
// library's verifyAsync (Web Crypto: a browser has no synchronous Ed25519), held to what this
// browser saw published before the seeds — the dealer's commitment and the roster hash — and to
// the service's published key. A void record is also held to the receipts this seat kept
// (disputeVoidV3): a receipt for a message the record says never came proves the dealer dropped
// it. Only `proven-fair` is green.

import { type TableView, verifyHand } from '../client/index.ts';
import type { FairVerdict, VerifyProblem } from '../fair/index.ts';
import { byId, el } from './dom.ts';
import { errorWords } from './error-words.ts';
import { lang, list, t, tf } from './i18n.ts';
import { problemWords } from './problem-words.ts';
import { playerName } from './seat-name.ts';
import { api } from './table-api.ts';
import { type Role, tableStorage } from './table-storage.ts';
import { type DealtHands, dealtHands } from './table-summary.ts';
import { verdictWords } from './verdict-words.ts';

/** Hands shown, newest first. */
const SHOWN = 5;

interface Checked {
  readonly n: number;
  done: boolean;
  verdict?: FairVerdict;
  problems?: readonly VerifyProblem[];
  /** Why the record could not be read to check it (no answer, a refusal). */
  unread?: unknown;
  /** A void record the dealer could not have made honestly (our receipt contradicts it). */
  disputes?: readonly VerifyProblem[];
  /** A dealt hand that ended early because the host kicked these players. */
  abandoned?: readonly string[];
  /** Each seat's cards as dealt, read from the record once it verified (a dealt hand only). */
  dealt?: DealtHands;
}

/**
 * The verdicts of one table as this browser (a seat, or the host) checked them.
 *
 * @example
 * ```ts
 * const verdicts = new HandVerdicts(id, seat, dealerKey, render);
 * verdicts.check(view); // starts checking every newly finished hand
 * ```
 */
export class HandVerdicts {
  readonly #checked = new Map<number, Checked>();
  readonly #id: string;
  readonly #role: Role;
  readonly #dealer: () => Promise<string>;
  readonly #changed: () => void;
  #seats = 0;

  constructor(id: string, role: Role, dealer: () => Promise<string>, changed: () => void) {
    this.#id = id;
    this.#role = role;
    this.#dealer = dealer;
    this.#changed = changed;
  }

  /** Starts checking every hand of `tv` that has ended or been voided and is not checked yet. */
  check(tv: TableView): void {
    this.#seats = tv.seats;
    const hands = new Map<number, readonly string[] | undefined>();
    for (const h of tv.history.slice(-SHOWN)) {
      hands.set(h.n, h.outcome === 'kicked' ? h.missing : undefined);
    }
    const current = tv.hand;
    if (current !== null && (current.phase === 'ended' || current.phase === 'void')) {
      if (!hands.has(current.n)) hands.set(current.n, undefined);
    }
    for (const [n, kicked] of hands) {
      if (!this.#checked.has(n)) void this.#checkOne(n, kicked);
    }
  }

  async #checkOne(n: number, kicked: readonly string[] | undefined): Promise<void> {
    const entry: Checked = { n, done: false };
    this.#checked.set(n, entry);
    this.#changed();
    try {
      const v = await verifyHand(api(), this.#id, n, {
        dealer: await this.#dealer(),
        kept: tableStorage.kept(this.#id, this.#role, n),
      });
      if (v.verdict === null) {
        entry.problems = v.problems;
      } else {
        entry.verdict = v.verdict;
        const dealt = dealtHands(v.transcript, this.#seats);
        if (dealt !== null) entry.dealt = dealt;
        if (v.disputes.length > 0) entry.disputes = v.disputes;
        else if (kicked !== undefined && (v.transcript as { kind?: string }).kind !== 'void') {
          entry.abandoned = kicked;
        }
      }
    } catch (e) {
      entry.unread = e;
    }
    entry.done = true;
    if (typeof this.#role === 'number') tableStorage.setSecret(this.#id, this.#role, n, null);
    this.#changed();
  }

  /**
   * Hand `n`'s cards as dealt and its badge, once its record verified with a verdict; else
   * undefined (not checked yet, failed, void).
   */
  dealt(n: number): { readonly hands: DealtHands; readonly badge: HTMLElement } | undefined {
    const c = this.#checked.get(n);
    if (c === undefined || !c.done || c.dealt === undefined) return undefined;
    return { hands: c.dealt, badge: badge(c) };
  }

  /** Draws the verdicts, newest first, in the page's language. */
  render(): void {
    const list = byId('table-verdicts');
    const entries = [...this.#checked.values()].sort((a, b) => b.n - a.n).slice(0, SHOWN);
    byId('table-verdicts-box').hidden = entries.length === 0;
    list.replaceChildren(...entries.map(badge));
  }
}

function badge(c: Checked): HTMLElement {
  const hand = tf('table.handN', { n: c.n });
  if (!c.done) return el('li', 'badge pending', tf('table.checking', { n: c.n }));
  const li = el('li');
  li.dataset.hand = String(c.n);
  if (c.verdict === undefined || c.disputes !== undefined) {
    li.className = 'badge bad';
    const title = c.disputes === undefined ? t('verdict.failed') : t('table.disputed');
    li.append(el('strong', '', `✗ ${hand}${t('list.colon')}${title}`));
    for (const p of c.disputes ?? c.problems ?? []) {
      const words = problemWords(p, lang());
      const line = el('span', 'detail', words.text);
      line.dataset.code = p.code;
      if (words.detail !== undefined) line.append(' ', el('code', '', words.detail));
      li.append(line);
    }
    if (c.unread !== undefined) {
      const words = errorWords(c.unread, lang());
      const line = el('span', 'detail', `${t('table.checkFailed')} ${words.text}`);
      if (words.detail !== undefined) line.append(' ', el('code', '', words.detail));
      li.append(line);
    }
    return li;
  }
  const words = verdictWords(c.verdict, lang());
  li.className = `badge ${words.green ? 'ok' : 'warn'}`;
  li.dataset.status = words.status;
  li.append(el('strong', '', `${words.green ? '✓' : '⚠'} ${hand}${t('list.colon')}${words.title}`));
  li.append(el('span', 'detail', words.detail));
  if (c.abandoned !== undefined) {
    const names = list(c.abandoned.map((n) => playerName(n)));
    li.append(el('span', 'detail', tf('table.abandoned', { names })));
  }
  return li;
}
