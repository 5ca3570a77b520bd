// The capture test: over long runs of random actions at a fairdeal-v3 table — seats claiming with
// their own keys, signed commits and reveals, forged ones (another seat's key, a replayed
// message, a wrong signature, a wrong seed) that must be refused, `void` before and after the
// deadline, the service's sweep, the host kicking a seat and a newcomer claiming it, a seat
// replacing its own token, then play (Dou Dizhu: with turns the clock plays) — every text each
// viewer receives (answers, their headers, table reads, events) is searched for what that viewer
// may not see. Ground truth comes from the STORED document, opened (`t.opened`), never from the
// views under test:
//   - a card: only the viewer's own, the public ones, and no street before it is dealt;
//   - another seat's seed or salt: only once that seat's reveal is public;
//   - the hand's server seed: only once its record is public (a void record publishes it);
//   - a token, an invite, a seat's or the dealer's private key: never (a claimer's own token, a
//     reissued token to its seat and a fresh invite to the host are each taken out of the one
//     answer that carries it, and that answer is then searched like any other).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { test } from 'node:test';
import { testApp } from '../../../test/support/test-table.ts';
import {
  type AnnouncementV3,
  checkAnnouncementV3,
  checkReceiptV3,
  checkRosterV3,
  commitAsSeat,
  createSeatKey,
  type RosterV3,
  revealAsSeat,
  type SeatCommitV3,
  type SeatKeyPair,
  SignedRound,
  type SignedRoundSecretState,
} from '../../fair/index.ts';
import { chacha20, uniformInt } from '../../index.ts';
import { canShowHand, cardsFor, legalMoves } from '../../rules/doudizhu/index.ts';
import type { StepContext } from './hand-flow.ts';
import { sweepDue } from './sweep-due.ts';
import type { TableDocument } from './table-doc.ts';

// Every card id as it can appear in text: a rank and a suit, or a joker, with a copy suffix.
const CARD = /(?<![A-Za-z0-9_])(?:[2-9TJQKA][SHDC]|BJ|RJ)(?:#\d+)?(?![A-Za-z0-9_])/g;

// Hold'em and Omaha deal their board in streets: the flop (3 cards), the turn, the river.
const STREET_SIZES = [3, 1, 1];

// testApp's fixed master key, and the dealer's Ed25519 private key derived from it
// (secret-box.ts): neither may ever be sent.
const MASTER = new Uint8Array(32).fill(7);
const DEALER_PRIVATE = createHmac('sha256', MASTER).update('fairdeal/commitments/ed25519').digest();

type Round = ReturnType<typeof SignedRound.restore>;

function restoreRound(d: TableDocument, t: ReturnType<typeof testApp>): Round {
  return SignedRound.restore(
    JSON.parse(t.box.open(d.hand!.round)) as SignedRoundSecretState,
    t.box.dealer,
  );
}

/**
 * Board cards of the dealt hand whose street has not been dealt yet. Ground truth from the
 * stored document, independent of the table's own piles: the deal is re-made from the sealed
 * round (its record says where every card went), and how many streets were dealt is counted from
 * the public log. So a table that put the whole board face up at the deal would fail here.
 */
function heldBack(d: TableDocument, t: ReturnType<typeof testApp>): Set<string> {
  const h = d.hand;
  if (h === null || (d.preset !== 'holdem' && d.preset !== 'omaha')) return new Set();
  if (h.phase !== 'playing') return new Set();
  const record = restoreRound(d, t).record;
  assert.ok(record !== undefined && record.kind === 'dealt', 'a hand in play has its deal');
  const board = record.cards.filter((c) => c.to === 'board').map((c) => c.card);
  const dealt = h.log.filter((a) => a.type === 'street').length;
  const shown = STREET_SIZES.slice(0, dealt).reduce((a, b) => a + b, 0);
  return new Set(board.slice(shown));
}

/** Cards a seat has been allowed to see so far, from the stored document (ground truth). */
function visibleNow(doc: TableDocument, seat: number, hidden: Set<string>): string[] {
  const h = doc.hand;
  if (h === null) return [];
  const out: string[] = [];
  // seat -1 is the host: public cards only.
  if (h.piles !== null)
    out.push(...(h.piles.hands[seat] ?? []), ...h.piles.board, ...h.piles.discard);
  if (h.game !== null) {
    out.push(...(h.game.hands[seat] ?? []).map((c) => c.id));
    if (h.game.kittyShown) out.push(...h.game.kitty.map((c) => c.id));
    // 明牌: once the landlord shows its hand, what it still holds is every viewer's to see.
    if (h.game.shown === true && h.game.landlord !== null) {
      out.push(...(h.game.hands[h.game.landlord] ?? []).map((c) => c.id));
    }
    for (const p of h.game.plays) out.push(...p.cards.map((c) => c.id));
  }
  return out.filter((c) => !hidden.has(c));
}

/** A seat's seed and salt for one hand, as its player made them; secret until revealed. */
interface SeedSecret {
  readonly hand: number;
  readonly seat: number;
  /** Who made it (a kicked seat's newcomer is someone else). */
  readonly owner: number;
  readonly seed: string;
  readonly salt: string;
  revealed: boolean;
}

/** What the run did, so a test can require that every part of the mix happened. */
interface Tally {
  /** Hands dealt and ended (played out, ended by the host, or abandoned by a kick). */
  ended: number;
  /** Hands voided at the deadline (by `void` or the sweep). */
  withheld: number;
  sweeps: number;
  kicks: number;
  reissues: number;
  forgedCommits: number;
  forgedReveals: number;
  tooEarly: number;
  refusedProtocol: number;
  /** Dou Dizhu turns played by the clock (the sweep, or a `timeout` after the deadline). */
  timeouts: number;
  /** `timeout` before the turn clock ran out, refused. */
  earlyTimeouts: number;
  /** Dou Dizhu with the house rules: doubling choices made, and hands the landlord showed. */
  doubles: number;
  shows: number;
  /** The house's bots: moves made when their clock ran out, and seeds seen sealed before a reveal. */
  botMoves: number;
  botSecrets: number;
  /** Kicked bots seated again by the host (`POST …/seats/{seat}/bot`). */
  botsSeated: number;
}

const flip = (hex: string) => `${hex[0] === '0' ? '1' : '0'}${hex.slice(1)}`;

async function capture(
  preset: string,
  options: object,
  fair: boolean,
  seed: string,
  hands: number,
  rules: Record<string, boolean> = {},
  bots: readonly number[] = [],
) {
  const t = testApp(seed);
  const rnd = chacha20(`${seed}/actions`);
  const pick = <T>(xs: readonly T[]): T => xs[uniformInt(xs.length, rnd)]!;
  const created = await t.call('POST', '/v1/tables', {
    preset,
    options,
    fair,
    revealTimeoutSeconds: 60,
    // A room: its spectators are one more viewer, who may see what the host sees and no more.
    room: true,
    ...(Object.keys(rules).length > 0 ? { rules } : {}),
    ...(bots.length > 0 ? { bots } : {}),
  });
  assert.equal(created.status, 201, created.text);
  const id = created.json.tableId as string;
  const hostToken = created.json.hostToken as string;
  // The house's bots' seats have no invite: nobody holds their token, nobody reads as them.
  const seats = (created.json.invites.length as number) + bots.length;
  // Viewers: every seat, then the host (index `seats`, who may see public cards only), then a
  // stranger with no token (index `seats + 1`, who may see no card at all), then a spectator who
  // opened the room by its code (index `seats + 2`: public cards only, like the host).
  const HOST = seats;
  const STRANGER = seats + 1;
  const SPECTATOR = seats + 2;
  const code = created.json.room.code as string;
  const opened = await t.call('POST', '/v1/rooms/open', { code: code.toLowerCase() });
  assert.equal(opened.status, 200, opened.text);
  const watchToken = opened.json.watchToken as string;
  const tokens: (string | null)[] = Array.from({ length: seats }, () => null);
  const keys: (SeatKeyPair | null)[] = Array.from({ length: seats }, () => null);
  const owners: number[] = Array.from({ length: seats }, () => -1);
  let people = 0;
  const privateKeys = [DEALER_PRIVATE.toString('hex'), DEALER_PRIVATE.toString('base64url')];
  // Someone else's key, for forgeries where the other seat is the house's bot (its key is sealed).
  const strangerKey = await createSeatKey(chacha20(`${seed}/stranger`));
  // Each bot's private key (opened from the stored document): like any key, never sent.
  const botKeys = new Set<string>();
  // Tokens that were revoked (kicked) or replaced: they must open nothing, ever again.
  const dead: string[] = [];
  const secrets: SeedSecret[] = [];
  const seen: Set<string>[] = Array.from({ length: seats + 3 }, () => new Set());
  let seenHand = 0;
  const lastEvent: number[] = Array.from({ length: seats + 3 }, () => 0);
  let checked = 0;
  const tally: Tally = {
    ended: 0,
    withheld: 0,
    sweeps: 0,
    kicks: 0,
    reissues: 0,
    forgedCommits: 0,
    forgedReveals: 0,
    tooEarly: 0,
    refusedProtocol: 0,
    timeouts: 0,
    earlyTimeouts: 0,
    doubles: 0,
    shows: 0,
    botMoves: 0,
    botSecrets: 0,
    botsSeated: 0,
  };
  // How many streets each hand dealt before it ended (Hold'em, Omaha).
  const streetsPerHand: number[] = [];
  const doc = async () => (await t.opened.readTable(id))!.doc;
  const version = async () => (await t.tables.readTable(id))!.version;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const headersOf = (h: Headers) => {
    const all: Record<string, string> = {};
    h.forEach((value, name) => {
      all[name] = value;
    });
    return JSON.stringify(all);
  };
  const emptyTexts = (): string[][] => Array.from({ length: seats + 3 }, () => []);
  /** `text` without the one secret its reader may get there; the secret must be in it once. */
  const without = (text: string, secret: string) => {
    assert.equal(text.split(secret).length, 2, 'the answer carries its secret exactly once');
    return text.replace(secret, '');
  };

  // Everything each viewer received since the last check may name only what it may see.
  const check = async (texts: string[][]) => {
    const d = await doc();
    const h = d.hand;
    if ((h?.n ?? 0) !== seenHand) {
      for (const s of seen) s.clear();
      seenHand = h?.n ?? 0;
    }
    const publicRecord = h === null || h.phase === 'ended' || h.phase === 'void';
    const serverSeed = publicRecord ? null : restoreRound(d, t).exportSecretState().serverSeed;
    if (h !== null) {
      for (const s of secrets) {
        if (s.hand === h.n && h.reveals[s.seat] != null) s.revealed = true;
      }
    }
    // The bots' secrets, from the stored document opened (ground truth): each bot's key, and its
    // seed and salt from its commit to its reveal. Stored, they are sealed: never in clear.
    const raw = JSON.stringify((await t.tables.readTable(id))!.doc);
    for (const k of d.bots ?? []) {
      const sealed = d.botKeys?.[k];
      assert.ok(typeof sealed === 'string', `bot seat ${k} has its sealed key`);
      const key = t.box.open(sealed);
      if (!botKeys.has(key)) {
        botKeys.add(key);
        privateKeys.push(key);
      }
      const seedSealed = h?.botSeeds?.[k];
      if (h !== null && typeof seedSealed === 'string') {
        const c = JSON.parse(t.box.open(seedSealed)) as SeatCommitV3;
        if (!secrets.some((x) => x.hand === h.n && x.seat === k && x.seed === c.seed)) {
          secrets.push({
            hand: h.n,
            seat: k,
            owner: -3,
            seed: c.seed,
            salt: c.salt,
            revealed: h.reveals[k] != null,
          });
          tally.botSecrets++;
        }
      }
    }
    for (const k of botKeys) assert.equal(raw.includes(k), false, 'a bot key stored in clear');
    for (const x of secrets) {
      if (x.owner === -3 && !x.revealed) {
        assert.equal(raw.includes(x.seed), false, 'a bot seed stored in clear before its reveal');
      }
    }
    const hidden = heldBack(d, t);
    const scan = (text: string, viewer: number) => {
      for (const m of text.matchAll(CARD)) {
        assert.ok(
          seen[viewer]!.has(m[0]),
          `viewer ${viewer} was sent ${m[0]}, which it may not see: ${text.slice(Math.max(0, (m.index ?? 0) - 300), (m.index ?? 0) + 50)}`,
        );
        checked++;
      }
      if (serverSeed !== null) {
        assert.equal(text.includes(serverSeed), false, `hand ${h!.n}'s server seed sent early`);
      }
      const me = viewer < seats ? owners[viewer] : -2;
      for (const s of secrets) {
        if (s.revealed || s.owner === me) continue;
        assert.equal(
          text.includes(s.seed) || text.includes(s.salt),
          false,
          `viewer ${viewer} was sent seat ${s.seat}'s seed or salt of hand ${s.hand} before its reveal was public`,
        );
      }
      assert.equal(/fdt_/.test(text), false, `a token or invite was sent to viewer ${viewer}`);
      for (const k of privateKeys) {
        assert.equal(text.includes(k), false, `a private key was sent to viewer ${viewer}`);
      }
    };
    for (const s of [...Array.from({ length: seats + 1 }, (_, k) => k), SPECTATOR]) {
      const token = s === HOST ? hostToken : s === SPECTATOR ? watchToken : tokens[s];
      if (token === null || token === undefined) continue;
      const onlyPublic = s === HOST || s === SPECTATOR;
      for (const c of visibleNow(d, onlyPublic ? -1 : s, hidden)) seen[s]!.add(c);
      if (s === SPECTATOR) {
        // The spectator reads the table with its watch token, as the page does.
        const r = await t.call('GET', `/v1/tables/${id}`, undefined, bearer(token));
        assert.equal(r.status, 200, r.text);
        assert.equal(r.json.table.you, 'spectator');
        texts[s]!.push(r.text);
      }
      const ev = await t.call(
        'GET',
        `/v1/tables/${id}/events?after=${lastEvent[s]}`,
        undefined,
        bearer(token),
      );
      assert.equal(ev.status, 200, ev.text);
      for (const e of ev.json.events) {
        assert.equal(e.id, lastEvent[s]! + 1, 'event ids are consecutive per seat');
        lastEvent[s] = e.id;
      }
      for (const text of [...texts[s]!, ev.text, headersOf(ev.headers)]) scan(text, s);
    }
    for (const text of texts[STRANGER]!) scan(text, STRANGER);
    // A dead token reads nothing: not the table, not its events from the start.
    for (const token of dead) {
      for (const path of [`/v1/tables/${id}`, `/v1/tables/${id}/events?after=0`]) {
        const r = await t.call('GET', path, undefined, bearer(token));
        assert.equal(r.status, 401, `a dead token read ${path}: ${r.text}`);
        scan(r.text, STRANGER);
      }
    }
  };

  /** Sends `body` (with the version) as viewer `who` and files the answer under it. */
  const act = async (who: number, body: Record<string, unknown>, texts: string[][], v?: number) => {
    const token = who === HOST ? hostToken : tokens[who]!;
    const res = await t.call(
      'POST',
      `/v1/tables/${id}/actions`,
      { ...body, version: v ?? (await version()) },
      bearer(token),
    );
    texts[who]!.push(res.text, headersOf(res.headers));
    return res;
  };

  /** A refusal that changes nothing: the expected status and code, the same version. */
  const refused = async (
    who: number,
    body: Record<string, unknown>,
    texts: string[][],
    status: number,
    code: string,
  ) => {
    const before = await version();
    const r = await act(who, body, texts, before);
    assert.equal(r.status, status, `${JSON.stringify(body)} by ${who}: ${r.text}`);
    assert.equal(r.json.code, code, r.text);
    assert.equal(await version(), before, 'a refusal changes nothing');
    return r;
  };

  /** Claims open seat `seat` as a new person with a key of their own; strangers try first. */
  const claim = async (seat: number, invite: string, texts: string[][]) => {
    const guess = await t.call('POST', `/v1/tables/${id}/seats/${seat}/claim`, {
      invite: `fdt_invite_${'B'.repeat(43)}`,
      publicKey: (await createSeatKey(rnd)).publicKey,
    });
    assert.equal(guess.status, 401, guess.text);
    assert.equal(guess.json.code, 'BAD_INVITE');
    texts[STRANGER]!.push(guess.text);
    const key = await createSeatKey(rnd);
    privateKeys.push(key.privateKey);
    const r = await t.call('POST', `/v1/tables/${id}/seats/${seat}/claim`, {
      invite,
      publicKey: key.publicKey,
    });
    assert.equal(r.status, 201, r.text);
    tokens[seat] = r.json.seatToken;
    keys[seat] = key;
    owners[seat] = people++;
    texts[seat]!.push(without(r.text, r.json.seatToken), headersOf(r.headers));
    // The invite worked once.
    const again = await t.call('POST', `/v1/tables/${id}/seats/${seat}/claim`, {
      invite,
      publicKey: (await createSeatKey(rnd)).publicKey,
    });
    assert.equal(again.status, 409, again.text);
    assert.equal(again.json.code, 'SEAT_TAKEN');
    texts[STRANGER]!.push(again.text);
  };

  /** The host kicks a seat: its token dies, the hand in progress is void (or abandoned). */
  const kick = async (seat: number, texts: string[][]) => {
    // POST …/kick, or DELETE …/token: the same.
    const [method, what] = pick([
      ['POST', 'kick'],
      ['DELETE', 'token'],
    ] as const);
    const done = await t.call(
      method,
      `/v1/tables/${id}/seats/${seat}/${what}`,
      undefined,
      bearer(hostToken),
    );
    assert.equal(done.status, 200, done.text);
    texts[HOST]!.push(without(done.text, done.json.invite));
    dead.push(tokens[seat]!);
    tokens[seat] = null;
    keys[seat] = null;
    tally.kicks++;
    return done.json.invite as string;
  };

  const sweepSource = chacha20(`${seed}/sweep`);
  const sweepCtx = (): StepContext => ({
    now: t.clock.t,
    seal: t.box.seal,
    open: t.box.open,
    dealer: t.box.dealer,
    testOnlySource: sweepSource,
  });

  // The seats are claimed, each by a person with a key made on their own device.
  {
    const texts = emptyTexts();
    // The host's answer carries every invite (and its own token): they are its to hand out.
    let hostText = created.text;
    for (const x of created.json.invites) hostText = without(hostText, x.invite);
    // The room's code, in its code and its link: the host's to hand out.
    assert.equal(hostText.split(code).length, 3, 'the answer carries the code and its link');
    hostText = hostText.replaceAll(code, '');
    texts[HOST]!.push(without(hostText, hostToken));
    texts[SPECTATOR]!.push(without(opened.text, watchToken));
    for (const x of created.json.invites) await claim(x.seat, x.invite, texts);
    await check(texts);
  }

  // Each seat's honest client state for the current hand: what it committed.
  const mine = new Map<string, SeatCommitV3>();
  const mineOf = (n: number, k: number) => mine.get(`${n}/${k}/${owners[k]}`);
  let pendingInvites: { seat: number; invite: string; bot?: boolean }[] = [];
  let handSteps = 0;
  let lastHand = 0;
  let step = 0;
  for (; step < 5000; step++) {
    const texts = emptyTexts();
    const d = await doc();
    if (d.history.length >= hands) break;
    const h = d.hand!;
    if (h.n !== lastHand) {
      lastHand = h.n;
      handSteps = 0;
    }
    handSteps++;
    if (pendingInvites.length > 0) {
      // A kicked seat's newcomer claims it (after a void, that opens the next hand).
      for (const p of pendingInvites) {
        if (p.bot !== true) {
          await claim(p.seat, p.invite, texts);
          continue;
        }
        // A kicked bot's seat: the host seats the house's bot again (a fresh key), and the
        // invite it was handed for the seat dies with it.
        const r = await t.call(
          'POST',
          `/v1/tables/${id}/seats/${p.seat}/bot`,
          undefined,
          bearer(hostToken),
        );
        assert.equal(r.status, 200, r.text);
        texts[HOST]!.push(r.text, headersOf(r.headers));
        const late = await t.call('POST', `/v1/tables/${id}/seats/${p.seat}/claim`, {
          invite: p.invite,
          publicKey: strangerKey.publicKey,
        });
        assert.equal(late.status, 409, late.text);
        texts[STRANGER]!.push(late.text);
        tally.botsSeated++;
      }
      pendingInvites = [];
      await check(texts);
      continue;
    }
    if (h.phase === 'ended') {
      if (d.preset === 'holdem' || d.preset === 'omaha') {
        streetsPerHand.push(h.log.filter((a) => a.type === 'street').length);
      }
      tally.ended++;
      const next = await act(HOST, { type: 'next-hand' }, texts);
      assert.equal(next.status, 200, next.text);
      await check(texts);
      continue;
    }
    assert.notEqual(h.phase, 'void', 'a voided hand with every seat claimed opens the next');
    const u = uniformInt(100, rnd);
    // Only people act (a bot's seat has no token); `other` may be the house's bot.
    const persons = tokens.flatMap((tk, k) => (tk === null ? [] : [k]));
    const drawn = uniformInt(seats, rnd);
    const s = bots.length === 0 ? drawn : persons[drawn % persons.length]!;
    const other = (s + 1 + uniformInt(seats - 1, rnd)) % seats;
    const personOrHost = (who: number) => (who < seats && tokens[who] === null ? HOST : who);
    const protocol = h.phase === 'committing' || h.phase === 'revealing';
    const ann = h.announcement as AnnouncementV3;

    if (handSteps > 200 && h.phase === 'playing') {
      // Random play did not finish this hand: the host ends it (Dou Dizhu has no end-hand: the
      // host kicks a seat, which abandons the hand and publishes its record).
      if (d.hand!.game === null) {
        const r = await act(HOST, { type: 'end-hand' }, texts);
        assert.equal(r.status, 200, r.text);
      } else {
        pendingInvites.push({ seat: s, invite: await kick(s, texts) });
      }
    } else if (protocol && u < 45) {
      // An honest step by a seat still awaited.
      const waiting = (h.phase === 'committing' ? h.commits : h.reveals)
        .map((x, k) => (x === null ? k : -1))
        .filter((k) => k >= 0);
      const k = pick(waiting);
      if (h.phase === 'committing') {
        // The seat's own client checks the announcement (its key at its seat, the dealer's
        // signature) before it commits.
        await checkAnnouncementV3(ann, {
          seat: k,
          publicKey: keys[k]!.publicKey,
          dealer: t.box.dealer.publicKey,
        });
        const c = await commitAsSeat(
          ann,
          k,
          `seat ${k} seed of hand ${h.n}: ${uniformInt(1e9, rnd)}`,
          keys[k]!,
          rnd,
        );
        mine.set(`${h.n}/${k}/${owners[k]}`, c);
        secrets.push({
          hand: h.n,
          seat: k,
          owner: owners[k]!,
          seed: c.seed,
          salt: c.salt,
          revealed: false,
        });
        const r = await act(
          k,
          { type: 'commit', commitment: c.commitment, signature: c.signature },
          texts,
        );
        assert.equal(r.status, 200, r.text);
        assert.equal(await checkReceiptV3(r.json.receipt, t.box.dealer.publicKey), true);
      } else {
        const c = mineOf(h.n, k)!;
        // The seat's own client checks the roster before it lets its seed go.
        await checkRosterV3(h.roster as RosterV3, ann, c);
        const rv = await revealAsSeat(c, h.roster as RosterV3, keys[k]!);
        const r = await act(
          k,
          { type: 'reveal', seed: rv.seed, salt: rv.salt, signature: rv.signature },
          texts,
        );
        assert.equal(r.status, 200, r.text);
        assert.equal(await checkReceiptV3(r.json.receipt, t.box.dealer.publicKey), true);
      }
    } else if (protocol && u < 70) {
      // A forged or out-of-order commit or reveal: refused, nothing changes.
      const committing = h.phase === 'committing';
      const kind = pick(['commit', 'reveal', 'host'] as const);
      if (kind === 'host') {
        await refused(
          HOST,
          {
            type: pick(['commit', 'reveal']),
            commitment: '00'.repeat(32),
            signature: '00'.repeat(64),
            seed: 'x',
            salt: '00'.repeat(32),
          },
          texts,
          403,
          'FORBIDDEN',
        );
      } else if (kind === 'commit') {
        const how = pick(['other-key', 'replay', 'bad-signature'] as const);
        const j = h.commits.findIndex((c, k) => c !== null && k !== s);
        let body: Record<string, unknown>;
        if (how === 'replay' && j >= 0) {
          // Another seat's public commit, sent as this seat's.
          body = {
            type: 'commit',
            commitment: h.commits[j]!.commitment,
            signature: h.commits[j]!.signature,
          };
        } else {
          const c = await commitAsSeat(
            ann,
            s,
            `forged seed ${uniformInt(1e9, rnd)}`,
            how === 'bad-signature' ? keys[s]! : (keys[other] ?? strangerKey),
            rnd,
          );
          body = {
            type: 'commit',
            commitment: c.commitment,
            signature: how === 'bad-signature' ? flip(c.signature) : c.signature,
          };
        }
        if (!committing || h.commits[s] !== null) {
          await refused(s, body, texts, 409, 'PROTOCOL_ORDER');
          tally.refusedProtocol++;
        } else {
          await refused(s, body, texts, 422, 'BAD_SIGNATURE');
          tally.forgedCommits++;
        }
      } else {
        const c = mineOf(h.n, s);
        const how = pick(['other-key', 'replay', 'bad-signature', 'wrong-seed'] as const);
        const j = h.reveals.findIndex((x, k) => x !== null && k !== s);
        let body: Record<string, unknown>;
        let code = 'BAD_SIGNATURE';
        if (committing || c === undefined || h.reveals[s] !== null) {
          body = {
            type: 'reveal',
            seed: 'too soon',
            salt: '00'.repeat(32),
            signature: '00'.repeat(64),
          };
          code = 'PROTOCOL_ORDER';
        } else if (how === 'replay' && j >= 0) {
          // Another seat's public reveal, sent as this seat's.
          const x = h.reveals[j]!;
          body = { type: 'reveal', seed: x.seed, salt: x.salt, signature: x.signature };
          code = 'REVEAL_MISMATCH';
        } else if (how === 'wrong-seed') {
          const rv = await revealAsSeat(
            { ...c, seed: `not my seed ${uniformInt(1e9, rnd)}` },
            h.roster as RosterV3,
            keys[s]!,
          );
          body = { type: 'reveal', seed: rv.seed, salt: rv.salt, signature: rv.signature };
          code = 'REVEAL_MISMATCH';
        } else {
          // The seat's real seed and salt, signed by another seat's key, or a signature altered.
          const rv = await revealAsSeat(
            c,
            h.roster as RosterV3,
            how === 'other-key' ? (keys[other] ?? strangerKey) : keys[s]!,
          );
          body = {
            type: 'reveal',
            seed: rv.seed,
            salt: rv.salt,
            signature: how === 'other-key' ? rv.signature : flip(rv.signature),
          };
        }
        await refused(s, body, texts, code === 'PROTOCOL_ORDER' ? 409 : 422, code);
        if (code === 'PROTOCOL_ORDER') tally.refusedProtocol++;
        else tally.forgedReveals++;
      }
    } else if (protocol && u < 76) {
      // `void`, by a seat or the host: too early before the deadline; after it, the hand is
      // void (the silent seats named) and the next one opens.
      const who = personOrHost(uniformInt(seats + 1, rnd));
      if (t.clock.t < h.deadline) {
        await refused(who, { type: 'void' }, texts, 409, 'TOO_EARLY');
        tally.tooEarly++;
      } else {
        const r = await act(who, { type: 'void' }, texts);
        assert.equal(r.status, 200, r.text);
        assert.equal(r.json.table.hand.n, h.n + 1, 'the next hand opened');
        tally.withheld++;
      }
    } else if (protocol && u < 82) {
      // Time passes: the deadline goes by; after it, the service's own sweep voids the hand.
      if (t.clock.t < h.deadline) {
        t.clock.t = h.deadline + 1;
      } else {
        const voided = await sweepDue({
          tables: t.tables,
          box: t.box,
          notifier: t.notifier,
          ctx: sweepCtx,
        });
        assert.equal(voided, 1, 'the sweep voided the hand past its deadline');
        tally.withheld++;
        tally.sweeps++;
      }
    } else if (u < (protocol ? 83 : 2)) {
      // The host kicks a seat (a seat may not).
      await t
        .call('POST', `/v1/tables/${id}/seats/${other}/kick`, undefined, bearer(tokens[s]!))
        .then((r) => {
          assert.equal(r.status, 403, r.text);
          texts[s]!.push(r.text);
        });
      const wasBot = d.bots?.includes(other) === true;
      pendingInvites.push({ seat: other, invite: await kick(other, texts), bot: wasBot });
    } else if (u < (protocol ? 85 : 4)) {
      // A seat replaces its own token (a device lost): the old one dies.
      const r = await t.call(
        'POST',
        `/v1/tables/${id}/seats/${s}/token`,
        undefined,
        bearer(tokens[s]!),
      );
      assert.equal(r.status, 200, r.text);
      dead.push(tokens[s]!);
      tokens[s] = r.json.seatToken;
      texts[s]!.push(without(r.text, r.json.seatToken));
      tally.reissues++;
    } else if (!protocol && h.clock != null && u >= 9 && u < 24) {
      // The turn clock (Dou Dizhu): a `timeout` before it runs out is refused; time passes; then
      // the sweep or anyone's `timeout` makes the seat's default move — whose answer, events and
      // log are searched like any other. The house's bot's clock is a second: then it moves.
      const who = personOrHost(uniformInt(seats + 1, rnd));
      const bot = d.bots?.includes(h.clock.seat) === true;
      if (t.clock.t < h.clock.deadline) {
        if (uniformInt(2, rnd) === 0) {
          await refused(who, { type: 'timeout' }, texts, 409, 'TOO_EARLY');
          tally.earlyTimeouts++;
        } else {
          t.clock.t = h.clock.deadline;
        }
      } else if (uniformInt(2, rnd) === 0) {
        const acted = await sweepDue({
          tables: t.tables,
          box: t.box,
          notifier: t.notifier,
          ctx: sweepCtx,
        });
        assert.equal(acted, 1, 'the sweep played the turn whose clock ran out');
        tally.timeouts++;
        if (bot) tally.botMoves++;
      } else {
        const r = await act(who, { type: 'timeout' }, texts);
        assert.equal(r.status, 200, r.text);
        tally.timeouts++;
        if (bot) tally.botMoves++;
      }
    } else if (!protocol && u < 9) {
      // The protocol after the deal: refused.
      const c = mineOf(h.n, s);
      const [body, code] = pick([
        [
          {
            type: 'commit',
            commitment: c?.commitment ?? '00'.repeat(32),
            signature: c?.signature ?? '00'.repeat(64),
          },
          'PROTOCOL_ORDER',
        ],
        [
          {
            type: 'reveal',
            seed: c?.seed ?? 'late',
            salt: c?.salt ?? '00'.repeat(32),
            signature: '00'.repeat(64),
          },
          'PROTOCOL_ORDER',
        ],
        [{ type: 'void' }, 'WRONG_PHASE'],
      ] as const);
      await refused(s, body, texts, 409, code);
      tally.refusedProtocol++;
    } else {
      await playStep(d, s, texts);
    }
    await check(texts);
  }
  assert.ok(step < 5000, `only ${(await doc()).history.length} hands finished in 5000 steps`);
  if (process.env.CAPTURE_STATS) {
    console.log(preset, 'hands', (await doc()).hand?.n, 'mentions', checked, streetsPerHand, tally);
  }
  return { checked, streetsPerHand, tally };

  /** One random action of play (or a wrong one) by a seat or, one time in eight, the host. */
  async function playStep(d: TableDocument, seat: number, texts: string[][]) {
    const row = (await t.tables.readTable(id))!;
    const s = uniformInt(8, rnd) === 0 ? HOST : seat;
    const hidden = heldBack(d, t);
    const hand = d.hand!;
    const mineCards = visibleNow(d, s, hidden).filter((c) =>
      hand.game
        ? (hand.game.hands[s] ?? []).some((x) => x.id === c)
        : (hand.piles?.hands[s] ?? []).includes(c),
    );
    // Cards to try: the stock, every seat's, and the streets still held back (a seat naming
    // the river before it is dealt must learn nothing from the answer).
    const all = [
      ...(hand.piles?.stock ?? []),
      ...d.players.flatMap((_, i) => visibleNow(d, i, hidden)),
      ...hidden,
    ];
    const cards =
      uniformInt(3, rnd) === 0 || mineCards.length === 0
        ? [pick(all.length ? all : ['AS'])]
        : [pick(mineCards)];
    const game = hand.game;
    let actor = s;
    let body: Record<string, unknown> = pick([
      { type: 'draw', count: 1 + uniformInt(2, rnd) },
      { type: 'draw', count: 1, to: uniformInt(seats, rnd) },
      { type: 'burn' },
      { type: 'play', cards },
      { type: 'discard', cards },
      { type: 'move', cards, from: 'hand', to: 'board' },
      {
        type: 'move',
        cards: hand.piles?.board.length ? hand.piles.board.slice(0, 1) : cards,
        from: 'board',
        to: 'hand',
      },
      { type: 'deal-street' },
      { type: 'deal-street' },
      { type: 'deal-street', street: pick(['flop', 'turn', 'river', 'fifth']) },
      { type: 'bid', bid: pick(['pass', 1, 2, 3]) },
      { type: 'pass' },
      { type: 'play', cards },
      { type: 'end-hand' },
      { type: 'nonsense', cards },
      // Dou Dizhu's clock actions (only there, so the other games' runs stay as they were).
      ...(hand.game === null ? [] : [{ type: 'back' }, { type: 'timeout' }]),
      // The house rules' actions, at any time by anyone (mostly refused).
      ...(hand.game === null
        ? []
        : [{ type: 'double', choice: pick(['double', 'no-double']) }, { type: 'show-hand' }]),
    ]);
    // The seat to act, if it is a person's (the house's bot moves by its clock only).
    const person = game !== null && tokens[game.turn] !== null;
    if (game !== null && game.phase === 'playing' && uniformInt(2, rnd) === 0 && person) {
      // Half the time a legal move by the seat to play (the largest, so hands end sooner).
      const moves = legalMoves(game);
      const move = uniformInt(2, rnd) === 0 ? moves.at(-1)! : pick(moves);
      actor = game.turn;
      body =
        move.type === 'pass'
          ? { type: 'pass' }
          : { type: 'play', cards: cardsFor(game.hands[actor]!, move).map((c) => c.id) };
    }
    if (game !== null && game.phase === 'bidding' && uniformInt(2, rnd) === 0 && person) {
      actor = game.turn;
      body = { type: 'bid', bid: pick(['pass', 3]) };
    }
    if (game !== null && game.phase === 'doubling' && uniformInt(2, rnd) === 0 && person) {
      actor = game.turn;
      body = { type: 'double', choice: pick(['double', 'no-double']) };
    }
    if (game !== null && canShowHand(game) && uniformInt(2, rnd) === 0 && person) {
      // The landlord shows its hand: from here on its cards are every viewer's (visibleNow).
      actor = game.turn;
      body = { type: 'show-hand' };
    }
    const v = uniformInt(10, rnd) === 0 ? row.version - 1 : row.version;
    const res = await act(actor, body, texts, v);
    if (res.status === 200 && body.type === 'double') tally.doubles++;
    if (res.status === 200 && body.type === 'show-hand') tally.shows++;
    const token = actor === HOST ? hostToken : tokens[actor]!;
    const g = await t.call('GET', `/v1/tables/${id}`, undefined, bearer(token));
    texts[actor]!.push(g.text);
    // A stranger without a token asks too, and learns nothing.
    const s2 = await t.call('GET', `/v1/tables/${id}`);
    assert.equal(s2.status, 401, s2.text);
    texts[STRANGER]!.push(s2.text);
  }
}

/** The parts of the v3 mix that must have happened at a fair table. */
function assertFairMix(tally: Tally) {
  for (const k of [
    'ended',
    'withheld',
    'sweeps',
    'kicks',
    'reissues',
    'forgedCommits',
    'forgedReveals',
    'tooEarly',
    'refusedProtocol',
  ] as const) {
    assert.ok(tally[k] > 0, `the run had no ${k}: ${JSON.stringify(tally)}`);
  }
}

test('capture: over random actions at a fair hold’em table, no seat is ever sent a card, seed or key it may not see', async () => {
  const { checked, streetsPerHand, tally } = await capture(
    'holdem',
    { seats: 3 },
    true,
    'capture-holdem',
    16,
  );
  assert.ok(checked > 500, `only ${checked} card mentions checked`);
  assertFairMix(tally);
  // The run covers hands that dealt the river and hands that ended with streets held back.
  assert.ok(streetsPerHand.includes(3), `no hand dealt the river: ${streetsPerHand}`);
  assert.ok(
    streetsPerHand.some((n) => n < 3),
    `every hand dealt the river: ${streetsPerHand}`,
  );
});

test('capture: at an Omaha practice table, no seat sees a street before it is dealt, and the protocol is refused', async () => {
  const { checked, streetsPerHand, tally } = await capture(
    'omaha',
    { seats: 4 },
    false,
    'capture-omaha',
    6,
  );
  assert.ok(checked > 300, `only ${checked} card mentions checked`);
  assert.ok(
    streetsPerHand.some((n) => n > 0),
    `no street dealt: ${streetsPerHand}`,
  );
  // A kick at a practice table abandons the dealt hand: its record (every card) is public.
  for (const k of ['refusedProtocol', 'kicks', 'reissues'] as const) {
    assert.ok(tally[k] > 0, `the run had no ${k}: ${JSON.stringify(tally)}`);
  }
});

test('capture: at a fair Dou Dizhu table (commits, reveals, bids, doubling, shown hands, plays, turn clocks, errors), no seat is sent a hidden card, seed or key', async () => {
  const { checked, tally } = await capture('doudizhu', {}, true, 'capture-ddz', 20, {
    doubling: true,
    showHand: true,
  });
  assert.ok(checked > 500, `only ${checked} card mentions checked`);
  assertFairMix(tally);
  for (const k of ['timeouts', 'earlyTimeouts', 'doubles', 'shows'] as const) {
    assert.ok(tally[k] > 0, `the run had no ${k}: ${JSON.stringify(tally)}`);
  }
});

test('capture: at a Dou Dizhu table with the house’s bots (two people and a bot; one person and two bots), no bot’s key or seed is sent or stored in clear before its reveal, and no hidden card', async () => {
  for (const [bots, seed, hands] of [
    [[2], 'capture-ddz-bot', 20],
    [[1, 2], 'capture-ddz-bots', 16],
  ] as const) {
    const { checked, tally } = await capture(
      'doudizhu',
      {},
      true,
      seed,
      hands,
      { doubling: true },
      bots,
    );
    assert.ok(checked > 200, `only ${checked} card mentions checked`);
    for (const k of [
      'ended',
      'withheld',
      'refusedProtocol',
      'timeouts',
      'botMoves',
      'botSecrets',
      'botsSeated',
    ] as const) {
      assert.ok(tally[k] > 0, `the run with bots ${bots} had no ${k}: ${JSON.stringify(tally)}`);
    }
  }
});
