import { checkShare, type DarkShareJSON, openCard } from '../../dark/index.ts';
import { FairdealError, presetDeck } from '../../index.ts';
import { type DoudizhuState, play } from '../../rules/doudizhu/index.ts';
import { ApiError } from '../deck/api-error.ts';
import type { ActionBody } from './bodies.ts';
import { cardsOf } from './card-ids.ts';
import { darkContext, decodedHand, groupOf } from './dark-hand.ts';
import { darkRefusal, sharesFor, toReveal } from './dark-protocol.ts';
import { checkDarkSignature } from './dark-signature.ts';
import type { DarkHand } from './dark-state.ts';
import type { Stepped } from './doudizhu-move.ts';
import { doudizhuStep } from './doudizhu-table.ts';
import type { StepContext } from './hand-flow.ts';
import type { HandDocument, PublicAction, TableDocument } from './table-doc.ts';
import { startClock } from './turn-clock.ts';

type DarkPlayBody = Extract<ActionBody, { type: 'dark-play' }>;

const ILLEGAL_WORDS: Readonly<Record<string, string>> = {
  'not-a-combination': 'do not make a Dou Dizhu combination',
  'does-not-beat': 'do not beat the play to beat',
};

/**
 * A Dou Dizhu move at a dark table (docs/TABLES.md, "Dark tables"). A play names positions — its
 * own (dealt to it, or the kitty's once it took it), none played before — with the seat's
 * share for each hand position, signed: every share's proof is checked, each card is opened
 * with the other seats' shares published at the deal (the kitty's are open already), and the
 * cards are checked by the rules library (`play`: the turn, a combination, beating the play to
 * beat) on the seat's count of cards, which is all the service knows of its hand. A bid, a
 * doubling choice and a pass need no card and go to the rules as they are. The bid that names
 * the landlord stops the game until every seat has shared the kitty; the play that empties a
 * hand (or a bidding that all passed) moves the hand to its reveals.
 *
 * @example
 * ```ts
 * darkMove(doc, doc.hand, 0, { type: 'dark-play', positions: [3], shares: [share], signature }, ctx);
 * ```
 * @throws {ApiError} 409 `WRONG_PHASE` (the kitty is opening, or no play now), `NOT_YOUR_TURN`;
 *   422 `ILLEGAL_PLAY` (`reason`: `not-in-hand` for a position not the seat's or played
 *   already; `not-a-combination`, `does-not-beat`), `BAD_SIGNATURE` (a share's proof, with
 *   `check: 'share'`, or the message's signature), naming the seat.
 */
export function darkMove(
  doc: TableDocument,
  hand: HandDocument,
  seat: number,
  b: ActionBody,
  ctx: StepContext,
): Stepped {
  const dark = hand.dark!;
  if (dark.stage === 'kitty') {
    throw new ApiError(
      409,
      'WRONG_PHASE',
      'The kitty is opening: every seat posts its kitty shares first.',
    );
  }
  if (dark.stage !== 'bidding' && dark.stage !== 'play') {
    throw new ApiError(409, 'WRONG_PHASE', 'No bid or play is taken now.');
  }
  if (b.type === 'dark-play') return darkPlay(doc, hand, dark, seat, b, ctx);
  if (b.type !== 'bid' && b.type !== 'pass' && b.type !== 'double') {
    throw new ApiError(
      400,
      'UNKNOWN_ACTION',
      'At a dark Dou Dizhu table the moves are bid, double, dark-play (positions and shares) and pass.',
    );
  }
  const before = hand.game!;
  const game = doudizhuStep(before, seat, b);
  const action: PublicAction =
    b.type === 'bid'
      ? { type: 'bid', seat, bid: b.bid }
      : b.type === 'double'
        ? { type: 'double', seat, choice: b.choice }
        : { type: 'pass', seat };
  return afterMove(doc, hand, dark, before, game, action, ctx);
}

function afterMove(
  doc: TableDocument,
  hand: HandDocument,
  dark: DarkHand,
  before: DoudizhuState,
  game: DoudizhuState,
  action: PublicAction,
  ctx: StepContext,
  extra: Partial<DarkHand> = {},
): Stepped {
  // The rules add the kitty to the landlord's hand: here it has no cards yet, and no hand is kept.
  const blank = { ...game, hands: game.hands.map(() => []) };
  const d: DarkHand = { ...dark, ...extra };
  const h: HandDocument = { ...hand, game: blank, dark: d };
  if (game.phase === 'finished' || game.phase === 'redeal') {
    return toReveal(doc, { ...h, clock: null }, d, action, ctx);
  }
  if (before.landlord === null && game.landlord !== null) {
    // The landlord is known: every seat now opens the kitty (docs/DARK.md §8, step 4).
    const next: HandDocument = {
      ...h,
      phase: 'dark',
      dark: { ...d, stage: 'kitty', kittyTo: game.landlord, sharedBy: [] },
      deadline: ctx.now + doc.revealTimeoutMs,
      clock: null,
      log: [...hand.log, action],
    };
    return { next: { ...doc, hand: next }, action };
  }
  const next: HandDocument = {
    ...h,
    clock: startClock(doc, blank, ctx.now),
    log: [...hand.log, action],
  };
  return { next: { ...doc, hand: next }, action };
}

function darkPlay(
  doc: TableDocument,
  hand: HandDocument,
  dark: DarkHand,
  seat: number,
  b: DarkPlayBody,
  ctx: StepContext,
): Stepped {
  const game = hand.game!;
  if (game.phase !== 'playing' || dark.stage !== 'play') {
    throw new ApiError(409, 'WRONG_PHASE', `No playing now: the hand is ${game.phase}.`);
  }
  if (game.turn !== seat) {
    throw new ApiError(409, 'NOT_YOUR_TURN', `Seat ${game.turn} plays now, not seat ${seat}.`, {
      seat,
    });
  }
  const group = groupOf(ctx);
  const { deck, keys, final } = decodedHand(group, doc, hand, dark);
  const positions = b.positions;
  const shares: readonly DarkShareJSON[] = b.shares;
  const notYours = (position: number, why: string) =>
    new ApiError(422, 'ILLEGAL_PLAY', `Seat ${seat} cannot play position ${position}: ${why}.`, {
      reason: 'not-in-hand',
      seat,
      position,
    });
  // The signature first: every refusal below names the seat for a message it signed.
  const signed = checkDarkSignature(
    doc,
    hand,
    dark,
    seat,
    { kind: 'play', positions, shares },
    b.signature,
  );
  const played = new Set(dark.plays.map((p) => p.position));
  const kittyPositions = new Set<number>();
  for (const [i, p] of positions.entries()) {
    const to = deck.route[p];
    const isKitty = to === 'kitty' && dark.kittyTo === seat;
    if (to !== `hand:${seat}` && !isKitty) throw notYours(p, 'it was not dealt to it');
    if (played.has(p) || positions.indexOf(p) !== i) throw notYours(p, 'it was played already');
    if (isKitty) kittyPositions.add(p);
  }
  // One share per dealt position, the seat's own; the kitty's shares are all public already.
  const owed = positions.filter((p) => !kittyPositions.has(p));
  const bad = (message: string, position?: number) =>
    darkRefusal('BAD_SIGNATURE', 'share', seat, message, position);
  if (shares.length !== owed.length) {
    throw bad(
      `Seat ${seat} must send one share for each dealt position it plays (${owed.length}).`,
    );
  }
  shares.forEach((s, i) => {
    if (s.seat !== seat) throw bad(`Seat ${seat} sent a share as seat ${s.seat}.`, s.position);
    if (s.position !== owed[i]) {
      throw bad(`Seat ${seat}'s shares must follow its positions, in order.`, s.position);
    }
  });
  const context = darkContext(doc, hand);
  const mine = new Map<number, ReturnType<typeof checkShare>>();
  for (const s of shares) {
    try {
      mine.set(s.position, checkShare(group, context, keys[seat]!, final[s.position]!.a, s));
    } catch (error) {
      const why = error instanceof FairdealError ? error.message : 'it does not decode';
      throw bad(`Seat ${seat}'s share is refused: ${why}.`, s.position);
    }
  }
  let cards: string[];
  try {
    cards = positions.map((p) => {
      if (kittyPositions.has(p)) return dark.kitty![kittyIndex(deck.route, p)]!;
      return openCard(deck, final[p]!.b, [...sharesFor(group, dark, p), mine.get(p)!], p);
    });
  } catch (error) {
    // Every share checked, yet no card: a shuffle step was not honest, and the hand cannot go on.
    // The shares are kept (they are good); the reveals name the seat (docs/DARK.md §7).
    if (!(error instanceof FairdealError)) throw error;
    const kept: DarkHand = { ...signed, shares: [...dark.shares, ...shares] };
    return toReveal(doc, hand, kept, { type: 'dark-broken', seat }, ctx);
  }
  let next: DoudizhuState;
  try {
    next = play(withCount(game, seat, cards, dark.counts[seat]!), seat, cardsOf(cards));
  } catch (error) {
    // The cards are the seat's own, refused: their ids stay out of the answer, the log and
    // anything stored — the words say why, not which.
    const reason =
      error instanceof FairdealError && typeof error.detail?.reason === 'string'
        ? error.detail.reason
        : 'not-a-combination';
    throw new ApiError(
      422,
      'ILLEGAL_PLAY',
      `The cards at those positions ${ILLEGAL_WORDS[reason] ?? 'are not a legal play'}.`,
      { reason, seat },
    );
  }
  const counts = dark.counts.map((c, k) => (k === seat ? c - cards.length : c));
  const plays = [
    ...dark.plays,
    ...positions.map((position, i) => ({ seat, position, card: cards[i]! })),
  ];
  const action: PublicAction = { type: 'play', seat, cards };
  return afterMove(doc, hand, signed, game, next, action, ctx, {
    counts,
    plays,
    shares: [...dark.shares, ...shares],
  });
}

function kittyIndex(route: readonly string[], position: number): number {
  let i = 0;
  for (let p = 0; p < position; p++) if (route[p] === 'kitty') i++;
  return i;
}

/**
 * The rules state with `seat` holding `count` cards, the played ones among them: the rules
 * library checks a play against a hand, and the service knows only the played cards and the
 * count. The rest are stand-ins — other cards of the deck, none of them played — which only
 * make the count right (a hand empties exactly when the count does); they leave with the state,
 * which is stored with no hand at all (afterMove).
 */
function withCount(
  game: DoudizhuState,
  seat: number,
  cards: readonly string[],
  count: number,
): DoudizhuState {
  if (cards.length > count) {
    throw new ApiError(422, 'ILLEGAL_PLAY', `Seat ${seat} holds only ${count} cards.`, {
      reason: 'not-in-hand',
      seat,
    });
  }
  const played = new Set(cards);
  const others = presetDeck('doudizhu', { seats: 3 }).filter((c) => !played.has(c.id));
  const hand = [...cardsOf(cards), ...others.slice(0, count - cards.length)];
  return { ...game, hands: game.hands.map((h, k) => (k === seat ? hand : h)) };
}
