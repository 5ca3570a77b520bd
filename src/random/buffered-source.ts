import type { RandomSource } from './source.ts';

/**
 * In-place reads of a {@link BufferedSource}'s buffer, for the shuffle's hot loops alone
 * (src/shuffle/). It lives here, set from inside the class, because only the class body can
 * reach its `#private` fields; no package entry point exports it, so users still see nothing but
 * `nextUint32` and `fillUint32`, which copy.
 *
 * The contract of the stream is unchanged: a reader must leave `seek` pointing just past the
 * last word it used, so later draws see exactly the words `nextUint32` would have given — and it
 * must move `seek` past a word before the word decides anything visible (a swap), so that a
 * shuffle that throws part-way (a Proxy's trap, a non-writable element) never leaves a word it
 * has shown to be drawn again.
 */
export interface PoolAccess {
  /** The buffer as signed 32-bit integers (the same memory): V8 keeps int32 loads in registers,
   *  where a Uint32Array word ≥ 2^31 would become a double. A refill or a fused pass may replace
   *  the buffer with a larger one (see BufferedSource's constructor): read it again after either. */
  words(source: BufferedSource): Int32Array;
  /** Index of the next unread word. */
  position(source: BufferedSource): number;
  /** End of the buffered words: [position, end) are unread. */
  end(source: BufferedSource): number;
  /** Marks the next `count` buffered words as read and returns the index of the first of them,
   *  or −1 (nothing read) when fewer than `count` are buffered: one call where a small shuffle
   *  would make three (position, end, seek). */
  take(source: BufferedSource, count: number): number;
  /** Marks every word before `position` as read (position ≤ end). */
  seek(source: BufferedSource, position: number): void;
  /** Refills a used-up pool (position = end) and returns its new end; position becomes 0. */
  refill(source: BufferedSource): number;
  /**
   * Makes a shuffle's 16-bit steps i, i + 1 … (while i < stop − 1, of an array of n items)
   * together with the words they read, where the source can do both in one pass (the portable
   * ChaCha20's WebAssembly, chacha20.ts), and returns the step reached — `i` if it cannot. The
   * pool must be used up (the caller read every word); it then holds the words made but not
   * read, from position 0. Step k's offset j − k is at {@link PoolAccess.offsets}[n − k]: the
   * caller makes the swaps and zeroes each offset it reads.
   */
  fused(source: BufferedSource, n: number, i: number, stop: number): number;
  /**
   * {@link PoolAccess.fused} for the steps whose bounds exceed 2^16 (steps i … while i < stop,
   * of an array of over 65,536 items): step k's index j is at {@link PoolAccess.indices}[k − i].
   */
  fusedWide(source: BufferedSource, n: number, i: number, stop: number): number;
  /** Where the last {@link PoolAccess.fusedWide} left its indices. */
  indices(): Uint32Array;
  /** Where the last {@link PoolAccess.fused} left its offsets. */
  offsets(): Uint16Array;
}

/** What a subclass's fused steps reached: see {@link PoolAccess.fused}. */
export const fusedResult: {
  to: number;
  offsets: Uint16Array<ArrayBufferLike>;
  indices: Uint32Array<ArrayBufferLike>;
} = {
  to: 0,
  offsets: new Uint16Array(0),
  indices: new Uint32Array(0),
};

/** Filled in by the class's static block below; see {@link PoolAccess}. */
export const poolAccess = {} as PoolAccess;

/**
 * A source that hands out words from a private buffer and refills it in bulk. Both built-in
 * sources extend it, so a shuffle's call site sees one `nextUint32` implementation whichever of
 * them it is given, and V8 inlines it (a call per word is most of a shuffle's cost otherwise).
 *
 * The buffer is never exposed (issue 9): `fillUint32` copies word by word — never
 * `target.set(buffer.subarray(…))`, which hands a view of the whole pool (the words before and
 * after, e.g. other dealers' seeds) to a `set` that a Uint32Array subclass may override, and to a
 * `Symbol.species` constructor that anyone may install. The subclass's `refill` is captured when
 * the source is made, so replacing the method on the prototype or the instance later never
 * receives the buffer either.
 */
export abstract class BufferedSource implements RandomSource {
  #buffer: Uint32Array;
  #words: Int32Array;
  /** The buffer's largest size in words; it doubles at each refill until it gets there. */
  readonly #most: number;
  readonly #refill: (buffer: Uint32Array) => number;
  readonly #fused: (
    buffer: Uint32Array,
    n: number,
    i: number,
    stop: number,
    wide: boolean,
  ) => number;
  #position = 0;
  #length = 0;

  static {
    poolAccess.words = (source) => source.#words;
    poolAccess.position = (source) => source.#position;
    poolAccess.end = (source) => source.#length;
    poolAccess.take = (source, count) => {
      const start = source.#position;
      if (source.#length - start < count) return -1;
      source.#position = start + count;
      return start;
    };
    poolAccess.seek = (source, position) => {
      source.#position = position;
    };
    poolAccess.refill = (source) => source.#fill();
    poolAccess.fused = (source, n, i, stop) => source.#fusedRun(n, i, stop, false);
    poolAccess.fusedWide = (source, n, i, stop) => source.#fusedRun(n, i, stop, true);
    poolAccess.offsets = () => fusedResult.offsets;
    poolAccess.indices = () => fusedResult.indices;
  }

  /**
   * Whether `value` is a BufferedSource, by its private brand: no getter, no Proxy trap, and in
   * V8 a check of the object's map, where `instanceof` walks its prototype chain (shuffle()
   * asks it on every call).
   */
  static isPooled(value: object): value is BufferedSource {
    return #position in value;
  }

  /**
   * `capacity` words at first, doubled at each refill up to `most`. A seeded deal makes a source
   * and reads one deck from it: a 4 KiB buffer for its 27 words was most of the source's cost,
   * and in a page such buffers, outside V8's heap, brought on collections that the next fair
   * deal paid for (docs/BENCHMARKS.md, "Deals", run F).
   */
  protected constructor(capacity: number, most = capacity) {
    this.#buffer = new Uint32Array(capacity);
    this.#words = new Int32Array(this.#buffer.buffer);
    this.#most = Math.max(most, capacity);
    this.#refill = this.refill;
    this.#fused = this.fusedSteps;
  }

  /**
   * Overwrites the start of `buffer` with the next words of the stream; returns how many (> 0,
   * at most `buffer.length`). The buffer is the one in use now: it may be larger than at the
   * last call.
   */
  protected abstract refill(buffer: Uint32Array): number;

  /**
   * Shuffle steps made with the words they read (see {@link PoolAccess.fused}): writes the words
   * made but not read at the start of `buffer` and returns how many, after setting
   * {@link fusedResult}; or returns −1 where the source has no such path (the default). `wide`:
   * the steps of bounds over 2^16 ({@link PoolAccess.fusedWide}), else the 16-bit ones.
   */
  protected fusedSteps(
    _buffer: Uint32Array,
    _n: number,
    _i: number,
    _stop: number,
    _wide: boolean,
  ): number {
    return -1;
  }

  #fusedRun(n: number, i: number, stop: number, wide: boolean): number {
    // The fused pass writes up to a group of blocks it made but did not read into the buffer.
    this.#grow(this.#most);
    const left = this.#fused(this.#buffer, n, i, stop, wide);
    if (left < 0) return i;
    this.#position = 0;
    this.#length = left;
    return fusedResult.to;
  }

  /** Refills the used-up buffer; a throwing refill leaves the source used up, as it was. */
  #fill(): number {
    if (this.#buffer.length < this.#most) this.#grow(this.#buffer.length * 2);
    // A private method call passes `this` without Function.prototype.call, which may be patched.
    this.#length = this.#refill(this.#buffer);
    this.#position = 0;
    return this.#length;
  }

  /**
   * Replaces a used-up buffer (every word read: only a refill or a fused pass, which start from
   * an empty pool, call this) with one of `words` words, at most {@link #most}. The old one is
   * zeroed, as a refill would overwrite it. The shuffle's loops that keep the buffer in a local
   * read it again after each refill (poolAccess.words).
   */
  #grow(words: number): void {
    const size = Math.min(words, this.#most);
    const old = this.#buffer;
    if (size <= old.length) return;
    for (let k = 0; k < old.length; k++) old[k] = 0;
    this.#buffer = new Uint32Array(size);
    this.#words = new Int32Array(this.#buffer.buffer);
  }

  nextUint32(): number {
    if (this.#position === this.#length) this.#fill();
    return this.#buffer[this.#position++]!;
  }

  fillUint32(target: Uint32Array): void {
    const n = target.length;
    let i = 0;
    while (i < n) {
      if (this.#position === this.#length) this.#fill();
      const buffer = this.#buffer; // after the refill, which may have replaced it
      const from = this.#position;
      const take = Math.min(this.#length - from, n - i);
      // Consumed before it is handed out: a target whose setter throws wastes the words.
      this.#position = from + take;
      for (let k = 0; k < take; k++) target[i + k] = buffer[from + k]!;
      i += take;
    }
  }
}
Object.freeze(BufferedSource.prototype);
