import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { deal } from './deal.ts';
import type { DealOptions } from './deal-types.ts';
import { PRESET_NAMES } from './presets.ts';

interface Snapshot {
  seed: string;
  options: DealOptions;
  deck: string;
  hands: string[];
  kitty: string;
  board: string;
  burns: string;
}

// Pinned on purpose: these were generated once by fairdeal itself (test/vectors/deals-v1.json)
// and must never change — the same seed must give the same deal in every version.
const vectors = JSON.parse(
  readFileSync(new URL('../../test/vectors/deals-v1.json', import.meta.url), 'utf8'),
) as { algorithm: string; deals: Record<string, Snapshot> };

const ids = (cards: readonly { id: string }[]) => cards.map((c) => c.id).join(' ');

test('value-stability snapshot: every preset has a pinned seeded deal', () => {
  assert.equal(vectors.algorithm, 'fairdeal-deal-v1');
  assert.deepEqual(Object.keys(vectors.deals).sort(), [...PRESET_NAMES].sort());
});

for (const [name, snap] of Object.entries(vectors.deals)) {
  test(`value-stability snapshot: ${name} deals the pinned cards for its seed`, () => {
    const d = deal(name, { ...snap.options, seed: snap.seed });
    assert.equal(ids(d.deck), snap.deck, 'shuffled deck');
    assert.deepEqual(d.hands.map(ids), snap.hands, 'hands');
    assert.equal(ids(d.kitty), snap.kitty, 'kitty');
    assert.equal(ids(d.board), snap.board, 'board');
    assert.equal(ids(d.burns), snap.burns, 'burns');
  });
}
