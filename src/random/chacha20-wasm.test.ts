import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import fc from 'fast-check';
import { nativeWords } from '../../test/support/native-chacha.ts';
import {
  WASM_MAX_BLOCKS,
  type WasmDiagnostic,
  wasmChaCha20BlocksVariant,
  wasmDiagnostic,
} from './chacha20-wasm.ts';

// Node's V8 has relaxed SIMD, so both variants run here; browsers without it get the second.
for (const relaxed of [true, false]) {
  const name = relaxed ? 'relaxed SIMD' : 'core SIMD only';

  test(`the ${name} module compiles here`, () => {
    assert.equal(typeof wasmChaCha20BlocksVariant(relaxed), 'function');
  });

  test(`the ${name} module gives node:crypto's keystream, call after call on one instance`, () => {
    // One instance for every run: a call must leave the module ready for the next (the wipe
    // after each call clears the state and output, never the rotation masks).
    const blocksOf = wasmChaCha20BlocksVariant(relaxed)!;
    fc.assert(
      fc.property(
        fc.uint32Array({ minLength: 8, maxLength: 8 }),
        fc.uint32Array({ minLength: 3, maxLength: 3 }),
        fc.integer({ min: 1, max: WASM_MAX_BLOCKS / 4 }),
        // Counters near 0 and near the 32-bit end, where lane counters c + 1 … c + 3 are largest.
        fc.oneof(fc.nat(1000), fc.integer({ min: 2 ** 32 - WASM_MAX_BLOCKS, max: 2 ** 32 - 1 })),
        fc.nat(20),
        (key, nonce, groups, counterWish, offset) => {
          const blocks = groups * 4;
          const counter = Math.min(counterWish, 2 ** 32 - blocks);
          const out = new Uint32Array(offset + blocks * 16 + 3).fill(0x5a5a5a5a);
          blocksOf(key, counter, nonce, out, offset, blocks);
          assert.deepEqual(
            out.subarray(offset, offset + blocks * 16),
            nativeWords(key, nonce, counter, blocks),
          );
          for (let i = 0; i < offset; i++) assert.equal(out[i], 0x5a5a5a5a);
          for (let i = offset + blocks * 16; i < out.length; i++) assert.equal(out[i], 0x5a5a5a5a);
        },
      ),
      { numRuns: 80 },
    );
  });
}

test('many calls in a row (after V8 optimizes the module) still give the RFC keystream', () => {
  // V8 runs a new module in its baseline compiler and swaps in optimized code once it is hot:
  // the words must not change with the tier.
  for (const relaxed of [true, false]) {
    const blocksOf = wasmChaCha20BlocksVariant(relaxed)!;
    const key = new Uint32Array([1, 2, 3, 4, 5, 6, 7, 8]);
    const nonce = new Uint32Array([9, 10, 11]);
    const out = new Uint32Array(WASM_MAX_BLOCKS * 16);
    for (let i = 0; i < 3000; i++)
      blocksOf(key, i * WASM_MAX_BLOCKS, nonce, out, 0, WASM_MAX_BLOCKS);
    const last = 2999 * WASM_MAX_BLOCKS;
    assert.deepEqual(out, nativeWords(key, nonce, last, WASM_MAX_BLOCKS));
  }
});

test('the shared module is the relaxed variant here, and seeded and secure shuffles run its entries', async () => {
  // The guard of issue 25: a change that loses a WebAssembly path (bytes that no longer
  // validate, a caller that stops asking) must fail here, not only show up as a slower bench.
  const { portableChaCha20 } = await import('./chacha20.ts');
  const { createSecureRandom } = await import('./secure.ts');
  const { shuffle } = await import('../shuffle/shuffle.ts');
  const before = wasmDiagnostic().calls;
  const rng = portableChaCha20('diagnostic');
  for (let i = 0; i < 4000; i++) rng.nextUint32(); // refills grow to 64 blocks: `blocks`
  shuffle(
    Array.from({ length: 50_000 }, (_, i) => i),
    rng,
  ); // 16-bit steps: `fused`
  shuffle(new Float64Array(70_000), rng); // steps over 2^16: `wide`
  shuffle(new Float64Array(70_000), createSecureRandom()); // the secure source's: `words`
  const after = wasmDiagnostic();
  assert.equal(after.module, 'relaxed');
  assert.equal(after.failure, undefined);
  for (const entry of ['blocks', 'fused', 'wide', 'words'] as const)
    assert.ok(after.calls[entry] > before[entry], `${entry} did not run`);
});

/** Runs `setup` (JavaScript) in a child process, then asks the module for blocks twice; returns
 *  the diagnostic and what went to stderr. */
function childDiagnostic(setup: string): { diagnostic: WasmDiagnostic; stderr: string } {
  const url = (file: string) => JSON.stringify(new URL(file, import.meta.url).href);
  const script = `
    // Node strips types with WebAssembly of its own: load a types-only module first.
    await import(${url('./source.ts')});
    ${setup}
    const { wasmChaCha20Blocks, wasmDiagnostic } = await import(${url('./chacha20-wasm.ts')});
    if (wasmChaCha20Blocks() !== undefined || wasmChaCha20Blocks() !== undefined) throw new Error('compiled');
    process.stdout.write(JSON.stringify(wasmDiagnostic()));`;
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(out.status, 0, out.stderr);
  return { diagnostic: JSON.parse(out.stdout) as WasmDiagnostic, stderr: out.stderr };
}

test('a refused compile is reported (diagnostic and one console warning), not swallowed', () => {
  // As a Content-Security-Policy without 'wasm-unsafe-eval' refuses it in a browser.
  const { diagnostic, stderr } = childDiagnostic(`
    WebAssembly.Module = function () { throw new WebAssembly.CompileError('refused by the test'); };`);
  assert.equal(diagnostic.module, 'none');
  assert.equal(diagnostic.failure, 'CompileError: refused by the test');
  const warnings = stderr.split('\n').filter((line) => line.includes('WebAssembly refused'));
  assert.equal(warnings.length, 1, stderr);
  assert.match(warnings[0]!, /CompileError: refused by the test.*wasm-unsafe-eval/);
});

test('an engine without SIMD or without WebAssembly is told apart from a refusal, and not warned about', () => {
  const noSimd = childDiagnostic('WebAssembly.validate = () => false;');
  assert.equal(noSimd.diagnostic.module, 'none');
  assert.equal(noSimd.diagnostic.failure, 'SIMD unsupported');
  assert.doesNotMatch(noSimd.stderr, /WebAssembly refused/);
  const none = childDiagnostic('delete globalThis.WebAssembly;');
  assert.equal(none.diagnostic.failure, 'WebAssembly unsupported');
  assert.doesNotMatch(none.stderr, /WebAssembly refused/);
});
