// The audit's details in the page's words: the auditor is run over cases that make every note it
// can write (each test applicable, and each reason it could not run), and every broken-shuffle
// description it can give; each is recognised and said in both languages — so a note the auditor
// starts writing without the page's words fails here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { foreignWords } from '../../test/support/zh-text.ts';
import {
  analyzeCounts,
  checkPermutation,
  createCounts,
  seededTrials,
  type TrialSubject,
} from '../audit/browser.ts';
import { brokenWords, noteWords, testName } from './audit-words.ts';

function notes(subject: TrialSubject, n: number, trials: number): string[] {
  const counts = createCounts(n);
  if (trials > 0) assert.equal(seededTrials(subject)(counts, { seed: 'notes', trials }), undefined);
  return analyzeCounts(counts).tests.map((t) => t.note);
}

test('every note the auditor writes has the page’s words, in both languages', () => {
  const fair = { kind: 'fairdeal' } as const;
  const seen = new Set<string>();
  const cases = [
    ...notes(fair, 1, 100), // too few cards for any test
    ...notes(fair, 2, 200), // two cards: no pairs, no orders
    ...notes(fair, 4, 0), // no trials at all
    ...notes(fair, 4, 10), // too few trials for each test
    ...notes(fair, 4, 5000), // every test applicable
    ...notes(fair, 8, 20), // permutations: n > 6
    ...notes({ kind: 'catalog', name: 'off-by-one-draw' }, 8, 4000), // cells never reached
  ];
  for (const note of cases) {
    for (const language of ['en', 'zh'] as const) {
      const words = noteWords(note, language);
      assert.ok(words !== undefined, `no words for the note “${note}”`);
      assert.doesNotMatch(words, /\{\w+\}/, note);
      if (language === 'zh') assert.deepEqual(foreignWords(words), [], `${note}: ${words}`);
    }
    seen.add(noteWords(note, 'en')!.replace(/[\d.]+/g, '#'));
  }
  // Every kind of note was met: 5 made-statistic notes, 2 reachability, 6 could-not-run.
  assert.ok(seen.size >= 12, [...seen].join('\n'));
  assert.equal(noteWords('a note from a newer auditor', 'zh'), undefined);
  for (const name of [
    'card-position',
    'adjacent-pairs',
    'rising-sequences',
    'permutations',
    'reachability',
  ]) {
    assert.deepEqual(foreignWords(testName(name, 'zh')), [], name);
  }
});

test('a broken shuffle: every description the auditor gives is worded; the user’s own output is code', () => {
  const seen = new Uint8Array(4);
  const outputs: unknown[] = [undefined, [0, 1, 2], [0, 1, 2, 'x'], [0, 1, 1, 3], new Map()];
  const messages = outputs.map((v) => checkPermutation(v, 4, seen)!);
  for (const message of messages) {
    for (const language of ['en', 'zh'] as const) {
      const w = brokenWords({ kind: 'not-a-permutation', message, trial: 2 }, language, 5);
      assert.equal(w.detail, undefined, `no words for “${message}”`);
      assert.match(w.text, language === 'zh' ? /第 3 次试验/ : /Trial 3 /);
      if (language === 'zh')
        assert.deepEqual(foreignWords(w.text.replace('{what}', '')), [], w.text);
    }
  }
  const map = brokenWords({ kind: 'not-a-permutation', message: messages[4]!, trial: 0 }, 'zh', 5);
  assert.equal(map.text, '第 1 次试验没有把牌洗好交回：它返回的是 {what}，而不是数组');
  assert.equal(map.what, '[object Map]');
  const threw = brokenWords({ kind: 'threw', message: 'boom', trial: 0 }, 'zh', 5);
  assert.deepEqual(threw, { text: '第 1 次试验时抛出了错误：', detail: 'boom' });
  assert.equal(
    brokenWords({ kind: 'did-not-terminate', message: 'no progress for 5 s' }, 'zh', 5).text,
    '5 秒没有进展：它不会结束。',
  );
  for (const kind of ['crashed', 'not-loadable'] as const) {
    const w = brokenWords({ kind, message: 'SyntaxError: x' }, 'zh', 5);
    assert.deepEqual(foreignWords(w.text), []);
    assert.equal(w.detail, 'SyntaxError: x');
  }
});
