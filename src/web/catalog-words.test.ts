// The catalogue in the page's words: every algorithm has its Chinese, and no words the page shows
// about it — in either language — name a file (a copy's `003_9cf495f681d215b0.txt`): a source is
// named by its document's title.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { foreignWords } from '../../test/support/zh-text.ts';
import { catalog } from '../shuffle/catalog/index.ts';
import { CATALOG_WORDED, catalogWords, documentTitle } from './catalog-words.ts';

/** Text as a reader reads it: the `code` parts are code, not words. */
const prose = (s: string) => s.replace(/`[^`]*`/g, ' ');
const FILE = /\.txt\b|\b\d{3}_[0-9a-f]{16}\b/;

test('every algorithm of the catalogue has Chinese words, and only those', () => {
  assert.deepEqual([...CATALOG_WORDED].sort(), catalog.map((e) => e.name).sort());
  for (const e of catalog) {
    const zh = catalogWords(e, 'zh');
    for (const part of [zh.short, zh.title, zh.time, zh.why, ...zh.sources]) {
      assert.deepEqual(foreignWords(prose(part)), [], `${e.name}: ${part}`);
      assert.equal(part.split('`').length % 2, 1, `${e.name}: a \` left open in ${part}`);
    }
    assert.equal(zh.sources.length, e.sources.length, e.name);
    // The short name and the title go where no code can be shown (a list's option, a tooltip).
    for (const part of [zh.short, zh.title]) {
      assert.deepEqual(foreignWords(part.replaceAll('`', '')), [], `${e.name}: ${part}`);
    }
  }
});

test('no file name in anything the catalogue or the page says about an algorithm, in either language', () => {
  // The catalogue names a source by its document's number (docs/AUDIT.md lists their titles).
  for (const e of catalog) {
    for (const s of e.sources) assert.match(s.document, /^(\d{3}|issue \d+)$/, e.name);
  }
  for (const e of catalog) {
    for (const language of ['en', 'zh'] as const) {
      const w = catalogWords(e, language);
      for (const part of [w.short, w.title, w.time, w.why, ...w.sources]) {
        assert.doesNotMatch(part, FILE, `${e.name} (${language}): ${part}`);
      }
    }
  }
  assert.equal(documentTitle('003', 'zh'), '原始文章 003《有趣的洗牌演算法》');
  assert.match(documentTitle('003', 'en'), /^founding document 003, “Interesting/);
  assert.equal(documentTitle('issue 4', 'zh'), 'fairdeal 第 4 号议题');
  // A copy's file name, were one given, is named by the document's title all the same.
  assert.equal(documentTitle('003_9cf495f681d215b0.txt', 'zh'), '原始文章 003《有趣的洗牌演算法》');
  assert.equal(documentTitle('009_0123456789abcdef.txt', 'en'), '009');
});
