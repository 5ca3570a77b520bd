// The host's panel (docs/WEB.md, "Sit at a table"): the host's own link, one invite link per
// open seat and a button that seats the house's bot there, and for each claimed seat its player,
// the first digits of its public key and a kick behind a confirmation (a bot's seat: "remove the
// bot", at once — nobody loses a hand they hold). The host holds invites and its own token, never
// a seat's: a kick answers with a fresh invite for the seat, which the panel shows. A room's
// creator sits at seat 0 and is its host too: its seat page shows this panel as well.

import type { TableView } from '../client/index.ts';
import { byId, el, fillNodes, showError } from './dom.ts';
import { lang, t, tf } from './i18n.ts';
import { api } from './table-api.ts';
import { displayName } from './table-names.ts';
import { tableStorage } from './table-storage.ts';

/**
 * The seat whose kick awaits confirmation, the seat whose kick is on its way (its old invite was
 * used: not shown again until the new one is here), and the last seat kicked (its new invite
 * shown). The kick's event may reach this page before the kick's answer does.
 */
const state: {
  confirming: number | null;
  kicking: number | null;
  kicked: { seat: number; name: string } | null;
} = {
  confirming: null,
  kicking: null,
  kicked: null,
};

/**
 * The link that opens seat `seat`'s invite: the invite rides in the fragment, which a browser
 * never sends to a server; `/name` asks the player for a name first.
 *
 * @example
 * ```ts
 * inviteLink('k3x…', 0, 'fdt_invite_…', false); // 'http://…/#table/k3x…/join/0/fdt_invite_…'
 * ```
 */
export function inviteLink(id: string, seat: number, invite: string, namesOpen: boolean): string {
  const base = `${location.origin}/#table/${encodeURIComponent(id)}/join/${seat}/${encodeURIComponent(invite)}`;
  return namesOpen ? `${base}/name` : base;
}

/** What the links list shows now (see renderHostPanel). */
let drawn = '';

function seatName(tv: TableView, seat: number): string {
  return displayName(tv, seat);
}

function link(href: string, text: string): HTMLAnchorElement {
  const a = el('a', 'seat-link', text);
  a.href = href;
  a.rel = 'noopener noreferrer';
  return a;
}

/** What the panel asks of the table view: draw it again, or read the table again (a kick). */
export interface HostHooks {
  readonly render: () => void;
  readonly refresh: () => Promise<void>;
}

/**
 * Draws the host panel for table view `tv`.
 *
 * @example
 * ```ts
 * renderHostPanel(view, hostToken, { render, refresh });
 * ```
 */
export function renderHostPanel(tv: TableView, hostToken: string, hooks: HostHooks): void {
  const rerender = hooks.render;
  const id = tv.id;
  byId<HTMLAnchorElement>('table-host-link').href =
    `${location.origin}/#table/${encodeURIComponent(id)}/host/${encodeURIComponent(hostToken)}`;
  const kept = tableStorage.invites(id) ?? { namesOpen: false, invites: {} };
  const list = byId('table-links');
  // Drawn again only when something it shows changed: a Kick button keeps focus while the
  // table's events arrive. (Kept in memory, not on the element: it holds the invites.)
  const sig = JSON.stringify([id, tv.seatKeys, tv.players, tv.names, state, kept, lang()]);
  if (drawn !== sig || list.childElementCount === 0) {
    drawn = sig;
    list.replaceChildren();
    for (let seat = 0; seat < tv.seats; seat++) {
      const li = el('li');
      li.dataset.seat = String(seat);
      const key = tv.seatKeys[seat] ?? null;
      const invite = kept.invites[String(seat)];
      if (key === null && state.kicking === seat) {
        li.textContent = `${seatName(tv, seat)}${t('list.colon')}…`;
      } else if (key === null) {
        if (state.kicked?.seat === seat) {
          li.append(
            el('p', '', tf('table.kickedInvite', { name: state.kicked.name, seat: seat + 1 })),
          );
        }
        if (invite !== undefined) {
          li.append(
            link(
              inviteLink(id, seat, invite, kept.namesOpen),
              tf('table.inviteFor', { seat: seatName(tv, seat) }),
            ),
          );
        } else {
          li.append(`${seatName(tv, seat)}${t('list.colon')}${t('table.seatOpen')}`);
        }
        if (tv.preset.startsWith('doudizhu')) {
          const bot = el('button', '', tf('table.seatBot', { seat: seatName(tv, seat) }));
          bot.type = 'button';
          bot.dataset.bot = String(seat);
          li.append(' ', bot);
        }
      } else if (tv.bots.includes(seat)) {
        li.append(tf('table.botSeat', { seat: seatName(tv, seat) }), ' ');
        const remove = el('button', '', tf('table.removeBot', { seat: seatName(tv, seat) }));
        remove.type = 'button';
        remove.dataset.kickYes = String(seat);
        li.append(remove);
      } else if (state.confirming === seat) {
        const name = seatName(tv, seat);
        const box = el('div', 'confirm');
        box.setAttribute('role', 'group');
        box.setAttribute('aria-label', tf('table.kick', { name }));
        box.append(el('p', '', tf('table.kickConfirm', { name })));
        const yes = el('button', 'danger', tf('table.kickYes', { name }));
        yes.type = 'button';
        yes.dataset.kickYes = String(seat);
        const no = el('button', '', t('table.kickNo'));
        no.type = 'button';
        no.dataset.kickNo = String(seat);
        box.append(yes, ' ', no);
        li.append(box);
      } else {
        const name = seatName(tv, seat);
        const joined = el('span');
        // The key's first digits are machine text: shown as code.
        joined.append(
          ...fillNodes(tf('table.joined', { name }), { key: el('code', '', key.slice(0, 8)) }),
        );
        li.append(joined, ' ');
        const kick = el('button', '', tf('table.kick', { name }));
        kick.type = 'button';
        kick.dataset.kick = String(seat);
        li.append(kick);
      }
      list.append(li);
    }
  }
  list.onclick = (event) => {
    const target = (event.target as HTMLElement).closest<HTMLButtonElement>('button');
    if (target === null) return;
    if (target.dataset.bot !== undefined) {
      const seat = Number(target.dataset.bot);
      target.disabled = true;
      void api()
        .addBot(tv.id, hostToken, seat)
        .then(hooks.refresh)
        .catch((e: unknown) => showError(byId('table-error'), e))
        .finally(rerender);
    } else if (target.dataset.kick !== undefined) {
      state.confirming = Number(target.dataset.kick);
      rerender();
      byId('table-links').querySelector<HTMLButtonElement>('button[data-kick-no]')?.focus();
    } else if (target.dataset.kickNo !== undefined) {
      const seat = Number(target.dataset.kickNo);
      state.confirming = null;
      rerender();
      byId('table-links').querySelector<HTMLButtonElement>(`button[data-kick="${seat}"]`)?.focus();
    } else if (target.dataset.kickYes !== undefined) {
      const seat = Number(target.dataset.kickYes);
      target.disabled = true;
      state.kicking = seat;
      void kick(tv, hostToken, seat)
        .then(hooks.refresh)
        .catch((e: unknown) => showError(byId('table-error'), e))
        .finally(() => {
          if (state.kicking === seat) state.kicking = null;
          rerender();
        });
    }
  };
}

async function kick(tv: TableView, hostToken: string, seat: number): Promise<void> {
  const r = await api().kick(tv.id, hostToken, seat);
  const kept = tableStorage.invites(tv.id) ?? { namesOpen: false, invites: {} };
  tableStorage.setInvites(tv.id, {
    ...kept,
    invites: { ...kept.invites, [String(seat)]: r.invite },
  });
  state.confirming = null;
  state.kicked = { seat, name: seatName(tv, seat) };
}
