import { FairdealError } from '../errors.ts';
import type { Deal } from '../games/index.ts';
import { secureRandom } from '../random/secure.ts';
import type { RandomSource } from '../random/source.ts';
import { FAIR_ALGORITHM } from './algorithm.ts';
import { dealTranscript } from './build-transcript.ts';
import { clientCommitment, serverCommitment } from './commitments.ts';
import { constantTimeEqual } from './constant-time-equal.ts';
import type { FairOptions } from './deal-options.ts';
import type { ClientSeed } from './derive-key.ts';
import { fromHex, toHex } from './hex.ts';
import { presetDeal } from './preset-deal.ts';
import type { FairTranscript, TranscriptClient } from './transcript.ts';
import { checkHand, checkText } from './validate.ts';

/** Where a round stands: taking commitments, taking reveals, or dealt (finished). */
export type FairRoundPhase = 'committing' | 'revealing' | 'dealt';

/** How to open a round. */
export interface FairRoundOptions {
  readonly table: string;
  readonly hand: number;
  readonly preset: string;
  readonly options?: FairOptions;
  /** Hash of the table's previous transcript (null or absent for the first hand). */
  readonly prev?: string | null;
  /** Where the server seed comes from (default: secureRandom). */
  readonly source?: RandomSource;
}

/**
 * The whole state of a round, JSON-safe, for a dealer that must survive a restart (the CLI's
 * state file). It holds the SECRET server seed: store it like a private key until the reveal.
 */
export interface FairRoundState {
  readonly algorithm: 'fairdeal-v1';
  readonly phase: FairRoundPhase;
  readonly table: string;
  readonly hand: number;
  readonly prev: string | null;
  readonly preset: string;
  readonly options: FairOptions;
  readonly serverSeed: string;
  readonly commitment: string;
  readonly clients: readonly TranscriptClient[] | readonly { player: string; commitment: string }[];
  readonly transcriptHash?: string;
}

interface Entry {
  player: string;
  commitment?: string;
  salt?: string;
  seed?: string;
}

/**
 * One provably fair hand on the dealer's side, enforcing the order that makes it fair
 * (docs/FAIR.md, "Protocol"):
 *
 * 1. `open` draws a fresh 256-bit server seed and publishes only its commitment;
 * 2. players `commit` to their seeds (hash + salt) — or, for a single party, `addSeeds` in one go;
 * 3. once the first seed is revealed no commitment is accepted any more, so nobody can choose a
 *    seed after seeing another's; every reveal is checked against its commitment;
 * 4. `deal` — only when every committed player has revealed — deals and returns the transcript,
 *    which reveals the server seed.
 *
 * @example
 * ```ts
 * const round = FairRound.open({ table: 't1', hand: 1, preset: 'doudizhu' });
 * publish(round.commitment);
 * round.commit('alice', aliceCommitment); round.commit('bob', bobCommitment);
 * round.reveal('alice', 'lucky7', aliceSalt); round.reveal('bob', 'x', bobSalt);
 * const { transcript } = round.deal();
 * ```
 * @throws {FairdealError} see each method.
 */
export class FairRound {
  #phase: FairRoundPhase;
  readonly #serverSeed: Uint8Array;
  readonly #entries: Entry[];
  readonly table: string;
  readonly hand: number;
  readonly prev: string | null;
  readonly preset: string;
  readonly options: FairOptions;
  /** The server commitment (hex), to publish before accepting any client seed. */
  readonly commitment: string;
  #transcript: FairTranscript | undefined;

  private constructor(state: FairRoundState, serverSeed: Uint8Array, entries: Entry[]) {
    this.table = checkText(state.table, 'table');
    this.hand = checkHand(state.hand);
    this.prev = state.prev;
    if (this.prev !== null) fromHex(this.prev, 32, 'prev');
    this.preset = state.preset;
    this.options = { ...state.options };
    presetDeal(this.preset, this.options); // fail now on an unknown preset, not after commitments
    this.#serverSeed = serverSeed;
    this.#phase = state.phase;
    this.#entries = entries;
    this.commitment = toHex(serverCommitment({ table: this.table, hand: this.hand }, serverSeed));
  }

  /**
   * Opens a round with a fresh server seed.
   *
   * @example
   * ```ts
   * const round = FairRound.open({ table: 'club-3', hand: 12, preset: 'bridge' });
   * ```
   * @throws {FairdealError} `UNKNOWN_PRESET`, `BAD_OPTION`; {RangeError} for a bad hand number;
   *   `RANDOM_UNAVAILABLE` from the secure source.
   */
  static open(o: FairRoundOptions): FairRound {
    const words = new Uint32Array(8);
    (o.source ?? secureRandom).fillUint32(words);
    const seed = new Uint8Array(words.buffer);
    return new FairRound(
      {
        algorithm: FAIR_ALGORITHM,
        phase: 'committing',
        table: o.table,
        hand: o.hand,
        prev: o.prev ?? null,
        preset: o.preset,
        options: o.options ?? {},
        serverSeed: '',
        commitment: '',
        clients: [],
      },
      seed,
      [],
    );
  }

  /**
   * Restores a round saved with {@link FairRound.toJSON}.
   *
   * @example
   * ```ts
   * const round = FairRound.fromJSON(JSON.parse(stateText));
   * ```
   * @throws {FairdealError} `BAD_TRANSCRIPT` if the state is malformed or its commitment does not
   *   match its seed (a corrupted or edited state file).
   */
  static fromJSON(state: FairRoundState): FairRound {
    if (
      state?.algorithm !== FAIR_ALGORITHM ||
      !['committing', 'revealing', 'dealt'].includes(state.phase)
    ) {
      throw new FairdealError('BAD_TRANSCRIPT', 'not a fairdeal-v1 round state');
    }
    const seed = fromHex(state.serverSeed, 32, 'serverSeed');
    const entries: Entry[] = (state.clients as Entry[]).map((c) => ({ ...c }));
    const round = new FairRound(state, seed, entries);
    if (round.commitment !== state.commitment) {
      throw new FairdealError(
        'BAD_TRANSCRIPT',
        'round state: the server seed does not match its commitment',
      );
    }
    return round;
  }

  /** The current phase. */
  get phase(): FairRoundPhase {
    return this.#phase;
  }

  /** Players who committed but have not revealed yet. */
  get waitingFor(): string[] {
    return this.#entries.filter((e) => e.seed === undefined).map((e) => e.player);
  }

  /**
   * Records a player's commitment. Only before the first reveal.
   *
   * @example
   * ```ts
   * round.commit('alice', commitmentHex);
   * ```
   * @throws {FairdealError} `BAD_OPTION` after the first reveal or for a player already in;
   *   `BAD_TRANSCRIPT` for a malformed commitment.
   */
  commit(player: string, commitment: string): void {
    checkText(player, 'player id');
    fromHex(commitment, 32, 'client commitment');
    if (this.#phase !== 'committing') {
      throw new FairdealError(
        'BAD_OPTION',
        `commitments are closed: seeds are being revealed (player '${player}')`,
      );
    }
    this.#checkNew(player);
    this.#entries.push({ player, commitment });
  }

  /**
   * Reveals a committed player's seed; closes commitments. Checked against the commitment.
   *
   * @example
   * ```ts
   * round.reveal('alice', 'lucky7', saltHex);
   * ```
   * @throws {FairdealError} `BAD_OPTION` for an unknown or already revealed player or a dealt
   *   round; `BAD_SEED` if seed and salt do not match the commitment.
   */
  reveal(player: string, seed: string, salt: string): void {
    this.#checkOpen();
    const entry = this.#entries.find((e) => e.player === player);
    if (entry?.commitment === undefined) {
      throw new FairdealError('BAD_OPTION', `player '${player}' did not commit to a seed`);
    }
    if (entry.seed !== undefined)
      throw new FairdealError('BAD_OPTION', `player '${player}' already revealed`);
    const expected = clientCommitment(
      this,
      player,
      fromHex(salt, 32, 'salt'),
      checkText(seed, 'client seed'),
    );
    if (!constantTimeEqual(expected, fromHex(entry.commitment, 32, 'commitment'))) {
      throw new FairdealError(
        'BAD_SEED',
        `the seed of player '${player}' does not match their commitment`,
      );
    }
    entry.seed = seed;
    entry.salt = salt;
    this.#phase = 'revealing';
  }

  /**
   * Adds uncommitted seeds, all at once, and closes the round to further seeds. Safe when they all
   * come from one party (a single player, or the operator of the CLI); with several independent
   * players use commit / reveal, or the last one to speak could steer the deck with the server.
   *
   * @example
   * ```ts
   * round.addSeeds([{ player: 'me', seed: 'my lucky words' }]);
   * ```
   * @throws {FairdealError} `BAD_OPTION` if anyone committed or revealed already, or for a
   *   duplicate player id.
   */
  addSeeds(seeds: readonly ClientSeed[]): void {
    this.#checkOpen();
    if (this.#phase !== 'committing' || this.#entries.length > 0) {
      throw new FairdealError(
        'BAD_OPTION',
        'plain client seeds are only accepted when nobody committed',
      );
    }
    for (const s of seeds) {
      checkText(s.seed, 'client seed');
      this.#checkNew(checkText(s.player, 'player id'));
      this.#entries.push({ player: s.player, seed: s.seed });
    }
    this.#phase = 'revealing';
  }

  /**
   * Deals the hand and returns its transcript (which reveals the server seed) and the games
   * layer's `Deal` (sorted hands, seat names) to show the players.
   *
   * @example
   * ```ts
   * const { transcript, deal } = round.deal();
   * ```
   * @throws {FairdealError} `BAD_OPTION` while a committed player has not revealed, or if the
   *   round was dealt already.
   */
  deal(): { transcript: FairTranscript; deal: Deal } {
    this.#checkOpen();
    const waiting = this.waitingFor;
    if (waiting.length > 0) {
      throw new FairdealError(
        'BAD_OPTION',
        `cannot deal: waiting for the seed of ${waiting.map((p) => `'${p}'`).join(', ')}`,
      );
    }
    const result = dealTranscript({
      serverSeed: this.#serverSeed,
      table: this.table,
      hand: this.hand,
      prev: this.prev,
      preset: this.preset,
      options: this.options,
      clients: this.#entries as TranscriptClient[],
    });
    this.#transcript = result.transcript;
    this.#phase = 'dealt';
    return result;
  }

  /**
   * The round's full state, secret server seed included (see {@link FairRoundState}).
   *
   * @example
   * ```ts
   * writeFileSync(path, JSON.stringify(round.toJSON()), { mode: 0o600 });
   * ```
   * @throws never.
   */
  toJSON(): FairRoundState {
    return {
      algorithm: FAIR_ALGORITHM,
      phase: this.#phase,
      table: this.table,
      hand: this.hand,
      prev: this.prev,
      preset: this.preset,
      options: this.options,
      serverSeed: toHex(this.#serverSeed),
      commitment: this.commitment,
      clients: this.#entries.map((e) => ({ ...e })) as TranscriptClient[],
      ...(this.#transcript === undefined ? {} : { transcriptHash: this.#transcript.hash }),
    };
  }

  #checkOpen(): void {
    if (this.#phase === 'dealt')
      throw new FairdealError('BAD_OPTION', 'this round was dealt already');
  }

  #checkNew(player: string): void {
    if (this.#entries.some((e) => e.player === player)) {
      throw new FairdealError('BAD_OPTION', `player '${player}' is already in this round`);
    }
  }
}
