// The form that opens a table at the service (docs/WEB.md, "Sit at a table"): the players' names
// (none: each chooses theirs when claiming), the seconds to commit and reveal, the house rules.
// The host's token and the invites are kept in this browser (table-storage.ts), and the page
// moves to the host's own route.

import { byId, showError } from './dom.ts';
import { api } from './table-api.ts';
import { tableStorage } from './table-storage.ts';

/**
 * Wires the open-table form (once).
 *
 * @example
 * ```ts
 * setupOpenForm();
 * ```
 */
export function setupOpenForm(): void {
  byId<HTMLFormElement>('table-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const error = byId('table-error');
    error.hidden = true;
    const typed = [0, 1, 2].map((i) => byId<HTMLInputElement>(`table-player-${i}`).value.trim());
    // No name at all: each player chooses theirs when claiming the seat.
    const namesOpen = typed.every((n) => n === '');
    const players = typed.map((n, i) => n || `seat-${i}`);
    const timeout = Number(byId<HTMLInputElement>('table-timeout').value);
    const rules = {
      ...(byId<HTMLInputElement>('table-rob').checked ? { robLandlord: true } : {}),
      ...(byId<HTMLInputElement>('table-doubling').checked ? { doubling: true } : {}),
      ...(byId<HTMLInputElement>('table-showhand').checked ? { showHand: true } : {}),
    };
    void api()
      .createTable({
        preset: 'doudizhu',
        ...(namesOpen ? {} : { players }),
        ...(Number.isInteger(timeout) && timeout > 0 ? { revealTimeoutSeconds: timeout } : {}),
        ...(Object.keys(rules).length > 0 ? { rules } : {}),
      })
      .then((r) => {
        const id = r.tableId;
        tableStorage.setToken(id, 'host', r.hostToken);
        const invites: Record<string, string> = {};
        for (const i of r.invites) invites[String(i.seat)] = i.invite;
        tableStorage.setInvites(id, { namesOpen, invites });
        location.hash = `table/${encodeURIComponent(id)}/host`;
      })
      .catch((e: unknown) => showError(error, e));
  });
}
