import assert from 'node:assert/strict';
import { test } from 'node:test';
import { labelled } from '../../test/support/dark-hand.ts';
import { FairdealError } from '../errors.ts';
import { chacha20 } from '../random/chacha20.ts';
import { permutation } from '../shuffle/permutation.ts';
import { pointHex } from './bytes.ts';
import { darkDeck } from './card-points.ts';
import { jointKey } from './joint-key.ts';
import { loadDarkGroup } from './load-group.ts';
import { openCard } from './open-card.ts';
import { keyScalar } from './seat-key.ts';
import {
  deckToJSON,
  replayShuffleStep,
  shuffleStep,
  startDeck,
  stepCommitment,
} from './shuffle-step.ts';

const group = await loadDarkGroup();
const G = group.Point.BASE;
const context = { table: 'step-test', hand: 1, preset: 'doudizhu', seats: 3 };
const deck = darkDeck(group, 'doudizhu', 3);
const xs = [0, 1, 2].map((i) => keyScalar(group, labelled(`step test ${i}`)));
const H = jointKey(
  group,
  xs.map((x) => G.multiply(x)),
);
const seed = labelled('step test seed');
const start = startDeck(group, deck.points);
const out = shuffleStep(group, H, start, seed);
const step = { seat: 1, commitment: stepCommitment(context, 1, seed), deck: deckToJSON(out) };
const open = (c: { a: typeof G; b: typeof G }, i: number) =>
  openCard(
    deck,
    c.b,
    xs.map((x) => c.a.multiply(x)),
    i,
  );
const refused = (seat: number) => (e: unknown) =>
  e instanceof FairdealError &&
  e.code === 'REVEAL_MISMATCH' &&
  e.detail?.seat === seat &&
  e.detail?.check === 'shuffle';

test("a step permutes by fairdeal's seeded shuffle and re-randomizes every ciphertext", () => {
  const p = permutation(54, chacha20(seed));
  out.forEach((c, i) => {
    assert.equal(open(c, i), deck.ids[p[i]!]);
    assert.ok(!c.a.is0(), 'A is fresh randomness');
    assert.notEqual(pointHex(c.b), pointHex(deck.points[p[i]!]!), 'B no longer shows the card');
  });
});

test('the revealed seed replays the step', () => {
  replayShuffleStep(group, context, H, start, step, seed);
});

test('a seed that does not match the commitment is refused, naming the seat', () => {
  assert.throws(
    () => replayShuffleStep(group, context, H, start, step, labelled('another seed')),
    refused(1),
  );
  // The commitment binds the seat and the hand: the same seed under another seat fails too.
  assert.throws(
    () => replayShuffleStep(group, context, H, start, { ...step, seat: 2 }, seed),
    refused(2),
  );
  assert.throws(
    () => replayShuffleStep(group, { ...context, hand: 2 }, H, start, step, seed),
    refused(1),
  );
});

test('an output the seed does not make (a card swapped in, two swapped, one re-randomized) is refused', () => {
  const cheats = [
    // A fresh encryption of a card the cheat chose, at a position it will be dealt.
    (d: typeof out) =>
      d.map((c, i) =>
        i === 2 ? { a: G.multiply(5n), b: deck.points[53]!.add(H.multiply(5n)) } : c,
      ),
    (d: typeof out) => [d[1]!, d[0]!, ...d.slice(2)],
    (d: typeof out) => d.map((c, i) => (i === 40 ? { a: c.a.add(G), b: c.b.add(H) } : c)),
  ];
  for (const cheat of cheats) {
    const bad = { ...step, deck: deckToJSON(cheat(out)) };
    assert.throws(() => replayShuffleStep(group, context, H, start, bad, seed), refused(1));
  }
  assert.throws(
    () => replayShuffleStep(group, context, H, start, { ...step, deck: step.deck.slice(1) }, seed),
    refused(1),
  );
});
