import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deal, FairdealError } from '../../index.ts';
import { UsageError } from '../io.ts';
import { inFlagWords } from './deal-option-error.ts';

function wordsFor(preset: string, options: Record<string, unknown>): string {
  try {
    deal(preset, { seed: 's', ...options });
  } catch (error) {
    const mapped = inFlagWords(error);
    assert.ok(mapped instanceof UsageError, String(mapped));
    return mapped.message;
  }
  return assert.fail('dealt');
}

test("the library's option names become the CLI's flags", () => {
  assert.equal(wordsFor('holdem', { boardNumber: 2 }), '--board does not apply to holdem');
  assert.equal(wordsFor('custom', { handSize: 60 }), '--hand-size must be from 0 to 52, got 60');
  assert.equal(
    wordsFor('custom', { boardCards: 60 }),
    '--board-cards must be from 0 to 52, got 60',
  );
  assert.equal(wordsFor('bridge', { boardNumber: 0 }), '--board must be at least 1, got 0');
  assert.equal(
    wordsFor('holdem', { seats: 11 }),
    '--seats for holdem must be from 2 to 10, got 11',
  );
  assert.equal(
    wordsFor('shengji', { level: 'Z' }),
    "--level: bad level 'Z' (use 2-10, J, Q, K, A)",
  );
});

test('errors typed options cannot cause pass through unchanged', () => {
  const unavailable = new FairdealError('RANDOM_UNAVAILABLE', 'no Web Crypto');
  assert.equal(inFlagWords(unavailable), unavailable);
  const bug = new TypeError('x is not a function');
  assert.equal(inFlagWords(bug), bug);
});
