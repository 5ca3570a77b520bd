import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { chacha20 } from '../random/chacha20.ts';

// A chacha20 source's pool starts at its first refill's 32 words and doubles with each refill up
// to 4 KiB (src/random/buffered-source.ts): a refill or a fused pass may replace the buffer the
// shuffle's loops hold in a local. A loop that kept the old one would read the zeros it is
// left with — a deck no longer random, or, zeros being rejected for most bounds, a loop that
// never ends; hence a child process with a time limit, so that such a mistake fails here with a
// message, not a hang. Each case shuffles with a fresh source and compares with the definition's
// own loop (a source that is not pooled takes it: docs/RANDOM.md, "Which path runs"), word for
// word, and checks that both streams end at the same word.

/**
 * The comparisons, in a child process with a time limit: a loop reading a replaced pool would
 * spin in synchronous code, which no timeout of node:test interrupts.
 */
function runChild(name: 'chacha20' | 'portableChaCha20'): void {
  const script = `
    const { ${name}: make } = await import(${JSON.stringify(new URL('../random/chacha20.ts', import.meta.url).href)});
    const { shuffle } = await import(${JSON.stringify(new URL('./shuffle.ts', import.meta.url).href)});
    const unpooled = (s) => ({ nextUint32: () => s.nextUint32(), fillUint32: (t) => s.fillUint32(t) });
    const kinds = {
      'Array of numbers': (n) => Array.from({ length: n }, (_, i) => i),
      'Array of strings': (n) => Array.from({ length: n }, (_, i) => 'c' + i),
      Uint32Array: (n) => Uint32Array.from({ length: n }, (_, i) => i),
      Float64Array: (n) => Float64Array.from({ length: n }, (_, i) => i + 0.5),
      Int32Array: (n) => Int32Array.from({ length: n }, (_, i) => i - 20000),
    };
    const failures = [];
    for (const n of [129, 300, 5000, 20000, 66000, 70000]) {
      for (const [kind, build] of Object.entries(kinds)) {
        const fast = make('growth ' + n);
        const slow = make('growth ' + n);
        if (n === 70000) { fast.nextUint32(); slow.nextUint32(); }
        const got = build(n);
        const want = build(n);
        shuffle(got, fast);
        shuffle(want, unpooled(slow));
        if (got.some((v, i) => v !== want[i])) failures.push(kind + ', ' + n + ' items: not the shuffle of the definition');
        else if (fast.nextUint32() !== slow.nextUint32()) failures.push(kind + ', ' + n + ' items: the stream ends elsewhere');
      }
    }
    process.stdout.write(JSON.stringify(failures));`;
  let out: string;
  try {
    out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
  } catch (e) {
    const killed = (e as { signal?: string }).signal === 'SIGTERM';
    assert.fail(
      killed
        ? `${name}: a shuffle did not end in 60 s (a loop reading a replaced pool spins on zeros)`
        : `${name}: the check threw: ${(e as { stderr?: string }).stderr ?? String(e)}`,
    );
  }
  assert.deepEqual(JSON.parse(out) as string[], [], name);
}

for (const name of ['chacha20', 'portableChaCha20'] as const) {
  // 129 and 300 items: the branch-free steps refill 32 → 64 → 128 words inside one loop; 5,000:
  // through 4 KiB; 20,000: a fused pass (portable) grows the pool at once, and the loop goes on
  // from the words it left; 66,000: 464 wide steps, too few for a fused pass, refill and grow
  // inside drawWide; 70,000: the wide steps from a pool that one word read beforehand keeps
  // from starting empty.
  test(`${name}: shuffles that grow a fresh source's pool equal the definition, every kind`, () =>
    runChild(name));
}

test('fillUint32 across the pool’s growth gives the stream word for word', () => {
  for (const size of [1, 31, 33, 100, 2000, 5000]) {
    const bulk = chacha20('fill growth');
    const single = chacha20('fill growth');
    const got = new Uint32Array(size);
    bulk.fillUint32(got);
    const want = Uint32Array.from({ length: size }, () => single.nextUint32());
    assert.deepEqual(got, want, `${size} words`);
    assert.ok(
      got.some((w) => w !== 0),
      'words from a replaced pool would be the zeros it is left with',
    );
  }
});
