// Claiming a seat with an invite (docs/WEB.md, "Sit at a table"): the invite arrives in the URL
// fragment (#table/<id>/join/<seat>/<invite>[/name]) — a fragment never reaches a server or its
// logs — and goes to the service only in the claim's body. The seat's Ed25519 key is made here
// (Web Crypto, through the library's secure source) and its private half is kept in this
// browser only; the service answers with a seat token for this browser alone (the host never
// sees one). Then the address becomes the seat's own, without the token, which stays in
// localStorage, so a reload keeps the seat.
import { TableClientError } from '../client/index.ts';
import { createSeatKey } from '../fair/index.ts';
import { byId, showError, showMessage } from './dom.ts';
import { onLanguageChange, t, tf } from './i18n.ts';
import { api } from './table-api.ts';
import { tableStorage } from './table-storage.ts';

/** The join request of the moment: a new one replaces it (another invite opened in this tab). */
let pending: { readonly id: string; readonly seat: number; readonly invite: string } | null = null;

/** The join screen's words of the moment, said again when the language changes. */
let say: (() => void) | null = null;
onLanguageChange(() => say?.());

async function claim(
  id: string,
  seat: number,
  invite: string,
  name: string | null,
  onSeated: () => void,
): Promise<void> {
  const status = byId('table-join-status');
  say = () => {
    byId('table-join-text').textContent = tf('table.joinIntro', { seat: seat + 1 });
    status.textContent = tf('table.joining', { seat: seat + 1 });
  };
  say();
  byId('table-error').hidden = true;
  const button = byId<HTMLButtonElement>('table-join-go');
  button.disabled = true;
  try {
    // A key kept from an attempt whose answer never came is used again: the seat may be ours.
    const key = tableStorage.key(id, seat) ?? (await createSeatKey());
    tableStorage.setKey(id, seat, key);
    const r = await api().claimSeat(id, seat, {
      invite,
      key,
      ...(name === null ? {} : { player: name }),
    });
    if (pending?.invite !== invite) return;
    tableStorage.setToken(id, seat, r.token);
    pending = null;
    // The invite is spent: the address becomes the seat's own (its token is in localStorage).
    history.replaceState(null, '', `#table/${encodeURIComponent(id)}/${seat}`);
    onSeated();
  } catch (e) {
    status.textContent = '';
    say = null;
    const code = e instanceof TableClientError ? e.code : '';
    if (code === 'SEAT_TAKEN' || code === 'BAD_INVITE' || code === 'KEY_IN_USE') {
      // This browser does not hold the seat: the key made for it is of no use.
      tableStorage.setKey(id, seat, null);
    }
    // A claim refused as malformed after the player typed a name: it is the name. Every other
    // refusal (a taken seat, a spent invite, a name in use) has its words (error-words.ts).
    if (code === 'BAD_REQUEST' && name !== null) {
      showMessage(byId('table-error'), () => t('table.badName'), code);
    } else showError(byId('table-error'), e);
  } finally {
    button.disabled = false;
  }
}

/**
 * Shows the join screen for an invite and claims the seat: at once when the host named the seats,
 * after the player typed a name when the link says the players choose theirs (`/name`). A seat
 * this browser already holds is not claimed again.
 *
 * @example
 * ```ts
 * showJoin('k3x…', 1, 'fdt_invite_…', false, () => route());
 * ```
 */
export function showJoin(
  id: string,
  seat: number,
  invite: string,
  askName: boolean,
  onSeated: () => void,
): void {
  byId('table-join').hidden = false;
  say = () => {
    byId('table-join-text').textContent = tf('table.joinIntro', { seat: seat + 1 });
  };
  say();
  byId('table-join-status').textContent = '';
  if (tableStorage.token(id, seat) !== null) {
    history.replaceState(null, '', `#table/${encodeURIComponent(id)}/${seat}`);
    onSeated();
    return;
  }
  pending = { id, seat, invite };
  const form = byId<HTMLFormElement>('table-join-form');
  form.hidden = !askName;
  if (askName) {
    byId('table-join-name').focus();
    return;
  }
  void claim(id, seat, invite, null, onSeated);
}

/**
 * Wires the name form of the join screen (once).
 *
 * @example
 * ```ts
 * setupJoinForm(() => route());
 * ```
 */
export function setupJoinForm(onSeated: () => void): void {
  byId<HTMLFormElement>('table-join-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const p = pending;
    if (p === null) return;
    const name = byId<HTMLInputElement>('table-join-name').value.trim();
    void claim(p.id, p.seat, p.invite, name, onSeated);
  });
}
