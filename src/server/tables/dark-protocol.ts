import {
  checkSeatKey,
  checkShare,
  type DarkGroup,
  type DarkKeyJSON,
  type DarkPoint,
  type DarkRevealJSON,
  type DarkShareJSON,
  type DarkStepJSON,
  darkDeck,
  mayShare,
  openCard,
  readStepDeck,
} from '../../dark/index.ts';
import { deal, FairdealError } from '../../index.ts';
import type { DoudizhuState } from '../../rules/doudizhu/index.ts';
import { ApiError } from '../deck/api-error.ts';
import type { ActionBody } from './bodies.ts';
import { cardsOf } from './card-ids.ts';
import { finishDarkHand } from './dark-end.ts';
import { darkContext, decodedHand, groupOf } from './dark-hand.ts';
import { checkDarkSignature } from './dark-signature.ts';
import type { DarkHand } from './dark-state.ts';
import type { Stepped } from './doudizhu-move.ts';
import { startDoudizhu } from './doudizhu-table.ts';
import type { StepContext } from './hand-flow.ts';
import type { HandDocument, PublicAction, TableDocument } from './table-doc.ts';
import { startClock } from './turn-clock.ts';

type DarkMessage = Extract<
  ActionBody,
  { type: 'dark-key' } | { type: 'dark-step' } | { type: 'dark-shares' } | { type: 'dark-reveal' }
>;

/**
 * Whether an action is one of the dark protocol's messages (a key, a shuffle step, shares, a
 * reveal): {@link darkProtocolStep} takes those.
 *
 * @example
 * ```ts
 * isDarkMessage({ type: 'dark-key', key, signature }); // true
 * ```
 * @throws never.
 */
export function isDarkMessage(b: ActionBody): b is DarkMessage {
  return (
    b.type === 'dark-key' ||
    b.type === 'dark-step' ||
    b.type === 'dark-shares' ||
    b.type === 'dark-reveal'
  );
}

const order = (message: string) => new ApiError(409, 'PROTOCOL_ORDER', message);

/**
 * One dark protocol message from `seat` (docs/DARK.md §8, docs/TABLES.md "Dark tables"), checked
 * as far as it can be before the hand's end and kept in public: its Ed25519 signature by the
 * seat's key; a key's proof of knowledge (`checkSeatKey`); a shuffle step's shape and elements
 * (`readStepDeck`), in seat order; every share's proof (`checkShare`) and whether the seat may
 * open that position (`mayShare`) — the deal's shares are exactly those the seat owes, and so are
 * the kitty's; a reveal's shape. The stage moves on when every seat has sent its part: the last
 * deal share starts the bidding, the last kitty share opens the kitty to everyone, and the last
 * reveal ends the hand (dark-end.ts). A refused message changes nothing.
 *
 * @example
 * ```ts
 * const { next, action } = darkProtocolStep(doc, doc.hand, 0, { type: 'dark-key', key, signature }, ctx);
 * ```
 * @throws {ApiError} 409 `PROTOCOL_ORDER` (wrong stage, a second message, a share the seat must
 *   not make now), `NOT_YOUR_TURN` (a step out of seat order); 422 `BAD_SIGNATURE` (the message's
 *   signature, a key or share proof), `REVEAL_MISMATCH` (a malformed step) — each naming the seat
 *   (`seat`, `check`, `position`: {@link darkRefusal}).
 */
export function darkProtocolStep(
  doc: TableDocument,
  hand: HandDocument,
  seat: number,
  b: DarkMessage,
  ctx: StepContext,
): Stepped {
  const dark = hand.dark!;
  const group = groupOf(ctx);
  switch (b.type) {
    case 'dark-key':
      return acceptKey(doc, hand, dark, seat, b.key, b.signature, group, ctx);
    case 'dark-step':
      // The schema holds each ciphertext to exactly two elements (bodies.ts): a pair.
      return acceptStep(
        doc,
        hand,
        dark,
        seat,
        b.step as unknown as DarkStepJSON,
        b.signature,
        group,
        ctx,
      );
    case 'dark-shares':
      return acceptShares(doc, hand, dark, seat, b.shares, b.signature, group, ctx);
    case 'dark-reveal':
      return acceptReveal(doc, hand, dark, seat, b.reveal, b.signature, group);
  }
}

function stepped(
  doc: TableDocument,
  hand: HandDocument,
  dark: DarkHand,
  action: PublicAction,
  extra: Partial<HandDocument> = {},
): Stepped {
  const next: HandDocument = { ...hand, ...extra, dark, log: [...hand.log, action] };
  return { next: { ...doc, hand: next }, action };
}

function acceptKey(
  doc: TableDocument,
  hand: HandDocument,
  dark: DarkHand,
  seat: number,
  key: DarkKeyJSON,
  signature: string,
  group: DarkGroup,
  ctx: StepContext,
): Stepped {
  if (dark.stage !== 'keys')
    throw order('Keys are posted first, once each: this hand is past them.');
  if (dark.keys[seat] !== null) throw order(`Seat ${seat} has posted its key already.`);
  const signed = checkDarkSignature(doc, hand, dark, seat, { kind: 'key', key }, signature);
  if (key.seat !== seat) {
    throw darkRefusal(
      'BAD_SIGNATURE',
      'key',
      seat,
      `Seat ${seat} posted a key for seat ${key.seat}.`,
    );
  }
  try {
    checkSeatKey(group, darkContext(doc, hand), key);
  } catch (error) {
    throw refusal('BAD_SIGNATURE', 'key', seat, error);
  }
  // A key equal to another seat's would let that seat cancel it out of the joint key (h − h).
  if (dark.keys.some((k) => k !== null && k.key === key.key)) {
    throw darkRefusal('BAD_SIGNATURE', 'key', seat, `Seat ${seat}'s key is another seat's.`);
  }
  const keys = dark.keys.map((k, i) => (i === seat ? key : k));
  const done = keys.every((k) => k !== null);
  const next: DarkHand = { ...signed, keys, stage: done ? 'shuffle' : 'keys' };
  return stepped(
    doc,
    hand,
    next,
    { type: 'dark-key', seat },
    done ? { deadline: ctx.now + doc.revealTimeoutMs } : {},
  );
}

function acceptStep(
  doc: TableDocument,
  hand: HandDocument,
  dark: DarkHand,
  seat: number,
  step: DarkStepJSON,
  signature: string,
  group: DarkGroup,
  ctx: StepContext,
): Stepped {
  if (dark.stage !== 'shuffle') throw order('This hand is not shuffling now.');
  if (seat < dark.steps.length) throw order(`Seat ${seat} has posted its shuffle step already.`);
  if (seat !== dark.steps.length) {
    throw new ApiError(
      409,
      'NOT_YOUR_TURN',
      `Seat ${dark.steps.length} shuffles now, not seat ${seat}: the seats shuffle in seat order.`,
      { seat },
    );
  }
  const signed = checkDarkSignature(doc, hand, dark, seat, { kind: 'step', step }, signature);
  if (step.seat !== seat) {
    throw darkRefusal(
      'REVEAL_MISMATCH',
      'shuffle',
      seat,
      `Seat ${seat} posted a step for seat ${step.seat}.`,
    );
  }
  const n = decodedDeckSize(group, doc);
  try {
    readStepDeck(group, step, n);
  } catch (error) {
    throw refusal('REVEAL_MISMATCH', 'shuffle', seat, error);
  }
  // A step that gives back its input unchanged re-randomized nothing: whatever a seat knew of
  // the deck it was handed, it would still know. (A real step differs everywhere.)
  const previous = dark.steps.at(-1);
  if (previous !== undefined && sameDeck(previous, step)) {
    throw darkRefusal(
      'REVEAL_MISMATCH',
      'shuffle',
      seat,
      `Seat ${seat}'s step is its input unchanged.`,
    );
  }
  const steps = [...dark.steps, step];
  const done = steps.length === doc.seats;
  const next: DarkHand = { ...signed, steps, stage: done ? 'deal' : 'shuffle', sharedBy: [] };
  return stepped(
    doc,
    hand,
    next,
    { type: 'dark-step', seat },
    { deadline: ctx.now + doc.revealTimeoutMs },
  );
}

function sameDeck(a: DarkStepJSON, b: DarkStepJSON): boolean {
  return a.deck.every((pair, i) => pair[0] === b.deck[i]?.[0] && pair[1] === b.deck[i]?.[1]);
}

// The preset's deck size (54 for Dou Dizhu); darkDeck is cached per preset and seat count.
const decodedDeckSize = (group: DarkGroup, doc: TableDocument): number =>
  darkDeck(group, doc.preset, doc.seats).ids.length;

/**
 * The positions a seat owes shares for in a share stage: in the deal, every card dealt to
 * another seat; in the kitty stage, the kitty.
 */
function owed(route: readonly string[], seat: number, stage: 'deal' | 'kitty'): number[] {
  const out: number[] = [];
  route.forEach((to, position) => {
    if (stage === 'kitty' ? to === 'kitty' : to.startsWith('hand:') && to !== `hand:${seat}`) {
      out.push(position);
    }
  });
  return out;
}

function acceptShares(
  doc: TableDocument,
  hand: HandDocument,
  dark: DarkHand,
  seat: number,
  shares: readonly DarkShareJSON[],
  signature: string,
  group: DarkGroup,
  ctx: StepContext,
): Stepped {
  if (dark.stage !== 'deal' && dark.stage !== 'kitty') {
    throw order('This hand takes shares at the deal and for the kitty, not now.');
  }
  const stage = dark.stage;
  if (dark.sharedBy.includes(seat)) {
    throw order(
      `Seat ${seat} has posted its ${stage === 'deal' ? 'deal' : 'kitty'} shares already.`,
    );
  }
  const { deck, keys, final } = decodedHand(group, doc, hand, dark);
  const want = owed(deck.route, seat, stage);
  // The signature first: every refusal below names the seat for a message it signed.
  const signed = checkDarkSignature(doc, hand, dark, seat, { kind: 'shares', shares }, signature);
  const notNow = (message: string, position?: number) =>
    darkRefusal('PROTOCOL_ORDER', 'share', seat, message, position);
  const state = { played: false, kittyGiven: stage === 'kitty' };
  const seen = new Set<number>();
  for (const s of shares) {
    if (s.seat !== seat) {
      throw darkRefusal(
        'BAD_SIGNATURE',
        'share',
        seat,
        `Seat ${seat} posted a share as seat ${s.seat}.`,
        s.position,
      );
    }
    if (s.position >= deck.ids.length || !mayShare(deck.route[s.position], seat, state)) {
      throw notNow(`Seat ${seat} may not open position ${s.position} now.`, s.position);
    }
    if (seen.has(s.position))
      throw notNow(`Seat ${seat} shared position ${s.position} twice.`, s.position);
    seen.add(s.position);
  }
  const missing = want.filter((p) => !seen.has(p));
  if (missing.length > 0) {
    throw notNow(
      `Seat ${seat} owes ${want.length} shares at this stage (${stage}), one per position; ${missing.length} are missing.`,
    );
  }
  const context = darkContext(doc, hand);
  for (const s of shares) {
    try {
      checkShare(group, context, keys[seat]!, final[s.position]!.a, s);
    } catch (error) {
      throw refusal('BAD_SIGNATURE', 'share', seat, error, s.position);
    }
  }
  const sharedBy = [...dark.sharedBy, seat];
  const next: DarkHand = { ...signed, shares: [...dark.shares, ...shares], sharedBy };
  const action: PublicAction = { type: 'dark-shares', seat, pile: stage };
  if (sharedBy.length < doc.seats) return stepped(doc, hand, next, action);
  return stage === 'deal'
    ? startBidding(doc, hand, next, action, ctx)
    : openKitty(doc, hand, next, action, group, ctx);
}

// The rules state of a dark hand holds no card: its hands stay empty (the service does not know
// them) and the counts are the dark state's. startBidding checks a whole deal's shape, so it is
// given a public one — dealt from a fixed seed — whose cards are dropped at once.
function emptyGame(doc: TableDocument, hand: HandDocument): DoudizhuState {
  const shape = deal('doudizhu', { seed: 'fairdeal dark tables hold no cards' });
  const game = startDoudizhu(shape, (hand.n - 1) % doc.seats, doc.rules ?? {});
  return { ...game, hands: game.hands.map(() => []), kitty: [] };
}

function startBidding(
  doc: TableDocument,
  hand: HandDocument,
  dark: DarkHand,
  action: PublicAction,
  ctx: StepContext,
): Stepped {
  const game = emptyGame(doc, hand);
  const counts = dark.counts.map(() => 17);
  const next: DarkHand = { ...dark, stage: 'bidding', sharedBy: [], counts };
  return playing(doc, hand, game, next, [action, { type: 'dealt', seat: null }], ctx);
}

// The hand in play with `game` and `dark`, its turn clock started, `actions` logged (the last
// one is the change's action).
function playing(
  doc: TableDocument,
  hand: HandDocument,
  game: DoudizhuState,
  dark: DarkHand,
  actions: readonly [PublicAction, PublicAction],
  ctx: StepContext,
): Stepped {
  const h: HandDocument = {
    ...hand,
    phase: 'playing',
    game,
    dark,
    clock: startClock(doc, game, ctx.now),
    log: [...hand.log, ...actions],
  };
  return { next: { ...doc, hand: h }, action: actions[1] };
}

function openKitty(
  doc: TableDocument,
  hand: HandDocument,
  dark: DarkHand,
  action: PublicAction,
  group: DarkGroup,
  ctx: StepContext,
): Stepped {
  const { deck, final } = decodedHand(group, doc, hand, dark);
  const positions = owed(deck.route, -1, 'kitty');
  let kitty: string[];
  try {
    kitty = positions.map((p) => openCard(deck, final[p]!.b, sharesFor(group, dark, p), p));
  } catch (error) {
    // Every share checked, yet no card: a shuffle step was not honest. The hand cannot go on;
    // the reveals name the seat (docs/DARK.md §7).
    if (error instanceof FairdealError)
      return toReveal(doc, hand, dark, action, ctx, 'dark-broken');
    throw error;
  }
  const landlord = dark.kittyTo!;
  const counts = dark.counts.map((c, k) => (k === landlord ? c + kitty.length : c));
  const game = { ...hand.game!, kitty: cardsOf(kitty) };
  const next: DarkHand = { ...dark, stage: 'play', kitty, counts, sharedBy: [] };
  return playing(
    doc,
    hand,
    game,
    next,
    [action, { type: 'kitty', seat: landlord, cards: kitty }],
    ctx,
  );
}

/**
 * Every seat's checked share for a position, as group elements (each was checked on arrival).
 *
 * @example
 * ```ts
 * openCard(deck, final[p].b, sharesFor(group, dark, p), p);
 * ```
 * @throws never for shares this service checked.
 */
export function sharesFor(group: DarkGroup, dark: DarkHand, position: number): DarkPoint[] {
  return dark.shares
    .filter((s) => s.position === position)
    .map((s) => group.Point.fromHex(s.share));
}

/**
 * The hand moves to its reveals: the play is over (or cannot go on), every seat now owes its
 * step seed by the deadline.
 *
 * @example
 * ```ts
 * return toReveal(doc, hand, dark, action, ctx);
 * ```
 * @throws never.
 */
export function toReveal(
  doc: TableDocument,
  hand: HandDocument,
  dark: DarkHand,
  action: PublicAction,
  ctx: StepContext,
  why?: string,
): Stepped {
  const log = [...hand.log, action, ...(why === undefined ? [] : [{ type: why, seat: null }])];
  const h: HandDocument = {
    ...hand,
    phase: 'dark',
    dark: { ...dark, stage: 'reveal', sharedBy: [] },
    deadline: ctx.now + doc.revealTimeoutMs,
    clock: null,
    log,
  };
  return { next: { ...doc, hand: h }, action: log.at(-1)! };
}

function acceptReveal(
  doc: TableDocument,
  hand: HandDocument,
  dark: DarkHand,
  seat: number,
  reveal: DarkRevealJSON,
  signature: string,
  group: DarkGroup,
): Stepped {
  if (dark.stage !== 'reveal') throw order('Step seeds are revealed when the play is over.');
  if (dark.reveals[seat] !== null) throw order(`Seat ${seat} has revealed its seed already.`);
  const signed = checkDarkSignature(doc, hand, dark, seat, { kind: 'reveal', reveal }, signature);
  if (reveal.seat !== seat) {
    throw darkRefusal(
      'REVEAL_MISMATCH',
      'shuffle',
      seat,
      `Seat ${seat} revealed a seed for seat ${reveal.seat}.`,
    );
  }
  // Not checked against the commitment here: a seed that does not replay is the verdict's to
  // name (docs/DARK.md §10), in the hand's record, where everyone can see it.
  const reveals = dark.reveals.map((r, i) => (i === seat ? reveal : r));
  const next: DarkHand = { ...signed, reveals };
  const action: PublicAction = { type: 'dark-reveal', seat };
  if (reveals.some((r) => r === null)) return stepped(doc, hand, next, action);
  return finishDarkHand(doc, { ...hand, dark: next, log: [...hand.log, action] }, group);
}

/**
 * A refused dark message, in the library's words for the dark checks (docs/DARK.md §10, the codes
 * of docs/ERRORS.md): `BAD_SIGNATURE` for a key or share proof that fails (or a message naming
 * another seat), `REVEAL_MISMATCH` for a malformed shuffle step, `PROTOCOL_ORDER` for a share
 * its seat must not make now; `seat` names the sender, `check` the check, `position` the card.
 *
 * @example
 * ```ts
 * throw darkRefusal('BAD_SIGNATURE', 'share', 1, "Seat 1's share for position 4 …", 4);
 * ```
 * @throws never.
 */
export function darkRefusal(
  code: 'BAD_SIGNATURE' | 'REVEAL_MISMATCH' | 'PROTOCOL_ORDER',
  check: 'key' | 'shuffle' | 'share',
  seat: number,
  message: string,
  position?: number,
): ApiError {
  return ApiError.of(code, message, {
    seat,
    check,
    ...(position === undefined ? {} : { position }),
  });
}

// A library refusal, its sentence kept: the dark checks' messages name only public things —
// seats, positions, which check failed — never a card.
function refusal(
  code: 'BAD_SIGNATURE' | 'REVEAL_MISMATCH',
  check: 'key' | 'shuffle' | 'share',
  seat: number,
  error: unknown,
  position?: number,
): ApiError {
  const why = error instanceof FairdealError ? error.message : 'it does not decode';
  return darkRefusal(code, check, seat, `Seat ${seat}'s message is refused: ${why}.`, position);
}
