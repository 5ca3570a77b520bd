import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chacha20 } from '../../index.ts';
import { composeDeck } from './compose-deck.ts';
import { isConserved } from './conserved.ts';
import type { DeckState } from './deck-state.ts';
import { drawCards } from './draw-cards.ts';
import { newDeck } from './new-deck.ts';
import { addToPile } from './pile-ops.ts';
import { rebuildDeck } from './rebuild-deck.ts';

const src = () => chacha20('rebuild');
const made = (deckCount: number, jokers: boolean, codes?: string[]): DeckState =>
  newDeck('d', { deckCount, jokers, codes, shuffle: false }, src());
// A deck in play: cards drawn, some on a pile — all of them must come back.
const inPlay = (d: DeckState): DeckState => {
  const drawn = drawCards(d, 3).state;
  return addToPile(drawn, 'p', drawn.drawn.slice(0, 2)).state;
};
const sorted = (ids: readonly string[]) => [...ids].sort();

test('cards remake the deck from the list, as many times as it has decks, shuffled', () => {
  const r = rebuildDeck(inPlay(made(2, false)), { codes: ['KH', 'AS'] }, src());
  assert.deepEqual(r.state.cards, ['KH', 'AS', 'KH#2', 'AS#2']);
  assert.deepEqual(sorted(r.state.stack), sorted(r.state.cards));
  assert.deepEqual(r.state.drawn, []);
  assert.deepEqual({ ...r.state.piles }, {});
  assert.equal(r.state.shuffled, true);
  assert.deepEqual(r.state.made, { deckCount: 2, jokers: false, partial: true });
  assert.ok(isConserved(r.state));
});

test('jokers in cards follow jokers_enabled, else the deck’s own setting', () => {
  const plain = rebuildDeck(made(1, false), { codes: ['AS', 'X1'] }, src());
  assert.deepEqual(plain.state.cards, ['AS']);
  assert.deepEqual(plain.dropped, ['X1']);
  const own = rebuildDeck(made(1, true), { codes: ['AS', 'X1'] }, src());
  assert.deepEqual(own.state.cards, ['AS', 'X1']);
  assert.deepEqual(own.dropped, []);
  const asked = rebuildDeck(made(1, false), { codes: ['X2'], jokers: true }, src());
  assert.deepEqual(asked.state.cards, ['X2']);
});

test('jokers_enabled alone adds or removes the jokers of a full deck, not of a partial one', () => {
  const full = rebuildDeck(inPlay(made(2, false)), { jokers: true }, src()).state;
  assert.deepEqual(full.cards, composeDeck(2, true));
  assert.equal(full.stack.length, 108);
  assert.deepEqual(full.made, { deckCount: 2, jokers: true, partial: false });
  const again = rebuildDeck(full, { jokers: false }, src()).state;
  assert.deepEqual(again.cards, composeDeck(2, false));
  const partial = made(1, false, ['AS', '2S']);
  const kept = rebuildDeck(partial, { jokers: true }, src()).state;
  assert.equal(kept.cards, partial.cards, 'the same cards, the same value');
  assert.deepEqual(kept.made, { deckCount: 1, jokers: true, partial: true });
});

test('a deck stored without its recipe is read from its cards', () => {
  const legacy = (d: DeckState): DeckState => {
    const { made: _, ...rest } = d;
    return rest;
  };
  // A full two-deck shoe: two decks, no jokers, full.
  const shoe = rebuildDeck(legacy(made(2, false)), { jokers: true }, src()).state;
  assert.equal(shoe.cards.length, 108);
  // A partial deck `AS,2S` × 3: three decks of the listed cards.
  const partial = rebuildDeck(legacy(made(3, false, ['AS', '2S'])), { codes: ['KH'] }, src());
  assert.deepEqual(partial.state.cards, ['KH', 'KH#2', 'KH#3']);
  // A partial deck keeps its cards when only jokers_enabled is given.
  const kept = rebuildDeck(legacy(made(1, false, ['AS', '2S', '3S'])), { jokers: true }, src());
  assert.deepEqual(kept.state.cards, ['AS', '2S', '3S']);
  const empty = rebuildDeck(legacy(made(1, false, [])), { codes: ['AS'] }, src());
  assert.deepEqual(empty.state.cards, ['AS']);
});
