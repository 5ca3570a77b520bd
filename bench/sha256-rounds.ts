// The portable SHA-256's two compressions timed per 64-byte block, in Node and in a browser
// alike (no node: import): bench/sha256.ts runs this module in both. Issue 25 part 3.
import { jsSha256 } from '../src/random/sha256.ts';
import { newWasmSha256 } from '../src/random/sha256-wasm.ts';

/** Message lengths: one block (a seed), two and three (a fair deal's commitments and keys), and
 *  long enough that the per-call costs (copies, the call into the module) fade. */
export const SHA_LENGTHS = [32, 100, 150, 1000, 16_000] as const;

/** ns per block of each compression at each length, one entry per round. */
export interface ShaRoundsResult {
  readonly rows: { name: string; length: number; ns: number[] }[];
  readonly wasm: boolean;
}

/**
 * Interleaved rounds: in each, every (compression, length) hashes for about `budgetMs`, so that
 * load spikes land on both. Returns ns per block for every round.
 *
 * @example
 * ```ts
 * const { rows } = shaRounds(5, 20);
 * ```
 */
export function shaRounds(rounds: number, budgetMs: number): ShaRoundsResult {
  const wasm = newWasmSha256();
  const kinds: [string, (d: Uint8Array) => Uint8Array][] = [['js', jsSha256]];
  if (wasm !== undefined) kinds.push(['wasm', wasm.digest]);
  const rows: ShaRoundsResult['rows'] = [];
  for (const [name] of kinds) for (const length of SHA_LENGTHS) rows.push({ name, length, ns: [] });
  let sink = 0;
  // Warm-up: both compressions optimized before the first timed round.
  for (const [, f] of kinds) for (let i = 0; i < 3000; i++) sink ^= f(new Uint8Array(100))[0]!;
  for (let r = 0; r < rounds; r++) {
    for (const row of rows) {
      const f = kinds.find(([n]) => n === row.name)![1];
      const data = new Uint8Array(row.length).map((_, i) => i * 7 + r);
      const blocks = Math.ceil((row.length + 9) / 64);
      let calls = 0;
      const start = performance.now();
      let now = start;
      while (now - start < budgetMs) {
        for (let i = 0; i < 50; i++) sink ^= f(data)[0]!;
        calls += 50;
        now = performance.now();
      }
      row.ns.push(((now - start) * 1e6) / calls / blocks);
    }
  }
  if (sink === 0x1234567) console.log('');
  return { rows, wasm: wasm !== undefined };
}
