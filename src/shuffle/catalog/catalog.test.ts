import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20 } from '../../random/chacha20.ts';
import type { RandomSource } from '../../random/source.ts';
import {
  type CatalogEntry,
  catalog,
  catalogEntry,
  checkDeck,
  checkDouDizhuDeal,
  dealDouDizhu000,
  foundingDecks,
  sortCards000,
} from './index.ts';

/**
 * Exact distribution of an algorithm's output by enumerating every path of its random draws.
 * Each draw reads one of D equally likely words w_d = (d + ½)·2^32 / D; when every multiplier k
 * the algorithm uses divides D, floor(w_d·2^-32·k) takes each value in [0, k) exactly D/k times,
 * so the enumeration is the exact law of the algorithm under a perfect Math.random.
 * Returns path weights (in units of D^-maxDepth) per output order.
 */
function exactLaw(entry: CatalogEntry, n: number, D: number): Map<string, number> {
  const words = Array.from({ length: D }, (_, d) => Math.floor(((d + 0.5) * 2 ** 32) / D));
  const paths: { key: string; depth: number }[] = [];
  const tape: number[] = [];
  for (;;) {
    let used = 0;
    const source: RandomSource = {
      nextUint32() {
        if (used === tape.length) tape.push(0);
        return words[tape[used++]!]!;
      },
      fillUint32(a) {
        for (let i = 0; i < a.length; i++) a[i] = this.nextUint32();
      },
    };
    const input = Array.from({ length: n }, (_, i) => i);
    const out = entry.run(input, source);
    paths.push({ key: out.join(','), depth: used });
    tape.length = used;
    while (tape.length > 0 && tape[tape.length - 1] === D - 1) tape.pop();
    if (tape.length === 0) break;
    tape[tape.length - 1]!++;
  }
  const maxDepth = Math.max(...paths.map((p) => p.depth));
  const law = new Map<string, number>();
  for (const p of paths) law.set(p.key, (law.get(p.key) ?? 0) + D ** (maxDepth - p.depth));
  return law;
}

const enumerable = catalog.filter((e) => e.terminates && e.name !== 'draw-and-retry-full');

test('catalogue names are unique kebab-case and every entry cites a document', () => {
  const names = catalog.map((e) => e.name);
  assert.equal(new Set(names).size, names.length);
  for (const e of catalog) {
    assert.match(e.name, /^[a-z0-9]+(-[a-z0-9]+)*$/);
    assert.ok(e.sources.length > 0 && e.why.length > 20, e.name);
  }
  assert.equal(
    catalogEntry('swap-any'),
    catalog.find((e) => e.name === 'swap-any'),
  );
  assert.throws(() => catalogEntry('bogo'), { code: 'BAD_OPTION' });
});

test('every terminating entry returns a permutation of its input (n = 0 … 9 and 52, seeded)', () => {
  const source = chacha20('catalogue permutations');
  for (const e of catalog.filter((x) => x.terminates)) {
    for (const n of [0, 1, 2, 3, 4, 5, 9, 52]) {
      const input = Array.from({ length: n }, (_, i) => `c${i}`);
      const out = e.run(input.slice(), source);
      assert.deepEqual(out.slice().sort(), input.slice().sort(), `${e.name} n=${n}`);
    }
  }
});

test('draw-and-retry terminates only for n ≤ 1 (the n ≥ 2 hang is tested through the runner)', () => {
  const e = catalogEntry('draw-and-retry');
  assert.deepEqual(e.run([], chacha20('x')), []);
  assert.deepEqual(e.run(['only'], chacha20('x')), ['only']);
  assert.equal(e.terminates, false);
});

test('the exact law of every uniform entry puts equal weight on all n! orders (n = 3, 4)', () => {
  for (const e of enumerable.filter((x) => x.uniform)) {
    for (const [n, D, orders] of [
      [3, 6, 6],
      [4, 12, 24],
    ] as const) {
      const law = exactLaw(e, n, D);
      assert.equal(law.size, orders, `${e.name} n=${n} reaches every order`);
      assert.equal(new Set(law.values()).size, 1, `${e.name} n=${n} equal weights`);
    }
  }
});

test('the exact law of every flawed terminating entry is not uniform at n = 3', () => {
  for (const e of enumerable.filter((x) => !x.uniform)) {
    const law = exactLaw(e, 3, 6);
    const weights = [...law.values()];
    const uniform = law.size === 6 && new Set(weights).size === 1;
    assert.equal(uniform, false, e.name);
  }
});

test('swap-any at n = 3 has the classic 4 5 5 5 4 4 / 27 law (Atwood 2007)', () => {
  const law = exactLaw(catalogEntry('swap-any'), 3, 6);
  const total = [...law.values()].reduce((a, b) => a + b, 0);
  const scaled = ['0,1,2', '0,2,1', '1,0,2', '1,2,0', '2,0,1', '2,1,0'].map(
    (k) => ((law.get(k) ?? 0) * 27) / total,
  );
  assert.deepEqual(scaled, [4, 5, 5, 5, 4, 4]);
});

test('off-by-one-draw always leaves the original last card last (document 003 bug)', () => {
  const e = catalogEntry('off-by-one-draw');
  const source = chacha20('off by one');
  for (let t = 0; t < 200; t++) {
    const out = e.run(
      Array.from({ length: 52 }, (_, i) => i),
      source,
    );
    assert.equal(out[51], 51);
  }
});

test('in-place entries return their input; copying entries leave it untouched', () => {
  const inPlace = new Set([
    'swap-forward',
    'swap-random-pairs',
    'last-to-random',
    'swap-any',
    'knuth-durstenfeld',
    'sort-random',
  ]);
  for (const e of catalog.filter((x) => x.terminates)) {
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const out = e.run(input, chacha20('in place'));
    if (inPlace.has(e.name)) assert.equal(out, input, e.name);
    else if (e.name !== 'off-by-one-draw') {
      assert.notEqual(out, input, e.name);
      assert.deepEqual(input, [1, 2, 3, 4, 5, 6, 7, 8], e.name);
    }
  }
});

test('without a source the entries run on Math.random (as the documents do)', () => {
  // Math.random replaced by a recorded stream: the entry must draw from it, and its output must
  // be what the same words give through an explicit source.
  const doubles = [0.9, 0.1, 0.75, 0.5, 0.3, 0.6, 0.2, 0.8];
  const original = Math.random;
  let calls = 0;
  Math.random = () => doubles[calls++ % doubles.length]!;
  let out: number[];
  try {
    out = catalogEntry('knuth-durstenfeld').run([1, 2, 3, 4, 5]);
  } finally {
    Math.random = original;
  }
  assert.ok(calls > 0, 'the entry drew from Math.random');
  let at = 0;
  const replay: RandomSource = {
    nextUint32: () => Math.floor(doubles[at++ % doubles.length]! * 2 ** 32),
    fillUint32(a) {
      for (let i = 0; i < a.length; i++) a[i] = this.nextUint32();
    },
  };
  assert.deepEqual(out, catalogEntry('knuth-durstenfeld').run([1, 2, 3, 4, 5], replay));
  assert.equal(at, calls);
  assert.deepEqual(out.slice().sort(), [1, 2, 3, 4, 5]);
});

test('deck check catches document 000 forgetting the tens (50 cards), passes 003 and 004', () => {
  const byName = new Map(foundingDecks.map((d) => [d.name, d]));
  const d000 = byName.get('deck-000')!;
  const check000 = checkDeck(d000.build().map(d000.toCode), d000.intended);
  assert.equal(check000.ok, false);
  assert.equal(check000.size, 50);
  assert.deepEqual(check000.missing, ['10S', '10H', '10C', '10D']);
  for (const name of ['deck-003', 'deck-004']) {
    const d = byName.get(name)!;
    const check = checkDeck(d.build().map(d.toCode), d.intended);
    assert.equal(check.ok, true, name);
  }
  // The cache hands out copies (the document's point about references).
  const a = d000.build();
  a.pop();
  assert.equal(d000.build().length, 50);
  assert.deepEqual(checkDeck(['AS', 'AS', 'x'], 'standard-52').duplicated, ['AS']);
});

test("document 000's Dou Dizhu deal on its own 50-card deck deals 15/16/16 and the check says so", () => {
  const d000 = foundingDecks.find((d) => d.name === 'deck-000')!;
  const cards = catalogEntry('knuth-durstenfeld').run(d000.build(), chacha20('doudizhu 000'));
  const deal = dealDouDizhu000(cards);
  assert.deepEqual(
    deal.hands.map((h) => h.length),
    [15, 16, 16],
  );
  const faults = checkDouDizhuDeal({
    kitty: deal.kitty.map(d000.toCode),
    hands: deal.hands.map((h) => h.map(d000.toCode)),
  });
  assert.ok(faults.some((f) => f.includes('hand 0 has 15 cards')));
  assert.ok(faults.some((f) => f.includes('missing cards: 10S 10H 10C 10D')));
});

test("document 000's deal and sort are right once the deck has its tens (check passes)", () => {
  const d000 = foundingDecks.find((d) => d.name === 'deck-000')!;
  const fixed = [...d000.build(), '10_0', '10_1', '10_2', '10_3'];
  for (let s = 0; s < 20; s++) {
    const cards = catalogEntry('knuth-durstenfeld').run(fixed.slice(), chacha20(`dd ${s}`));
    const deal = dealDouDizhu000(cards);
    const faults = checkDouDizhuDeal({
      kitty: deal.kitty.map(d000.toCode),
      hands: deal.hands.map((h) => h.map(d000.toCode)),
    });
    assert.deepEqual(faults, []);
  }
  assert.deepEqual(sortCards000(['3_0', 'N', '2_3', 'M', '2_0', 'A_1', '10_2']), [
    'M',
    'N',
    '2_0',
    '2_3',
    'A_1',
    '10_2',
    '3_0',
  ]);
  const unsorted = checkDouDizhuDeal({ kitty: ['BJ', 'SJ', '2S'], hands: [['3S', '4S']] });
  assert.ok(unsorted.some((f) => f.includes('not sorted')));
});
