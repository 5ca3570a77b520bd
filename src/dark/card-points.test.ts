import assert from 'node:assert/strict';
import { test } from 'node:test';
import { presetDeck } from '../games/index.ts';
import { pointHex } from './bytes.ts';
import { darkDeck } from './card-points.ts';
import { loadDarkGroup } from './load-group.ts';

const group = await loadDarkGroup();

test('the 54 cards of Dou Dizhu map to 54 distinct elements, none the identity', () => {
  const deck = darkDeck(group, 'doudizhu', 3);
  assert.deepEqual(
    deck.ids,
    presetDeck('doudizhu').map((c) => c.id),
  );
  const hexes = new Set(deck.points.map(pointHex));
  assert.equal(hexes.size, 54);
  assert.ok(deck.points.every((p) => !p.is0()));
  for (const [j, id] of deck.ids.entries())
    assert.equal(deck.cardOf(pointHex(deck.points[j]!)), id);
  assert.equal(deck.cardOf('00'.repeat(32)), undefined);
});

test("the positions follow the preset's dealing: 17 one at a time to each seat, then 3 to the kitty", () => {
  const { route } = darkDeck(group, 'doudizhu', 3);
  assert.equal(route.length, 54);
  for (let i = 0; i < 51; i++) assert.equal(route[i], `hand:${i % 3}`);
  assert.deepEqual(route.slice(51), ['kitty', 'kitty', 'kitty']);
});

test('any preset with distinct card ids has a dark deck (Big Two, four-player Dou Dizhu)', () => {
  assert.equal(darkDeck(group, 'big-two', 4).ids.length, 52);
  assert.equal(new Set(darkDeck(group, 'doudizhu-4p', 4).points.map(pointHex)).size, 108);
  assert.throws(() => darkDeck(group, 'no-such-game', 3), { code: 'UNKNOWN_PRESET' });
});
