/**
 * The player-id prefix of the house's bot seats (`house-bot-N`, N the seat). A service that
 * seats its own bot says so in the one place a stranger can check: the announcement binds each
 * seat's player id and key, so a transcript alone shows which seeds were the house's. Services
 * reserve the prefix (a person may not take it, in any case), so the id cannot be borrowed.
 */
export const HOUSE_BOT_PREFIX = 'house-bot-';

/**
 * Whether a player id is, or would pass for, one of the house's: `house-bot` at its start, in
 * any case (`House-Bot-1` would read as the house's to a person), so a service refuses it to
 * everyone but its own bots.
 *
 * @example
 * ```ts
 * isHousePlayer('house-bot-2'); // true
 * isHousePlayer('alice');       // false
 * ```
 * @throws never.
 */
export function isHousePlayer(player: unknown): boolean {
  return typeof player === 'string' && player.toLowerCase().startsWith('house-bot');
}

/**
 * The seats (0-based) of a v3 record's players that are the house's bots, in seat order.
 *
 * @example
 * ```ts
 * houseSeats(['alice', 'house-bot-1', 'house-bot-2']); // [1, 2]
 * ```
 * @throws never.
 */
export function houseSeats(players: readonly (string | null)[]): number[] {
  const out: number[] = [];
  players.forEach((p, k) => {
    if (isHousePlayer(p)) out.push(k);
  });
  return out;
}
