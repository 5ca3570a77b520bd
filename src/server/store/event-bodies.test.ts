import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { splitEvents } from './event-bodies.ts';

const ev = (data: string, i: number) => ({ audience: `seat:${i}`, id: 1, type: 'state', data });

test('splitEvents: prefix + own + suffix gives every event back, for any texts', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: 'binary' }),
      fc.array(fc.string({ unit: 'binary' }), { minLength: 0, maxLength: 5 }),
      fc.string({ unit: 'binary' }),
      (head, middles, tail) => {
        const events = middles.map((m, i) => ev(head + m + tail, i));
        const s = splitEvents(events);
        assert.deepEqual(
          s.events.map((e) => s.prefix + e.data + s.suffix),
          events.map((e) => e.data),
        );
        assert.deepEqual(
          s.events.map(({ audience, id, type }) => ({ audience, id, type })),
          events.map(({ audience, id, type }) => ({ audience, id, type })),
        );
        if (events.length >= 2) {
          assert.ok(s.prefix.length >= head.length && s.suffix.length >= 0);
          // Nothing splits a character: every part is well-formed where the input was.
          for (const part of [s.prefix, s.suffix, ...s.events.map((e) => e.data)]) {
            if (events.every((e) => wellFormed(e.data))) assert.ok(wellFormed(part), part);
          }
        }
      },
    ),
    { numRuns: 2000, seed: 20261123 },
  );
});

test('splitEvents: views that differ only in the seat and its cards keep a small own part', () => {
  const view = (you: string, cards: string) =>
    `{"action":{"type":"move"},"table":{"id":"t","log":[1,2,3],"you":${you},"hand":{"yourCards":${cards},"board":["AS"]}}}`;
  const s = splitEvents([
    ev(view('{"seat":0}', '["2C","3D"]'), 0),
    ev(view('{"seat":1}', '["4H"]'), 1),
    ev(view('"host"', 'null'), 2),
  ]);
  assert.equal(s.prefix, '{"action":{"type":"move"},"table":{"id":"t","log":[1,2,3],"you":');
  assert.equal(s.suffix, ',"board":["AS"]}}}');
  assert.deepEqual(
    s.events.map((e) => e.data),
    ['{"seat":0}', '{"seat":1}', '"host"'].map(
      (y, i) => `${y},"hand":{"yourCards":${['["2C","3D"]', '["4H"]', 'null'][i]}`,
    ),
  );
  // Shared text never overlaps: a short event may be all prefix, or all suffix, never both.
  for (const texts of [
    ['aXa', 'a'],
    ['ab', 'b'],
    ['ba', 'b'],
    ['aa', 'aa', 'a'],
    ['', 'x'],
    ['q', 'q'],
  ]) {
    const split = splitEvents(texts.map(ev));
    assert.deepEqual(
      split.events.map((e) => split.prefix + e.data + split.suffix),
      texts,
      texts.join('|'),
    );
  }
  // One event, or none: nothing is shared.
  assert.deepEqual(splitEvents([ev('abc', 0)]), { prefix: '', suffix: '', events: [ev('abc', 0)] });
  assert.deepEqual(splitEvents([]), { prefix: '', suffix: '', events: [] });
});

// String.prototype.isWellFormed (ES2024) without the lib: no lone surrogate.
function wellFormed(s: string): boolean {
  return !/\p{Surrogate}/u.test(s);
}
