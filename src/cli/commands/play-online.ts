import {
  type ClaimedSeat,
  type FetchLike,
  type HandVerdict,
  parseInviteLink,
  SeatCheckError,
  TableClientError,
  type TableSeat,
  type TableView,
  tableSeat,
  tablesClient,
} from '../../client/index.ts';
import type { Card } from '../../index.ts';
import { parseCard, sortHand } from '../../index.ts';
import type { DoudizhuRules, Play } from '../../rules/doudizhu/index.ts';
import { cardsFor, classify } from '../../rules/doudizhu/index.ts';
import type { CliIo } from '../io.ts';
import { UsageError } from '../io.ts';
import { bold } from '../render/color.ts';
import type { CardStyle } from '../render/render-card.ts';
import { renderCards } from '../render/render-card.ts';
import {
  bidPrompt,
  bidWords,
  describePlay,
  parseBid,
  parseRanks,
  type ReadLine,
  scoreLines,
  suggestPlay,
} from './play-words.ts';

/** What `fairdeal play doudizhu --join LINK` needs. */
export interface OnlineSeatOptions {
  /** The game typed: the table's preset must be it. */
  readonly game: 'doudizhu' | 'doudizhu-4p';
  /** The invite link the page hands out. */
  readonly link: string;
  /** The name to claim the seat under, when the host named no players (else asked). */
  readonly name?: string | undefined;
  readonly style: CardStyle;
  readonly color: boolean;
  /** Tests: the service in process. Default: the network. */
  readonly fetch?: FetchLike;
}

const LINK_SHAPE = 'http(s)://host[:port]/#table/<id>/join/<seat>/<invite>[/name]';
/** Refusals of a move that the player can put right by typing another one. */
const RETYPE = new Set(['BAD_BID', 'ILLEGAL_PLAY', 'NOT_HELD', 'BAD_CARD', 'NOT_YOUR_TURN']);
/** Refusals of next-hand that mean another seat already opened it. */
const ALREADY = new Set(['HAND_IN_PLAY', 'STALE_VERSION', 'WRONG_PHASE', 'PROTOCOL_ORDER']);

/**
 * `fairdeal play doudizhu --join LINK`: sits at an online table from the terminal with
 * fairdeal/client. It claims the seat with a key made here (the token and key stay in this
 * process), takes the fairdeal-v3 steps by itself — checking the dealer's announcement, roster
 * and receipts — prints the hand, reads bids and plays from standard input as the offline game
 * does, shows the other seats' moves as their events arrive, and verifies every finished hand on
 * this machine, printing describeVerdict's words. Exit 0 when the player leaves after a hand, 1
 * when the input ends mid-hand or the dealer fails a check.
 *
 * @example
 * ```ts
 * await playOnline({ game: 'doudizhu', link, style: 'code', color: false }, io, readLine);
 * ```
 * @throws {UsageError} for a link that is not an invite link (exit 2).
 */
export async function playOnline(
  o: OnlineSeatOptions,
  io: CliIo,
  readLine: ReadLine,
): Promise<number> {
  const link = parseInviteLink(o.link);
  if (link === null) {
    throw new UsageError(`--join takes the invite link the page hands out: ${LINK_SHAPE}`);
  }
  const client = tablesClient({
    baseUrl: link.baseUrl,
    ...(o.fetch === undefined ? {} : { fetch: o.fetch }),
  });
  const claimed = await claim(o, link, client, io, readLine);
  if (claimed === null) return abandoned(io);
  const me = claimed.seat;
  const tv0 = claimed.table;
  io.out(
    `Seated at table ${link.tableId} as seat ${me + 1} (${tv0.players[me]}), with a key made here ` +
      `(${claimed.key.publicKey.slice(0, 16)}…). Its token and key live in this process only.\n`,
  );
  if (tv0.preset !== o.game) {
    io.err(`fairdeal play: this is a ${tv0.preset} table, not ${o.game}\n`);
    return 1;
  }
  const seat = tableSeat({
    client,
    tableId: link.tableId,
    seat: me,
    token: claimed.token,
    key: claimed.key,
  });
  const rules: Partial<DoudizhuRules> = { ...tv0.rules, variant: o.game };
  const show = (ids: readonly string[], sort = false) => {
    const cards = ids.map((c) => parseCard(c));
    return renderCards(sort ? sortHand(cards, 'doudizhu') : cards, {
      color: o.color,
      style: o.style,
    });
  };
  const tell = narrator(io, me, show, o.color);

  // Follows the table in the background: the fair steps never wait for the player's typing.
  const stop = new AbortController();
  let failure: unknown = null;
  let wake = () => {};
  let changed = new Promise<void>((r) => {
    wake = r;
  });
  const notify = () => {
    const w = wake;
    changed = new Promise<void>((r) => {
      wake = r;
    });
    w();
  };
  const failed = new Promise<'stopped'>((resolve) => {
    void seat
      .follow({
        signal: stop.signal,
        onView: (tv) => {
          tell.view(tv);
          notify();
        },
        onVerdict: (v) => {
          tell.verdict(v);
          notify();
        },
        events: { onDrop: () => notify() },
      })
      .catch((e: unknown) => {
        failure = e;
        resolve('stopped');
        notify();
      });
  });
  const read = async (prompt: string): Promise<string | null | 'stopped'> => {
    io.out(prompt);
    return Promise.race([readLine(), failed]);
  };

  try {
    const nextAsked = new Set<number>();
    for (;;) {
      if (failure !== null) return stopped(io, failure);
      const tv = seat.table;
      const hand = tv?.hand;
      const g = hand?.game;
      if (tv && hand && hand.phase === 'playing' && g && g.turn === me && g.winner === null) {
        const r = await turn(seat, tv, rules, read, io, show, o.color);
        if (r === 'stopped') continue;
        if (r === 'eof') return abandoned(io);
        continue;
      }
      if (tv && hand && hand.phase === 'ended' && seat.verdicts.has(hand.n)) {
        if (!nextAsked.has(hand.n)) {
          nextAsked.add(hand.n);
          const answer = await ask(read, io, 'Another hand? (yes / no): ', (t) =>
            /^(y|yes|n|no)$/i.test(t.trim()) ? null : 'type yes or no',
          );
          if (answer === 'stopped') continue;
          if (answer === null || /^n/i.test(answer.trim())) {
            io.out('You leave the table. Your seat stays yours until the host kicks it.\n');
            return 0;
          }
          try {
            await seat.act({ type: 'next-hand' });
          } catch (e) {
            // Another seat opened it first: nothing to do.
            if (!(e instanceof TableClientError && ALREADY.has(e.code))) throw e;
          }
          continue;
        }
      }
      await changed;
    }
  } finally {
    stop.abort();
  }
}

/** Claims the seat (asking for a name when the link says the players choose theirs). */
async function claim(
  o: OnlineSeatOptions,
  link: NonNullable<ReturnType<typeof parseInviteLink>>,
  client: ReturnType<typeof tablesClient>,
  io: CliIo,
  readLine: ReadLine,
): Promise<ClaimedSeat | null> {
  let name = link.askName ? o.name?.trim() : undefined;
  for (;;) {
    if (link.askName && (name === undefined || name === '')) {
      io.out('Your name at the table: ');
      const line = await readLine();
      if (line === null) return null;
      name = line.trim();
      continue;
    }
    try {
      return await client.claimSeat(link.tableId, link.seat, {
        invite: link.invite,
        ...(name === undefined ? {} : { player: name }),
      });
    } catch (e) {
      if (!(e instanceof TableClientError)) throw e;
      if (link.askName && (e.code === 'NAME_TAKEN' || e.code === 'BAD_REQUEST')) {
        io.out(`  ✗ ${e.message}\n`);
        name = undefined;
        continue;
      }
      if (e.code === 'SEAT_TAKEN' || e.code === 'BAD_INVITE') {
        throw new Error(`${e.message} Ask the host for a new invite link.`);
      }
      throw e;
    }
  }
}

type Read = (prompt: string) => Promise<string | null | 'stopped'>;

/** Prompts until `check` accepts a line; null at the end of input, 'stopped' if following ended. */
async function ask(
  read: Read,
  io: CliIo,
  prompt: string,
  check: (text: string) => string | null,
): Promise<string | null | 'stopped'> {
  for (;;) {
    const line = await read(prompt);
    if (line === null || line === 'stopped') return line;
    const reason = check(line);
    if (reason === null) return line;
    if (reason !== '') io.out(`  ✗ ${reason}\n`);
  }
}

/** The player's bid or play, sent; the rules' refusals are shown and the player asked again. */
async function turn(
  seat: TableSeat,
  tv: TableView,
  rules: Partial<DoudizhuRules>,
  read: Read,
  io: CliIo,
  show: (ids: readonly string[], sort?: boolean) => string,
  color: boolean,
): Promise<'acted' | 'eof' | 'stopped'> {
  const hand = tv.hand!;
  const g = hand.game!;
  const mine = hand.yourCards ?? [];
  const cards: Card[] = mine.map((c) => parseCard(c));
  for (;;) {
    let action: Parameters<TableSeat['act']>[0];
    if (g.phase === 'bidding') {
      const prompt = bidPrompt({
        robLandlord: rules.robLandlord === true,
        highestBid: g.highestBid,
        called: g.bids.some((b) => b.bid === 'call'),
      });
      const line = await ask(read, io, prompt, (t) =>
        parseBid(t) === null ? 'type 1, 2, 3 or pass (rob the landlord: call, rob or pass)' : null,
      );
      if (line === null) return 'eof';
      if (line === 'stopped') return 'stopped';
      action = { type: 'bid', bid: parseBid(line)! };
    } else {
      const lead = g.lead !== null && g.lead.seat !== seat.seat ? g.lead : null;
      const previous: Play | null =
        lead === null
          ? null
          : classify(
              lead.cards.map((c) => parseCard(c)),
              rules,
            );
      io.out(`\n${counts(tv, seat.seat)}\n${bold('Your hand', color)}: ${show(mine, true)}\n`);
      if (lead !== null) io.out(`To beat: ${show(lead.cards)} (${tv.players[lead.seat]})\n`);
      let chosen: Play | 'pass' | null = null;
      const line = await ask(read, io, 'Your play: ', (text) => {
        const word = text.trim().toLowerCase();
        const hint = suggestPlay(cards, previous, rules);
        if (word === 'hint') {
          io.out(
            `  hint: ${hint === null ? 'pass' : show(cardsFor(cards, hint).map((c) => c.id))}\n`,
          );
          return '';
        }
        if (word === 'auto') {
          chosen = hint ?? 'pass';
          return null;
        }
        if (word === 'pass' || word === 'p') {
          if (lead === null) return 'you lead: play something';
          chosen = 'pass';
          return null;
        }
        const typed = parseRanks(text, cards, rules);
        if (typeof typed === 'string') return typed;
        chosen = typed.type === 'pass' ? 'pass' : typed;
        return null;
      });
      if (line === null) return 'eof';
      if (line === 'stopped') return 'stopped';
      const move = chosen as Play | 'pass' | null;
      action =
        move === 'pass' || move === null
          ? { type: 'pass' }
          : { type: 'play', cards: cardsFor(cards, move).map((c) => c.id) };
    }
    try {
      await seat.act(action);
      return 'acted';
    } catch (e) {
      if (e instanceof TableClientError && RETYPE.has(e.code)) {
        io.out(`  ✗ ${e.message}\n`);
        if (e.code === 'NOT_YOUR_TURN') return 'acted';
        continue;
      }
      if (e instanceof TableClientError && e.code === 'STALE_VERSION') {
        // The table moved on while the player typed: read it again and ask again.
        await seat.refresh();
        return 'acted';
      }
      throw e;
    }
  }
}

function counts(tv: TableView, me: number): string {
  const g = tv.hand?.game;
  return (tv.hand?.counts?.hands ?? [])
    .map(
      (n, k) =>
        `${k === me ? 'You' : tv.players[k]}${k === g?.landlord ? ' (landlord)' : ''}: ${n}`,
    )
    .join(' · ');
}

/** What the terminal says as the table changes: each seat's move, the deal, the end, the verdict. */
function narrator(
  io: CliIo,
  me: number,
  show: (ids: readonly string[], sort?: boolean) => string,
  color: boolean,
) {
  let prev: TableView | null = null;
  const who = (tv: TableView, k: number) => (k === me ? 'You' : (tv.players[k] ?? `seat ${k + 1}`));
  const is = (k: number) => (k === me ? 'are' : 'is');
  return {
    view(tv: TableView): void {
      const before = prev;
      prev = tv;
      // A hand that ended void since the last view (the next one opens at once).
      const seen = new Set(before?.history.map((h) => h.n) ?? []);
      if (before !== null) {
        for (const h of tv.history) {
          if (seen.has(h.n) || h.outcome === 'dealt') continue;
          const why = h.outcome === 'kicked' ? 'was kicked by the host' : 'withheld its seed';
          io.out(`\nHand ${h.n} is void, never dealt: ${h.missing.join(', ')} ${why}.\n`);
        }
      }
      const hand = tv.hand;
      if (hand === null) {
        if (before === null) io.out('Waiting for every seat to be claimed…\n');
        return;
      }
      const old = before?.hand?.n === hand.n ? before.hand : null;
      if (old === null) {
        io.out(`\nHand ${hand.n}\n`);
        if (hand.phase === 'committing' || hand.phase === 'revealing') {
          io.out(
            "The dealer announced it. Every seat commits to a seed of its own, then reveals it; this terminal takes your steps and checks the dealer's messages.\n",
          );
        }
      } else if (old.phase === 'committing' && hand.phase === 'revealing') {
        io.out('Every seat has committed; the signed roster is checked. Revealing…\n');
      }
      const g = hand.game;
      if (g === undefined) return;
      const dealt = old === null || old.game === undefined;
      if (dealt && hand.yourCards !== null) {
        io.out(
          `${bold('Your hand', color)} (${hand.yourCards.length}): ${show(hand.yourCards, true)}\n`,
        );
        if (g.phase === 'bidding')
          io.out(`${who(tv, g.firstBidder)} bid${g.firstBidder === me ? '' : 's'} first.\n`);
      }
      const og = old?.game;
      for (const b of g.bids.slice(og?.bids.length ?? g.bids.length)) {
        io.out(`${who(tv, b.seat)}: ${bidWords(b.bid)}\n`);
      }
      if (g.landlord !== null && (og === undefined || og.landlord === null)) {
        io.out(
          `\n${who(tv, g.landlord)} ${is(g.landlord)} the landlord (地主) at ${g.base}; the kitty: ${show(hand.kitty ?? [])}\n`,
        );
      }
      for (const p of g.plays.slice(og?.plays.length ?? g.plays.length)) {
        io.out(
          `${who(tv, p.seat)}: ${p.type === 'pass' || p.cards.length === 0 ? 'pass' : describePlay(p, show(p.cards))}\n`,
        );
      }
      if (hand.phase === 'ended' && old?.phase !== 'ended') {
        if (g.winner === null) {
          io.out('Nobody bid: the hand ends undealt; the next hand deals again.\n');
        } else {
          const side = g.winner === g.landlord ? 'the landlord wins' : 'the farmers win';
          io.out(`\n${who(tv, g.winner)} ${is(g.winner)} out: ${side}.\n`);
          if (g.score !== null) {
            io.out(
              scoreLines(
                g.score,
                tv.players.map((_, k) => who(tv, k)),
              ),
            );
          }
        }
      }
    },
    verdict(v: HandVerdict): void {
      if (v.words !== null && v.disputes.length === 0) {
        io.out(`Hand ${v.n}, checked on this machine: ${v.words.headline} — ${v.words.detail}\n`);
        return;
      }
      io.out(`✗ Hand ${v.n} FAILED its check on this machine:\n`);
      for (const p of [...v.disputes, ...v.problems]) io.out(`  ${p.field}: ${p.message}\n`);
    },
  };
}

function abandoned(io: CliIo): number {
  io.out(
    '\nInput ended: you leave the table mid-hand. Your seat stays yours until the host kicks it.\n',
  );
  return 1;
}

function stopped(io: CliIo, e: unknown): number {
  if (e instanceof SeatCheckError) {
    io.err(`fairdeal play: the dealer failed a check — ${e.message}\n`);
  } else if (e instanceof TableClientError && e.code === 'UNAUTHORIZED') {
    io.err(
      `fairdeal play: you no longer hold this seat (the host kicked it, or its token was replaced): ${e.message}\n`,
    );
  } else {
    io.err(`fairdeal play: ${e instanceof Error ? e.message : String(e)}\n`);
  }
  return 1;
}
