// A dark hand's words: the status line counts the seats done with each stage of the protocol,
// the owed step is read off the public view for the right seat only, and a failed check names
// the seat at fault by its chosen name — in English and Chinese.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DarkHandView, TableView } from '../client/index.ts';
import { darkOwed, handOpen } from './dark-owed.ts';
import { darkCheckWords, darkProgress, darkVoidWords } from './dark-status.ts';
import { fill, label } from './i18n.ts';

const dark = (d: Partial<DarkHandView>) =>
  ({
    stage: 'keys',
    waitingFor: [0, 1, 2],
    keys: [null, null, null],
    steps: [],
    shares: [],
    kittyTo: null,
    kittyPositions: [51, 52, 53],
    kitty: null,
    plays: [],
    reveals: [null, null, null],
    counts: [17, 17, 17],
    signatures: [],
    verdict: null,
    ...d,
  }) as DarkHandView;
const view = (d: DarkHandView) =>
  ({
    id: 't1',
    seats: 3,
    names: ['alice', '张三', null],
    players: ['seat-0', 'seat-1', 'seat-2'],
    hand: { n: 2, phase: 'dark', dark: d },
  }) as unknown as TableView;
const step = { seat: 0, commitment: '', deck: [] };

test('the status line counts the seats done with the stage', () => {
  assert.equal(
    darkProgress(view(dark({ waitingFor: [1, 2] }))),
    'Dark deal: making the seats’ keys… 1 of 3',
  );
  assert.equal(
    darkProgress(view(dark({ stage: 'shuffle', steps: [step, step], waitingFor: [2] }))),
    'Dark deal: shuffling… 2 of 3',
  );
  assert.equal(
    darkProgress(view(dark({ stage: 'deal', waitingFor: [0] }))),
    'Dark deal: dealing… 2 of 3 seats have sent their shares',
  );
  assert.equal(darkProgress(view(dark({ stage: 'bidding', waitingFor: [] }))), null);
  // The Chinese line has the same slots, filled the same way.
  assert.equal(fill(label('zh', 'dark.shuffling'), { done: 1, seats: 3 }), '加密发牌：洗牌中… 1/3');
});

test('what a seat owes is read for that seat only, and its hand opens once the others shared', () => {
  const shuffle = dark({ stage: 'shuffle', steps: [step], waitingFor: [1] });
  assert.equal(darkOwed(shuffle, 1), 'step');
  assert.equal(darkOwed(shuffle, 2), null, 'not its turn');
  assert.equal(darkOwed(shuffle, -1), null, 'the host owes nothing');
  assert.equal(darkOwed(dark({ waitingFor: [0] }), 0), 'key');
  assert.equal(darkOwed(dark({ stage: 'kitty', waitingFor: [2], kittyTo: 0 }), 2), 'kitty-shares');
  assert.equal(darkOwed(dark({ stage: 'reveal', waitingFor: [1] }), 1), 'reveal');
  assert.equal(
    darkOwed(dark({ stage: 'play', waitingFor: [1] }), 1),
    null,
    'the play is the player’s',
  );
  assert.equal(
    handOpen(dark({ stage: 'deal', waitingFor: [2] }), 2),
    true,
    'only its own shares missing',
  );
  assert.equal(handOpen(dark({ stage: 'deal', waitingFor: [0, 2] }), 2), false);
  assert.equal(handOpen(dark({ stage: 'shuffle', waitingFor: [2] }), 0), false);
});

test('a failed check names the seat at fault by its name; a void hand says who stopped', () => {
  const tv = view(dark({ stage: 'ended', waitingFor: [] }));
  assert.equal(
    darkCheckWords(tv, 2, { kind: 'failed', seat: 1 }),
    '✗ Hand 2 failed its check: 张三 sent what does not hold.',
  );
  assert.equal(
    darkCheckWords(tv, 2, { kind: 'failed', seat: null }),
    '✗ Hand 2 failed its check on this device.',
  );
  assert.equal(
    darkVoidWords(tv, 2, 2),
    'Hand 2 is void: Seat 3 stopped sending its part of the deal.',
  );
});
