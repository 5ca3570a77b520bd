import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20, portableChaCha20 } from './chacha20.ts';
import { mathRandom } from './math-random.ts';
import { isPredictable, markPredictable } from './predictable.ts';
import { scriptedSource } from './scripted.ts';
import { secureRandom } from './secure.ts';
import { parseSeed } from './seed.ts';

test('predictable sources are marked: passphrase chacha20, mathRandom, scriptedSource', () => {
  assert.equal(isPredictable(chacha20('table 7, hand 12')), true);
  assert.equal(isPredictable(portableChaCha20('table 7, hand 12')), true);
  assert.equal(isPredictable(chacha20('x', 5n)), true);
  assert.equal(isPredictable(mathRandom), true);
  assert.equal(isPredictable(scriptedSource([1, 2])), true);
  // keyed with the 32 bytes themselves: as good as whatever chose them
  assert.equal(isPredictable(chacha20('ab'.repeat(32))), false);
  assert.equal(isPredictable(chacha20('AB'.repeat(32))), false);
  assert.equal(isPredictable(chacha20(new Uint8Array(32))), false);
  assert.equal(isPredictable(secureRandom), false);
  assert.equal(
    isPredictable({ nextUint32: () => 0, fillUint32: (a: Uint32Array) => a.fill(0) }),
    false,
  );
  for (const junk of [null, undefined, 1, 'chacha20']) assert.equal(isPredictable(junk), false);
});

test('the mark changes no word: a passphrase source reads as the unmarked source of its key', () => {
  const a = new Uint32Array(40);
  const b = new Uint32Array(40);
  const marked = chacha20('same words');
  const unmarked = chacha20(parseSeed('same words')); // the key itself: 32 bytes, not marked
  assert.equal(isPredictable(unmarked), false);
  marked.fillUint32(a);
  unmarked.fillUint32(b);
  assert.deepEqual(a, b);
  const source = scriptedSource([7, 8]);
  assert.equal(markPredictable(source), source, 'marking returns the very source');
  assert.equal(source.nextUint32(), 7);
});
