import { createHash } from 'node:crypto';
import type { ReceiptV3 } from '../../fair/index.ts';
import { ApiError } from '../deck/api-error.ts';
import type { AudienceEvent, ChangeEvents, TableChange, TableRow } from '../store/table-store.ts';
import { actionView } from './action-view.ts';
import type { ActionBody } from './bodies.ts';
import { dueTurn } from './bot-turn.ts';
import { darkMove } from './dark-play.ts';
import { darkProtocolStep, isDarkMessage } from './dark-protocol.ts';
import { doudizhuMove, type Stepped } from './doudizhu-move.ts';
import {
  commitSeat,
  dueAt,
  endHand,
  openHand,
  openNextIfSeated,
  revealSeat,
  type StepContext,
  voidCurrentHand,
} from './hand-flow.ts';
import { pileAction } from './pile-actions.ts';
import { type Projection, projection } from './projection.ts';
import { markPresent } from './seat-presence.ts';
import type { HandDocument, HandRecord, PublicAction, TableDocument } from './table-doc.ts';
import { tableError } from './table-errors.ts';
import { tokenHash } from './tokens.ts';
import { view } from './view.ts';
import { mergedViewJson, publicTableJson, type TableJson, tableJson } from './view-json.ts';
import { audienceOf, type Viewer } from './viewer.ts';

/** An action as the route hands it over (the body's fields, not yet checked). */
export interface ActionRequest {
  readonly viewer: Viewer;
  /** The version the client saw; required. */
  readonly expectedVersion: unknown;
  /**
   * With an Idempotency-Key: the hash its answer is kept under ({@link answerKey}), so a retry is
   * answered from the store, and the request's fingerprint (request-hash.ts), which a retry must
   * match; undefined without one.
   */
  readonly idempotency: { readonly key: string; readonly request: string } | undefined;
  /**
   * The action's body, checked against its schema (bodies.ts) when called: after an idempotent
   * replay is answered and the version checked, so that a reused key is refused whatever its
   * body, and a stale version is told before a detail of the action.
   */
  readonly body: () => ActionBody;
}

/** What the route sends back. */
export interface ActionAnswer {
  readonly status: number;
  readonly body: string;
}

/**
 * The key an answer is kept under: SHA-256 of the sender's token hash and the Idempotency-Key, so
 * the same key from another seat (another token) is another request.
 *
 * @example
 * ```ts
 * answerKey('Bearer fdt_seat_…', 'retry-1'); // 64 hex digits
 * ```
 * @throws never.
 */
export function answerKey(authorization: string | undefined, idempotencyKey: string): string {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
  return createHash('sha256')
    .update(`${tokenHash(token)}\n${idempotencyKey}`)
    .digest('hex');
}

/**
 * Applies one table action as a pure change (store/table-store.ts): an idempotent replay is
 * answered first, from the stored answer — or refused with 422 `IDEMPOTENCY_KEY_REUSED` when the
 * key was used for another request; then the expected version is checked (409 when stale);
 * then the action runs, and the new document, its events (one per audience, each made by
 * `view()`) and the answer come back together.
 *
 * @example
 * ```ts
 * await tables.withTable(id, (row) => applyAction(row, request, ctx));
 * ```
 * @throws {ApiError} for every refusal (the transaction rolls back).
 */
export function applyAction(
  row: TableRow<TableDocument>,
  req: ActionRequest,
  ctx: StepContext,
): TableChange<TableDocument, ActionAnswer> {
  const doc = row.doc;
  const idem = req.idempotency;
  if (idem !== undefined) {
    // The store loaded the answer kept under this key, if any. (Answers kept in documents before
    // they had rows of their own are not looked up: a retry from before the upgrade carries a
    // version that is stale after it, and is refused with 409, never acted on twice.)
    const stored = row.answer;
    if (stored !== undefined) {
      // A key names ONE request. Answering another request with the first one's answer would
      // tell the client its second action happened when it did not (e.g. a play answered with
      // the earlier draw); acting on it would let one key act twice. Neither: refuse, change
      // nothing. (The fingerprints are hashes of the sender's own request: nothing secret to
      // compare in constant time.)
      if (stored.request !== idem.request) {
        throw new ApiError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'That Idempotency-Key was used for another request: send a new key with a new request.',
        );
      }
      return { next: null, result: { status: stored.status, body: stored.body } };
    }
  }
  if (req.expectedVersion !== row.version) {
    if (typeof req.expectedVersion !== 'number') {
      throw new ApiError(400, 'VERSION_REQUIRED', 'Send the table version you act on (version).');
    }
    throw new ApiError(409, 'STALE_VERSION', 'The table has changed: read it again.', {
      version: row.version,
    });
  }
  const checked = req.body();
  let next: TableDocument;
  let action: PublicAction;
  let ended: HandRecord | undefined;
  let receipt: ReceiptV3 | undefined;
  try {
    // A seat that acts is there: an away seat is back before its action runs (seat-presence.ts).
    // Not by a `timeout`: it is what the clock does, which a page may send by itself when it sees
    // a deadline pass, and says nothing of anyone being at their device.
    const present = checked.type === 'timeout' ? doc : markPresent(doc, req.viewer, ctx.now);
    ({ next, action, ended, receipt } = step(present, req.viewer, checked, ctx));
  } catch (error) {
    throw tableError(error);
  }
  if (checked.type === 'back' && next === doc) {
    // `back` from a seat that was not away: nothing to change, nothing to tell the others.
    const body = JSON.stringify({ ok: true, table: view(doc, req.viewer, row.version) });
    return { next: null, result: { status: 200, body } };
  }
  const version = row.version + 1;
  const withEvents = tableEvents({ ...next, idempotency: [] }, version, action);
  // The answer is the actor's view, merged from the parts its events were just made of: one
  // public view per change, written as JSON once (view-json.ts). A viewer with no audience (none
  // acts today) gets its own.
  const mine = withEvents.projection.private.get(audienceOf(req.viewer));
  const table =
    mine === undefined
      ? JSON.stringify(view(next, req.viewer, version))
      : mergedViewJson(withEvents.json, mine);
  // A commit or reveal is answered with the dealer's signed receipt: keep it (docs/FAIR.md §V3.1).
  const body = `{"ok":true,"table":${table}${receipt === undefined ? '' : `,"receipt":${JSON.stringify(receipt)}`}}`;
  return {
    next: withEvents.doc,
    events: withEvents.events,
    dueAt: dueAt(next),
    ...(idem === undefined
      ? {}
      : { answer: { key: idem.key, request: idem.request, status: 200, body } }),
    ...(ended === undefined ? {} : { hands: [{ n: ended.n, record: JSON.stringify(ended) }] }),
    result: { status: 200, body },
  };
}

/**
 * One `state` event per audience, with the next id of that audience's sequence, in the parts the
 * projection makes (projection.ts): the public action and the table as every viewer sees it, once
 * for the change, and each audience's private part. Read back, an event is their merge — the
 * audience's `view()` and the action (event-data.ts).
 *
 * @example
 * ```ts
 * const { doc: saved, events } = tableEvents(doc, 1, { type: 'created', seat: null });
 * ```
 * @throws never.
 */
export function tableEvents(
  doc: TableDocument,
  version: number,
  action: PublicAction,
): { doc: TableDocument; events: ChangeEvents; projection: Projection; json: TableJson } {
  const p = projection(doc, version);
  const json = tableJson(p.public);
  const seq = { ...doc.eventSeq };
  const own: AudienceEvent[] = [];
  for (const [audience, part] of p.private) {
    const id = (seq[audience] ?? 0) + 1;
    seq[audience] = id;
    own.push({ audience, id, type: 'state', data: JSON.stringify(part) });
  }
  return {
    doc: { ...doc, eventSeq: seq },
    // JSON.stringify({ action, table }) (a PublicStateEvent), with the table written once.
    events: {
      public: `{"action":${JSON.stringify(actionView(action))},"table":${publicTableJson(json)}}`,
      private: own,
    },
    projection: p,
    json,
  };
}

function seatOf(viewer: Viewer): number {
  if (viewer.kind !== 'seat') throw new ApiError(403, 'FORBIDDEN', 'Only a seat can do this.');
  return viewer.seat;
}

function dealtHand(doc: TableDocument): HandDocument {
  if (doc.hand === null || doc.hand.phase !== 'playing') {
    throw new ApiError(409, 'WRONG_PHASE', 'No dealt hand is in play.');
  }
  return doc.hand;
}

function step(doc: TableDocument, viewer: Viewer, b: ActionBody, ctx: StepContext): Stepped {
  const last = (hand: HandDocument): PublicAction => hand.log.at(-1)!;
  if (isDarkMessage(b)) {
    // A dark protocol message: only a seat, for itself (its token says which), at a dark hand.
    const seat = seatOf(viewer);
    const hand = doc.hand;
    if (hand?.dark === undefined || hand.phase === 'ended' || hand.phase === 'void') {
      throw new ApiError(409, 'WRONG_PHASE', 'No dark hand is in progress at this table.');
    }
    return darkProtocolStep(doc, hand, seat, b, ctx);
  }
  switch (b.type) {
    case 'next-hand': {
      const hand = openHand(doc, ctx);
      return { next: { ...doc, hand }, action: last(hand) };
    }
    case 'commit':
    case 'reveal': {
      const hand = doc.hand;
      if (hand === null) throw new ApiError(409, 'WRONG_PHASE', 'No hand is open.');
      const seat = seatOf(viewer);
      const r =
        b.type === 'commit'
          ? commitSeat(doc, hand, seat, { commitment: b.commitment, signature: b.signature }, ctx)
          : revealSeat(
              doc,
              hand,
              seat,
              { seed: b.seed, salt: b.salt, signature: b.signature },
              ctx,
            );
      return { next: { ...doc, hand: r.hand }, action: last(r.hand), receipt: r.receipt };
    }
    case 'void': {
      // After the deadline a silent seat voids the hand (never a deal with fewer seeds), and the
      // next hand opens under a fresh server commitment.
      const by = viewer.kind === 'seat' ? viewer.seat : null;
      const v = voidCurrentHand(doc, ctx, 'withheld', [], by);
      return { next: openNextIfSeated(v.doc, ctx), action: v.action, ended: v.record };
    }
    case 'timeout':
      // After the turn clock's deadline only (409 TOO_EARLY before): what the sweep does (the
      // house's bot moves when its clock runs out).
      return dueTurn(doc, ctx);
    case 'back': {
      // markPresent (before the step) brought the seat back, if it was away.
      const seat = seatOf(viewer);
      return { next: doc, action: { type: 'back', seat } };
    }
    case 'end-hand': {
      const hand = dealtHand(doc);
      if (hand.game !== null) {
        throw new ApiError(
          409,
          'WRONG_PHASE',
          'A Dou Dizhu hand ends when a seat empties its hand.',
        );
      }
      const action: PublicAction = {
        type: 'hand-ended',
        seat: viewer.kind === 'seat' ? viewer.seat : null,
      };
      const { doc: next, record } = endHand(doc, ctx, action);
      return { next, action, ended: record };
    }
    default: {
      const current = doc.hand;
      if (current?.dark !== undefined && current.phase !== 'ended' && current.phase !== 'void') {
        return darkMove(doc, current, seatOf(viewer), b, ctx);
      }
      if (b.type === 'dark-play') {
        throw new ApiError(409, 'WRONG_PHASE', 'No dark hand is in play at this table.');
      }
      const hand = dealtHand(doc);
      if (hand.game !== null) return doudizhuMove(doc, hand, seatOf(viewer), b, ctx);
      const r = pileAction(hand.piles!, viewer, b);
      const next = { ...hand, piles: r.piles, log: [...hand.log, r.action] };
      return { next: { ...doc, hand: next }, action: r.action };
    }
  }
}
