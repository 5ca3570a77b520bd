// Whole fair Dou Dizhu hands for the table benches (bench/tables-pg.ts): three seats claimed
// with keys of their own (bench/claimed-table.ts), each hand played as the seats' clients would:
// 3 commits and 3 reveals (fairdeal-v3, each signed with its seat's key: the library's
// commitAsSeatSync / revealAsSeatSync), bids 1, 2, 3 (the third bidder is the landlord), then plays
// and passes until a hand is empty, then `next-hand`. A seat learns its cards from its own view:
// the seat whose reveal deals reads them in the answer, the two others read the table once (a
// `view`, as a page does when the deal's event arrives); after that each seat's answers carry
// its cards. Plays come from the rules library, as the page's hint does: a lead is the legal play
// of most cards (so hands end in a realistic dozen or so plays), a follow the first legal play
// that beats the lead, else a pass.
import type { Agent } from 'node:http';
import {
  commitAsSeatSync,
  revealAsSeatSync,
  type SeatCommitV3,
  type SeatKeyPair,
} from '../src/fair/index.ts';
import { parseCard } from '../src/index.ts';
import { cardsFor, classify, legalPlays, type Play } from '../src/rules/doudizhu/index.ts';
import { openClaimedTable } from './claimed-table.ts';
import { sendJson } from './send-json.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read loosely by the benches.
type Json = any;

/** The kinds of request a hand is made of, as the bench reports them. */
export const KINDS = ['commit', 'reveal', 'bid', 'play', 'pass', 'next-hand', 'view'] as const;
export type Kind = (typeof KINDS)[number];

/** One Dou Dizhu table as its three clients know it. */
export interface DdzTable {
  /** Where its next request goes (the bench alternates the processes). */
  base: string;
  readonly id: string;
  readonly tokens: string[];
  readonly keys: SeatKeyPair[];
  version: number;
  /** The last view any seat was answered with (public parts: announcement, roster, game). */
  view: Json;
  /** Each seat's cards, from its own answers. */
  cards: (string[] | null)[];
  secrets: (SeatCommitV3 | null)[];
  /** Hands finished (each ended by its `next-hand`). */
  hands: number;
  created: number;
  ok: number;
}

/**
 * Opens a fair Dou Dizhu table at `base` with every seat claimed.
 *
 * @example
 * ```ts
 * const t = await newDdzTable(agent, base);
 * ```
 * @throws {Error} if the table or a claim is refused.
 */
export async function newDdzTable(agent: Agent, base: string): Promise<DdzTable> {
  const t = await openClaimedTable(agent, base, { preset: 'doudizhu', fair: true });
  return {
    base,
    id: t.id,
    tokens: t.tokens,
    keys: t.keys,
    version: t.table.version,
    view: t.table,
    cards: [null, null, null],
    secrets: [null, null, null],
    hands: 0,
    created: t.table.version,
    ok: 0,
  };
}

/** What one step sent: its kind, whether it was an action (a POST), its status and error code. */
export interface StepResult {
  readonly kind: Kind;
  readonly status: number;
  readonly code: string;
  readonly ms: number;
}

let serial = 0;

/**
 * Takes the table one request further: the next protocol step, bid, play or pass of the seat
 * whose turn it is, or a read of a seat's cards it does not know yet.
 *
 * @example
 * ```ts
 * const r = await ddzStep(agent, t); // { kind: 'commit', status: 200, … }
 * ```
 * @throws what node:http throws.
 */
export async function ddzStep(agent: Agent, t: DdzTable): Promise<StepResult> {
  const hand = t.view.hand;
  const game = hand?.game;
  // A seat that must act and does not know its cards reads its view first (after the deal).
  if (hand?.phase === 'playing' && game !== undefined && game !== null) {
    const seat = game.turn as number;
    if (seat >= 0 && t.cards[seat] === null) {
      const t0 = performance.now();
      const r = await sendJson(
        agent,
        'GET',
        `${t.base}/v1/tables/${t.id}`,
        undefined,
        t.tokens[seat],
      );
      const ms = performance.now() - t0;
      if (r.status === 200) {
        t.cards[seat] = [...r.json.table.hand.yourCards];
        t.view = r.json.table;
        t.version = r.json.table.version;
      }
      return { kind: 'view', status: r.status, code: r.json.code ?? '', ms };
    }
  }
  const [kind, seat, body] = next(t);
  const t0 = performance.now();
  const r = await sendJson(
    agent,
    'POST',
    `${t.base}/v1/tables/${t.id}/actions`,
    { ...body, version: t.version },
    t.tokens[seat],
  );
  const ms = performance.now() - t0;
  if (r.status === 200) {
    t.ok++;
    const view = r.json.table;
    t.version = view.version;
    t.view = view;
    if (kind === 'next-hand') {
      t.hands++;
      t.cards = [null, null, null];
      t.secrets = [null, null, null];
    } else if (view.hand?.phase === 'playing' && Array.isArray(view.hand.yourCards)) {
      t.cards[seat] = [...view.hand.yourCards];
    }
    return { kind, status: 200, code: '', ms };
  }
  if (r.json.version !== undefined) t.version = r.json.version;
  // Out of step with the table (a refused move): read it again as every seat.
  for (let s = 0; s < 3; s++) {
    const v = await sendJson(agent, 'GET', `${t.base}/v1/tables/${t.id}`, undefined, t.tokens[s]);
    if (v.status !== 200) continue;
    t.view = v.json.table;
    t.version = v.json.table.version;
    const h = v.json.table.hand;
    t.cards[s] = h?.phase === 'playing' && Array.isArray(h.yourCards) ? [...h.yourCards] : null;
  }
  return { kind, status: r.status, code: r.json.code ?? '', ms };
}

/** The next action of the table: its kind, the seat that sends it and its body. */
function next(t: DdzTable): [Kind, number, object] {
  const hand = t.view.hand;
  if (hand === null || hand === undefined || hand.phase === 'ended' || hand.phase === 'void') {
    return ['next-hand', 0, { type: 'next-hand' }];
  }
  const waiting: number[] = hand.waitingFor ?? [];
  if (hand.phase === 'committing') {
    const seat = waiting[0]!;
    const mine = commitAsSeatSync(hand.announcement, seat, `s${seat}-${serial++}`, t.keys[seat]!);
    t.secrets[seat] = mine;
    return [
      'commit',
      seat,
      { type: 'commit', commitment: mine.commitment, signature: mine.signature },
    ];
  }
  if (hand.phase === 'revealing') {
    const seat = waiting[0]!;
    const r = revealAsSeatSync(t.secrets[seat]!, hand.roster, t.keys[seat]!);
    return ['reveal', seat, { type: 'reveal', seed: r.seed, salt: r.salt, signature: r.signature }];
  }
  const game = hand.game;
  const seat = game.turn as number;
  if (game.phase === 'bidding') {
    return ['bid', seat, { type: 'bid', bid: (game.highestBid as number) + 1 }];
  }
  const mine = t.cards[seat]!.map((c) => parseCard(c));
  const lead: Play | null =
    game.lead === null || game.lead.seat === seat
      ? null
      : classify(game.lead.cards.map((c: string) => parseCard(c)));
  const plays = legalPlays(mine, lead).filter((p) => p.type !== 'pass');
  if (plays.length === 0) return ['pass', seat, { type: 'pass' }];
  let pick = plays[0]!;
  if (lead === null) {
    for (const p of plays) if (cardsFor(mine, p).length > cardsFor(mine, pick).length) pick = p;
  }
  return ['play', seat, { type: 'play', cards: cardsFor(mine, pick).map((c) => c.id) }];
}
