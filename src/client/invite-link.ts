/** What an invite link carries: where the service is, which seat of which table, the invite. */
export interface InviteLink {
  /** The service's origin, e.g. `https://cards.example`. */
  readonly baseUrl: string;
  readonly tableId: string;
  readonly seat: number;
  /** `fdt_invite_…`: single-use; it claims the seat. SECRET until used. */
  readonly invite: string;
  /** The host named no players: the claimer chooses a name (`/name` at the end). */
  readonly askName: boolean;
}

const HASH = /^#table\/([^/]+)\/join\/(\d{1,4})\/([^/]+)(\/name)?$/;

/**
 * Reads an invite link as the web page hands it out (docs/WEB.md):
 * `http(s)://host[:port]/#table/<id>/join/<seat>/<invite>[/name]` — the invite rides in the
 * fragment, which a browser never sends to a server. Exactly that shape, or null.
 *
 * @example
 * ```ts
 * parseInviteLink('http://127.0.0.1:8080/#table/k3x9/join/1/fdt_invite_abcdefghijklmnop');
 * // { baseUrl: 'http://127.0.0.1:8080', tableId: 'k3x9', seat: 1, invite: 'fdt_invite_abcdefghijklmnop', askName: false }
 * ```
 * @throws never.
 */
export function parseInviteLink(text: string): InviteLink | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '') {
    return null;
  }
  const m = HASH.exec(url.hash);
  if (m === null) return null;
  let tableId: string;
  let invite: string;
  try {
    tableId = decodeURIComponent(m[1]!);
    invite = decodeURIComponent(m[3]!);
  } catch {
    return null;
  }
  if (
    !/^[A-Za-z0-9_-]{1,64}$/.test(tableId) ||
    !/^fdt_invite_[A-Za-z0-9_-]{16,128}$/.test(invite)
  ) {
    return null;
  }
  return { baseUrl: url.origin, tableId, seat: Number(m[2]), invite, askName: m[4] !== undefined };
}

/**
 * The invite link of a seat, as {@link parseInviteLink} reads it and the web page opens it.
 *
 * @example
 * ```ts
 * formatInviteLink({ baseUrl: 'http://127.0.0.1:8080', tableId: 'k3x9', seat: 1, invite: 'fdt_invite_abcdefghijklmnop', askName: true });
 * // 'http://127.0.0.1:8080/#table/k3x9/join/1/fdt_invite_abcdefghijklmnop/name'
 * ```
 * @throws never.
 */
export function formatInviteLink(link: InviteLink): string {
  const base = `${new URL(link.baseUrl).origin}/#table/${encodeURIComponent(link.tableId)}/join/${link.seat}/${encodeURIComponent(link.invite)}`;
  return link.askName ? `${base}/name` : base;
}
