import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { deal } from '../../index.ts';
import {
  bid,
  botPlay,
  cardsFor,
  type DoudizhuState,
  doudizhuSeatView,
  pass,
  play,
  startBidding,
} from '../../rules/doudizhu/index.ts';
import { packGame, unpackGame } from './game-codec.ts';

/** A Dou Dizhu hand from a seed, played by the library's bot for `moves` turns (or to its end). */
function playedState(seed: number, moves: number, players: 3 | 4): DoudizhuState {
  const d = deal(players === 3 ? 'doudizhu' : 'doudizhu-4p', { seed: `codec-${seed}` });
  let g = startBidding(d, { firstBidder: seed % players });
  g = bid(g, g.turn, 3);
  for (let i = 0; i < moves && g.phase === 'playing'; i++) {
    const p = botPlay(doudizhuSeatView(g, g.turn));
    g = p.type === 'pass' ? pass(g, g.turn) : play(g, g.turn, cardsFor(g.hands[g.turn]!, p));
  }
  return g;
}

/** Every object inside `value` that has a card's fields (a card the packing left as an object). */
function cardObjects(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const v of value) cardObjects(v, out);
  else if (value !== null && typeof value === 'object') {
    if ('suit' in value && 'rank' in value) out.push(value);
    for (const v of Object.values(value)) cardObjects(v, out);
  }
  return out;
}

test('game codec: a stored state reads back deep-equal, as JSON byte for byte, on 3- and 4-seat hands at every stage', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 2 ** 31 }),
      fc.integer({ min: 0, max: 80 }),
      fc.constantFrom(3 as const, 4 as const),
      (seed, moves, players) => {
        const g = playedState(seed, moves, players);
        const back = unpackGame(JSON.parse(JSON.stringify(packGame(g))));
        assert.deepEqual(back, g);
        assert.equal(JSON.stringify(back), JSON.stringify(g), 'same keys in the same order');
      },
    ),
    { seed: 27, numRuns: 150 },
  );
});

test('game codec: no card object is left in what is sealed, and it is less than half the size', () => {
  const g = playedState(7, 20, 3);
  const packed = JSON.stringify(packGame(g));
  // A field holding cards added to the state later and not packed would show up here.
  assert.deepEqual(cardObjects(JSON.parse(packed)), []);
  assert.ok(cardObjects(g).length > 54, 'the state itself holds card objects');
  assert.ok(
    packed.length * 2 < JSON.stringify(g).length,
    `${packed.length} vs ${JSON.stringify(g).length}`,
  );
});

test('game codec: a state stored before packing reads as it is; a damaged card id is refused', () => {
  const g = playedState(11, 5, 3);
  assert.deepEqual(unpackGame(JSON.parse(JSON.stringify(g))), g);
  const packed = JSON.parse(JSON.stringify(packGame(g)));
  packed.hands[0][0] = 'as';
  assert.throws(() => unpackGame(packed), /not canonical|card/i);
  packed.hands[0][0] = 'XX';
  assert.throws(() => unpackGame(packed));
});
