import type { ActionView, CountsView, GameView, HandView, TableView } from '../../client/index.ts';
import type { DoudizhuState } from '../../rules/doudizhu/index.ts';
import type { HandDocument, PublicAction, TableDocument } from './table-doc.ts';
import type { Viewer } from './viewer.ts';

/**
 * THE projection: what `viewer` may see of a table. Every REST body, event and header about a
 * table is made from this (docs/TABLES.md, "What a seat sees"). Deny by default: the result is
 * built field by field from an allow-list — nothing of the document is spread or passed through —
 * so a field added to the document later stays hidden until someone adds it here.
 *
 * A seat sees its own cards, the public cards (board, discard, plays, the kitty once shown) and
 * how many cards every pile holds. Never another seat's cards, the stock or its order, a street
 * not dealt yet (Hold'em, Omaha: only how many are left and the next one's name), the sealed
 * round (server seed) or transcript, token hashes or stored idempotent answers. The host sees
 * what every seat sees in common.
 *
 * @example
 * ```ts
 * view(doc, { kind: 'seat', seat: 0 }, 7).hand?.yourCards; // seat 0's cards
 * ```
 * @throws never.
 */
export function view(doc: TableDocument, viewer: Viewer, version: number): TableView {
  return {
    id: doc.id,
    version,
    preset: doc.preset,
    options: { ...doc.options },
    seats: doc.seats,
    players: [...doc.players],
    rules: { ...(doc.rules ?? {}) },
    fair: doc.fair,
    mode: doc.fair ? 'fair' : 'practice',
    revealTimeoutMs: doc.revealTimeoutMs,
    withholdPenalty: doc.withholdPenalty,
    // Which seats are held, and by which public key: never a token, never an invite.
    seatKeys: [...doc.seatKeys],
    history: doc.history.map((h) => ({
      n: h.n,
      transcriptHash: h.transcriptHash,
      outcome: h.outcome ?? 'dealt',
      missing: [...h.missing],
      score: h.score ?? null,
    })),
    // The only fields that differ from viewer to viewer, side by side (`you`, then the hand
    // opening with `yourCards`): the events of one change, one per viewer, then share all their
    // text but these, which the store keeps once (store/event-bodies.ts).
    you:
      viewer.kind === 'seat'
        ? { seat: viewer.seat, player: doc.players[viewer.seat] ?? '' }
        : 'host',
    hand: doc.hand === null ? null : handView(doc.hand, viewer),
  };
}

function handView(hand: HandDocument, viewer: Viewer): HandView {
  const own = viewer.kind === 'seat' ? viewer.seat : -1;
  const out: { -readonly [K in keyof HandView]: HandView[K] } = {
    // First, next to `you` (see view()); null until dealt, and always for the host.
    yourCards: null,
    n: hand.n,
    phase: hand.phase,
    deadline: hand.deadline,
    // Everything that decides the deck is public as it arrives (docs/FAIR.md §V3.1): the signed
    // announcement, each seat's signed commitment and reveal, the signed roster, the receipts.
    announcement: announcementView(hand.announcement),
    commits: hand.commits.map((c) =>
      c === null ? null : { commitment: c.commitment, signature: c.signature, at: c.at },
    ),
    roster:
      hand.roster === null
        ? null
        : {
            commitment: hand.roster.commitment,
            commits: hand.roster.commits.map((c) => ({
              commitment: c.commitment,
              signature: c.signature,
              at: c.at,
            })),
            hash: hand.roster.hash,
            at: hand.roster.at,
            signature: hand.roster.signature,
          },
    reveals: hand.reveals.map((r) =>
      r === null ? null : { seed: r.seed, salt: r.salt, signature: r.signature, at: r.at },
    ),
    receipts: hand.receipts.map((r) => ({
      kind: r.kind,
      seat: r.seat,
      commitment: r.commitment,
      seatSignature: r.seatSignature,
      at: r.at,
      signature: r.signature,
    })),
    waitingFor: waitingFor(hand),
    void: hand.void === null ? null : { reason: hand.void.reason, seats: [...hand.void.seats] },
    log: hand.log.map(actionView),
  };
  if (hand.piles !== null) {
    const p = hand.piles;
    out.yourCards = own >= 0 ? [...(p.hands[own] ?? [])] : null;
    // Streets held back (Hold'em, Omaha): how many and which comes next, never a card of them —
    // not the next street's, not its burn (docs/TABLES.md, "Streets").
    const streets = p.streets ?? [];
    const counts: CountsView = {
      hands: p.hands.map((h) => h.length),
      stock: p.stock.length,
      burns: p.burns.length,
      kitty: p.kitty.length,
      streetsLeft: streets.length,
    };
    out.counts = counts;
    out.board = [...p.board];
    out.discard = [...p.discard];
    // An ended hand deals no more streets (those held back are in its transcript).
    out.nextStreet = hand.phase === 'playing' ? (streets[0]?.name ?? null) : null;
  }
  if (hand.game !== null) {
    const g = hand.game;
    out.yourCards = own >= 0 ? (g.hands[own] ?? []).map((c) => c.id) : null;
    out.counts = { hands: g.hands.map((h) => h.length), kitty: g.kitty.length };
    out.kitty = g.kittyShown ? g.kitty.map((c) => c.id) : null;
    out.game = gameView(g);
  }
  return out;
}

/** Seats still awaited: to commit, then to reveal; [] otherwise. */
function waitingFor(hand: HandDocument): number[] {
  const list =
    hand.phase === 'committing' ? hand.commits : hand.phase === 'revealing' ? hand.reveals : [];
  const out: number[] = [];
  list.forEach((x, k) => {
    if (x === null) out.push(k);
  });
  return out;
}

function announcementView(a: HandDocument['announcement']): HandView['announcement'] {
  return {
    algorithm: a.algorithm,
    mode: a.mode,
    table: a.table,
    hand: a.hand,
    prev: a.prev,
    preset: a.preset,
    options: { ...a.options },
    dealer: a.dealer,
    seats: a.seats.map((x) => ({ player: x.player, key: x.key })),
    commitment: a.commitment,
    at: a.at,
    signature: a.signature,
  };
}

function gameView(g: DoudizhuState): GameView {
  return {
    phase: g.phase,
    turn: g.turn,
    firstBidder: g.firstBidder,
    bids: g.bids.map((b) => ({ seat: b.seat, bid: b.bid })),
    highestBid: g.highestBid,
    landlord: g.landlord,
    base: g.base,
    robs: g.robs,
    plays: g.plays.map((p) => ({
      seat: p.seat,
      type: p.play.type,
      cards: p.cards.map((c) => c.id),
    })),
    lead:
      g.lead === null
        ? null
        : { seat: g.lead.seat, type: g.lead.play.type, cards: g.lead.cards.map((c) => c.id) },
    passes: g.passes,
    bombs: g.bombs,
    winner: g.winner,
    score: g.score === null ? null : JSON.parse(JSON.stringify(g.score)),
  };
}

/**
 * A public action as shown: only the fields that may be shown. `cards` are only ever recorded
 * for cards everyone sees (plays, discards, moves, a turned-up kitty); draws and burns carry a
 * count.
 *
 * @example
 * ```ts
 * actionView({ type: 'draw', seat: 1, count: 2 }); // { type: 'draw', seat: 1, count: 2 }
 * ```
 * @throws never.
 */
export function actionView(a: PublicAction): ActionView {
  const out: { -readonly [K in keyof ActionView]: ActionView[K] } = { type: a.type, seat: a.seat };
  if (a.count !== undefined) out.count = a.count;
  if (a.cards !== undefined) out.cards = [...a.cards];
  if (a.bid !== undefined) out.bid = a.bid;
  if (a.pile !== undefined) out.pile = a.pile;
  if (a.to !== undefined) out.to = a.to;
  return out;
}
