import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildDeck, formatCard } from '../index.ts';
import { cardImageUrl, cardLabel } from './card-label.ts';

const deck = buildDeck('standard-54');

test('screen-reader labels: the names the issue asks for, in both languages', () => {
  const byCode = new Map(deck.map((c) => [c.code, c]));
  assert.equal(cardLabel(byCode.get('AS')!, 'en'), 'Ace of spades');
  assert.equal(cardLabel(byCode.get('RJ')!, 'en'), '大王 big joker');
  assert.equal(cardLabel(byCode.get('BJ')!, 'en'), '小王 small joker');
  assert.equal(cardLabel(byCode.get('TH')!, 'en'), '10 of hearts');
  assert.equal(cardLabel(byCode.get('QC')!, 'en'), 'Queen of clubs');
  assert.equal(cardLabel(byCode.get('AS')!, 'zh'), '黑桃A');
  assert.equal(cardLabel(byCode.get('TD')!, 'zh'), '方块10');
  assert.equal(cardLabel(byCode.get('RJ')!, 'zh'), '大王');
});

test('every card of a 54-card deck has its own label in each language, and its own face', () => {
  for (const language of ['en', 'zh'] as const) {
    const labels = deck.map((c) => cardLabel(c, language));
    assert.equal(new Set(labels).size, 54, language);
  }
  const urls = deck.map(cardImageUrl);
  assert.equal(new Set(urls).size, 54);
  // The service's image names are Deck of Cards API codes (docs/SERVICE.md, "Cards and images").
  for (const [i, c] of deck.entries()) {
    assert.equal(urls[i], `/static/img/${formatCard(c, 'deckofcards')}.svg`);
    assert.match(urls[i]!, /^\/static\/img\/([2-9AJQK0][SHDC]|X1|X2)\.svg$/);
  }
});
