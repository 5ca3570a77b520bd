// Seeded shuffles in a real browser (Debian's Chromium through playwright-core), where the
// chacha20 source has no node:crypto and runs its portable keystream: from 2,048 steps on, a
// shuffle's 16-bit steps are made in the same WebAssembly pass as their words
// (src/random/chacha20-wasm.ts, "fused"). They must be shuffle v1's, as Node computes them.
// The secure source's wide steps (arrays over 65,536 items) run in WebAssembly too ("words"),
// in Node and browsers alike: the second test compares the two on the same stand-in words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20, createSecureRandom, shuffle } from '../../src/index.ts';
import { withGetRandomValues } from '../support/get-random-values.ts';
import { CHROMIUM_SKIP, withSourcesPage } from '../support/serve-sources.ts';

/** The page, with `head` in its head (a Content-Security-Policy): the library and its internal
 *  WebAssembly diagnostic (the same module instance the library uses). */
const pageWith = (
  head: string,
) => `<!doctype html><meta charset="utf-8">${head}<title>fairdeal seeded</title>
<script type="module">
  import * as lib from '/src/index.ts';
  import { wasmDiagnostic } from '/src/random/chacha20-wasm.ts';
  window.lib = lib;
  window.wasmDiagnostic = wasmDiagnostic;
  window.ready = true;
</script>`;
const PAGE = pageWith('');

type Diagnostic = import('../../src/random/chacha20-wasm.ts').WasmDiagnostic;
/** The page's WebAssembly diagnostic (see wasmDiagnostic). */
const diagnosticIn = () =>
  (window as unknown as { wasmDiagnostic: () => Diagnostic }).wasmDiagnostic();

/** Sizes around the fused pass's switches, for the three kinds of array the bench uses. */
const CASES: [kind: string, n: number][] = [];
for (const kind of ['Array', 'Uint32Array', 'Float64Array'])
  for (const n of [4_000, 4_097, 10_000, 50_000, 65_536, 70_000]) CASES.push([kind, n]);

/** A digest of an order (and the word after it), small enough to send back from the page. */
function digest(order: ArrayLike<number>, next: number): string {
  let h = 0;
  for (let i = 0; i < order.length; i++) h = (Math.imul(h, 31) + order[i]!) | 0;
  return `${h}:${next}`;
}

test("seeded shuffles in Chromium (portable keystream, fused steps) equal Node's", {
  skip: CHROMIUM_SKIP,
  timeout: 60_000,
}, async () => {
  const make = (kind: string, n: number) => {
    const a = Array.from({ length: n }, (_, i) => i);
    return kind === 'Array'
      ? a
      : kind === 'Uint32Array'
        ? Uint32Array.from(a)
        : Float64Array.from(a);
  };
  const want = CASES.map(([kind, n]) => {
    const rng = chacha20(`browser ${kind} ${n}`);
    rng.nextUint32(); // start inside a block
    const a = make(kind, n);
    shuffle(a as number[], rng);
    shuffle(a as number[], rng); // and once more, from a pool the first left part-read
    return digest(a, rng.nextUint32());
  });

  await withSourcesPage(PAGE, async (page) => {
    const got = await page.evaluate((cases) => {
      const lib = (window as unknown as { lib: typeof import('../../src/index.ts') }).lib;
      const digestIn = (order: ArrayLike<number>, next: number) => {
        let h = 0;
        for (let i = 0; i < order.length; i++) h = (Math.imul(h, 31) + order[i]!) | 0;
        return `${h}:${next}`;
      };
      return {
        digests: cases.map(([kind, n]) => {
          const rng = lib.chacha20(`browser ${kind} ${n}`);
          rng.nextUint32();
          const base = Array.from({ length: n }, (_, i) => i);
          const a =
            kind === 'Array'
              ? base
              : kind === 'Uint32Array'
                ? Uint32Array.from(base)
                : Float64Array.from(base);
          lib.shuffle(a as number[], rng);
          lib.shuffle(a as number[], rng);
          return digestIn(a, rng.nextUint32());
        }),
      };
    }, CASES);
    assert.deepEqual(got.digests, want);
    // And they came from the WebAssembly paths, not the scalar fallback, which gives the same
    // orders (issue 25: a lost path must fail here, not only slow the bench down).
    const diagnostic = await page.evaluate(diagnosticIn);
    assert.equal(diagnostic.module, 'relaxed', JSON.stringify(diagnostic));
    assert.equal(diagnostic.failure, undefined);
    assert.ok(diagnostic.calls.blocks > 0, 'the keystream never ran in WebAssembly');
    assert.ok(diagnostic.calls.fused > 0, 'the 16-bit steps never ran fused');
    assert.ok(diagnostic.calls.wide > 0, 'the wide steps never ran fused');
  });
});

test("under a Content-Security-Policy that refuses WebAssembly, seeded shuffles still equal Node's and the refusal is reported", {
  skip: CHROMIUM_SKIP,
  timeout: 60_000,
}, async () => {
  const n = 50_000;
  const rng = chacha20('csp');
  const a = Array.from({ length: n }, (_, i) => i);
  shuffle(a, rng);
  const want = digest(a, rng.nextUint32());
  const csp = `<meta http-equiv="Content-Security-Policy" content="script-src 'self' 'unsafe-inline'">`;
  await withSourcesPage(pageWith(csp), async (page) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const got = await page.evaluate((size) => {
      const lib = (window as unknown as { lib: typeof import('../../src/index.ts') }).lib;
      const r = lib.chacha20('csp');
      const b = Array.from({ length: size }, (_, i) => i);
      lib.shuffle(b, r);
      let h = 0;
      for (let i = 0; i < b.length; i++) h = (Math.imul(h, 31) + b[i]!) | 0;
      return `${h}:${r.nextUint32()}`;
    }, n);
    assert.equal(got, want);
    const diagnostic = await page.evaluate(diagnosticIn);
    assert.equal(diagnostic.module, 'none');
    assert.match(diagnostic.failure ?? '', /^CompileError: /);
    assert.deepEqual(diagnostic.calls, { blocks: 0, fused: 0, wide: 0, words: 0 });
    assert.equal(warnings.filter((w) => w.includes('fairdeal: WebAssembly refused')).length, 1);
  });
});

/**
 * The secure source's words stand in for by a fixed stream (an xorshift, with a zero word in
 * every 16: rejected for most bounds), in Node and in the page alike, so that its path for
 * arrays over 65,536 items — the wide steps in WebAssembly (chacha20-wasm.ts, `words`) from each
 * fresh pool, the words left over, the 16-bit steps in the kernels — can be compared across the
 * two: the same words must give the same order.
 */
function scriptedGetRandomValues() {
  let x = 0x9e3779b9;
  let count = 0;
  return (words: Uint32Array): Uint32Array => {
    for (let k = 0; k < words.length; k++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      words[k] = (count++ & 15) === 7 ? 0 : x >>> 0;
    }
    return words;
  };
}

const SECURE_CASES: [kind: string, n: number][] = [
  ['Array', 70_000],
  ['Float64Array', 300_000],
];

test("secure shuffles of over 65,536 items in Chromium (WebAssembly wide steps) equal Node's on the same words", {
  skip: CHROMIUM_SKIP,
  timeout: 60_000,
}, async () => {
  const make = (kind: string, n: number) => {
    const a = Array.from({ length: n }, (_, i) => i);
    return kind === 'Array' ? a : Float64Array.from(a);
  };
  const want = withGetRandomValues(scriptedGetRandomValues(), () => {
    const source = createSecureRandom();
    return SECURE_CASES.map(([kind, n]) => {
      const a = make(kind, n);
      shuffle(a as number[], source);
      return digest(a, source.nextUint32());
    });
  });
  await withSourcesPage(PAGE, async (page) => {
    const got = await page.evaluate(
      ([cases, stub]) => {
        const lib = (window as unknown as { lib: typeof import('../../src/index.ts') }).lib;
        Object.defineProperty(crypto, 'getRandomValues', {
          configurable: true,
          writable: true,
          value: new Function(`return (${stub})()`)(),
        });
        const source = lib.createSecureRandom();
        return cases.map(([kind, n]) => {
          const base = Array.from({ length: n }, (_, i) => i);
          const a = kind === 'Array' ? base : Float64Array.from(base);
          lib.shuffle(a as number[], source);
          let h = 0;
          for (let i = 0; i < a.length; i++) h = (Math.imul(h, 31) + a[i]!) | 0;
          return `${h}:${source.nextUint32()}`;
        });
      },
      [SECURE_CASES, scriptedGetRandomValues.toString()] as const,
    );
    assert.deepEqual(got, want);
    const diagnostic = await page.evaluate(diagnosticIn);
    assert.ok(diagnostic.calls.words > 0, 'the wide steps never ran in WebAssembly');
  });
});
