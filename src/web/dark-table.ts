// A dark table's seat in this page (docs/WEB.md, "Dark tables"): drives the protocol of
// docs/DARK.md §8 through the seat's worker (dark-worker.ts) as each view arrives — its key, its
// shuffle step when its turn comes, the shares it owes, the kitty's, its reveal — opens its own
// cards there, and checks the whole hand there once it ended. The page thread holds no key
// secret and no step seed: only the worker's public messages, which it signs with the seat's
// Ed25519 key (as every message of a fairdeal-v3 seat) and sends.
import {
  type DarkHandView,
  type DarkSignedPayload,
  darkSignedBytes,
  type TableAction,
  type TableView,
} from '../client/index.ts';
import type { DarkShareJSON, DarkTranscript } from '../dark/index.ts';
import { bytesToHex, ed25519SignAsync, type SeatKeyPair } from '../fair/index.ts';
import { PRESETS, parseCard, sortHand } from '../index.ts';
import { type DarkOwed, darkOwed, handOpen } from './dark-owed.ts';
import type { DarkCard } from './dark-protocol.ts';
import { type DarkCheck, darkProgress } from './dark-status.ts';
import { DarkRefusal, DarkWorker } from './dark-worker-client.ts';

/** What the driver asks of the page: send an action, and redraw when something changed. */
export interface DarkHooks {
  readonly act: (action: TableAction) => Promise<void>;
  readonly changed: () => void;
  /** Starts the seat's worker (default: dark-worker.js); tests give an in-process one. */
  readonly worker?: () => Pick<DarkWorker, 'call' | 'terminate'>;
}

/** Why this seat stopped taking part: a seat named by a failed check, or its secrets lost. */
export type DarkTrouble =
  | { readonly kind: 'bad-message'; readonly seat: number }
  | { readonly kind: 'lost' }
  | { readonly kind: 'no-worker' }
  | { readonly kind: 'refused'; readonly error: unknown };

const hexBytes = (hex: string): Uint8Array =>
  Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16));

/**
 * The transcript of a dark hand (docs/DARK.md §9) as its public view holds it: every key, step,
 * share, play and reveal the seats posted. Verified in the worker, it proves the hand to this
 * browser without trusting the service.
 *
 * @example
 * ```ts
 * const transcript = darkTranscriptOf(view);
 * ```
 */
export function darkTranscriptOf(tv: TableView): DarkTranscript | null {
  const hand = tv.hand;
  const dark = hand?.dark;
  if (hand == null || dark === undefined) return null;
  return {
    version: 'fairdeal-dark-v1',
    table: tv.id,
    hand: hand.n,
    preset: tv.preset,
    seats: tv.seats,
    keys: dark.keys.filter((k) => k !== null),
    steps: dark.steps,
    shares: dark.shares,
    kittyTo: dark.kittyTo,
    plays: dark.plays,
    reveals: dark.reveals.filter((r) => r !== null),
    void: null,
  };
}

/**
 * One seat's part in a dark table, hand after hand.
 *
 * @example
 * ```ts
 * const dark = new DarkTable(seat, key, { act: (a) => act(s, a), changed: () => draw(s) });
 * dark.accept(view); // takes whatever the seat owes now
 * ```
 */
export class DarkTable {
  readonly me: number;
  readonly #key: SeatKeyPair | null;
  readonly #hooks: DarkHooks;
  #worker: Pick<DarkWorker, 'call' | 'terminate'> | null = null;
  #running: Promise<void> = Promise.resolve();
  /** The hand the worker holds, and how far this page took it. */
  #hand = -1;
  #keysTaken = false;
  #deckTaken = false;
  #kittyShares: DarkShareJSON[] | null = null;
  #kittyInHand = false;
  #sharesGiven = 0;
  #cards: DarkCard[] | null = null;
  #busy = false;
  #latest: TableView | null = null;
  /** The hand whose secrets this page lost (it began before this worker). */
  #lost = -1;
  /** The messages sent this hand, by kind: none is sent twice, whatever view comes. */
  readonly #sent = new Set<string>();
  /** Why this seat stopped, for this hand. */
  trouble: DarkTrouble | null = null;
  /** This browser's check of each ended hand, by hand number. */
  readonly checks = new Map<number, DarkCheck>();

  constructor(me: number, key: SeatKeyPair | null, hooks: DarkHooks) {
    this.me = me;
    this.#key = key;
    this.#hooks = hooks;
  }

  /** The progress line of the hand in `tv`, or null (see darkProgress). */
  progress(tv: TableView): string | null {
    return darkProgress(tv);
  }

  /**
   * This seat's cards still in its hand (opened in the worker), sorted as the preset sorts a
   * hand (Dou Dizhu: 大王, 小王, 2, A … 3, as the service sorts a seat's cards at any other
   * table), or null before they open.
   */
  cardsInHand(tv: TableView): string[] | null {
    if (this.#cards === null || tv.hand?.n !== this.#hand) return null;
    const played = new Set(
      (tv.hand.dark?.plays ?? []).filter((p) => p.seat === this.me).map((p) => p.position),
    );
    const left = this.#cards.filter((c) => !played.has(c.position)).map((c) => parseCard(c.card));
    const order = PRESETS[tv.preset as keyof typeof PRESETS]?.sort ?? 'none';
    return sortHand(left, order).map((c) => c.id);
  }

  /**
   * The view as this seat's page draws it: the service's, with `yourCards` the cards this
   * worker opened (the service never has them).
   */
  withCards(tv: TableView): TableView {
    const hand = tv.hand;
    if (hand === null || hand.dark === undefined || this.me < 0) return tv;
    const mine = this.cardsInHand(tv);
    return mine === null ? tv : { ...tv, hand: { ...hand, yourCards: mine } };
  }

  /** Takes a new view: does whatever this seat owes, one message at a time. */
  accept(tv: TableView): void {
    this.#latest = tv;
    if (!this.#busy) this.#running = this.#run();
  }

  /** Resolves once this seat has done everything the views it was given ask of it. */
  whenIdle(): Promise<void> {
    return this.#running;
  }

  /**
   * The dark play of `cards` from this seat's hand: their positions and the shares that open
   * them to everyone, signed.
   * @throws {DarkRefusal} a card not in this seat's opened hand (`NOT_HELD`), or the worker's refusal.
   */
  async play(cards: readonly string[]): Promise<TableAction> {
    const tv = this.#latest;
    const hand = tv?.hand;
    if (hand == null || this.#cards === null) {
      throw new DarkRefusal({ code: 'NOT_HELD', message: 'this seat has no opened hand' });
    }
    const free = [...this.#cards];
    const positions = cards.map((card) => {
      const at = free.findIndex((c) => c.card === card);
      if (at < 0) throw new DarkRefusal({ code: 'NOT_HELD', message: `${card} is not held` });
      return free.splice(at, 1)[0]!.position;
    });
    const { shares } = await this.#need().call('play', { positions });
    const signature = await this.#sign(hand.announcement.commitment, {
      kind: 'play',
      positions,
      shares,
    });
    return { type: 'dark-play', positions, shares, signature };
  }

  /** Stops the worker (the page leaves the table): its secrets go with it. */
  close(): void {
    this.#worker?.terminate();
    this.#worker = null;
  }

  async #run(): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    let stale = 0;
    try {
      for (;;) {
        const tv = this.#latest;
        if (tv === null) break;
        try {
          // Nothing more to do with this view, and no newer one came meanwhile: done.
          if (!(await this.#step(tv)) && this.#latest === tv) break;
        } catch (e) {
          // Another seat's message moved the table between this view and the send: the page
          // read it again (table-live's act), so the step is taken again from the fresh view.
          if ((e as { code?: unknown }).code !== 'STALE_VERSION' || ++stale > 5) throw e;
        }
      }
    } catch (e) {
      this.#fail(e);
    } finally {
      this.#busy = false;
    }
  }

  /** One thing owed or to take from `tv`; false when there is nothing more to do with it. */
  async #step(tv: TableView): Promise<boolean> {
    const hand = tv.hand;
    const dark = hand?.dark;
    if (hand == null || dark === undefined) return false;
    if (dark.stage === 'ended' && !this.checks.has(hand.n)) {
      await this.#check(tv);
      return true;
    }
    if (this.me < 0 || dark.stage === 'void') return false;
    if (hand.n !== this.#hand) {
      if (this.#lost === hand.n) return false;
      if (dark.keys[this.me] != null && dark.stage !== 'ended') {
        // The hand began before this page held the seat's worker (it was reloaded): the seat's
        // secrets for it are gone, and the hand will be void when its time runs out.
        this.#lost = hand.n;
        this.#trouble({ kind: 'lost' });
        return false;
      }
      // A new hand: whatever stopped this seat in the last one is behind it.
      this.#newHand(hand.n);
    }
    if (this.trouble !== null || dark.stage === 'ended') return false;
    const context = { table: tv.id, hand: hand.n, preset: tv.preset, seats: tv.seats };
    const worker = this.#need();
    const commitment = hand.announcement.commitment;
    const due = darkOwed(dark, this.me);
    // A message already on record for this hand is not owed again (a view older than its answer).
    const owed = due !== null && this.#sent.has(due) ? null : due;
    if (owed === 'key') {
      const { key } = await worker.call('start', { context, seat: this.me });
      const signature = await this.#sign(commitment, { kind: 'key', key });
      await this.#send('key', { type: 'dark-key', key, signature });
      return true;
    }
    if (!this.#keysTaken) {
      if (dark.keys.some((k) => k === null)) return false;
      await worker.call('keys', { keys: dark.keys.filter((k) => k !== null) });
      this.#keysTaken = true;
      return true;
    }
    if (owed === 'step') {
      const previous = dark.steps.at(-1)?.deck ?? null;
      const { step } = await worker.call('shuffle', { previous });
      const signature = await this.#sign(commitment, { kind: 'step', step });
      await this.#send('step', { type: 'dark-step', step, signature });
      return true;
    }
    if (!this.#deckTaken) {
      if (dark.steps.length < tv.seats) return false;
      await worker.call('deck', { steps: dark.steps });
      this.#deckTaken = true;
      return true;
    }
    if (this.#sharesGiven < dark.shares.length) {
      const fresh = dark.shares.slice(this.#sharesGiven).filter((x) => x.seat !== this.me);
      this.#sharesGiven = dark.shares.length;
      await worker.call('shares', { shares: fresh });
      return true;
    }
    if (owed === 'deal-shares') {
      const { shares } = await worker.call('deal-shares', {});
      await this.#sendShares('deal-shares', commitment, shares);
      return true;
    }
    if (dark.kittyTo !== null && this.#kittyShares === null) {
      this.#kittyShares = (await worker.call('kitty', { seat: dark.kittyTo })).shares;
      return true;
    }
    if (owed === 'kitty-shares' && this.#kittyShares !== null) {
      await this.#sendShares('kitty-shares', commitment, this.#kittyShares);
      return true;
    }
    if (handOpen(dark, this.me)) {
      // The landlord's hand takes the kitty once every seat opened it (its cards need them all).
      const kittyMine = dark.kittyTo === this.me;
      const withKitty = kittyMine && dark.kitty !== null;
      if ((this.#cards === null && !kittyMine) || (withKitty && !this.#kittyInHand)) {
        this.#cards = (await worker.call('hand', {})).cards;
        this.#kittyInHand = withKitty;
        this.#hooks.changed();
        return true;
      }
    }
    if (owed === 'reveal') {
      const { reveal } = await worker.call('reveal', {});
      const signature = await this.#sign(commitment, { kind: 'reveal', reveal });
      await this.#send('reveal', { type: 'dark-reveal', reveal, signature });
      return true;
    }
    return false;
  }

  async #sendShares(kind: DarkOwed, commitment: string, shares: DarkShareJSON[]): Promise<void> {
    const signature = await this.#sign(commitment, { kind: 'shares', shares });
    await this.#send(kind, { type: 'dark-shares', shares, signature });
  }

  async #send(kind: DarkOwed, action: TableAction): Promise<void> {
    await this.#hooks.act(action);
    this.#sent.add(kind);
  }

  async #check(tv: TableView): Promise<void> {
    const n = tv.hand!.n;
    const transcript = darkTranscriptOf(tv);
    this.checks.set(n, { kind: 'checking' });
    this.#hooks.changed();
    try {
      const { verdict, dealt } = await this.#need().call('verify', { transcript });
      this.checks.set(n, { kind: 'verified', verdict, dealt });
    } catch (e) {
      const seat = e instanceof DarkRefusal ? e.detail?.seat : undefined;
      this.checks.set(n, { kind: 'failed', seat: typeof seat === 'number' ? seat : null });
    }
    this.#hooks.changed();
  }

  #newHand(n: number): void {
    this.#hand = n;
    this.#keysTaken = false;
    this.#deckTaken = false;
    this.#kittyShares = null;
    this.#kittyInHand = false;
    this.#sharesGiven = 0;
    this.#cards = null;
    this.#sent.clear();
    this.trouble = null;
  }

  #need(): Pick<DarkWorker, 'call' | 'terminate'> {
    if (this.#worker === null) {
      try {
        this.#worker = this.#hooks.worker?.() ?? new DarkWorker();
      } catch (e) {
        this.#trouble({ kind: 'no-worker' });
        throw e;
      }
    }
    return this.#worker;
  }

  async #sign(commitment: string, payload: DarkSignedPayload): Promise<string> {
    if (this.#key === null) throw new DarkRefusal({ code: 'UNAUTHORIZED', message: 'no seat key' });
    const bytes = darkSignedBytes(commitment, this.me, payload);
    return bytesToHex(await ed25519SignAsync(hexBytes(this.#key.privateKey), bytes));
  }

  #fail(e: unknown): void {
    if (
      e instanceof DarkRefusal &&
      typeof e.detail?.seat === 'number' &&
      e.detail.seat !== this.me
    ) {
      this.#trouble({ kind: 'bad-message', seat: e.detail.seat });
    } else if (
      e instanceof DarkRefusal &&
      e.code === 'BAD_SIGNATURE' &&
      e.detail?.seat === this.me
    ) {
      this.#trouble({ kind: 'lost' });
    } else {
      this.#trouble({ kind: 'refused', error: e });
    }
  }

  #trouble(trouble: DarkTrouble): void {
    this.trouble = trouble;
    this.#hooks.changed();
  }
}

export type { DarkHandView };
