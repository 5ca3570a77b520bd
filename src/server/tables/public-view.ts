import type { CountsView, GameView, HandView } from '../../client/index.ts';
import type { DoudizhuState } from '../../rules/doudizhu/index.ts';
import { actionView } from './action-view.ts';
import { darkWaitingFor } from './dark-state.ts';
import { darkHandView, darkVerdictView } from './dark-view.ts';
import { stakedScore } from './staked-score.ts';
import type { HandDocument, TableDocument } from './table-doc.ts';
import type { PublicHandView, PublicTableView } from './view-parts.ts';

/**
 * What EVERY viewer of a table sees alike — each seat and the host: the public part of `view()`
 * (view.ts), and what an event stores once for all its audiences. Deny by default: built field by
 * field from an allow-list — nothing of the document is spread or passed through — so a field
 * added to the document later stays hidden until someone adds it here.
 *
 * The public cards (board, discard, plays, the kitty once shown, the landlord's hand once it
 * shows it — 明牌) and how many cards every pile
 * holds; never a seat's cards, the stock or its order, a street not dealt yet (Hold'em, Omaha:
 * only how many are left and the next one's name), the sealed round (server seed) or transcript,
 * token hashes or stored idempotent answers. What is one viewer's own — who it is, its cards —
 * is private-view.ts's.
 *
 * @example
 * ```ts
 * publicView(doc, 7).hand?.counts; // how many cards each pile holds
 * ```
 * @throws never.
 */
export function publicView(doc: TableDocument, version: number): PublicTableView {
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
    turnSeconds: (doc.turnMs ?? 0) / 1000,
    away: doc.players.map((_, k) => doc.away?.[k] === true),
    withholdPenalty: doc.withholdPenalty,
    // Which seats are held, and by which public key: never a token, never an invite.
    seatKeys: [...doc.seatKeys],
    names: doc.players.map((_, k) => doc.names?.[k] ?? null),
    bots: [...(doc.bots ?? [])],
    room: doc.roomCodeHash !== undefined,
    stakes: doc.stakes ?? 1,
    dark: doc.dark === true,
    history: doc.history.map((h) => ({
      n: h.n,
      transcriptHash: h.transcriptHash,
      outcome: h.outcome ?? 'dealt',
      missing: [...h.missing],
      score: h.score ?? null,
      holders: h.holders === undefined ? null : [...h.holders],
      ...(h.verdict === undefined ? {} : { verdict: darkVerdictView(h.verdict) }),
    })),
    hand: doc.hand === null ? null : publicHandView(doc.hand, doc.stakes),
  };
}

function publicHandView(hand: HandDocument, stakes: number | undefined): PublicHandView {
  const out: { -readonly [K in keyof PublicHandView]: PublicHandView[K] } = {
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
    clock:
      hand.clock === undefined || hand.clock === null
        ? null
        : { seat: hand.clock.seat, deadline: hand.clock.deadline, ms: hand.clock.ms },
  };
  if (hand.piles !== null) {
    const p = hand.piles;
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
    out.counts = { hands: g.hands.map((h) => h.length), kitty: g.kitty.length };
    out.kitty = g.kittyShown ? g.kitty.map((c) => c.id) : null;
    out.game = gameView(g, stakes);
  }
  if (hand.dark !== undefined) {
    // A dark hand: the service holds counts, never hands (its rules state keeps none), and the
    // kitty only once every seat opened it.
    const d = hand.dark;
    out.dark = darkHandView(d);
    if (hand.game !== null) {
      out.counts = { hands: [...d.counts], kitty: d.kitty === null ? 3 : 0 };
      out.kitty = d.kitty === null ? null : [...d.kitty];
    }
  }
  return out;
}

/** Seats still awaited: to commit, then to reveal; a dark hand's, for its stage; [] otherwise. */
function waitingFor(hand: HandDocument): number[] {
  if (hand.dark !== undefined) return hand.phase === 'dark' ? darkWaitingFor(hand.dark) : [];
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

function gameView(g: DoudizhuState, stakes: number | undefined): GameView {
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
    // The table's stakes multiply the points, as in the history (staked-score.ts).
    score: g.score === null ? null : JSON.parse(JSON.stringify(stakedScore(g.score, stakes))),
    // A hand stored before the doubling rule existed has neither field: nobody doubled.
    doubled: g.hands.map((_, k) => g.doubled?.[k] === true),
    toDouble: [...(g.toDouble ?? [])],
    shown: g.shown === true,
    // 明牌: the landlord put its hand face up, so what it still holds is every viewer's to see.
    shownHand:
      g.shown === true && g.landlord !== null ? (g.hands[g.landlord] ?? []).map((c) => c.id) : null,
  };
}
