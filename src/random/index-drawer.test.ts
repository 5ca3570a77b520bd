import assert from 'node:assert/strict';
import { test } from 'node:test';
import { permutation } from '../shuffle/permutation.ts';
import { chacha20 } from './chacha20.ts';
import { IndexDrawer } from './index-drawer.ts';
import { scriptedSource } from './scripted.ts';

test('the drawer reads low half first, then high, and 32-bit draws drop a pending half', () => {
  const d = new IndexDrawer(scriptedSource([0xffff_0000, 0x8000_0000, 7]));
  assert.equal(d.next(2), 0, 'low half 0x0000 → 0');
  assert.equal(d.next(2), 1, 'high half 0xffff → 1');
  assert.equal(d.next(65536), 0, 'next word, low half 0x0000');
  // A pending high half (0x8000) is dropped: the 32-bit draw reads the next word, 7.
  assert.equal(d.next(2 ** 32), 7);
});

test('the inlined shuffle loop draws exactly what the drawer draws, on both paths', () => {
  for (const n of [2, 3, 52, 54, 1080, 65536, 65537, 70_000]) {
    const viaShuffle = permutation(n, chacha20(`agree ${n}`));
    const expected = Uint32Array.from({ length: n }, (_, i) => i);
    const drawer = new IndexDrawer(chacha20(`agree ${n}`));
    for (let i = 0; i < n - 1; i++) {
      const j = i + drawer.next(n - i);
      const t = expected[i]!;
      expected[i] = expected[j]!;
      expected[j] = t;
    }
    assert.deepEqual(viaShuffle, expected, `n = ${n}`);
  }
});
