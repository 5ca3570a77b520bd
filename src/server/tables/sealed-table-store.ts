import { splitEvents } from '../store/event-bodies.ts';
import type {
  StoredAnswer,
  StoredEvent,
  TableChange,
  TableDoc,
  TableRow,
  TableStore,
} from '../store/table-store.ts';
import type { SecretBox } from './secret-box.ts';

// Marks where an event's sealed part begins and ends. A control character: JSON.stringify
// escapes every one inside strings and writes none between tokens, so no clear event text —
// whatever a player calls themselves — holds it.
const MARK = '\u0001';

// Every sealed value is bound (AES-GCM associated data) to the one place it was made for, so a
// value copied elsewhere in the database does not open there: seat 0's event moved into seat 1's
// rows, or one table's stock into another table, would otherwise be shown to the wrong viewer.
const handPart = (table: string, n: unknown, field: string) =>
  `fairdeal/table/${table}/hand/${String(n)}/${field}`;
const eventPart = (table: string, e: StoredEvent) =>
  `fairdeal/table/${table}/event/${e.audience}/${e.id}`;
const answerPart = (table: string, key: string) => `fairdeal/table/${table}/answer/${key}`;

// The document's secret parts, sealed whole: the seats' hands, the stock and its order, burns and
// a face-down kitty (`piles`), and the Dou Dizhu state, which holds every hand (`game`). Whole
// objects rather than chosen fields, like view() the other way round: a field added to them
// later is sealed without anyone remembering to. (The fair round, `round`, is sealed already.)
const SECRET_HAND_FIELDS = ['piles', 'game'] as const;

/**
 * The table store as the table routes see it: every secret part of what is stored is sealed on
 * the way in and opened on the way out (docs/TABLES.md, "Keys"), so the pure steps and `view()`
 * work on the opened document while a copy of the database shows no card a seat holds or the
 * stock hides:
 *
 * - the document's `hand.piles` and `hand.game` (and answers kept in old documents);
 * - each event's own part: the events of one change are cut as the store keeps them
 *   (store/event-bodies.ts), and only the text every audience shares stays in clear — the host
 *   is one of them and sees no hand, so no seat's card is in that text; without the host's event
 *   among them, each event is sealed whole;
 * - every stored idempotent answer (it holds the sender's view, cards and all).
 *
 * Always, not only while a hand is in play: one rule, and nothing to get wrong at the end of a
 * hand. Rows written before sealing (clear documents, events and answers) are still read; a
 * document is sealed at its next change.
 *
 * @example
 * ```ts
 * const tables = sealedTableStore(openSqliteTableStore({ path }), box);
 * ```
 * @throws never (its methods throw the store's errors, and an Error for a value that does not
 *   open: altered, moved, or sealed with a key the box lacks).
 */
export function sealedTableStore(
  inner: TableStore,
  box: Pick<SecretBox, 'seal' | 'open'>,
): TableStore {
  // Hands read from the store whose secret fields have not been looked at: field → the sealed
  // text as stored. Such a field is opened only when something reads it (view(), a step), and
  // written back as it was when nothing did, so what never needs the cards — an event stream's
  // authorization, a token reissue, the transcripts, the next hand after an ended one — neither
  // pays for opening them nor fails when they no longer open (a lost key).
  const unopened = new WeakMap<object, Map<string, string>>();
  const sealDoc = (table: string, doc: TableDoc): TableDoc => {
    let out = doc;
    const hand = doc.hand as Record<string, unknown> | null | undefined;
    if (hand !== null && typeof hand === 'object') {
      const kept = unopened.get(hand);
      // Field by field, not a spread: a spread would read, and so open, every field.
      const sealed: Record<string, unknown> = {};
      for (const field of Object.keys(hand)) {
        const asStored = kept?.get(field);
        if (asStored !== undefined) sealed[field] = asStored;
        else if (!(SECRET_HAND_FIELDS as readonly string[]).includes(field)) {
          sealed[field] = hand[field];
        } else {
          const value = hand[field];
          sealed[field] =
            value === null || value === undefined
              ? value
              : box.seal(JSON.stringify(value), handPart(table, hand.n, field));
        }
      }
      out = { ...out, hand: sealed };
    }
    const answers = doc.idempotency;
    if (Array.isArray(answers) && answers.length > 0) {
      out = {
        ...out,
        idempotency: box.seal(JSON.stringify(answers), answerPart(table, 'document')),
      };
    }
    return out;
  };
  const openDoc = (table: string, doc: TableDoc): TableDoc => {
    let out = doc;
    const hand = doc.hand as Record<string, unknown> | null | undefined;
    if (hand !== null && typeof hand === 'object') {
      let opened: Record<string, unknown> | undefined;
      for (const field of SECRET_HAND_FIELDS) {
        const value = hand[field];
        if (typeof value !== 'string') continue; // null, or stored before sealing
        opened ??= { ...hand };
        const kept = unopened.get(opened) ?? new Map<string, string>();
        unopened.set(opened, kept.set(field, value));
        let plain: unknown;
        Object.defineProperty(opened, field, {
          enumerable: true,
          configurable: true,
          get: () => {
            // Marked opened only once it opened: a value that does not open throws every time.
            if (kept.has(field)) {
              plain = JSON.parse(box.open(value, handPart(table, hand.n, field)));
              kept.delete(field);
            }
            return plain;
          },
        });
      }
      if (opened !== undefined) out = { ...out, hand: opened };
    }
    if (typeof doc.idempotency === 'string') {
      out = {
        ...out,
        idempotency: JSON.parse(box.open(doc.idempotency, answerPart(table, 'document'))),
      };
    }
    return out;
  };
  const sealEvents = (table: string, events: readonly StoredEvent[]): StoredEvent[] => {
    const shared = events.length >= 2 && events.some((e) => e.audience === 'host');
    const {
      prefix,
      suffix,
      events: own,
    } = shared ? splitEvents(events) : { prefix: '', suffix: '', events };
    return own.map((e) => ({
      ...e,
      data: `${prefix}${MARK}${box.seal(e.data, eventPart(table, e))}${MARK}${suffix}`,
    }));
  };
  const openEvent = (table: string, e: StoredEvent): StoredEvent => {
    const start = e.data.indexOf(MARK);
    if (start < 0) return e; // stored before events were sealed
    const end = e.data.lastIndexOf(MARK);
    if (end === start) throw new Error('a sealed value did not open: an event cut short');
    return {
      ...e,
      data:
        e.data.slice(0, start) +
        box.open(e.data.slice(start + 1, end), eventPart(table, e)) +
        e.data.slice(end + 1),
    };
  };
  // A clear answer is a JSON object; a sealed one starts with its format (`v2.`).
  const sealAnswer = (table: string, a: StoredAnswer): StoredAnswer => ({
    ...a,
    body: box.seal(a.body, answerPart(table, a.key)),
  });
  const openAnswer = (table: string, a: StoredAnswer): StoredAnswer =>
    a.body.startsWith('{') ? a : { ...a, body: box.open(a.body, answerPart(table, a.key)) };
  const openRow = (table: string, row: TableRow): TableRow => ({
    ...row,
    doc: openDoc(table, row.doc),
    ...(row.answer === undefined ? {} : { answer: openAnswer(table, row.answer) }),
  });
  const sealChange = <T>(table: string, c: TableChange<T>): TableChange<T> =>
    c.doc === null
      ? c
      : {
          ...c,
          doc: sealDoc(table, c.doc),
          events: sealEvents(table, c.events),
          ...(c.answer === undefined ? {} : { answer: sealAnswer(table, c.answer) }),
        };

  return {
    ...(inner.notifiesOnChange === undefined ? {} : { notifiesOnChange: inner.notifiesOnChange }),
    createTable: (id, doc, events, dueAt) =>
      inner.createTable(id, sealDoc(id, doc), sealEvents(id, events), dueAt),
    listDue: (now, limit) => inner.listDue(now, limit),
    readTable: async (id) => {
      const row = await inner.readTable(id);
      return row === undefined ? undefined : openRow(id, row);
    },
    withTable: (id, change, options) =>
      inner.withTable(id, (row) => sealChange(id, change(openRow(id, row))), options),
    pruneAnswers: (tableId, version) => inner.pruneAnswers(tableId, version),
    readHand: (tableId, n) => inner.readHand(tableId, n),
    readHands: (tableId, after, limit) => inner.readHands(tableId, after, limit),
    readEvents: async (tableId, audience, after, limit) => {
      const page = await inner.readEvents(tableId, audience, after, limit);
      return { ...page, events: page.events.map((e) => openEvent(tableId, e)) };
    },
    // Credentials hold no card: generations and tickets pass through as they are.
    readTokenGenerations: (tableId) => inner.readTokenGenerations(tableId),
    createTicket: (hash, tableId, audience, expiresAt, generation) =>
      inner.createTicket(hash, tableId, audience, expiresAt, generation),
    consumeTicket: (hash, now) => inner.consumeTicket(hash, now),
    dropTickets: (tableId, audience) => inner.dropTickets(tableId, audience),
    pruneEvents: (tableId, audience, upTo) => inner.pruneEvents(tableId, audience, upTo),
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
}
