// The room panel's facts and seats (docs/WEB.md, "The lobby"): the rules, the stake and the
// clock, and each seat free (with a Take button while this browser holds none), taken by a name,
// or the house's bot — drawn from the table as a spectator reads it.
import type { TableView } from '../client/index.ts';
import { byId, el } from './dom.ts';
import { lang, t, tf } from './i18n.ts';
import { presetTitle } from './preset-words.ts';
import { seatName } from './seat-name.ts';
import { tableStorage } from './table-storage.ts';

/**
 * The seat this browser holds at table `tv`, if any (a seat token kept here).
 *
 * @example
 * ```ts
 * heldSeat(room.table); // 0, or null
 * ```
 */
export function heldSeat(tv: TableView): number | null {
  for (let k = 0; k < tv.seats; k++) if (tableStorage.token(tv.id, k) !== null) return k;
  return null;
}

function fact(list: HTMLElement, term: string, value: string): void {
  list.append(el('dt', '', term), el('dd', '', value));
}

/**
 * Draws the room panel for table `tv`; `busy` while a request is on its way (Take disabled).
 *
 * @example
 * ```ts
 * renderRoomSeats(room.table, false);
 * ```
 */
export function renderRoomSeats(tv: TableView, busy: boolean): void {
  byId('lobby-room-title').textContent = tf('lobby.roomOf', {
    game: presetTitle(tv.preset, lang()),
  });
  const facts = byId('lobby-room-rules');
  facts.replaceChildren();
  const rules = [
    tv.rules.robLandlord === true ? t('lobby.ruleRob') : t('lobby.ruleBid'),
    ...(tv.rules.doubling === true ? [t('lobby.ruleDoubling')] : []),
    ...(tv.rules.showHand === true ? [t('lobby.ruleShowHand')] : []),
    ...(tv.dark === true ? [t('lobby.ruleDark')] : []),
  ];
  fact(facts, t('lobby.rules'), rules.join(t('list.sep')));
  fact(facts, t('lobby.stakes'), String(tv.stakes));
  fact(
    facts,
    t('lobby.clock'),
    tv.turnSeconds > 0 ? tf('lobby.seconds', { n: tv.turnSeconds }) : t('lobby.clockNone'),
  );
  const held = heldSeat(tv);
  const list = byId('lobby-seats');
  list.replaceChildren();
  for (let k = 0; k < tv.seats; k++) {
    const li = el('li');
    li.dataset.seat = String(k);
    const label = tf('seat.n', { n: k + 1 });
    const bot = tv.bots.includes(k);
    const taken = tv.seatKeys[k] !== null && tv.seatKeys[k] !== undefined;
    if (bot) {
      li.dataset.state = 'bot';
      li.append(el('span', 'seat-label', label), ' ', el('span', 'bot-badge', t('lobby.bot')));
    } else if (taken) {
      li.dataset.state = 'taken';
      const who = tv.names[k] ?? seatName(tv.players[k], k);
      li.append(el('span', 'seat-label', label), ' ', el('span', 'seat-who', who));
      if (held === k) li.append(' ', el('span', 'you', t('lobby.youHere')));
    } else {
      li.dataset.state = 'free';
      li.append(el('span', 'seat-label', label), ' ', el('span', 'seat-free', t('lobby.free')));
      if (held === null) {
        const take = el('button', '', tf('lobby.take', { n: k + 1 }));
        take.type = 'button';
        take.dataset.take = String(k);
        take.disabled = busy;
        li.append(' ', take);
      }
    }
    list.append(li);
  }
  byId('lobby-to-table').hidden = held === null;
}
