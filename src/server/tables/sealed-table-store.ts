import type { DoudizhuState } from '../../rules/doudizhu/index.ts';
import type {
  AudienceEvent,
  ChangeEvents,
  StoredAnswer,
  StoredEvent,
  TableChange,
  TableRow,
  TableStore,
} from '../store/table-store.ts';
import { packGame, unpackGame } from './game-codec.ts';
import type {
  Sealed,
  SealedHandDocument,
  SealedTableDocument,
  SecretHandField,
} from './sealed-table-doc.ts';
import type { SecretBox } from './secret-box.ts';
import type { HandDocument, TableDocument } from './table-doc.ts';

// In an event stored whole (before schema step 5), marks where its sealed part begins and ends.
// A control character: JSON.stringify escapes every one inside strings and writes none between
// tokens, so no clear event text — whatever a player calls themselves — holds it.
const MARK = '\u0001';

// Every sealed value is bound (AES-GCM associated data) to the one place it was made for, so a
// value copied elsewhere in the database does not open there: seat 0's event moved into seat 1's
// rows, or one table's stock into another table, would otherwise be shown to the wrong viewer.
const handPart = (table: string, n: unknown, field: string) =>
  `fairdeal/table/${table}/hand/${String(n)}/${field}`;
const eventPart = (table: string, e: Pick<AudienceEvent, 'audience' | 'id'>) =>
  `fairdeal/table/${table}/event/${e.audience}/${e.id}`;
const answerPart = (table: string, key: string) => `fairdeal/table/${table}/answer/${key}`;

/** Whether a field as stored is sealed (a clear one, stored before sealing, is an object). */
function isSealed<T>(value: Sealed<T> | T | null): value is Sealed<T> {
  return typeof value === 'string';
}

/**
 * A secret field of a hand as read: the value as stored, and whether it was opened. Opened only
 * when read (see `openHand`).
 */
interface LazyField<T> {
  readonly stored: Sealed<T> | T | null;
  readonly opened: boolean;
  get(): T | null;
}

/**
 * The table store as the table routes see it: every secret part of what is stored is sealed on
 * the way in and opened on the way out (docs/TABLES.md, "Keys"), so the pure steps and `view()`
 * work on the opened document while a copy of the database shows no card a seat holds or the
 * stock hides:
 *
 * - the document's `hand.piles` and `hand.game` (and answers kept in old documents): the types
 *   say so (sealed-table-doc.ts: `TableStore<SealedTableDocument>` in, `TableStore<TableDocument>`
 *   out);
 * - each event's private part, what its audience alone sees (its seat and cards); the public part
 *   of a change, what every viewer sees alike — the host too, who sees no hand — stays in clear;
 * - every stored idempotent answer (it holds the sender's view, cards and all).
 *
 * Always, not only while a hand is in play: one rule, and nothing to get wrong at the end of a
 * hand. Rows written before sealing (clear documents, whole events and answers) are still read; a
 * document is sealed at its next change. An event's private part is always sealed: one in clear
 * is refused, never shown as a seat's own.
 *
 * @example
 * ```ts
 * const tables = sealedTableStore(openSqliteTableStore<SealedTableDocument>({ path }), box);
 * ```
 * @throws never (its methods throw the store's errors, and an Error for a value that does not
 *   open: altered, moved, or sealed with a key the box lacks).
 */
export function sealedTableStore(
  inner: TableStore<SealedTableDocument>,
  box: Pick<SecretBox, 'seal' | 'open'>,
): TableStore<TableDocument> {
  const seal = <T>(value: T, place: string): Sealed<T> =>
    // The one place a Sealed<T> is made: the box's text of the JSON of a T.
    box.seal(JSON.stringify(value), place) as Sealed<T>;
  const open = <T>(value: Sealed<T>, place: string): T => JSON.parse(box.open(value, place));
  const sealOrNull = <T>(value: T | null, place: string): Sealed<T> | null =>
    value === null || value === undefined ? null : seal(value, place);

  // The document's secret parts, sealed whole: the seats' hands, the stock and its order, burns
  // and a face-down kitty (`piles`), and the Dou Dizhu state, which holds every hand (`game`).
  // Whole objects rather than chosen fields, like view() the other way round: a field added to
  // them later is sealed without anyone remembering to. (The fair round, `round`, is sealed
  // already.) Such a field is opened only when something reads it (view(), a step), and written
  // back as it was stored when nothing did, so what never needs the cards — an event stream's
  // authorization, a token reissue, the transcripts, the next hand after an ended one — neither
  // pays for opening them nor fails when they no longer open (a lost key).
  const lazy = <T extends object>(
    stored: Sealed<T> | T | null,
    place: string,
    decode: (value: T) => T = (value) => value,
  ): LazyField<T> => {
    let plain = isSealed(stored) ? null : stored;
    let opened = !isSealed(stored);
    return {
      stored,
      get opened() {
        return opened;
      },
      get: () => {
        // Marked opened only once it opened: a value that does not open throws every time.
        if (!opened && isSealed(stored)) {
          plain = decode(open(stored, place));
          opened = true;
        }
        return plain;
      },
    };
  };
  // The Dou Dizhu state goes into the box with its cards as ids (game-codec.ts): less than half
  // the bytes to seal, store and read back on every action. It comes out as the rules library's state.
  const sealGame = (table: string, hand: HandDocument): Sealed<DoudizhuState> | null =>
    hand.game === null || hand.game === undefined
      ? null
      : (seal(
          packGame(hand.game),
          handPart(table, hand.n, 'game'),
        ) as string as Sealed<DoudizhuState>);
  // The hands as read from the store, each with its stored form and its lazy secret fields.
  const read = new WeakMap<
    HandDocument,
    {
      readonly stored: SealedHandDocument;
      readonly fields: { readonly [F in SecretHandField]: LazyField<NonNullable<HandDocument[F]>> };
    }
  >();
  const openHand = (table: string, stored: SealedHandDocument): HandDocument => {
    const fields = {
      piles: lazy(stored.piles, handPart(table, stored.n, 'piles')),
      game: lazy(stored.game, handPart(table, stored.n, 'game'), unpackGame),
    };
    const opened: HandDocument = {
      ...stored,
      get piles() {
        return fields.piles.get();
      },
      get game() {
        return fields.game.get();
      },
    };
    read.set(opened, { stored, fields });
    return opened;
  };
  const sealHand = (table: string, hand: HandDocument): SealedHandDocument => {
    const from = read.get(hand);
    if (from === undefined) {
      // A hand a step made: every field is a plain value.
      return {
        ...hand,
        piles: sealOrNull(hand.piles, handPart(table, hand.n, 'piles')),
        game: sealGame(table, hand),
      };
    }
    // The very hand read (unchanged, as documents are never mutated): a field nobody opened goes
    // back as stored; one that was opened, or stored in clear, is sealed (again, with the
    // current key).
    const keep = <T>(f: LazyField<T>) =>
      f.stored === null || f.stored === undefined || (isSealed(f.stored) && !f.opened);
    return {
      ...from.stored,
      piles: keep(from.fields.piles)
        ? from.stored.piles
        : sealOrNull(hand.piles, handPart(table, hand.n, 'piles')),
      game: keep(from.fields.game) ? from.stored.game : sealGame(table, hand),
    };
  };
  const sealDoc = (table: string, doc: TableDocument): SealedTableDocument => {
    const { hand, idempotency, ...rest } = doc;
    return {
      ...rest,
      hand: hand === null ? null : sealHand(table, hand),
      ...(idempotency === undefined
        ? {}
        : {
            idempotency:
              idempotency.length > 0
                ? seal(idempotency, answerPart(table, 'document'))
                : idempotency,
          }),
    };
  };
  const openDoc = (table: string, doc: SealedTableDocument): TableDocument => {
    const { hand, idempotency, ...rest } = doc;
    return {
      ...rest,
      hand: hand === null ? null : openHand(table, hand),
      ...(idempotency === undefined
        ? {}
        : {
            idempotency:
              typeof idempotency === 'string'
                ? open(idempotency, answerPart(table, 'document'))
                : idempotency,
          }),
    };
  };
  const sealEvents = (table: string, events: ChangeEvents): ChangeEvents => ({
    public: events.public,
    private: events.private.map((e) => ({ ...e, data: box.seal(e.data, eventPart(table, e)) })),
  });
  const openEvent = (table: string, e: StoredEvent): StoredEvent => {
    // An audience's part is always sealed: nothing in clear is shown as a seat's own.
    if (e.public !== null) return { ...e, data: box.open(e.data, eventPart(table, e)) };
    // Stored whole, before schema step 5: its own part sealed between two marks.
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
  const openRow = (table: string, row: TableRow<SealedTableDocument>): TableRow<TableDocument> => ({
    ...row,
    doc: openDoc(table, row.doc),
    ...(row.answer === undefined ? {} : { answer: openAnswer(table, row.answer) }),
  });
  const sealChange = <T>(
    table: string,
    c: TableChange<TableDocument, T>,
  ): TableChange<SealedTableDocument, T> =>
    c.next === null
      ? { ...c, next: null }
      : {
          ...c,
          next: sealDoc(table, c.next),
          ...(c.events === undefined ? {} : { events: sealEvents(table, c.events) }),
          ...(c.answer === undefined ? {} : { answer: sealAnswer(table, c.answer) }),
        };

  return {
    ...(inner.notifiesOnChange === undefined ? {} : { notifiesOnChange: inner.notifiesOnChange }),
    createTable: (id, doc, events, dueAt, roomCode) =>
      inner.createTable(
        id,
        sealDoc(id, doc),
        events === undefined ? undefined : sealEvents(id, events),
        dueAt,
        roomCode,
      ),
    listDue: (now, limit) => inner.listDue(now, limit),
    // A room code's hash and a table's version hold no card: they pass through.
    findRoom: (roomCode) => inner.findRoom(roomCode),
    listIdleRooms: (before, limit) => inner.listIdleRooms(before, limit),
    deleteTable: (id, version) => inner.deleteTable(id, version),
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
